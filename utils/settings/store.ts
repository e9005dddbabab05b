import { storage } from 'wxt/utils/storage';
import { SETTINGS_KEY } from '../storage/items';
import { DEFAULT_SETTINGS } from './defaults';
import { repairSettings } from './repair';
import { type Settings, settingsSchema } from './schema';

const storedSettings = storage.defineItem<Settings>(SETTINGS_KEY, {
  fallback: DEFAULT_SETTINGS,
  version: 2,
  // Version 1 is whatever was stored before versioning: each field is kept while it is still valid.
  migrations: { 2: repairSettings },
});

/** The background's settings: validated with zod on every write, repaired on every read. */
export const settingsItem = {
  getValue: async (): Promise<Settings> => repairSettings(await storedSettings.getValue()),
  setValue: async (value: Settings): Promise<void> => storedSettings.setValue(settingsSchema.parse(value)),
};
