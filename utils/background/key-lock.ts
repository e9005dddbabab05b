import { browser } from 'wxt/browser';
import { AppError } from '../error-info';
import { openAll, sealAll } from '../lock/seal';
import { unlockDelayMs } from '../lock/unlock-delay';
import { checkVerifier, sealVerifier } from '../lock/verifier';
import type { RequestOf } from '../messaging/protocol';
import { apiKeys, storedKeys } from './api-key';
import type { Context } from './context';
import { writeKeyStatus } from './key-status';
import {
  FAILURES_ITEM,
  type KeyLock,
  LOCK_ITEM,
  PLAIN_KEYS_ITEM,
  STAGED_LOCK_ITEM,
  session,
  storedFailures,
  storedLock,
} from './key-vault';
import type { StoredKeys } from './stored-key';

/** Locks the keys once the person chose an idle time and that long passed without a key being used. */
export const IDLE_ALARM = 'promptcast-key-lock-idle';

type Done = { done: true };
const DONE: Done = { done: true };

const pairs = Object.entries;

async function sealKeys(keys: StoredKeys, passphrase: string, idleMin: number): Promise<KeyLock> {
  const [sealed, verifier] = await Promise.all([
    sealAll(Object.fromEntries(pairs(keys).map(([id, { key }]) => [id, key])), passphrase),
    sealVerifier(passphrase),
  ]);
  const records = pairs(keys).map(([id, { origin, id: keyId }]) => [
    id,
    { sealed: sealed[id], origin, id: keyId },
  ]);
  return { mode: 'passphrase', verifier, idleMin, keys: Object.fromEntries(records) };
}

async function openKeys(lock: KeyLock, passphrase: string): Promise<StoredKeys> {
  const keys = lock.keys ?? {};
  const plain = await openAll(
    Object.fromEntries(pairs(keys).map(([id, { sealed }]) => [id, sealed])),
    passphrase,
  );
  return Object.fromEntries(
    pairs(keys).map(([id, { origin, id: keyId }]) => [id, { key: plain[id] ?? '', origin, id: keyId }]),
  );
}

const opens = (lock: KeyLock | undefined, passphrase: string): Promise<boolean> =>
  lock?.verifier
    ? checkVerifier(lock.verifier, passphrase).then(
        () => true,
        () => false,
      )
    : Promise.resolve(false);

/**
 * The lock this passphrase opens, settling a passphrase change a stopped worker left staged: the staged
 * record becomes the lock when the passphrase is its (new) one, and is dropped when it is the old one.
 * Either way every key is in the record returned. Rejects with `wrong_passphrase` when neither opens.
 */
async function openedLock(passphrase: string): Promise<KeyLock> {
  const [lock, staged] = await Promise.all([storedLock(), storedLock(STAGED_LOCK_ITEM)]);
  if (lock?.mode !== 'passphrase') throw new AppError('invalid_input', 'No passphrase is set.');
  if (staged && (await opens(staged, passphrase))) {
    await browser.storage.local.set({ [LOCK_ITEM]: staged });
    await browser.storage.local.remove(STAGED_LOCK_ITEM);
    return staged;
  }
  if (lock.verifier) await checkVerifier(lock.verifier, passphrase);
  if (staged) await browser.storage.local.remove(STAGED_LOCK_ITEM);
  return lock;
}

/**
 * Runs a passphrase check, counting wrong passphrases in a row (kept in storage.local, so neither a worker
 * nor a browser restart resets them) and refusing tries until the delay they earned has passed.
 */
async function counted<T>(ctx: Context, attempt: () => Promise<T>): Promise<T> {
  const failures = await storedFailures();
  const now = ctx.platform.now();
  if (now < failures.notBefore) {
    throw new AppError('wrong_passphrase', 'Too many wrong passphrases: wait before trying again.', {
      retryAfterMs: failures.notBefore - now,
    });
  }
  try {
    const result = await attempt();
    if (failures.count) await browser.storage.local.remove(FAILURES_ITEM);
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

/** What follows any change of the lock: pages, the idle alarm and the jobs see the keys as they are now. */
async function settled(ctx: Context): Promise<Done> {
  await writeKeyStatus();
  await armIdle();
  // Jobs that waited for the keys are polled at once (and announced when done); locked, they stop.
  void ctx.tracker.pollAllNow();
  return DONE;
}

const change = (ctx: Context, run: () => Promise<unknown>): Promise<Done> =>
  ctx.setupChanges(async () => {
    await run();
    return settled(ctx);
  });

/** Seals every key under a new passphrase; the plain ones leave storage.local in the same write. */
export const setKeyLock = (ctx: Context, { passphrase, idleMin }: RequestOf<'setKeyLock'>) =>
  change(ctx, async () => {
    if ((await storedLock())?.mode === 'passphrase') {
      throw new AppError('invalid_input', 'A passphrase is already set: change it instead.');
    }
    const keys = await apiKeys.all();
    const lock = await sealKeys(keys, passphrase, idleMin);
    await browser.storage.local.set({ [LOCK_ITEM]: lock, [PLAIN_KEYS_ITEM]: {} });
    await session.set({ keys, passphrase, usedAt: ctx.platform.now() });
  });

export const unlockKeys = (ctx: Context, { passphrase }: RequestOf<'unlockKeys'>) =>
  change(ctx, async () => {
    const keys = await counted(ctx, async () => openKeys(await openedLock(passphrase), passphrase));
    await session.set({ keys, passphrase, usedAt: ctx.platform.now() });
  });

export const lockKeys = (ctx: Context) =>
  change(ctx, async () => {
    if ((await storedLock())?.mode === 'passphrase') await session.clear();
  });

/**
 * Re-seals every key under the new passphrase in two writes: the new record under a staging item, then
 * the swap. A worker stopped between them leaves both records whole, each with every key, and the next
 * unlock settles which one stays (openedLock); the staging item is removed last.
 */
export const changePassphrase = (ctx: Context, { passphrase, next }: RequestOf<'changePassphrase'>) =>
  change(ctx, async () => {
    const lock = await counted(ctx, () => openedLock(passphrase));
    const keys = await openKeys(lock, passphrase);
    const sealed = await sealKeys(keys, next, lock.idleMin ?? 0);
    await browser.storage.local.set({ [STAGED_LOCK_ITEM]: sealed });
    await browser.storage.local.set({ [LOCK_ITEM]: sealed });
    await browser.storage.local.remove(STAGED_LOCK_ITEM);
    await session.set({ keys, passphrase: next, usedAt: ctx.platform.now() });
  });

/** Stores the keys plain again; asks for the passphrase, as the keys could not be opened without it. */
export const removeKeyLock = (ctx: Context, { passphrase }: RequestOf<'removeKeyLock'>) =>
  change(ctx, async () => {
    const keys = await counted(ctx, async () => openKeys(await openedLock(passphrase), passphrase));
    await storedKeys.setValue(keys);
    await browser.storage.local.remove([LOCK_ITEM, STAGED_LOCK_ITEM]);
    await session.clear();
  });

/** "Forget keys when the browser closes" on (session) or off (plain); a passphrase lock is removed first. */
export const setKeyMode = (ctx: Context, { mode }: RequestOf<'setKeyMode'>) =>
  change(ctx, async () => {
    const lock = await storedLock();
    if (lock?.mode === 'passphrase') throw new AppError('invalid_input', 'Remove the passphrase lock first.');
    const keys = await apiKeys.all();
    if (mode === 'session') {
      await session.set({ keys });
      await browser.storage.local.set({ [LOCK_ITEM]: { mode }, [PLAIN_KEYS_ITEM]: {} });
    } else if (lock) {
      await storedKeys.setValue(keys);
      await browser.storage.local.remove(LOCK_ITEM);
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
  if (unlocked?.passphrase) await session.set({ ...unlocked, usedAt: now });
}

export async function onIdleAlarm(ctx: Context): Promise<void> {
  const [lock, unlocked] = await Promise.all([storedLock(), session.get()]);
  const idleMs = (lock?.idleMin ?? 0) * 60_000;
  if (!unlocked?.passphrase || !idleMs) return;
  if (ctx.platform.now() >= (unlocked.usedAt ?? 0) + idleMs) await lockKeys(ctx);
  else await armIdle();
}

/**
 * At the worker's start: a lock stored while plain keys remain (a write of an older release, or one cut
 * short) keeps the lock's copy only.
 */
export async function settleKeyStorage(): Promise<void> {
  if (!(await storedLock())) return;
  const plain = (await browser.storage.local.get(PLAIN_KEYS_ITEM))[PLAIN_KEYS_ITEM];
  if (plain && typeof plain === 'object' && Object.keys(plain).length > 0) await storedKeys.setValue({});
}
