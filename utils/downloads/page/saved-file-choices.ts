import { t } from '../../i18n';
import { profileNames } from '../../profiles/first-profile';
import { shownProfiles } from '../../profiles/page/profiles-view';
import type { Settings } from '../../settings/schema';
import { profilesItem, settingsItem } from '../../storage/items';
import { readItems } from '../../storage/keyed-item';
import { shownSettings } from '../../ui/stored-view';

/** How a page saves a file: whether a PNG carries its prompt, the name template, and the profiles' names. */
export type SavedFileChoices = Pick<Settings, 'promptInFiles' | 'fileNameTemplate'> & {
  profileNames: Record<string, string>;
};

/** The person's choices, read as pages read settings (in one storage call), at the moment of a save. */
export async function savedFileChoices(): Promise<SavedFileChoices> {
  const [storedSettings, storedProfiles] = await readItems([settingsItem, profilesItem]);
  const settings = shownSettings(storedSettings);
  const { list } = shownProfiles(storedProfiles, settings, t('profileDefaultName'));
  return {
    promptInFiles: settings.promptInFiles,
    fileNameTemplate: settings.fileNameTemplate,
    profileNames: profileNames(list),
  };
}
