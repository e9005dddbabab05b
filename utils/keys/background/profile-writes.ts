import { readProfiles, storedProfileEntries } from '@/utils/profiles/background';
import { ownOf } from '../../profiles/repair';
import type { Profiles } from '../../profiles/schema';
import type { Settings } from '../../settings/schema';
import { settingsSchema } from '../../settings/schema';
import { settingsItem } from '../../storage/items';
import { nameOf } from '../../storage/keyed-item';
import { forgetKeysOf } from './key-vault';

// Here, not in the profile store: a key lives as long as its profile, so the one write of the profiles is
// the key custody's, and the profiles' worker part never needs the keys' (which read the profiles).
/**
 * Writes the profiles and the settings in one storage call, so no worker stopped in between leaves the
 * settings of one profile marked as another's active configuration; `also` joins other items to that call
 * (a switch's balance and key status), so pages see the switch as one change. A profile left out (deleted
 * here, or through sync) takes its key with it in that same call, in every form (forgetKeysOf).
 */
export async function writeProfiles(
  profiles: Profiles,
  settings: Settings,
  also: Record<string, unknown> = {},
): Promise<void> {
  const active = profiles.list.find((profile) => profile.id === profiles.activeId);
  const list = profiles.list.map((profile) =>
    profile === active ? { ...profile, ...ownOf(settings) } : profile,
  );
  const gone = (await readProfiles()).profiles.list
    .filter((before) => !list.some((profile) => profile.id === before.id))
    .map((profile) => profile.id);
  await forgetKeysOf(gone, {
    ...storedProfileEntries({ ...profiles, list }),
    [nameOf(settingsItem.key)]: settingsSchema.parse(settings),
    ...also,
  });
}
