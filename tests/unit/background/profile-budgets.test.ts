// @vitest-environment node
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { readProfiles, resolveProfile } from '../../../utils/profiles/background/profile-store';
import { FIRST_PROFILE_ID } from '../../../utils/profiles/first-profile';
import { budgetsOf, profilesFromVersion1 } from '../../../utils/profiles/repair';
import type { ProfileBudgets } from '../../../utils/profiles/schema';
import { DEFAULT_SETTINGS } from '../../../utils/settings/defaults';
import { DEMO_API_KEY } from '../../reference-service/server';
import { type BackgroundHarness, makeBackgroundApp } from '../support/background-app';
import { referenceServiceForFile } from '../support/reference-service';

/** storage.local as each earlier release left it. */
const fixture = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, `../fixtures/${name}`), 'utf8'));

const NONE: ProfileBudgets = { dailyBudget: 0, monthlyBudget: 0, lowBalanceBelow: 0 };
/** What the release with one set of budgets for all profiles stored in the v1 fixture's settings. */
const SHARED: ProfileBudgets = { dailyBudget: 40, monthlyBudget: 600, lowBalanceBelow: 75 };

const budgetsById = async () =>
  Object.fromEntries((await readProfiles()).profiles.list.map((profile) => [profile.id, profile.budgets]));

describe('each stored shape of the profiles, migrated to budgets per profile', () => {
  it('before profiles (settings only): the one configuration is the first profile, with no budgets as there were none', async () => {
    fakeBrowser.reset();
    await fakeBrowser.storage.local.set(fixture('storage-before-profiles.json'));
    const { profiles, settings } = await readProfiles();
    expect(profiles.list).toEqual([
      expect.objectContaining({ id: FIRST_PROFILE_ID, name: 'api.example.com', budgets: NONE }),
    ]);
    expect(budgetsOf(settings)).toEqual(NONE);
  });

  it('version 1 → 2: every profile, active or not, gets the budgets all of them shared; stored once, at the current version', async () => {
    fakeBrowser.reset();
    await fakeBrowser.storage.local.set(fixture('storage-profiles-v1.json'));
    expect(await budgetsById()).toEqual({ [FIRST_PROFILE_ID]: SHARED, 'p-work': SHARED });
    const stored = await fakeBrowser.storage.local.get(['profiles', 'profiles$']);
    // Version 3 (lists of models) follows in the same read: tests/unit/background/profile-models.test.ts.
    expect(stored.profiles$).toEqual({ v: 3 });
    expect(
      (stored.profiles as { list: { budgets: unknown }[] }).list.map((profile) => profile.budgets),
    ).toEqual([SHARED, SHARED]);
    // Nothing else of the profiles moved: the services are each their own still.
    expect((await readProfiles()).profiles.list.map((profile) => profile.service.modelId)).toEqual([
      'img-2',
      'work-model',
    ]);
  });

  it('version 2 is not migrated again: a profile’s own budgets outlive the next read', async () => {
    fakeBrowser.reset();
    await fakeBrowser.storage.local.set(fixture('storage-profiles-v1.json'));
    const { profiles } = await readProfiles();
    const list = profiles.list.map((profile) =>
      profile.id === FIRST_PROFILE_ID ? { ...profile, budgets: { ...NONE, dailyBudget: 5 } } : profile,
    );
    await fakeBrowser.storage.local.set({ profiles: { ...profiles, list } });
    expect((await budgetsById())[FIRST_PROFILE_ID]).toEqual({ ...NONE, dailyBudget: 5 });
  });

  it('the step itself adds the shared budgets only where a profile has none, and leaves anything else to the repair', () => {
    const own = { ...NONE, monthlyBudget: 9 };
    expect(
      profilesFromVersion1(
        { activeId: 'a', list: [{ id: 'a' }, { id: 'b', budgets: own }, 'junk'] },
        () => SHARED,
      ),
    ).toEqual({ activeId: 'a', list: [{ id: 'a', budgets: SHARED }, { id: 'b', budgets: own }, 'junk'] });
    expect(profilesFromVersion1('not profiles', () => SHARED)).toBe('not profiles');
    expect(profilesFromVersion1({ activeId: 'a' }, () => SHARED)).toEqual({ activeId: 'a' });
  });
});

const service = referenceServiceForFile({ imageCost: 40, accounts: { [DEMO_API_KEY]: 1000 } });

/** Costs are read from the balance after the answer; a loaded machine may take a while. */
const SETTLED = { timeout: 20_000 };

async function costedImage(harness: BackgroundHarness, prompt: string) {
  const entry = await harness.app.handlers.generateImage({ type: 'generateImage', prompt });
  await expect
    .poll(
      async () => (await harness.items.history.getValue()).find((each) => each.id === entry.id)?.cost,
      SETTLED,
    )
    .toBe(40);
  return entry;
}

/** The first profile with a daily budget of 50, then "Work" added (active) on the same service with none. */
async function twoProfiles() {
  const harness = await makeBackgroundApp(service, { dailyBudget: 50 });
  const { id: work } = await harness.app.handlers.addProfile({ type: 'addProfile', name: 'Work' });
  await harness.app.handlers.saveSettings({
    type: 'saveSettings',
    settings: { ...(await harness.items.settings.getValue()), baseUrl: service.url, monthlyBudget: 900 },
    apiKey: DEMO_API_KEY,
  });
  return { harness, work };
}

describe('budgets per profile', () => {
  it('resolveProfile gives each profile its own budgets, the active one or not; a switch puts them in the settings', async () => {
    const { harness, work } = await twoProfiles();
    expect(budgetsOf((await resolveProfile(FIRST_PROFILE_ID))?.settings ?? DEFAULT_SETTINGS)).toEqual({
      ...NONE,
      dailyBudget: 50,
    });
    expect(await resolveProfile(FIRST_PROFILE_ID)).toMatchObject({ active: false });
    expect(budgetsOf((await resolveProfile(work))?.settings ?? DEFAULT_SETTINGS)).toEqual({
      ...NONE,
      monthlyBudget: 900,
    });

    await harness.app.handlers.switchProfile({ type: 'switchProfile', id: FIRST_PROFILE_ID });
    expect(budgetsOf(await harness.items.settings.getValue())).toEqual({ ...NONE, dailyBudget: 50 });
    expect(budgetsOf((await resolveProfile(work))?.settings ?? DEFAULT_SETTINGS)).toEqual({
      ...NONE,
      monthlyBudget: 900,
    });
  });

  it('a profile’s own spending meets its own budget: A’s entry made again while Work is active is stopped, Work goes on', async () => {
    const harness = await makeBackgroundApp(service, { dailyBudget: 50 });
    const first = await costedImage(harness, 'a lantern on A');
    await harness.app.handlers.addProfile({ type: 'addProfile', name: 'Work' });
    await harness.app.handlers.saveSettings({
      type: 'saveSettings',
      settings: { ...(await harness.items.settings.getValue()), baseUrl: service.url },
      apiKey: DEMO_API_KEY,
    });

    // Work has no budget: 80 credits today, past A's 50, and nothing stops it.
    await costedImage(harness, 'a lantern on Work');
    await costedImage(harness, 'another lantern on Work');

    // A's entry again, made with A (not active), counts against A's 50 with A's 40 spent.
    await expect(
      harness.app.handlers.regenerate({ type: 'regenerate', entryId: first.id }),
    ).rejects.toMatchObject({
      info: { kind: 'over_budget', budget: { period: 'day', limit: 50, spent: 40, cost: 40 } },
    });
  }, 60_000);
});

describe('low-balance notices per profile', () => {
  it('are told at the level of the profile the spending was made with', async () => {
    const harness = await makeBackgroundApp(service, { lowBalanceBelow: 970 });
    harness.popup.open = true;
    await harness.app.handlers.addProfile({ type: 'addProfile', name: 'Work' });
    await harness.app.handlers.saveSettings({
      type: 'saveSettings',
      settings: { ...(await harness.items.settings.getValue()), baseUrl: service.url },
      apiKey: DEMO_API_KEY,
    });
    const lowNotices = () => harness.notifications.filter((shown) => shown.title === 'Balance low');

    // The same account falls to 960, below A's 970: Work set no level, so nothing is told.
    await costedImage(harness, 'a lantern on Work');
    expect(lowNotices()).toEqual([]);

    await harness.app.handlers.switchProfile({ type: 'switchProfile', id: FIRST_PROFILE_ID });
    await costedImage(harness, 'a lantern on A');
    await expect
      .poll(() => lowNotices().map((shown) => shown.message))
      .toEqual(['920 credits left, below the 970 credits you set.']);
  }, 60_000);
});
