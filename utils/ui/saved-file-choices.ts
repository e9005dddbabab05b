import type { Settings } from '../settings/schema';
import { settingsItem } from '../storage/items';
import { shownSettings } from './stored-view';

/** How a page saves a file: whether a PNG carries its prompt, and the name template. */
export type SavedFileChoices = Pick<Settings, 'promptInFiles' | 'fileNameTemplate'>;

/** The person's choices, read as pages read settings, at the moment of a save. */
export async function savedFileChoices(): Promise<SavedFileChoices> {
  const { promptInFiles, fileNameTemplate } = shownSettings(await settingsItem.getValue());
  return { promptInFiles, fileNameTemplate };
}
