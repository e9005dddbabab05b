// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { HistoryEntry } from '../../../utils/history/schema';
import { activeKeyItem } from '../../../utils/keys/background/api-key';
import { keyStatus } from '../../../utils/keys/background/key-status';
import { NO_KEY } from '../../../utils/keys/background/stored-key';
import { parseRequest } from '../../../utils/messaging/protocol';
import { FIRST_PROFILE_ID } from '../../../utils/profiles/first-profile';
import { DEFAULT_SETTINGS } from '../../../utils/settings/defaults';
import { apiKeyProblem } from '../../../utils/validation';
import { type ReferenceService, startReferenceService } from '../../reference-service/server';
import { keyFor, makeBackgroundApp, pollAlarmTime } from '../support/background-app';
import { referenceServiceForFile } from '../support/reference-service';

const KEY_A = 'service-a-key-000000000001';
const KEY_B = 'service-b-key-000000000002';

/** Service A is the file's service; B is a second reference service on another port, i.e. another origin. */
const serviceA = referenceServiceForFile({ accounts: { [KEY_A]: 100 }, videoDurationMs: 300 });
let serviceB: ReferenceService;
beforeAll(async () => {
  serviceB = await startReferenceService({ port: 0 });
});
afterAll(() => serviceB.close());
beforeEach(() => serviceB.reset({ accounts: { [KEY_B]: 50 } }));

const keysSentTo = (service: ReferenceService) =>
  service.requests().map((entry) => entry.headers['x-api-key']);
const origin = (url: string) => new URL(url).origin;

function settingsFor(url: string) {
  return { ...DEFAULT_SETTINGS, pollIntervalSec: 1, baseUrl: url };
}

async function pendingVideoAtA() {
  const harness = await makeBackgroundApp(serviceA, {}, KEY_A);
  const entry = await harness.app.handlers.submitVideo({
    type: 'submitVideo',
    prompt: 'a lighthouse in fog',
    options: DEFAULT_SETTINGS.videoDefaults,
  });
  return { ...harness, entry };
}

const running = (entries: HistoryEntry[], id: string) => entries.find((entry) => entry.id === id);

describe('a key belongs to one service', () => {
  it('a job pending at A waits while B is configured with its key, then completes when A is back', async () => {
    const { app, items, entry } = await pendingVideoAtA();
    await app.handlers.saveSettings({
      type: 'saveSettings',
      settings: settingsFor(serviceB.url),
      apiKey: KEY_B,
    });
    // Well past the job's time at A: a tracker that polled with B's key would have done so by now.
    await new Promise((resolve) => setTimeout(resolve, 400));
    await items.history.setValue(
      (await items.history.getValue()).map((item) =>
        item.poll ? { ...item, poll: { ...item.poll, nextPollAt: 0 } } : item,
      ),
    );
    const report = await app.tracker.tick();
    expect(report.polled).toBe(0);
    expect(running(await items.history.getValue(), entry.id)).toMatchObject({ status: 'running' });
    expect(keysSentTo(serviceA).every((key) => key === KEY_A)).toBe(true);
    expect(keysSentTo(serviceB)).not.toContain(KEY_A);

    await app.handlers.saveSettings({
      type: 'saveSettings',
      settings: settingsFor(serviceA.url),
      apiKey: KEY_A,
    });
    await expect
      .poll(async () => running(await items.history.getValue(), entry.id)?.status)
      .toBe('completed');
    expect(keysSentTo(serviceA)).not.toContain(KEY_B);
    expect(keysSentTo(serviceB)).not.toContain(KEY_A);
  });

  it('sets no alarm for a job waiting for its service (no wake-up loop) and does not time it out', async () => {
    const harness = await makeBackgroundApp(serviceA, { jobTimeoutMin: 1 }, KEY_A);
    const entry: HistoryEntry = {
      id: 'waiting',
      kind: 'video',
      prompt: 'p',
      model: '',
      source: 'popup',
      status: 'running',
      urls: [],
      createdAt: 0,
      poll: { baseUrl: serviceA.url, jobId: 'job-1', attempts: 3, failures: 0, nextPollAt: 0 },
    };
    await harness.items.history.setValue([entry]);
    await harness.items.apiKey.setValue(keyFor(serviceB.url, KEY_B));
    // Long past its one-minute deadline and due since ever: a tracker that counted it would poll or end it.
    const report = await harness.app.tracker.tick();
    expect(report).toEqual({ polled: 0, finished: [] });
    expect((await harness.items.history.getValue())[0]).toMatchObject({
      status: 'running',
      poll: { attempts: 3 },
    });
    expect(await pollAlarmTime()).toBeUndefined();
    // Its job, by path: the previous test's worker may still read A's balance after its job ended.
    expect(serviceA.requests().filter((request) => request.path.includes('job-1'))).toEqual([]);
  });

  it('Test connection never sends the stored key to a URL just typed, unless the person chose to reuse it', async () => {
    const { app } = await makeBackgroundApp(serviceA, {}, KEY_A);
    await expect(
      app.handlers.testConnection({ type: 'testConnection', baseUrl: serviceB.url }),
    ).rejects.toMatchObject({ info: { kind: 'key_for_other_service' } });
    expect(serviceB.requests()).toHaveLength(0);

    serviceB.configure({ accounts: { [KEY_A]: 7 } });
    expect(
      await app.handlers.testConnection({ type: 'testConnection', baseUrl: serviceB.url, reuseKey: true }),
    ).toEqual({ balance: 7 });
    expect(keysSentTo(serviceB)).toEqual([KEY_A]);
  });

  it('Save of another URL without a key keeps the key bound to its own origin and asks for the new one', async () => {
    const { app, items } = await makeBackgroundApp(serviceA, {}, KEY_A);
    await app.handlers.saveSettings({
      type: 'saveSettings',
      settings: settingsFor(serviceB.url),
    });
    expect(await items.keyStatus.getValue()).toEqual({
      set: false,
      origin: origin(serviceA.url),
      last4: '0001',
      origins: { [FIRST_PROFILE_ID]: origin(serviceA.url) },
    });
    expect(await items.apiKey.getValue()).toMatchObject({ key: KEY_A, origin: origin(serviceA.url) });
    await expect(app.refreshBalance()).rejects.toMatchObject({ info: { kind: 'key_for_other_service' } });
    expect(serviceB.requests()).toHaveLength(0);

    await app.handlers.saveSettings({
      type: 'saveSettings',
      settings: settingsFor(serviceB.url),
      reuseKey: true,
    });
    expect(await items.keyStatus.getValue()).toMatchObject({ set: true, origin: origin(serviceB.url) });
  });

  it('gives back access to the old origin once no job needs it', async () => {
    const { app, kept, entry, items } = await pendingVideoAtA();
    await app.handlers.saveSettings({
      type: 'saveSettings',
      settings: settingsFor(serviceB.url),
      apiKey: KEY_B,
    });
    await expect.poll(() => kept.at(-1)?.sort()).toEqual([origin(serviceA.url), origin(serviceB.url)].sort());
    // The person removes the waiting job; the next change of setup finds no job needing A.
    await items.history.setValue((await items.history.getValue()).filter((item) => item.id !== entry.id));
    await app.handlers.saveSettings({
      type: 'saveSettings',
      settings: settingsFor(serviceB.url),
      apiKey: KEY_A,
    });
    await expect.poll(() => kept.at(-1)).toEqual([origin(serviceB.url)]);
  });

  it('removes the key even when access to the service was revoked', async () => {
    const { app, items, access } = await makeBackgroundApp(serviceA, {}, KEY_A);
    access.reachable = false;
    expect(await app.handlers.removeApiKey({ type: 'removeApiKey' })).toEqual({ removed: true });
    expect(await items.keyStatus.getValue()).toEqual({ set: false });
    expect(await items.apiKey.getValue()).toEqual(NO_KEY);
  });
});

describe('stale balance writes', () => {
  it('a refresh that started before a key change does not store the old account’s figure', async () => {
    const { app, items } = await makeBackgroundApp(serviceA, {}, KEY_A);
    serviceA.configure({ latencyMs: 300 });
    const stale = app.refreshBalance();
    await new Promise((resolve) => setTimeout(resolve, 50));
    serviceA.configure({ latencyMs: 0, accounts: { [KEY_A]: 100, 'other-account-key-000003': 3 } });
    await app.handlers.saveSettings({
      type: 'saveSettings',
      settings: await items.settings.getValue(),
      apiKey: 'other-account-key-000003',
    });
    await expect(stale).rejects.toMatchObject({ info: { kind: 'aborted' } });
    expect((await items.balance.getValue()).balance).toBeNull();
    expect((await app.refreshBalance()).value).toBe(3);
    const stored = await items.balance.getValue();
    expect(stored.balance?.value).toBe(3);
    expect(stored.account).toEqual({
      origin: origin(serviceA.url),
      keyId: (await items.apiKey.getValue()).id,
    });
  });
});

describe('key rules', () => {
  it('shows the last four characters only for keys of 16 or more characters', () => {
    const settings = settingsFor(serviceA.url);
    expect(keyStatus(keyFor(serviceA.url, 'short-key-12345'), settings)).not.toHaveProperty('last4');
    expect(keyStatus(keyFor(serviceA.url, 'long-enough-key-6789'), settings).last4).toBe('6789');
  });

  it('refuses keys that cannot be sent in a header, after trimming surrounding whitespace', () => {
    for (const key of ['ab\ncd', 'ab\rcd', 'key\u0000', 'kéy', 'ключ', 'a\tb']) {
      expect(apiKeyProblem(key), JSON.stringify(key)).toEqual({ code: 'api_key_unsendable' });
      expect(parseRequest({ type: 'saveSettings', settings: DEFAULT_SETTINGS, apiKey: key })?.success).toBe(
        false,
      );
    }
    expect(apiKeyProblem('  good-key-123\n')).toBeUndefined();
  });
});

describe('key storage migration', () => {
  beforeEach(() => fakeBrowser.reset());

  it('a bare stored key (version 1) becomes a key of the configured service’s origin', async () => {
    await fakeBrowser.storage.local.set({
      settings: settingsFor('http://127.0.0.1:9999/prefix'),
      settings$: { v: 2 },
      serviceApiKey: 'legacy-key-00000000000042',
      serviceApiKey$: { v: 1 },
    });
    const stored = await activeKeyItem.getValue();
    expect(stored).toMatchObject({ key: 'legacy-key-00000000000042', origin: 'http://127.0.0.1:9999' });
    expect(stored.id).not.toBe('');
    expect(await fakeBrowser.storage.local.get('serviceApiKey$')).toEqual({ serviceApiKey$: { v: 3 } });
  });

  it('a bare key stored without a service URL belongs to no origin, so it is sent nowhere', async () => {
    await fakeBrowser.storage.local.set({ serviceApiKey: 'legacy-key', serviceApiKey$: { v: 1 } });
    expect(await activeKeyItem.getValue()).toMatchObject({ key: 'legacy-key', origin: '' });
  });
});
