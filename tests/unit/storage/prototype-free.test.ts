import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { profileBalancesItem } from '../../../utils/background/items';
import { withProfileName } from '../../../utils/downloads/file-metadata';
import { profileNames } from '../../../utils/profiles/first-profile';
import { repairProfiles } from '../../../utils/profiles/repair';
import { profileSchema } from '../../../utils/profiles/schema';
import { DEFAULT_SETTINGS } from '../../../utils/settings/defaults';
import { shownCopies, shownKeyStatus } from '../../../utils/ui/stored-view';

beforeEach(() => fakeBrowser.reset());

/** Ids that name what every object (or function) has; JSON.parse makes `__proto__` an own key, as storage does. */
const HOSTILE_IDS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'];
const own = (record: object | undefined, key: string) =>
  record && Object.getOwnPropertyDescriptor(record, key)?.value;
const service = {
  baseUrl: '',
  modelId: '',
  modelField: 'model',
  videoDefaults: DEFAULT_SETTINGS.videoDefaults,
};
const budgets = { dailyBudget: 0, monthlyBudget: 0, lowBalanceBelow: 0 };
const models = [{ id: 'flux-pro', name: 'Flux' }];

describe('ids from storage, sync or a file key nothing but their own records', () => {
  it('a profile never has an id every object has, wherever it comes from', () => {
    for (const id of HOSTILE_IDS) {
      expect(profileSchema.safeParse({ id, name: 'Hostile', service, budgets, models }).success, id).toBe(
        false,
      );
      const repaired = repairProfiles(
        {
          activeId: id,
          list: [
            { id, name: 'Hostile', service, budgets, models },
            { id: 'mine', name: 'Mine', service, budgets, models },
          ],
        },
        DEFAULT_SETTINGS,
        'Default',
      );
      expect(repaired.activeId, id).toBe('mine');
      expect(repaired.list.map((profile) => profile.id)).toEqual(['mine']);
    }
    expect(profileSchema.safeParse({ id: 'profile-2', name: 'Fine', service, budgets, models }).success).toBe(
      true,
    );
  });

  it("reads a profile's name, copies and key origins only by ids that were put in", () => {
    const names = profileNames([{ id: 'a', name: 'Alpha' }]);
    for (const id of HOSTILE_IDS) {
      expect(names[id], id).toBeUndefined();
      expect(withProfileName({ profileId: id }, names), id).toEqual({ profileId: id });
    }

    const stored = JSON.parse(
      '{"__proto__": {"state": "kept", "bytes": 5, "files": 1}, "e1": {"state": "kept", "bytes": 7, "files": 1}}',
    );
    const { entries } = shownCopies({ entries: stored, usedBytes: 12 });
    expect(Object.keys(entries)).toEqual(['__proto__', 'e1']);
    expect(own(entries, '__proto__')).toEqual({ state: 'kept', bytes: 5, files: 1 });
    expect(entries.constructor).toBeUndefined();
    expect(entries.unknown).toBeUndefined();

    const status = shownKeyStatus({ set: true, origins: JSON.parse('{"__proto__": "https://a.example"}') });
    expect(own(status.origins, '__proto__')).toBe('https://a.example');
    expect(status.origins?.toString).toBeUndefined();
  });

  it("keeps a stored balance under `__proto__` as that id's, without giving it to every other id", async () => {
    await fakeBrowser.storage.local.set({
      profileBalances: JSON.parse('{"__proto__": {"balance": {"value": 5, "fetchedAt": 1}}}'),
    });
    const balances = await profileBalancesItem.getValue();
    expect(Object.keys(balances)).toEqual(['__proto__']);
    expect(balances.other).toBeUndefined();
    expect(balances.constructor).toBeUndefined();
  });
});
