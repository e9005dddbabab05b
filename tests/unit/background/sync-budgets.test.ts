// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { readProfiles, resolveProfile } from '../../../utils/profiles/background/profile-store';
import { FIRST_PROFILE_ID } from '../../../utils/profiles/first-profile';
import { budgetsOf } from '../../../utils/profiles/repair';
import { DEFAULT_SETTINGS } from '../../../utils/settings/defaults';
import { startSync, syncDone } from '../../../utils/sync/background/sync';
import { DEMO_API_KEY } from '../../reference-service/server';
import { makeBackgroundApp } from '../support/background-app';
import { referenceServiceForFile } from '../support/reference-service';

const service = referenceServiceForFile({});

/** A sync task may queue another (a pull's local write, its push): waits for a few rounds. */
async function settled() {
  for (let round = 0; round < 5; round++) await syncDone();
}

/** A document as sync holds it, chunks joined. */
async function syncedDoc(name: string): Promise<unknown> {
  const all = await fakeBrowser.storage.sync.get(null);
  const { n } = all[name] as { n: number };
  return JSON.parse(Array.from({ length: n }, (_, i) => all[`${name}.${i}`]).join(''));
}

/** A document as another browser writes it, in one chunk. */
async function writeFromElsewhere(name: string, value: unknown, at = Date.now() + 60_000) {
  await fakeBrowser.storage.sync.set({ [name]: { at, n: 1 }, [`${name}.0`]: JSON.stringify(value) });
  await settled();
}

/** The first profile with its budgets, then "Work" (active) with its own; both synced. */
async function twoProfilesSyncing() {
  const { app, items } = await makeBackgroundApp(service, { dailyBudget: 50, lowBalanceBelow: 20 });
  startSync();
  const { id: work } = await app.handlers.addProfile({ type: 'addProfile', name: 'Work' });
  await app.handlers.saveSettings({
    type: 'saveSettings',
    settings: { ...(await items.settings.getValue()), baseUrl: service.url, monthlyBudget: 900 },
    apiKey: DEMO_API_KEY,
  });
  await settled();
  return { app, items, work };
}

const budgetsOfProfile = async (id: string) =>
  budgetsOf((await resolveProfile(id))?.settings ?? DEFAULT_SETTINGS);

describe('sync carries the budgets with the profiles', () => {
  it('sends each profile with its own budgets, and the shared settings without any', async () => {
    const { work } = await twoProfilesSyncing();
    const profiles = (await syncedDoc('profiles')) as { id: string; budgets: unknown }[];
    expect(Object.fromEntries(profiles.map((profile) => [profile.id, profile.budgets]))).toEqual({
      [FIRST_PROFILE_ID]: { dailyBudget: 50, monthlyBudget: 0, lowBalanceBelow: 20 },
      [work]: { dailyBudget: 0, monthlyBudget: 900, lowBalanceBelow: 0 },
    });
    const settings = (await syncedDoc('settings')) as Record<string, unknown>;
    expect(settings).toMatchObject({ historyLimit: DEFAULT_SETTINGS.historyLimit });
    for (const field of ['dailyBudget', 'monthlyBudget', 'lowBalanceBelow', 'baseUrl'])
      expect(settings, field).not.toHaveProperty(field);
  });

  it("takes another browser's budgets for each profile: the active one's reach the settings, an older settings copy's do not", async () => {
    const { items, work } = await twoProfilesSyncing();
    const { list } = (await readProfiles()).profiles;
    await writeFromElsewhere(
      'profiles',
      list.map((profile) => ({
        ...profile,
        budgets: { ...profile.budgets, dailyBudget: profile.id === work ? 7 : 70 },
      })),
    );
    expect(budgetsOf(await items.settings.getValue())).toEqual({
      dailyBudget: 7,
      monthlyBudget: 900,
      lowBalanceBelow: 0,
    });
    expect(await budgetsOfProfile(FIRST_PROFILE_ID)).toEqual({
      dailyBudget: 70,
      monthlyBudget: 0,
      lowBalanceBelow: 20,
    });

    // A release before per-profile budgets syncs its shared ones in the settings: they stay out.
    await writeFromElsewhere(
      'settings',
      { historyLimit: 777, dailyBudget: 1, monthlyBudget: 1 },
      Date.now() + 90_000,
    );
    expect(await items.settings.getValue()).toMatchObject({
      historyLimit: 777,
      dailyBudget: 7,
      monthlyBudget: 900,
    });
  });

  it('takes profiles from a release before per-profile budgets: each keeps its budgets here, a new one gets the active’s', async () => {
    const { work } = await twoProfilesSyncing();
    const { list } = (await readProfiles()).profiles;
    const before = await Promise.all(list.map((profile) => budgetsOfProfile(profile.id)));
    const older = list.map(({ budgets: _, ...profile }) => ({ ...profile, name: `${profile.name} (old)` }));
    await writeFromElsewhere('profiles', [...older, { ...older[1], id: 'new-there', name: 'Laptop' }]);
    const after = (await readProfiles()).profiles.list;
    expect(after.map((profile) => profile.name)).toEqual([
      ...list.map((profile) => `${profile.name} (old)`),
      'Laptop',
    ]);
    expect(await Promise.all(list.map((profile) => budgetsOfProfile(profile.id)))).toEqual(before);
    expect(await budgetsOfProfile('new-there')).toEqual(await budgetsOfProfile(work));
  });
});
