import type { Settings } from '../settings/schema';
import { FIRST_PROFILE_ID, profileNameFor } from './first-profile';
import { isProfileId } from './id';
import { MAX_PROFILES } from './limits';
import { type Profile, type ProfileService, type Profiles, profileSchema, profilesSchema } from './schema';

export function serviceOf(settings: Settings): ProfileService {
  const { baseUrl, modelId, modelField, videoDefaults } = settings;
  return { baseUrl, modelId, modelField, videoDefaults };
}

/**
 * The stored profiles as far as they are valid, made from the settings when there are none (a release
 * before profiles, or a damaged item): the one configuration becomes the first profile, named after its
 * host. The settings hold what the person last saved for the active profile, so they win over its record;
 * an active id that names no valid record gets one made from them, so no account is lost to damage.
 */
export function repairProfiles(stored: unknown, settings: Settings, defaultName: string): Profiles {
  const whole = profilesSchema.safeParse(stored);
  const source = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const list: Profile[] = [];
  const candidates = whole.success ? whole.data.list : Array.isArray(source.list) ? source.list : [];
  for (const candidate of candidates) {
    const parsed = profileSchema.safeParse(candidate);
    if (parsed.success && !list.some((profile) => profile.id === parsed.data.id)) list.push(parsed.data);
  }
  const storedActive =
    typeof source.activeId === 'string' && isProfileId(source.activeId) ? source.activeId : '';
  const activeId = storedActive || list[0]?.id || FIRST_PROFILE_ID;
  const active = serviceOf(settings);
  const at = list.findIndex((profile) => profile.id === activeId);
  if (at >= 0) list[at] = { ...(list[at] as Profile), service: active };
  else list.unshift({ id: activeId, name: profileNameFor(active.baseUrl, defaultName), service: active });
  return { activeId, list: list.slice(0, MAX_PROFILES) };
}
