// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { HistoryEntry } from '../../../utils/history/schema';
import { apiKeys } from '../../../utils/keys/background/api-key';
import { readProfiles } from '../../../utils/profiles/background/profile-store';
import { FIRST_PROFILE_ID } from '../../../utils/profiles/first-profile';
import { DEFAULT_SETTINGS } from '../../../utils/settings/defaults';
import { type ReferenceService, startReferenceService } from '../../reference-service/server';
import { makeBackgroundApp, startWorker } from '../support/background-app';
import { referenceServiceForFile } from '../support/reference-service';

const KEY_A = 'profile-a-key-00000000000001';
const KEY_B = 'profile-b-key-00000000000002';

/** Two accounts on two services: A is the file's service, B another reference service on another port. */
const serviceA = referenceServiceForFile({ accounts: { [KEY_A]: 100 }, videoDurationMs: 300 });
let serviceB: ReferenceService;
beforeAll(async () => {
  serviceB = await startReferenceService({ port: 0 });
});
afterAll(() => serviceB.close());
beforeEach(() => serviceB.reset({ accounts: { [KEY_B]: 50 }, videoDurationMs: 300 }));

const keysSentTo = (service: ReferenceService) =>
  service.requests().map((entry) => entry.headers['x-api-key']);
const generations = (service: ReferenceService) =>
  service.requests().filter((entry) => entry.method === 'POST');
const host = (url: string) => new URL(url).host;

/** A job is first polled a second after it was sent (pollIntervalSec: 1), and done 0.3 s later. */
const POLLING = { timeout: 5000, interval: 100 };

type Harness = Awaited<ReturnType<typeof makeBackgroundApp>>;

/** Profile A as migrated from the one configuration, then B added and set up, B active. */
async function twoProfiles(options: { videoDurationMs?: number } = {}) {
  const harness = await makeBackgroundApp(serviceA, {}, KEY_A);
  if (options.videoDurationMs !== undefined) serviceA.configure({ videoDurationMs: options.videoDurationMs });
  return harness;
}

async function addProfileB(app: Harness['app']): Promise<string> {
  const { id } = await app.handlers.addProfile({ type: 'addProfile', name: 'Work' });
  await app.handlers.saveSettings({
    type: 'saveSettings',
    settings: { ...DEFAULT_SETTINGS, pollIntervalSec: 1, baseUrl: serviceB.url },
    apiKey: KEY_B,
  });
  return id;
}

const entryOf = async (harness: Harness, id: string): Promise<HistoryEntry | undefined> =>
  (await harness.items.history.getValue()).find((entry) => entry.id === id);

describe('the configuration of a release before profiles', () => {
  it('becomes the first profile, named after its host, with its key (stored as version 1: a bare string)', async () => {
    fakeBrowser.reset();
    await fakeBrowser.storage.local.set({
      settings: { ...DEFAULT_SETTINGS, baseUrl: serviceA.url, modelId: 'm-1' },
      serviceApiKey: KEY_A,
      serviceApiKey$: { v: 1 },
    });
    const { profiles, settings } = await readProfiles();
    expect(profiles).toEqual({
      activeId: FIRST_PROFILE_ID,
      list: [
        {
          id: FIRST_PROFILE_ID,
          name: host(serviceA.url),
          service: {
            baseUrl: serviceA.url,
            modelId: 'm-1',
            modelField: 'model',
            videoDefaults: DEFAULT_SETTINGS.videoDefaults,
          },
          budgets: { dailyBudget: 0, monthlyBudget: 0, lowBalanceBelow: 0 },
          models: [],
        },
      ],
    });
    expect(settings.baseUrl).toBe(serviceA.url);
    expect(await apiKeys.all()).toEqual({
      [FIRST_PROFILE_ID]: { key: KEY_A, origin: new URL(serviceA.url).origin, id: expect.any(String) },
    });
    expect(await fakeBrowser.storage.local.get('serviceApiKey$')).toEqual({ serviceApiKey$: { v: 3 } });
  });

  it('keeps its key stored as version 2 (the key with its origin and id), under the first profile', async () => {
    fakeBrowser.reset();
    const stored = { key: KEY_A, origin: new URL(serviceA.url).origin, id: 'key-7' };
    await fakeBrowser.storage.local.set({
      settings: { ...DEFAULT_SETTINGS, baseUrl: serviceA.url },
      serviceApiKey: stored,
      serviceApiKey$: { v: 2 },
    });
    expect(await apiKeys.all()).toEqual({ [FIRST_PROFILE_ID]: stored });
    expect((await readProfiles()).profiles.list.map((profile) => profile.name)).toEqual([host(serviceA.url)]);
  });

  it('a fresh install has one unnamed-host profile and no key; damaged profiles keep every valid one and the active one', async () => {
    fakeBrowser.reset();
    const fresh = await readProfiles();
    expect(fresh.profiles.list).toHaveLength(1);
    expect(fresh.profiles.list[0]?.name).not.toBe('');
    expect(await apiKeys.all()).toEqual({});

    const valid = {
      id: 'p-2',
      name: 'Home',
      service: { ...fresh.profiles.list[0]?.service, baseUrl: serviceB.url },
    };
    await fakeBrowser.storage.local.set({
      settings: { ...DEFAULT_SETTINGS, baseUrl: serviceA.url },
      profiles: { activeId: 'p-9', list: [valid, { id: 'p-3', name: '' }, 'junk'] },
    });
    const repaired = (await readProfiles()).profiles;
    expect(repaired.activeId).toBe('p-9');
    expect(repaired.list.map((profile) => [profile.id, profile.service.baseUrl])).toEqual([
      ['p-9', serviceA.url],
      ['p-2', serviceB.url],
    ]);
  });

  it('its entries, which name no profile, are still polled with the first profile’s key after another is added', async () => {
    const harness = await twoProfiles();
    const video = await submitVideo(harness, 'made before profiles');
    // As an earlier release stored it: no profile named.
    await harness.items.history.setValue(
      (await harness.items.history.getValue()).map(({ profileId: _, ...entry }) => entry),
    );
    await addProfileB(harness.app);
    await expect.poll(() => settled(harness, video.id), POLLING).toBe('completed');
    expect(new Set(keysSentTo(serviceA))).toEqual(new Set([KEY_A]));
    expect(keysSentTo(serviceB)).not.toContain(KEY_A);
  });
});

function submitVideo(harness: Harness, prompt: string) {
  return harness.app.handlers.submitVideo({
    type: 'submitVideo',
    prompt,
    options: DEFAULT_SETTINGS.videoDefaults,
  });
}

/** The entry's status after a polling pass, as the alarm would run one. */
async function settled(harness: Harness, id: string) {
  await harness.app.tracker.tick();
  return (await entryOf(harness, id))?.status;
}

describe('two profiles on two services', () => {
  it('a job pending on A while B is active is polled with A’s key at A; B’s requests carry only B’s key', async () => {
    const harness = await twoProfiles();
    const atA = await submitVideo(harness, 'a lighthouse in fog');
    expect(atA.profileId).toBe(FIRST_PROFILE_ID);
    const idB = await addProfileB(harness.app);
    const atB = await submitVideo(harness, 'a harbour at dawn');
    expect(atB.profileId).toBe(idB);
    await expect.poll(() => settled(harness, atA.id), POLLING).toBe('completed');
    await expect.poll(() => settled(harness, atB.id), POLLING).toBe('completed');
    expect(new Set(keysSentTo(serviceA))).toEqual(new Set([KEY_A]));
    expect(new Set(keysSentTo(serviceB))).toEqual(new Set([KEY_B]));
    const [entryA, entryB] = [await entryOf(harness, atA.id), await entryOf(harness, atB.id)];
    expect(entryA?.urls[0]).toContain(host(serviceA.url));
    expect(entryB?.urls[0]).toContain(host(serviceB.url));
  });

  it('switching moves nothing: the settings take the profile’s service, and switching back restores A’s', async () => {
    const harness = await twoProfiles();
    await harness.app.handlers.saveSettings({
      type: 'saveSettings',
      settings: { ...DEFAULT_SETTINGS, pollIntervalSec: 1, baseUrl: serviceA.url, modelId: 'model-a' },
    });
    await harness.app.refreshBalance();
    const idB = await addProfileB(harness.app);
    expect((await harness.items.settings.getValue()).baseUrl).toBe(serviceB.url);
    expect(await harness.items.keyStatus.getValue()).toMatchObject({ set: true, last4: '0002' });
    await harness.app.refreshBalance();
    expect((await harness.items.balance.getValue()).balance?.value).toBe(50);

    // A spends meanwhile; its answers now take half a second, so the cached figure is seen first.
    serviceA.configure({ accounts: { [KEY_A]: 93 }, latencyMs: 500 });
    await harness.app.handlers.switchProfile({ type: 'switchProfile', id: FIRST_PROFILE_ID });
    const settings = await harness.items.settings.getValue();
    expect([settings.baseUrl, settings.modelId, settings.pollIntervalSec]).toEqual([
      serviceA.url,
      'model-a',
      1,
    ]);
    expect(await harness.items.keyStatus.getValue()).toMatchObject({ set: true, last4: '0001' });
    // A's last figure at once (balances are kept per profile), then a fresh one: A's jobs may have spent since.
    expect((await harness.items.balance.getValue()).balance?.value).toBe(100);
    await expect.poll(async () => (await harness.items.balance.getValue()).balance?.value, POLLING).toBe(93);

    await harness.app.handlers.switchProfile({ type: 'switchProfile', id: idB });
    expect((await harness.items.balance.getValue()).balance?.value).toBe(50);
  });

  it('a batch split across a switch goes whole to A with A’s key, and so does what a stopped worker left waiting', async () => {
    const harness = await twoProfiles();
    serviceA.configure({ latencyMs: 150 });
    const batch = await harness.app.handlers.generateBatch({
      type: 'generateBatch',
      kind: 'image',
      prompts: ['one', 'two', 'three', 'four', 'five', 'six'],
    });
    await addProfileB(harness.app);
    await expect
      .poll(async () =>
        (await harness.items.history.getValue())
          .filter((entry) => entry.batchId === batch.batchId)
          .map((entry) => entry.status),
      )
      .toEqual(Array(6).fill('completed'));
    expect(generations(serviceA)).toHaveLength(6);
    expect(generations(serviceB)).toHaveLength(0);
    expect(new Set(keysSentTo(serviceA))).toEqual(new Set([KEY_A]));

    // Entries recorded on A by a worker stopped before sending them: the next worker sends them to A.
    const waiting = (await harness.items.history.getValue()).slice(0, 2).map((entry, at) => ({
      ...entry,
      id: `waiting-${at}`,
      status: 'running' as const,
      urls: [],
      batchId: 'stopped-batch',
      waiting: true as const,
      serviceUrl: serviceA.url,
    }));
    await harness.items.history.setValue([...waiting, ...(await harness.items.history.getValue())]);
    const next = startWorker();
    await next.app.resume();
    await expect
      .poll(async () => Promise.all(waiting.map(async (entry) => (await entryOf(harness, entry.id))?.status)))
      .toEqual(['completed', 'completed']);
    expect(generations(serviceA)).toHaveLength(8);
    expect(generations(serviceB)).toHaveLength(0);
  });

  it('deleting a profile with a pending job asks first, then ends it as "profile deleted", drops the key and sends nothing more', async () => {
    const harness = await twoProfiles({ videoDurationMs: 60_000 });
    const atA = await submitVideo(harness, 'a slow video');
    await addProfileB(harness.app);
    expect(await harness.app.handlers.deleteProfile({ type: 'deleteProfile', id: FIRST_PROFILE_ID })).toEqual(
      {
        deleted: false,
        pending: 1,
      },
    );
    expect((await entryOf(harness, atA.id))?.status).toBe('running');
    expect((await readProfiles()).profiles.list).toHaveLength(2);

    expect(
      await harness.app.handlers.deleteProfile({
        type: 'deleteProfile',
        id: FIRST_PROFILE_ID,
        endPending: true,
      }),
    ).toEqual({ deleted: true, ended: 1 });
    expect(await entryOf(harness, atA.id)).toMatchObject({
      status: 'failed',
      error: { kind: 'profile_deleted' },
    });
    expect(await apiKeys.all()).not.toHaveProperty(FIRST_PROFILE_ID);
    expect((await readProfiles()).profiles.list.map((profile) => profile.name)).toEqual(['Work']);
    const requestsAtA = serviceA.requests().length;
    await harness.app.tracker.pollAllNow();
    await harness.app.tracker.tick();
    expect(serviceA.requests()).toHaveLength(requestsAtA);
    await expect(
      harness.app.handlers.deleteProfile({
        type: 'deleteProfile',
        id: (await readProfiles()).profiles.activeId,
      }),
    ).rejects.toMatchObject({ info: { kind: 'invalid_input' } });
  });

  it('a duplicate has the service and model but no key; a deleted active profile hands over to the next', async () => {
    const harness = await twoProfiles();
    const { id: copyId } = await harness.app.handlers.duplicateProfile({
      type: 'duplicateProfile',
      id: FIRST_PROFILE_ID,
    });
    await harness.app.handlers.renameProfile({ type: 'renameProfile', id: copyId, name: 'Personal' });
    const { profiles } = await readProfiles();
    expect(profiles.list.map((profile) => [profile.name, profile.service.baseUrl])).toEqual([
      [host(serviceA.url), serviceA.url],
      ['Personal', serviceA.url],
    ]);
    expect(await apiKeys.all()).not.toHaveProperty(copyId);

    await harness.app.handlers.deleteProfile({ type: 'deleteProfile', id: FIRST_PROFILE_ID });
    expect((await readProfiles()).profiles.activeId).toBe(copyId);
    expect(await harness.items.keyStatus.getValue()).toEqual({ set: false });
  });
});
