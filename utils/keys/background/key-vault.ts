import { browser } from 'wxt/browser';
import * as z from 'zod/mini';
import { createSerial } from '../../serial';
import { wholeNumber } from '../../whole-number';
import { base64ToBytes } from '../lock/base64';
import { type Master, openSecret, sealSecret } from '../lock/seal';
import { type LockKdf, lockKdfSchema, type SealedSecret } from '../lock/sealed-secret';
import { readStoredKeys, type StoredKey, type StoredKeys } from './stored-key';

/**
 * Where the keys live when the person chose a key lock (README "Key lock"). Without one, keys stay in the
 * plain `serviceApiKey` item (api-key.ts). With one, `keyLock` in storage.local says which lock, and:
 * - passphrase: each key sealed (AES-GCM under a PBKDF2 key of the passphrase) with its origin and id in
 *   the clear, so jobs and pages can tell which service a key is for while it is locked; sealed bound to
 *   them and its profile id (keyBinding), so an edited origin makes the key fail to open, not go there;
 * - session: nothing about the keys in storage.local at all.
 * The usable keys are then in storage.session, which the browser keeps in memory and clears when it
 * closes.
 */

/** One sealed key with the origin and id it was saved with (stored-key.ts), which are no secret. */
export interface LockedKey {
  sealed: SealedSecret;
  origin: string;
  id: string;
}

/**
 * The sealed parts (stretching parameters, verifier, keys) are checked against their schemas where they are
 * opened (seal.ts), and one altered part fails the unlock like a wrong passphrase whatever is checked here.
 */
export const keyLockSchema = z.object({
  mode: z.enum(['passphrase', 'session']),
  /** How the passphrase is stretched into the master (LockKdf); each change of passphrase has its own. */
  kdf: z.optional(z.unknown()),
  /** Checks a passphrase whether or not any key is sealed; each change seals a new one. */
  verifier: z.optional(z.unknown()),
  /** By profile id. */
  keys: z.optional(z.unknown()),
  /** Minutes without use after which the keys are locked again; 0: only when the browser closes. */
  idleMin: z.optional(wholeNumber()),
  /**
   * BOUND_KEYS: every key is sealed with its keyBinding. Absent in locks of earlier releases, whose keys are
   * opened without it and sealed again with it at the next unlock.
   */
  v: z.optional(wholeNumber()),
});
export type KeyLock = Omit<z.infer<typeof keyLockSchema>, 'kdf' | 'verifier' | 'keys'> & {
  kdf?: LockKdf;
  verifier?: SealedSecret;
  keys?: Record<string, LockedKey>;
};

/** The plain keys' item (api-key.ts), emptied in the same write that stores a lock. */
export const PLAIN_KEYS_ITEM = 'serviceApiKey';
export const LOCK_ITEM = 'keyLock';
/** A changed passphrase's whole record, written before it replaces `keyLock` (see changePassphrase). */
export const STAGED_LOCK_ITEM = 'keyLockNext';
export const FAILURES_ITEM = 'keyLockFailures';
const SESSION_ITEM = 'unlockedKeys';

/** The lock format whose keys are sealed with their keyBinding; locks of earlier releases carry none. */
export const BOUND_KEYS = 2;

/**
 * What a sealed key is bound to (AES-GCM additional data): the profile it is stored under and the origin and
 * id stored in the clear beside it. Changing any of them, or moving the entry to another profile, makes the
 * key fail to open as a wrong passphrase does, rather than be sent to another service.
 */
const keyBinding = (profileId: string, { origin, id }: Pick<StoredKey, 'origin' | 'id'>) =>
  new TextEncoder().encode(JSON.stringify(['promptcast-key', BOUND_KEYS, profileId, origin, id]));

export async function sealKey(profileId: string, key: StoredKey, master: Master): Promise<LockedKey> {
  const { origin, id } = key;
  return { sealed: await sealSecret(key.key, master, keyBinding(profileId, key)), origin, id };
}

/** Opens a key of `lock`, bound or not as the lock's format says. */
export async function openKey(
  lock: KeyLock,
  profileId: string,
  locked: LockedKey,
  master: Master,
): Promise<StoredKey> {
  const { origin, id } = locked;
  // Removing the marker skips no check: a bound key opened unbound fails like a wrong passphrase.
  const bound = lock.v === undefined ? undefined : keyBinding(profileId, locked);
  return { key: await openSecret(locked.sealed, master, bound), origin, id };
}

export function readLock(stored: unknown): KeyLock | undefined {
  const parsed = keyLockSchema.safeParse(stored);
  return parsed.success ? (parsed.data as KeyLock) : undefined;
}

export const storedLock = async (item = LOCK_ITEM): Promise<KeyLock | undefined> =>
  readLock((await browser.storage.local.get(item))[item]);

/** What storage.session holds while keys are usable. */
export interface UnlockedKeys {
  keys: StoredKeys;
  /**
   * Passphrase mode only: the lock's master (base64), to seal a key saved while unlocked. The passphrase
   * itself is not kept anywhere (README: what the session holds).
   */
  master?: string;
  /** The last time a key was used, for the idle lock. */
  usedAt?: number;
}

/**
 * Writes of the session one after another: `update` runs from sync's own queue too, outside setupChanges,
 * and must never write back keys that a lock cleared meanwhile.
 */
const sessionWrites = createSerial();
const writeSession = (value?: UnlockedKeys) =>
  value
    ? browser.storage.session.set({ [SESSION_ITEM]: value })
    : browser.storage.session.remove(SESSION_ITEM);

export const session = {
  get: async (): Promise<UnlockedKeys | undefined> => {
    const value = (await browser.storage.session.get(SESSION_ITEM))[SESSION_ITEM] as UnlockedKeys | undefined;
    return value && { ...value, keys: readStoredKeys(value.keys) };
  },
  set: (value: UnlockedKeys) => sessionWrites(() => writeSession(value)),
  clear: () => sessionWrites(() => writeSession()),
  /** Changes the usable keys, when there are any, with no other write of the session in between. */
  update: (change: (keys: StoredKeys) => StoredKeys) =>
    sessionWrites(async () => {
      const unlocked = await session.get();
      if (unlocked) await writeSession({ ...unlocked, keys: change(unlocked.keys) });
    }),
};

/**
 * The passphrase lock's master and stretching parameters while it is unlocked: what a backup that shares
 * the lock's passphrase seals its root under. Undefined without a passphrase lock, or while it is locked.
 */
export async function unlockedMaster(): Promise<{ master: Master; kdf: LockKdf } | undefined> {
  const [lock, unlocked] = await Promise.all([storedLock(), session.get()]);
  const kdf = lockKdfSchema.safeParse(lock?.kdf);
  if (lock?.mode !== 'passphrase' || !unlocked?.master || !kdf.success) return undefined;
  return { master: base64ToBytes(unlocked.master), kdf: kdf.data };
}

/** `record` without these ids' entries, or undefined when it held none of them (nothing to write). */
function without<T>(record: Readonly<Record<string, T>> | undefined, ids: readonly string[]) {
  if (!record || !ids.some((id) => Object.hasOwn(record, id))) return undefined;
  return Object.fromEntries(Object.entries(record).filter(([id]) => !ids.includes(id)));
}

/**
 * Drops these profiles' keys in every form: the session's copy, then, in one storage.local write with `also`
 * (the profiles that lost them), the plain one and the sealed ones of the lock and of a staged passphrase
 * change. A sealed entry goes whole, so this needs no master and works while locked. The session's copy goes
 * first: a worker stopped in between leaves the key where it was at rest, never a copy a later write of the
 * session's keys (setKeyMode, setKeyLock) could store again for a profile that is gone.
 */
export async function forgetKeysOf(
  ids: readonly string[],
  also: Record<string, unknown> = {},
): Promise<void> {
  const items = { ...also };
  if (ids.length) {
    await session.update((keys) => without(keys, ids) ?? keys);
    const stored = await browser.storage.local.get([PLAIN_KEYS_ITEM, LOCK_ITEM, STAGED_LOCK_ITEM]);
    const plain = without(readStoredKeys(stored[PLAIN_KEYS_ITEM]), ids);
    if (plain) items[PLAIN_KEYS_ITEM] = plain;
    for (const name of [LOCK_ITEM, STAGED_LOCK_ITEM]) {
      const lock = readLock(stored[name]);
      const sealed = without(lock?.keys, ids);
      if (lock && sealed) items[name] = { ...lock, keys: sealed };
    }
  }
  await browser.storage.local.set(items);
}

/** Wrong passphrases in a row and when the next try is allowed: in storage.local, so no restart resets them. */
export interface UnlockFailures {
  count: number;
  notBefore: number;
}

export async function storedFailures(): Promise<UnlockFailures> {
  const value = (await browser.storage.local.get(FAILURES_ITEM))[FAILURES_ITEM] as
    | Partial<UnlockFailures>
    | undefined;
  // A damaged counter reads as many failures (unlockDelayMs turns NaN into its longest wait).
  return { count: Number(value?.count ?? 0), notBefore: Number(value?.notBefore ?? 0) };
}

/** A passphrase lock whose keys are not in the session: nothing that needs a key may be sent. */
export async function isLocked(): Promise<boolean> {
  const [lock, unlocked] = await Promise.all([storedLock(), session.get()]);
  return lock?.mode === 'passphrase' && !unlocked;
}
