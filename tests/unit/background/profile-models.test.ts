// @vitest-environment node
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { parseRequest } from '../../../utils/messaging/protocol';
import { readProfiles } from '../../../utils/profiles/background/profile-store';
import { FIRST_PROFILE_ID } from '../../../utils/profiles/first-profile';
import {
  MAX_MODEL_ID,
  MAX_MODEL_NAME,
  MAX_PROFILE_MODELS,
  MAX_PROFILES,
} from '../../../utils/profiles/limits';
import { shownProfiles, snapshotProfiles } from '../../../utils/profiles/page/profiles-view';
import { profilesFromVersion2 } from '../../../utils/profiles/repair';
import { DEFAULT_SETTINGS } from '../../../utils/settings/defaults';
import { startSync, syncDone } from '../../../utils/sync/background/sync';
import { DEMO_API_KEY } from '../../reference-service/server';
import { makeBackgroundApp } from '../support/background-app';
import { referenceServiceForFile } from '../support/reference-service';

const fixture = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, `../fixtures/${name}`), 'utf8'));

const modelsById = async () =>
  Object.fromEntries((await readProfiles()).profiles.list.map((profile) => [profile.id, profile.models]));

describe('each stored shape of the profiles, migrated to a list of models per profile', () => {
  it('version 2 → 3: every profile gets an empty list, nothing else moves; stored once as version 3', async () => {
    fakeBrowser.reset();
    const stored = fixture('storage-profiles-v2.json');
    await fakeBrowser.storage.local.set(stored);
    expect(await modelsById()).toEqual({ [FIRST_PROFILE_ID]: [], 'p-work': [] });
    const after = await fakeBrowser.storage.local.get(['profiles', 'profiles$']);
    expect(after.profiles$).toEqual({ v: 3 });
    const before = stored.profiles as { list: Record<string, unknown>[] };
    expect((after.profiles as { list: Record<string, unknown>[] }).list).toEqual(
      before.list.map((profile) => ({ ...profile, models: [] })),
    );
  });

  it('version 1 → 3 in one read: the budgets step, then the models step', async () => {
    fakeBrowser.reset();
    await fakeBrowser.storage.local.set(fixture('storage-profiles-v1.json'));
    const { profiles } = await readProfiles();
    expect(profiles.list.map((profile) => [profile.id, profile.budgets.dailyBudget, profile.models])).toEqual(
      [
        [FIRST_PROFILE_ID, 40, []],
        ['p-work', 40, []],
      ],
    );
    expect((await fakeBrowser.storage.local.get('profiles$')).profiles$).toEqual({ v: 3 });
  });

  it('version 3 is not migrated again: a list outlives the next read', async () => {
    fakeBrowser.reset();
    await fakeBrowser.storage.local.set(fixture('storage-profiles-v2.json'));
    const { profiles } = await readProfiles();
    const mine = [{ id: 'flux-pro', name: 'Flux' }];
    const list = profiles.list.map((profile) => ({ ...profile, models: mine }));
    await fakeBrowser.storage.local.set({ profiles: { ...profiles, list } });
    expect(await modelsById()).toEqual({ [FIRST_PROFILE_ID]: mine, 'p-work': mine });
  });

  it('the step adds a list only where a profile has none, and leaves anything else to the repair', () => {
    const own = [{ id: 'a-1', name: 'A' }];
    expect(profilesFromVersion2({ activeId: 'a', list: [{ id: 'a' }, { id: 'b', models: own }, 7] })).toEqual(
      { activeId: 'a', list: [{ id: 'a', models: [] }, { id: 'b', models: own }, 7] },
    );
    expect(profilesFromVersion2(null)).toBe(null);
  });
});

const service = referenceServiceForFile({});

describe('setProfileModels', () => {
  it('sets the list of the profile it names, active or not, and a switch keeps each its own', async () => {
    const { app } = await makeBackgroundApp(service);
    const { id: work } = await app.handlers.addProfile({ type: 'addProfile', name: 'Work' });
    const home = [{ id: 'sketch-fast', name: 'Quick sketch' }];
    const office = [
      { id: 'studio-pro', name: 'Studio' },
      { id: 'film-grain', name: 'Film' },
    ];
    expect(
      await app.handlers.setProfileModels({ type: 'setProfileModels', id: FIRST_PROFILE_ID, models: home }),
    ).toEqual({ saved: true });
    await app.handlers.setProfileModels({ type: 'setProfileModels', id: work, models: office });
    expect(await modelsById()).toEqual({ [FIRST_PROFILE_ID]: home, [work]: office });
    await app.handlers.switchProfile({ type: 'switchProfile', id: FIRST_PROFILE_ID });
    // A save of the settings rewrites the active profile's service and budgets, never its models.
    await app.handlers.saveSettings({
      type: 'saveSettings',
      settings: { ...DEFAULT_SETTINGS, baseUrl: service.url },
      apiKey: DEMO_API_KEY,
    });
    expect(await modelsById()).toEqual({ [FIRST_PROFILE_ID]: home, [work]: office });
    // A duplicate takes the list along; a new profile starts without.
    const { id: copy } = await app.handlers.duplicateProfile({ type: 'duplicateProfile', id: work });
    const { id: fresh } = await app.handlers.addProfile({ type: 'addProfile', name: 'Fresh' });
    expect(await modelsById()).toMatchObject({ [copy]: office, [fresh]: [] });
  });

  it('refuses a profile that is gone', async () => {
    const { app } = await makeBackgroundApp(service);
    await expect(
      app.handlers.setProfileModels({ type: 'setProfileModels', id: 'p-gone', models: [] }),
    ).rejects.toMatchObject({ info: { kind: 'invalid_input' } });
  });

  it('takes only a list the schema allows: trimmed, ids visible ASCII and each once, named, at most six', () => {
    const parse = (models: unknown) => parseRequest({ type: 'setProfileModels', id: 'p-1', models });
    expect(parse([{ id: ' flux-pro ', name: ' Flux ' }])?.data).toEqual({
      type: 'setProfileModels',
      id: 'p-1',
      models: [{ id: 'flux-pro', name: 'Flux' }],
    });
    const model = (at: number) => ({ id: `m-${at}`, name: `M ${at}` });
    expect(parse(Array.from({ length: MAX_PROFILE_MODELS }, (_, at) => model(at)))?.success).toBe(true);
    const refused = [
      Array.from({ length: MAX_PROFILE_MODELS + 1 }, (_, at) => model(at)),
      [model(1), { ...model(1), name: 'Again' }],
      [{ id: 'two words', name: 'X' }],
      [{ id: 'ünïcode', name: 'X' }],
      [{ id: 'say"what', name: 'X' }],
      [{ id: 'back\\slash', name: 'X' }],
      [{ id: 'x'.repeat(MAX_MODEL_ID + 1), name: 'X' }],
      [{ id: 'x', name: '' }],
      [{ id: 'x', name: 'n'.repeat(MAX_MODEL_NAME + 1) }],
      [{ id: 'x', name: 'bell\u0007' }],
      [{ id: '', name: 'X' }],
    ];
    for (const models of refused) expect(parse(models)?.success, JSON.stringify(models)).toBe(false);
  });
});

describe('pages see each profile’s models, without zod', () => {
  it('reads the stored lists as far as they are valid, and a snapshot from before lists as none', () => {
    const stored = {
      activeId: 'a',
      list: [
        { id: 'a', name: 'A', service: {}, models: [{ id: 'm', name: 'M' }, { id: 3 }, 'junk'] },
        { id: 'b', name: 'B', service: {}, models: 'none' },
      ],
    };
    expect(shownProfiles(stored, DEFAULT_SETTINGS, 'Default').list.map((profile) => profile.models)).toEqual([
      [{ id: 'm', name: 'M' }],
      [],
    ]);
    expect(snapshotProfiles({ activeId: 'a', list: [{ id: 'a', name: 'A', host: '' }] })).toEqual({
      activeId: 'a',
      list: [{ id: 'a', name: 'A', host: '', models: [] }],
    });
  });
});

describe('sync carries the lists with the profiles', () => {
  const settled = async () => {
    for (let round = 0; round < 5; round++) await syncDone();
  };
  const syncedProfiles = async () => {
    const all = await fakeBrowser.storage.sync.get(null);
    const { n } = all.profiles as { n: number };
    return JSON.parse(Array.from({ length: n }, (_, i) => all[`profiles.${i}`]).join('')) as {
      id: string;
      models?: unknown;
    }[];
  };
  const writeFromElsewhere = async (list: unknown) => {
    await fakeBrowser.storage.sync.set({
      profiles: { at: Date.now() + 60_000, n: 1 },
      'profiles.0': JSON.stringify(list),
    });
    await settled();
  };

  it('sends each list, takes another browser’s, and keeps its own when an older release sends none', async () => {
    const { app } = await makeBackgroundApp(service);
    startSync();
    const mine = [{ id: 'studio-pro', name: 'Studio' }];
    await app.handlers.setProfileModels({ type: 'setProfileModels', id: FIRST_PROFILE_ID, models: mine });
    await settled();
    expect((await syncedProfiles()).map((profile) => profile.models)).toEqual([mine]);

    const [profile] = (await readProfiles()).profiles.list;
    const theirs = [{ id: 'film-grain', name: 'Film (laptop)' }];
    await writeFromElsewhere([{ ...profile, models: theirs }]);
    expect(await modelsById()).toEqual({ [FIRST_PROFILE_ID]: theirs });

    const { models: _, ...older } = { ...profile, name: 'Renamed on the old release' };
    await writeFromElsewhere([older, { ...older, id: 'p-new-there', name: 'New there' }]);
    expect((await readProfiles()).profiles.list.map((each) => [each.name, each.models])).toEqual([
      ['Renamed on the old release', theirs],
      ['New there', []],
    ]);
  });

  it('leaves room in sync: every profile with a full list of the longest ids and names takes at most 18.6 KB', () => {
    // The costliest characters a name may hold: three UTF-8 bytes each, or two escaped in JSON.
    const name = '€'.repeat(MAX_MODEL_NAME);
    const lists = Array.from({ length: MAX_PROFILES }, (_, profile) => ({
      models: Array.from({ length: MAX_PROFILE_MODELS }, (_, at) => ({
        id: `${profile}-${at}-`.padEnd(MAX_MODEL_ID, '~'),
        name,
      })),
    }));
    expect(parseRequest({ type: 'setProfileModels', id: 'p', models: lists[0]?.models })?.success).toBe(true);
    // As sync counts a chunk: its JSON text, once more as JSON.
    const bytes = new TextEncoder().encode(JSON.stringify(JSON.stringify(lists))).length;
    expect(bytes).toBeLessThanOrEqual(18_600);
  });
});
