import { browser } from 'wxt/browser';
import { readProfiles } from '@/utils/profiles/background';
import { AppError } from '../../error-info';
import { FIRST_PROFILE_ID } from '../../profiles/first-profile';
import { validSettingsItem } from '../../settings/store';
import { defineVersionedItem } from '../../storage/versioned-item';
import { base64ToBytes } from '../lock/base64';
import { LOCK_ITEM, PLAIN_KEYS_ITEM, sealKey, session, storedLock } from './key-vault';
import {
  keyFromVersion1,
  NO_KEY,
  readStoredKey,
  readStoredKeys,
  type StoredKey,
  type StoredKeys,
  storedKeySchema,
} from './stored-key';

export { readStoredKeys, type StoredKeys };

/** Version 2's one key was the one configuration's, which became the first profile. */
export function keysFromVersion2(stored: unknown): StoredKeys {
  const key = readStoredKey(stored);
  return key.key ? { [FIRST_PROFILE_ID]: key } : {};
}

export const storedKeys = defineVersionedItem(`local:${PLAIN_KEYS_ITEM}`, {
  version: 3,
  migrations: {
    2: async (stored: unknown) =>
      keyFromVersion1(stored, (await validSettingsItem.getValue()).baseUrl, () => crypto.randomUUID()),
    3: keysFromVersion2,
  },
});

export const lockedError = () => new AppError('locked');

/**
 * The API keys' only way in and out, one per profile: plain in storage.local without a key lock, else the
 * unlocked ones in storage.session (none while locked). Imported by background code alone: a test checks
 * that no page bundle references the storage keys, and pages learn only whether the active profile has a
 * key, for which origin, and (for long keys) its last 4 characters.
 */
export const apiKeys = {
  all: async (): Promise<StoredKeys> =>
    (await storedLock()) ? ((await session.get())?.keys ?? {}) : readStoredKeys(await storedKeys.getValue()),
  of: async (profileId: string): Promise<StoredKey> => (await apiKeys.all())[profileId] ?? NO_KEY,
  /** NO_KEY removes the profile's key. Under a passphrase lock the key is sealed first; locked, refused. */
  set: async (profileId: string, value: StoredKey): Promise<void> => {
    const key = value.key ? storedKeySchema.parse(value) : undefined;
    const lock = await storedLock();
    if (!lock) {
      const { [profileId]: _, ...others } = await apiKeys.all();
      await storedKeys.setValue(key ? { ...others, [profileId]: key } : others);
      return;
    }
    // Session-only keys after a restart: none yet, and the first one is welcome.
    const unlocked = (await session.get()) ?? (lock.mode === 'session' ? { keys: {} } : undefined);
    if (!unlocked) throw lockedError();
    const { [profileId]: _, ...others } = unlocked.keys;
    if (lock.mode === 'passphrase') {
      const { [profileId]: __, ...sealed } = lock.keys ?? {};
      if (key) {
        // Sealed under the session's master only: no other key may ever stand in for it. The lock is bound
        // (BOUND_KEYS): the unlock that gave this session sealed it so, and an update clears the session.
        if (!unlocked.master) throw lockedError();
        sealed[profileId] = await sealKey(profileId, key, base64ToBytes(unlocked.master));
      }
      // The sealed copy first: a worker stopped in between has the key at rest, to be unlocked again.
      await browser.storage.local.set({ [LOCK_ITEM]: { ...lock, keys: sealed } });
    }
    await session.set({ ...unlocked, keys: key ? { ...others, [profileId]: key } : others });
  },
};

/** The active profile's key, for code that knows one configuration (the development defaults). */
export const activeKeyItem = {
  getValue: async (): Promise<StoredKey> => apiKeys.of((await readProfiles()).profiles.activeId),
  setValue: async (value: StoredKey): Promise<void> =>
    apiKeys.set((await readProfiles()).profiles.activeId, value),
};
