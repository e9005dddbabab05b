import { isRecord } from '../api/text';
import type { Settings } from '../settings/schema';
import { FIRST_PROFILE_ID, profileNameFor } from './first-profile';
import { isProfileId } from './id';
import { MAX_PROFILES } from './limits';
import {
  type Profile,
  type ProfileBudgets,
  type ProfileService,
  type Profiles,
  profileBudgetsSchema,
  profileSchema,
  profileServiceSchema,
  profilesSchema,
} from './schema';

// The schemas pick a profile's own fields out of the settings, dropping the rest.
export const serviceOf = (settings: Settings): ProfileService => profileServiceSchema.parse(settings);
export const budgetsOf = (settings: Settings): ProfileBudgets => profileBudgetsSchema.parse(settings);

/** A profile's own fields as the settings hold them while it is the active one. */
export const ownOf = (settings: Settings): Pick<Profile, 'service' | 'budgets'> => ({
  service: serviceOf(settings),
  budgets: budgetsOf(settings),
});

/** The settings as they are while this profile is the active one: its service and budgets over the rest. */
export const withProfile = (settings: Settings, profile: Profile): Settings => ({
  ...settings,
  ...profile.service,
  ...profile.budgets,
});

/** What every profile shares, as sync carries it apart from the profiles (which carry their own fields). */
export function sharedSettingsOf(settings: Settings): Record<string, unknown> {
  const own = { ...profileServiceSchema.shape, ...profileBudgetsSchema.shape };
  return Object.fromEntries(Object.entries(settings).filter(([field]) => !(field in own)));
}

/**
 * Each stored profile keeps what it has and gets `fieldsFor` it what it lacks (fields a later version added);
 * anything else is left for the repair to judge.
 */
export function withMissingFields(
  stored: unknown,
  fieldsFor: (profile: Record<string, unknown>) => Partial<Pick<Profile, 'budgets' | 'models'>>,
): unknown {
  if (!isRecord(stored) || !Array.isArray(stored.list)) return stored;
  const list = stored.list.map((profile: unknown) =>
    isRecord(profile) ? { ...fieldsFor(profile), ...profile } : profile,
  );
  return { ...stored, list };
}

/**
 * Version 2 of the stored profiles gave each its own budgets: a profile stored without them (by an earlier
 * release here, or by one in another browser, through sync) gets `budgetsFor` it, so no limit is lost or
 * made up.
 */
export const profilesFromVersion1 = (
  stored: unknown,
  budgetsFor: (profile: Record<string, unknown>) => ProfileBudgets,
): unknown => withMissingFields(stored, (profile) => ({ budgets: budgetsFor(profile) }));

/** Version 3 gave each profile its list of models: none before. */
export const profilesFromVersion2 = (stored: unknown): unknown =>
  withMissingFields(stored, () => ({ models: [] }));

/**
 * The stored profiles as far as they are valid, made from the settings when there are none (a release
 * before profiles, or a damaged item): the one configuration becomes the first profile, named after its
 * host. The settings hold what the person last saved for the active profile (its service and budgets), so
 * they win over its record; an active id that names no valid record gets one made from them, so no account
 * is lost to damage.
 */
export function repairProfiles(stored: unknown, settings: Settings, defaultName: string): Profiles {
  const whole = profilesSchema.safeParse(stored);
  const source = isRecord(stored) ? stored : {};
  const list: Profile[] = [];
  const candidates = whole.success ? whole.data.list : Array.isArray(source.list) ? source.list : [];
  for (const candidate of candidates) {
    const parsed = profileSchema.safeParse(candidate);
    if (parsed.success && !list.some((profile) => profile.id === parsed.data.id)) list.push(parsed.data);
  }
  const storedActive =
    typeof source.activeId === 'string' && isProfileId(source.activeId) ? source.activeId : '';
  const activeId = storedActive || list[0]?.id || FIRST_PROFILE_ID;
  const own = ownOf(settings);
  const at = list.findIndex((profile) => profile.id === activeId);
  if (at >= 0) list[at] = { ...(list[at] as Profile), ...own };
  else
    list.unshift({ id: activeId, name: profileNameFor(settings.baseUrl, defaultName), ...own, models: [] });
  return { activeId, list: list.slice(0, MAX_PROFILES) };
}
