import { FIRST_PROFILE_ID } from '../profiles/first-profile';
import { validSettingsItem } from '../settings/store';
import { defineVersionedItem } from '../storage/versioned-item';
import { readProfiles } from './profile-store';
import { keyFromVersion1, NO_KEY, readStoredKey, type StoredKey, storedKeySchema } from './stored-key';

/** Version 3: each profile's key under the profile's id, each checked on its own (readStoredKeys). */
export type StoredKeys = Record<string, StoredKey>;

/** Version 2's one key was the one configuration's, which became the first profile. */
export function keysFromVersion2(stored: unknown): StoredKeys {
  const key = readStoredKey(stored);
  return key.key ? { [FIRST_PROFILE_ID]: key } : {};
}

/** Keys of any unreadable shape are dropped one by one, never all for one bad record. */
export function readStoredKeys(stored: unknown): StoredKeys {
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return {};
  const keys: StoredKeys = {};
  for (const [profileId, value] of Object.entries(stored)) {
    const key = readStoredKey(value);
    if (key.key) keys[profileId] = key;
  }
  return keys;
}

const storedKeys = defineVersionedItem('local:serviceApiKey', {
  version: 3,
  migrations: {
    2: async (stored: unknown) =>
      keyFromVersion1(stored, (await validSettingsItem.getValue()).baseUrl, () => crypto.randomUUID()),
    3: keysFromVersion2,
  },
});

/**
 * The API keys' only home, one per profile. Imported by background code alone: a test checks that no page
 * bundle references the storage key above, and pages learn only whether the active profile has a key, for
 * which origin, and (for long keys) its last 4 characters.
 */
export const apiKeys = {
  all: async (): Promise<StoredKeys> => readStoredKeys(await storedKeys.getValue()),
  of: async (profileId: string): Promise<StoredKey> => (await apiKeys.all())[profileId] ?? NO_KEY,
  /** NO_KEY removes the profile's key. */
  set: async (profileId: string, value: StoredKey): Promise<void> => {
    const { [profileId]: _, ...others } = await apiKeys.all();
    await storedKeys.setValue(value.key ? { ...others, [profileId]: storedKeySchema.parse(value) } : others);
  },
};

/** The active profile's key, for code that knows one configuration (the development defaults). */
export const activeKeyItem = {
  getValue: async (): Promise<StoredKey> => apiKeys.of((await readProfiles()).profiles.activeId),
  setValue: async (value: StoredKey): Promise<void> =>
    apiKeys.set((await readProfiles()).profiles.activeId, value),
};
