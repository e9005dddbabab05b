// @vitest-environment node
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { AppError } from '../../../utils/error-info';
import { apiKeys } from '../../../utils/keys/background/api-key';
import {
  BOUND_KEYS,
  FAILURES_ITEM,
  type KeyLock,
  LOCK_ITEM,
  STAGED_LOCK_ITEM,
} from '../../../utils/keys/background/key-vault';
import type { StoredKeys } from '../../../utils/keys/background/stored-key';
import { FIRST_PROFILE_ID } from '../../../utils/profiles/first-profile';
import { DEFAULT_SETTINGS } from '../../../utils/settings/defaults';
import { makeBackgroundApp, pollAlarmTime, startWorker } from '../support/background-app';
import { referenceServiceForFile } from '../support/reference-service';

const KEY = 'lock-test-key-000000000000001';
const PASSPHRASE = 'correct horse battery';
const NEXT = 'a new passphrase, longer';

const service = referenceServiceForFile({ accounts: { [KEY]: 100 }, videoDurationMs: 300 });
const POLLING = { timeout: 5000, interval: 100 };

type Harness = Awaited<ReturnType<typeof makeBackgroundApp>>;

const keysSent = () => service.requests().map((request) => request.headers['x-api-key']);

/** Everything storage.local holds, as text: the key must be in none of it. */
async function localText(): Promise<string> {
  return JSON.stringify(await fakeBrowser.storage.local.get(null));
}

/** The passphrase in any spelling a careless store would use: as typed, base64, hex. */
const passphraseSpellings = [
  PASSPHRASE,
  Buffer.from(PASSPHRASE).toString('base64'),
  Buffer.from(PASSPHRASE).toString('hex'),
];

/** Both storage areas, where only the master may stand for the passphrase. */
async function storedText(): Promise<string> {
  const session = await fakeBrowser.storage.session.get(null);
  return JSON.stringify([await fakeBrowser.storage.local.get(null), session]);
}

async function kindOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return error instanceof AppError ? error.info.kind : String(error);
  }
}

async function locked(): Promise<Harness> {
  const harness = await makeBackgroundApp(service, {}, KEY);
  await harness.app.handlers.setKeyLock({ type: 'setKeyLock', passphrase: PASSPHRASE, idleMin: 15 });
  return harness;
}

const submitVideo = (harness: Harness) =>
  harness.app.handlers.submitVideo({
    type: 'submitVideo',
    prompt: 'a lighthouse in fog',
    options: DEFAULT_SETTINGS.videoDefaults,
  });

const unlock = (harness: Harness, passphrase = PASSPHRASE) =>
  harness.app.handlers.unlockKeys({ type: 'unlockKeys', passphrase });

/** A browser restart: storage.session is gone, storage.local and the alarms stay; a new worker starts. */
async function restartBrowser(): Promise<Harness> {
  await fakeBrowser.storage.session.clear();
  const harness = startWorker();
  await harness.app.resume();
  return harness;
}

describe('the passphrase lock', () => {
  it('stores the key sealed only; locked, nothing is sent; unlocked, the key works again', async () => {
    const harness = await locked();
    const text = await localText();
    expect(text).not.toContain(KEY);
    expect(text).not.toContain(PASSPHRASE);
    expect(text).toContain('PBKDF2-SHA-256');
    expect(await harness.items.keyStatus.getValue()).toMatchObject({ set: true, lock: 'passphrase' });

    await harness.app.handlers.lockKeys({ type: 'lockKeys' });
    expect(await harness.items.keyStatus.getValue()).toMatchObject({ locked: true, set: false });
    const before = service.requests().length;
    expect(await kindOf(submitVideo(harness))).toBe('locked');
    expect(
      await kindOf(harness.app.handlers.testConnection({ type: 'testConnection', baseUrl: service.url })),
    ).toBe('locked');
    // A key saved while locked would need the passphrase to be sealed: refused.
    const save = harness.app.handlers.saveSettings({
      type: 'saveSettings',
      settings: { ...DEFAULT_SETTINGS, pollIntervalSec: 1, baseUrl: service.url },
      apiKey: 'another-key-0000000000000002',
    });
    expect(await kindOf(save)).toBe('locked');
    expect(service.requests()).toHaveLength(before);

    const started = performance.now();
    await unlock(harness);
    console.info(`unlock took ${Math.round(performance.now() - started)} ms`);
    const status = await harness.items.keyStatus.getValue();
    expect(status).toMatchObject({ set: true });
    expect(status.locked).toBeUndefined();
    // That item is on disk too: under a lock it has no part of the key, not even the last four characters.
    expect(status).not.toHaveProperty('last4');
    const entry = await submitVideo(harness);
    expect(entry.status).toBe('running');
    expect(keysSent().at(-1)).toBe(KEY);
    // The passphrase was used and forgotten: the unlocked session keeps the master derived from it.
    const stored = await storedText();
    for (const spelling of passphraseSpellings) expect(stored).not.toContain(spelling);
    expect(stored).toContain('"master"');
  });

  it('a pending job waits while locked (never polled, no alarm) and finishes, announced, once unlocked', async () => {
    const harness = await locked();
    service.configure({ videoDurationMs: 0 });
    const entry = await submitVideo(harness);
    const restarted = await restartBrowser();
    expect(await restarted.items.keyStatus.getValue()).toMatchObject({ locked: true });
    const before = service.requests().length;
    for (let pass = 0; pass < 3; pass++) await restarted.app.tracker.tick();
    expect(service.requests()).toHaveLength(before);
    expect(await pollAlarmTime()).toBeUndefined();
    expect((await restarted.items.history.getValue()).find((row) => row.id === entry.id)?.status).toBe(
      'running',
    );

    await unlock(restarted);
    await expect
      .poll(
        async () => (await restarted.items.history.getValue()).find((row) => row.id === entry.id)?.status,
        POLLING,
      )
      .toBe('completed');
    await expect.poll(() => restarted.notifications.length, POLLING).toBe(1);
    expect(new Set(keysSent())).toEqual(new Set([KEY]));
  });

  it('a wrong passphrase is refused, and repeated ones wait longer each time, across worker restarts', async () => {
    const harness = await locked();
    await harness.app.handlers.lockKeys({ type: 'lockKeys' });
    expect(await kindOf(unlock(harness, 'wrong one 1'))).toBe('wrong_passphrase');
    expect(await kindOf(unlock(harness, 'wrong one 2'))).toBe('wrong_passphrase');
    const third = await unlock(harness, 'wrong one 3').catch((error: AppError) => error.info);
    expect(third).toMatchObject({ kind: 'wrong_passphrase', retryAfterMs: 1000 });
    // Even the right passphrase waits out the delay, and a new worker still knows of it.
    const again = await startWorker()
      .app.handlers.unlockKeys({ type: 'unlockKeys', passphrase: PASSPHRASE })
      .catch((error: AppError) => error.info);
    expect(again).toMatchObject({ kind: 'wrong_passphrase' });
    expect((again as { retryAfterMs: number }).retryAfterMs).toBeGreaterThan(0);
    // Once the delay passed, a fourth wrong one waits twice as long.
    await fakeBrowser.storage.local.set({ [FAILURES_ITEM]: { count: 3, notBefore: 0 } });
    const fourth = await unlock(harness, 'wrong one 4').catch((error: AppError) => error.info);
    expect(fourth).toMatchObject({ retryAfterMs: 2000 });
    await fakeBrowser.storage.local.set({ [FAILURES_ITEM]: { count: 4, notBefore: 0 } });
    await unlock(harness);
    expect((await fakeBrowser.storage.local.get(FAILURES_ITEM))[FAILURES_ITEM]).toBeFalsy();
  });

  it('a passphrase change cut short between its two writes loses no key; either passphrase then unlocks', async () => {
    const harness = await locked();
    const set = fakeBrowser.storage.local.set.bind(fakeBrowser.storage.local);
    vi.spyOn(fakeBrowser.storage.local, 'set').mockImplementation(async (items) => {
      if (LOCK_ITEM in items) throw new Error('worker stopped');
      return set(items);
    });
    const change = harness.app.handlers.changePassphrase({
      type: 'changePassphrase',
      passphrase: PASSPHRASE,
      next: NEXT,
    });
    await expect(change).rejects.toThrow('worker stopped');
    vi.restoreAllMocks();
    expect((await fakeBrowser.storage.local.get(STAGED_LOCK_ITEM))[STAGED_LOCK_ITEM]).toBeTruthy();

    const restarted = await restartBrowser();
    await unlock(restarted, NEXT);
    expect((await fakeBrowser.storage.local.get(STAGED_LOCK_ITEM))[STAGED_LOCK_ITEM]).toBeFalsy();
    expect(await restarted.items.keyStatus.getValue()).toMatchObject({ set: true });
    await submitVideo(restarted);
    expect(keysSent().at(-1)).toBe(KEY);
    // The new passphrase is the one now; the old one no longer opens.
    await restarted.app.handlers.lockKeys({ type: 'lockKeys' });
    expect(await kindOf(unlock(restarted))).toBe('wrong_passphrase');
    await unlock(restarted, NEXT);
  });

  it('after a change cut short, the old passphrase unlocks too, and the staged record is dropped', async () => {
    const harness = await locked();
    const set = fakeBrowser.storage.local.set.bind(fakeBrowser.storage.local);
    vi.spyOn(fakeBrowser.storage.local, 'set').mockImplementation(async (items) => {
      if (LOCK_ITEM in items) throw new Error('worker stopped');
      return set(items);
    });
    await harness.app.handlers
      .changePassphrase({ type: 'changePassphrase', passphrase: PASSPHRASE, next: NEXT })
      .catch(() => undefined);
    vi.restoreAllMocks();
    // Cleared before the writes: nothing is sealed again until an unlock settles which record stays.
    expect(await harness.items.keyStatus.getValue()).toMatchObject({ locked: true });
    await unlock(harness);
    expect((await fakeBrowser.storage.local.get(STAGED_LOCK_ITEM))[STAGED_LOCK_ITEM]).toBeFalsy();
    expect(await harness.items.apiKey.getValue()).toMatchObject({ key: KEY });
  });

  it('a completed change asks for the current passphrase and leaves only the new one working', async () => {
    const harness = await locked();
    const wrong = harness.app.handlers.changePassphrase({
      type: 'changePassphrase',
      passphrase: 'not the one',
      next: NEXT,
    });
    expect(await kindOf(wrong)).toBe('wrong_passphrase');
    await harness.app.handlers.changePassphrase({
      type: 'changePassphrase',
      passphrase: PASSPHRASE,
      next: NEXT,
    });
    await harness.app.handlers.lockKeys({ type: 'lockKeys' });
    expect(await kindOf(unlock(harness))).toBe('wrong_passphrase');
    await unlock(harness, NEXT);
    expect(await harness.items.apiKey.getValue()).toMatchObject({ key: KEY });
  });

  it('a key saved while unlocked is sealed too, and unlocks after a restart', async () => {
    const harness = await locked();
    const other = 'saved-while-unlocked-00000003';
    await harness.app.handlers.saveSettings({
      type: 'saveSettings',
      settings: { ...DEFAULT_SETTINGS, pollIntervalSec: 1, baseUrl: service.url },
      apiKey: other,
    });
    expect(await localText()).not.toContain(other);
    const restarted = await restartBrowser();
    await unlock(restarted);
    expect(await restarted.items.apiKey.getValue()).toMatchObject({ key: other });
  });

  it('removing the lock asks for the passphrase and stores the keys plain again', async () => {
    const harness = await locked();
    await harness.app.handlers.lockKeys({ type: 'lockKeys' });
    expect(
      await kindOf(harness.app.handlers.removeKeyLock({ type: 'removeKeyLock', passphrase: 'nope nope' })),
    ).toBe('wrong_passphrase');
    await harness.app.handlers.removeKeyLock({ type: 'removeKeyLock', passphrase: PASSPHRASE });
    expect((await fakeBrowser.storage.local.get(LOCK_ITEM))[LOCK_ITEM]).toBeFalsy();
    expect(await localText()).toContain(KEY);
    const status = await harness.items.keyStatus.getValue();
    expect(status).toMatchObject({ set: true, last4: '0001' });
    expect(status.lock).toBeUndefined();
    const restarted = await restartBrowser();
    await submitVideo(restarted);
    expect(keysSent().at(-1)).toBe(KEY);
  });

  it('locks by itself once the chosen idle time passed without use', async () => {
    const harness = await locked();
    const alarm = await fakeBrowser.alarms.get('promptcast-key-lock-idle');
    expect(alarm?.scheduledTime).toBeGreaterThan(Date.now() + 14 * 60_000);
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 16 * 60_000);
    await harness.app.onIdleAlarm();
    vi.restoreAllMocks();
    expect(await harness.items.keyStatus.getValue()).toMatchObject({ locked: true });
  });
});

const storedLockRecord = async (): Promise<KeyLock> =>
  (await fakeBrowser.storage.local.get(LOCK_ITEM))[LOCK_ITEM] as KeyLock;

/** Edits the stored lock as someone with write access to the profile folder would. */
async function tamper(edit: (lock: KeyLock) => KeyLock): Promise<void> {
  await fakeBrowser.storage.local.set({ [LOCK_ITEM]: edit(await storedLockRecord()) });
}

const firstSealed = (lock: KeyLock) => {
  const entry = lock.keys?.[FIRST_PROFILE_ID];
  if (!entry) throw new Error('no sealed key for the first profile');
  return entry;
};

describe('a sealed key is bound to its profile, origin and id', () => {
  it('an origin, key id or profile edited in the clear makes the unlock fail, and nothing is sent anywhere', async () => {
    const harness = await locked();
    await harness.app.handlers.lockKeys({ type: 'lockKeys' });
    const original = await storedLockRecord();
    expect(original.v).toBe(BOUND_KEYS);
    const entry = firstSealed(original);
    const edits: ((lock: KeyLock) => KeyLock)[] = [
      (lock) => ({
        ...lock,
        keys: { [FIRST_PROFILE_ID]: { ...entry, origin: 'https://elsewhere.example' } },
      }),
      (lock) => ({ ...lock, keys: { [FIRST_PROFILE_ID]: { ...entry, id: 'another-key-id' } } }),
      (lock) => ({ ...lock, keys: { 'another-profile': entry } }),
      // Without the format's marker a bound key is opened unbound, which fails the same way.
      ({ v: _, ...lock }) => lock,
    ];
    const before = service.requests().length;
    for (const [index, edit] of edits.entries()) {
      await fakeBrowser.storage.local.set({ [LOCK_ITEM]: edit(original), [FAILURES_ITEM]: null });
      expect(await kindOf(unlock(harness)), `edit ${index}`).toBe('wrong_passphrase');
      expect(await harness.items.keyStatus.getValue(), `edit ${index}`).toMatchObject({ locked: true });
    }
    expect(service.requests()).toHaveLength(before);
    await fakeBrowser.storage.local.set({ [LOCK_ITEM]: original, [FAILURES_ITEM]: null });
    await unlock(harness);
    expect(await harness.items.apiKey.getValue()).toMatchObject({ key: KEY });
  });

  it('a lock of an earlier release (keys sealed unbound) opens, and the unlock seals its keys again, bound', async () => {
    const fixture = JSON.parse(
      readFileSync(path.join(import.meta.dirname, '../fixtures/key-lock-v1.json'), 'utf8'),
    ) as { passphrase: string; keys: StoredKeys; keyLock: KeyLock };
    const harness = await makeBackgroundApp(service, {}, '');
    await fakeBrowser.storage.local.set({ [LOCK_ITEM]: fixture.keyLock });
    await unlock(harness, fixture.passphrase);
    expect(await apiKeys.all()).toEqual(fixture.keys);
    const resealed = await storedLockRecord();
    expect(resealed).toMatchObject({ v: BOUND_KEYS, kdf: fixture.keyLock.kdf, idleMin: 15 });
    expect(firstSealed(resealed).sealed.data).not.toBe(firstSealed(fixture.keyLock).sealed.data);
    expect(await localText()).not.toContain('fixture-first-key');

    // Sealed again bound: from now on an edited origin no longer opens.
    await harness.app.handlers.lockKeys({ type: 'lockKeys' });
    await tamper((lock) => ({
      ...lock,
      keys: {
        ...lock.keys,
        [FIRST_PROFILE_ID]: { ...firstSealed(lock), origin: 'https://elsewhere.example' },
      },
    }));
    expect(await kindOf(unlock(harness, fixture.passphrase))).toBe('wrong_passphrase');
  });
});

describe('the wait after wrong passphrases', () => {
  it('is never longer than a minute, even when the clock was set back by an hour', async () => {
    const harness = await locked();
    await harness.app.handlers.lockKeys({ type: 'lockKeys' });
    // Five wrong passphrases made an hour ago by this clock, which has since been set back.
    await fakeBrowser.storage.local.set({ [FAILURES_ITEM]: { count: 5, notBefore: Date.now() + 3_600_000 } });
    const waiting = await unlock(harness).catch((error: AppError) => error.info);
    expect(waiting).toMatchObject({ kind: 'wrong_passphrase' });
    expect((waiting as { retryAfterMs: number }).retryAfterMs).toBeLessThanOrEqual(60_000);
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 60_001);
    await unlock(harness);
    vi.restoreAllMocks();
    expect(await harness.items.keyStatus.getValue()).toMatchObject({ set: true });
  });
});

describe('forgetting keys when the browser closes', () => {
  it('keeps keys in the session only: after a restart there is no key and jobs wait until it is entered again', async () => {
    const harness = await makeBackgroundApp(service, {}, KEY);
    service.configure({ videoDurationMs: 0 });
    await harness.app.handlers.setKeyMode({ type: 'setKeyMode', mode: 'session' });
    expect(await localText()).not.toContain(KEY);
    const entry = await submitVideo(harness);
    expect(keysSent().at(-1)).toBe(KEY);

    const restarted = await restartBrowser();
    expect(await restarted.items.keyStatus.getValue()).toMatchObject({ set: false, lock: 'session' });
    const before = service.requests().length;
    await restarted.app.tracker.tick();
    expect(service.requests()).toHaveLength(before);
    expect(await pollAlarmTime()).toBeUndefined();

    await restarted.app.handlers.saveSettings({
      type: 'saveSettings',
      settings: { ...DEFAULT_SETTINGS, pollIntervalSec: 1, baseUrl: service.url },
      apiKey: KEY,
    });
    expect(await localText()).not.toContain(KEY);
    await expect
      .poll(
        async () => (await restarted.items.history.getValue()).find((row) => row.id === entry.id)?.status,
        POLLING,
      )
      .toBe('completed');
  });
});
