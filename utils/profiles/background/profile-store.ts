import { AppError } from '../../error-info';
import { t } from '../../i18n';
import { repairSettings } from '../../settings/repair';
import type { Settings } from '../../settings/schema';
import { settingsSchema } from '../../settings/schema';
import { validSettingsItem } from '../../settings/store';
import { profilesItem, settingsItem } from '../../storage/items';
import { nameOf, readItems } from '../../storage/keyed-item';
import { defineVersionedItem } from '../../storage/versioned-item';
import { budgetsOf, ownOf, profilesFromVersion1, repairProfiles, withProfile } from '../repair';
import { type Profile, type Profiles, profilesSchema } from '../schema';

/**
 * The stored profiles' versions: 1 named each profile's service, 2 its budgets too (until then one set in the
 * settings served every profile). Pages read the same item zod-free (`profilesItem`), for names and hosts.
 */
const storedProfiles = defineVersionedItem(profilesItem.key, {
  version: 2,
  migrations: {
    // Until then the settings' budgets were every profile's.
    2: async (stored: unknown) => {
      const shared = budgetsOf(await validSettingsItem.getValue());
      return profilesFromVersion1(stored, () => shared);
    },
  },
});

import { forgetKeysOf } from '@/utils/keys/background';

/**
 * The profiles as the background sees them, with the settings they were read with: both in one storage
 * call (every request and poll resolves its profile), each repaired as its own item's reads are. A version
 * check comes first, which migrates profiles stored by an earlier release once.
 */
export async function readProfiles(): Promise<{ profiles: Profiles; settings: Settings }> {
  await storedProfiles.getValue();
  const [stored, storedSettings] = await readItems([profilesItem, settingsItem]);
  const settings = repairSettings(storedSettings);
  return { profiles: repairProfiles(stored, settings, t('profileDefaultName')), settings };
}

/** Why nothing more is sent for a request or job of a profile the person deleted. */
export function profileDeleted(): AppError {
  return new AppError('profile_deleted');
}

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
    ...storedProfiles.entries(profilesSchema.parse({ ...profiles, list })),
    [nameOf(settingsItem.key)]: settingsSchema.parse(settings),
    ...also,
  });
}

export interface ResolvedProfile {
  profile: Profile;
  /** The person's settings with this profile's service, model, video defaults and budgets. */
  settings: Settings;
  active: boolean;
}

/** The profile with this id (the active one without an id), or undefined once it was deleted. */
export async function resolveProfile(id?: string): Promise<ResolvedProfile | undefined> {
  const { profiles, settings } = await readProfiles();
  const wanted = id ?? profiles.activeId;
  const profile = profiles.list.find((item) => item.id === wanted);
  if (!profile) return undefined;
  const active = profile.id === profiles.activeId;
  return { profile, settings: active ? settings : withProfile(settings, profile), active };
}
