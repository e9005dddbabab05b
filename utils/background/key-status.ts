import { originOf } from '../http-url';
import type { KeyStatus } from '../messaging/protocol';
import type { Settings } from '../settings/schema';
import { keyStatusItem } from '../storage/items';
import { apiKeys } from './api-key';
import { readProfiles } from './profile-store';
import { keyBelongsTo, keyHint, type StoredKey } from './stored-key';

/** `set` only when the stored key belongs to the configured service; `origin` says where it does belong. */
export function keyStatus(stored: StoredKey, settings: Settings): KeyStatus {
  if (!stored.key) return { set: false };
  const last4 = keyHint(stored.key);
  return {
    set: keyBelongsTo(stored, originOf(settings.baseUrl)),
    origin: stored.origin,
    ...(last4 ? { last4 } : {}),
  };
}

/**
 * Pages learn about the active profile's key only from this item; rewritten after every change of a key,
 * a service or the active profile.
 */
export async function writeKeyStatus(): Promise<void> {
  const { profiles, settings } = await readProfiles();
  await keyStatusItem.setValue(keyStatus(await apiKeys.of(profiles.activeId), settings));
}
