import { apiKeys, writeKeyStatus, writeProfiles } from '@/utils/keys/background';
import { importLibrary } from '@/utils/library/commands';
import { readProfiles } from '@/utils/profiles/background';
import { t } from '../../i18n';
import { MAX_LIBRARY } from '../../library/limits';
import { repairLibrary } from '../../library/repair';
import { isProfileId } from '../../profiles/id';
import { MAX_PROFILES } from '../../profiles/limits';
import { repairProfiles } from '../../profiles/repair';
import { repairSettings } from '../../settings/repair';
import { libraryItem } from '../../storage/items';
import type { SetupItem } from '../backup-items';

/** The settings, the profiles and the library as a backup holds them (no key is in any of them). */
export async function readSetup(): Promise<SetupItem> {
  const { profiles, settings } = await readProfiles();
  return { settings, profiles, library: await libraryItem.getValue() };
}

/**
 * The backed-up setup, each part repaired as its stored item is. A browser not set up yet (one profile,
 * no key) takes it whole: the settings, the profiles and which one is active. One set up already keeps its
 * own and gains the backup's other profiles. The library gains the prompts it lacks; none is replaced.
 * Keys are in no backup: the person enters them again.
 */
export async function applySetup(item: SetupItem): Promise<void> {
  const settings = repairSettings(item.settings);
  const backed = repairProfiles(item.profiles, settings, t('profileDefaultName'));
  const here = await readProfiles();
  const keys = Object.keys(await apiKeys.all()).filter(isProfileId);
  if (here.profiles.list.length === 1 && keys.length === 0) await writeProfiles(backed, settings);
  else {
    const added = backed.list.filter((profile) => !here.profiles.list.some((own) => own.id === profile.id));
    const list = [...here.profiles.list, ...added].slice(0, MAX_PROFILES);
    await writeProfiles({ ...here.profiles, list }, here.settings);
  }
  await writeKeyStatus();

  const present = new Set(repairLibrary(await libraryItem.getValue()).prompts.map((prompt) => prompt.id));
  const missing = repairLibrary(item.library).prompts.filter((prompt) => !present.has(prompt.id));
  const room = Math.max(0, MAX_LIBRARY - present.size);
  if (missing.length > 0 && room > 0)
    await importLibrary({ type: 'importLibrary', prompts: missing.slice(0, room) });
}
