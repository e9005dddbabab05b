import { settingsItem } from '../storage/items';
import { repairSettings } from './repair';
import { type Settings, settingsSchema } from './schema';

/** The background's view of the one settings item: repaired on every read, validated on every write. */
export const validSettingsItem = {
  getValue: async (): Promise<Settings> => repairSettings(await settingsItem.getValue()),
  setValue: async (value: Settings): Promise<void> => settingsItem.setValue(settingsSchema.parse(value)),
};
