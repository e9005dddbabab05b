import { originOf } from '../http-url';
import type { KeyStatus } from '../messaging/protocol';
import type { Settings } from '../settings/schema';
import { validSettingsItem } from '../settings/store';
import { keyStatusItem } from '../storage/items';
import { apiKeyItem } from './api-key';
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

/** Pages learn about the key only from this item; rewritten after every key or service change. */
export async function writeKeyStatus(): Promise<void> {
  const [stored, settings] = await Promise.all([apiKeyItem.getValue(), validSettingsItem.getValue()]);
  await keyStatusItem.setValue(keyStatus(stored, settings));
}
