import { AppError } from '../../error-info';
import { t } from '../../i18n';
import { repairSettings } from '../../settings/repair';
import type { Settings } from '../../settings/schema';
import { validSettingsItem } from '../../settings/store';
import { profilesItem, settingsItem } from '../../storage/items';
import { readItems } from '../../storage/keyed-item';
import { defineVersionedItem } from '../../storage/versioned-item';
import {
  budgetsOf,
  profilesFromVersion1,
  profilesFromVersion2,
  repairProfiles,
  withProfile,
} from '../repair';
import { type Profile, type Profiles, profilesSchema } from '../schema';

/**
 * The stored profiles' versions: 1 named each profile's service, 2 its budgets too (until then one set in the
 * settings served every profile), 3 its list of models. Pages read the same item zod-free (`profilesItem`), for names and hosts.
 */
const storedProfiles = defineVersionedItem(profilesItem.key, {
  version: 3,
  migrations: {
    // Until then the settings' budgets were every profile's.
    2: async (stored: unknown) => {
      const shared = budgetsOf(await validSettingsItem.getValue());
      return profilesFromVersion1(stored, () => shared);
    },
    // No profile listed models before.
    3: profilesFromVersion2,
  },
});

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

/** The storage entries that store `profiles` (at the stored version), for a write that joins other items. */
export function storedProfileEntries(profiles: Profiles): Record<string, unknown> {
  return storedProfiles.entries(profilesSchema.parse(profiles));
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

/** A profile's id and the settings a request of it is made with (its service, model and video defaults). */
export interface ProfileSettings {
  profileId: string;
  settings: Settings;
  /** Only the active profile's balance is read, so only its requests can have a cost taken from it. */
  active: boolean;
}

/** The profile with this id (the active one without); a deleted one is refused with the reason. */
export async function profileSettings(profileId?: string): Promise<ProfileSettings> {
  const resolved = await resolveProfile(profileId);
  if (!resolved) throw profileDeleted();
  return { profileId: resolved.profile.id, settings: resolved.settings, active: resolved.active };
}
