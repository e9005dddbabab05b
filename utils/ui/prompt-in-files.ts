import { settingsItem } from '../storage/items';
import { shownSettings } from './stored-view';

/** Whether a PNG a page saves carries its prompt: the person's setting, read as pages read settings, at the save. */
export async function promptInFilesChosen(): Promise<boolean> {
  return shownSettings(await settingsItem.getValue()).promptInFiles;
}
