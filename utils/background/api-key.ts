import { validSettingsItem } from '../settings/store';
import { defineVersionedItem } from '../storage/versioned-item';
import { keyFromVersion1, readStoredKey, type StoredKey, storedKeySchema } from './stored-key';

const storedKey = defineVersionedItem('local:serviceApiKey', {
  version: 2,
  migrations: {
    2: async (stored: unknown) =>
      keyFromVersion1(stored, (await validSettingsItem.getValue()).baseUrl, () => crypto.randomUUID()),
  },
});

/**
 * The API key's only home. Imported by background code alone: a test checks that no page bundle
 * references the storage key above, and pages learn only whether a key is set, for which origin, and
 * (for long keys) its last 4 characters.
 */
export const apiKeyItem = {
  getValue: async (): Promise<StoredKey> => readStoredKey(await storedKey.getValue()),
  setValue: async (value: StoredKey): Promise<void> => storedKey.setValue(storedKeySchema.parse(value)),
};
