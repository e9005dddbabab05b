import { browser } from 'wxt/browser';
import type { Context } from '../../background/context';
import { AppError } from '../../error-info';
import { t } from '../../i18n';
import type { RequestOf } from '../../messaging/protocol';
import { bytesToBase64 } from '../lock/base64';
import { createMaster, eachSecret, type Master, openMaster } from '../lock/seal';
import { unlockDelayMs, waitUntil } from '../lock/unlock-delay';
import { checkVerifier, sealVerifier } from '../lock/verifier';
import { apiKeys, storedKeys } from './api-key';
import { writeKeyStatus } from './key-status';
import {
  BOUND_KEYS,
  FAILURES_ITEM,
  type KeyLock,
  LOCK_ITEM,
  openKey,
  PLAIN_KEYS_ITEM,
  STAGED_LOCK_ITEM,
  sealKey,
  session,
  storedFailures,
  storedLock,
} from './key-vault';
import type { StoredKeys } from './stored-key';

/** Locks the keys once the person chose an idle time and that long passed without a key being used. */
export const IDLE_ALARM = 'promptcast-key-lock-idle';

type Done = { done: true };
/** A command the pages offer only in another state of the lock (a stale page sent it). */
const refused = () => new AppError('invalid_input', t('refusedLockState'));
const DONE: Done = { done: true };

const sealEach = (keys: StoredKeys, master: Master) =>
  eachSecret(keys, (key, profileId) => sealKey(profileId, key, master));

/** Every key sealed under a new passphrase's master, and a verifier for when no key is left to check. */
async function sealKeys(keys: StoredKeys, passphrase: string, idleMin: number) {
  const { kdf, master } = await createMaster(passphrase);
  const [sealed, verifier] = await Promise.all([sealEach(keys, master), sealVerifier(master)]);
  const lock: KeyLock = { mode: 'passphrase', kdf, verifier, idleMin, keys: sealed, v: BOUND_KEYS };
  return { lock, master };
}

const openKeys = (lock: KeyLock, master: Master): Promise<StoredKeys> =>
  eachSecret(lock.keys ?? {}, (locked, profileId) => openKey(lock, profileId, locked, master));

/** The master a passphrase gives under `lock`, checked against its verifier. */
async function checkedMaster(lock: KeyLock, passphrase: string): Promise<Master> {
  const master = await openMaster(passphrase, lock.kdf);
  await checkVerifier(lock.verifier, master);
  return master;
}

/**
 * The lock this passphrase opens, and its master, settling a passphrase change a stopped worker left
 * staged: the staged record becomes the lock when the passphrase is its (new) one, and is dropped when it
 * is the old one. Either way every key is in the record returned. Rejects with `wrong_passphrase` when
 * neither opens.
 */
async function openedLock(passphrase: string): Promise<{ lock: KeyLock; master: Master }> {
  const [lock, staged] = await Promise.all([storedLock(), storedLock(STAGED_LOCK_ITEM)]);
  if (lock?.mode !== 'passphrase') throw refused();
  const stagedMaster = staged && (await checkedMaster(staged, passphrase).catch(() => undefined));
  if (staged && stagedMaster) {
    await browser.storage.local.set({ [LOCK_ITEM]: staged, [STAGED_LOCK_ITEM]: null });
    return { lock: staged, master: stagedMaster };
  }
  const master = await checkedMaster(lock, passphrase);
  if (staged) await browser.storage.local.set({ [STAGED_LOCK_ITEM]: null });
  return { lock, master };
}

/** What the session keeps while the keys are usable: the master, never the passphrase. */
const sessionOf = (keys: StoredKeys, master: Master, usedAt: number) => ({
  keys,
  master: bytesToBase64(master),
  usedAt,
});

/**
 * Runs a passphrase check, counting wrong passphrases in a row (kept in storage.local, so neither a worker
 * nor a browser restart resets them) and refusing tries until the delay they earned has passed.
 */
async function counted<T>(ctx: Context, attempt: () => Promise<T>): Promise<T> {
  const failures = await storedFailures();
  const now = ctx.platform.now();
  const notBefore = waitUntil(failures.notBefore, now);
  if (now < notBefore) {
    // Stored as waited for: a clock set back keeps the wait at most the longest, not the distance moved.
    if (notBefore !== failures.notBefore) {
      await browser.storage.local.set({ [FAILURES_ITEM]: { ...failures, notBefore } });
    }
    throw new AppError('wrong_passphrase', { retryAfterMs: notBefore - now });
  }
  try {
    const result = await attempt();
    if (failures.count) await browser.storage.local.set({ [FAILURES_ITEM]: null });
    return result;
  } catch (error) {
    if (!(error instanceof AppError) || error.info.kind !== 'wrong_passphrase') throw error;
    const count = failures.count + 1;
    const delay = unlockDelayMs(count);
    await browser.storage.local.set({ [FAILURES_ITEM]: { count, notBefore: now + delay } });
    throw new AppError('wrong_passphrase', error.message, delay ? { retryAfterMs: delay } : {});
  }
}

/** Arms (or clears) the idle lock for the last use of a key. */
async function armIdle(): Promise<void> {
  const [lock, unlocked] = await Promise.all([storedLock(), session.get()]);
  const idleMin = lock?.mode === 'passphrase' && unlocked ? (lock.idleMin ?? 0) : 0;
  if (idleMin && unlocked) {
    await browser.alarms.create(IDLE_ALARM, { when: (unlocked.usedAt ?? 0) + idleMin * 60_000 });
  } else await browser.alarms.clear(IDLE_ALARM);
}

/** What follows any change of the lock, done or failed: pages, the idle alarm and jobs see the keys as they are. */
async function settled(ctx: Context): Promise<void> {
  await writeKeyStatus();
  await armIdle();
  // Jobs that waited for the keys are polled at once (and announced when done); locked, they stop.
  void ctx.tracker.pollAllNow();
  // A backup that shares the lock's passphrase follows a new one.
  void ctx.backup.afterLockChange();
}

const change = (ctx: Context, run: () => Promise<unknown>): Promise<Done> =>
  ctx.setupChanges(async () => {
    try {
      await run();
    } finally {
      await settled(ctx);
    }
    return DONE;
  });

/** Seals every key under a new passphrase; the plain ones leave storage.local in the same write. */
export const setKeyLock = (ctx: Context, { passphrase, idleMin }: RequestOf<'setKeyLock'>) =>
  change(ctx, async () => {
    if ((await storedLock())?.mode === 'passphrase') {
      throw refused();
    }
    const keys = await apiKeys.all();
    const { lock, master } = await sealKeys(keys, passphrase, idleMin);
    await browser.storage.local.set({ [LOCK_ITEM]: lock, [PLAIN_KEYS_ITEM]: {} });
    await session.set(sessionOf(keys, master, ctx.platform.now()));
  });

/** A lock of an earlier release has its keys sealed again, bound (keyBinding), as they are opened. */
export const unlockKeys = (ctx: Context, { passphrase }: RequestOf<'unlockKeys'>) =>
  change(ctx, async () => {
    const { lock, keys, master } = await counted(ctx, async () => {
      const { lock, master } = await openedLock(passphrase);
      return { lock, keys: await openKeys(lock, master), master };
    });
    if (lock.v !== BOUND_KEYS) {
      const sealed = await sealEach(keys, master);
      await browser.storage.local.set({ [LOCK_ITEM]: { ...lock, keys: sealed, v: BOUND_KEYS } });
    }
    await session.set(sessionOf(keys, master, ctx.platform.now()));
  });

export const lockKeys = (ctx: Context) =>
  change(ctx, async () => {
    if ((await storedLock())?.mode === 'passphrase') await session.clear();
  });

/**
 * Re-seals every key under the new passphrase in two writes: the new record under a staging item, then one
 * that swaps it in and empties the staging item. A worker stopped between them leaves both records whole,
 * each with every key, and the next unlock settles which one stays (openedLock). The session is cleared
 * first, so until that unlock no key is sealed with a passphrase the stored lock may not have.
 */
export const changePassphrase = (ctx: Context, { passphrase, next }: RequestOf<'changePassphrase'>) =>
  change(ctx, async () => {
    const opened = await counted(ctx, () => openedLock(passphrase));
    const keys = await openKeys(opened.lock, opened.master);
    const { lock, master } = await sealKeys(keys, next, opened.lock.idleMin ?? 0);
    await session.clear();
    await browser.storage.local.set({ [STAGED_LOCK_ITEM]: lock });
    await browser.storage.local.set({ [LOCK_ITEM]: lock, [STAGED_LOCK_ITEM]: null });
    await session.set(sessionOf(keys, master, ctx.platform.now()));
  });

/**
 * Stores the keys plain again; asks for the passphrase, as the keys could not be opened without it. A worker
 * stopped between the two writes leaves the lock in place (plain keys beside it are not read, and the next
 * lock overwrites them): the person asked for them plain anyway.
 */
export const removeKeyLock = (ctx: Context, { passphrase }: RequestOf<'removeKeyLock'>) =>
  change(ctx, async () => {
    const keys = await counted(ctx, async () => {
      const { lock, master } = await openedLock(passphrase);
      return openKeys(lock, master);
    });
    await storedKeys.setValue(keys);
    await browser.storage.local.set({ [LOCK_ITEM]: null, [STAGED_LOCK_ITEM]: null });
    await session.clear();
  });

/** "Forget keys when the browser closes" on (session) or off (plain); a passphrase lock is removed first. */
export const setKeyMode = (ctx: Context, { mode }: RequestOf<'setKeyMode'>) =>
  change(ctx, async () => {
    const lock = await storedLock();
    if (lock?.mode === 'passphrase') throw refused();
    const keys = await apiKeys.all();
    if (mode === 'session') {
      await session.set({ keys });
      await browser.storage.local.set({ [LOCK_ITEM]: { mode }, [PLAIN_KEYS_ITEM]: {} });
    } else if (lock) {
      await storedKeys.setValue(keys);
      await browser.storage.local.set({ [LOCK_ITEM]: null });
      await session.clear();
    }
  });

export const setLockIdle = (ctx: Context, { idleMin }: RequestOf<'setLockIdle'>) =>
  change(ctx, async () => {
    const lock = await storedLock();
    if (lock?.mode === 'passphrase') await browser.storage.local.set({ [LOCK_ITEM]: { ...lock, idleMin } });
  });

/** A key was used: the idle time starts again. Run in setupChanges, so it never revives a session just locked. */
export async function markUsed(now: number): Promise<void> {
  const unlocked = await session.get();
  if (unlocked?.master) await session.set({ ...unlocked, usedAt: now });
}

export async function onIdleAlarm(ctx: Context): Promise<void> {
  const [lock, unlocked] = await Promise.all([storedLock(), session.get()]);
  const idleMs = (lock?.idleMin ?? 0) * 60_000;
  if (!unlocked?.master || !idleMs) return;
  if (ctx.platform.now() >= (unlocked.usedAt ?? 0) + idleMs) await lockKeys(ctx);
  else await armIdle();
}
