import { storage } from 'wxt/utils/storage';
import { validSettingsItem } from '../settings/store';
import { keyFromVersion1, readStoredKey, type StoredKey, storedKeySchema } from './stored-key';

const storedKey = storage.defineItem<StoredKey | null>('local:serviceApiKey', {
  fallback: null,
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
  /** Runs the version migration now (it also runs on first access); for tests of stored fixtures. */
  migrate: () => storedKey.migrate(),
};
