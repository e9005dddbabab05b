import { readProfiles } from '@/utils/profiles/background';
import { originOf } from '../../http-url';
import type { KeyStatus } from '../../messaging/protocol';
import { isProfileId } from '../../profiles/id';
import type { Settings } from '../../settings/schema';
import { keyStatusItem } from '../../storage/items';
import { apiKeys, type StoredKeys } from './api-key';
import { isLocked, storedLock } from './key-vault';
import { keyBelongsTo, keyHint, NO_KEY, type StoredKey } from './stored-key';

/**
 * `set` only when the active profile's key belongs to its service; `origin` says where it does belong, and
 * `origins` where each profile's key does.
 */
export function keyStatus(stored: StoredKey, settings: Settings, keys: StoredKeys = {}): KeyStatus {
  // The profiles' keys only: the backup's secrets sit beside them under an id no profile can have.
  const origins = Object.fromEntries(
    Object.entries(keys)
      .filter(([id]) => isProfileId(id))
      .map(([id, key]) => [id, key.origin]),
  );
  const all = Object.keys(origins).length > 0 ? { origins } : {};
  if (!stored.key) return { set: false, ...all };
  const last4 = keyHint(stored.key);
  return {
    set: keyBelongsTo(stored, originOf(settings.baseUrl)),
    origin: stored.origin,
    ...(last4 ? { last4 } : {}),
    ...all,
  };
}

/** The full status pages see of this profile's key under these settings, the lock's state included. */
export async function currentKeyStatus(profileId: string, settings: Settings): Promise<KeyStatus> {
  const [keys, lock, locked] = await Promise.all([apiKeys.all(), storedLock(), isLocked()]);
  const { last4, ...status } = keyStatus(keys[profileId] ?? NO_KEY, settings, keys);
  return {
    ...status,
    // This item is on disk: under a lock no part of a key may be, so pages show "Set" without a hint.
    ...(last4 && !lock ? { last4 } : {}),
    ...(lock ? { lock: lock.mode, idleMin: lock.idleMin ?? 0 } : {}),
    ...(locked ? { locked } : {}),
  };
}

/**
 * Pages learn about the active profile's key only from this item; rewritten after every change of a key,
 * a service or the active profile.
 */
export async function writeKeyStatus(): Promise<void> {
  const { profiles, settings } = await readProfiles();
  await keyStatusItem.setValue(await currentKeyStatus(profiles.activeId, settings));
}
