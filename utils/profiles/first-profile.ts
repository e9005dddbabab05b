import { byId } from '../by-id';

/**
 * The id of the profile made from the configuration of a release before profiles: its key, its entries
 * (which name no profile) and its cached balance are that profile's. No zod here: pages use it too.
 */
export const FIRST_PROFILE_ID = 'profile-1';

/** Entries recorded before profiles existed belong to the one configuration there was. */
export const profileOf = (entry: { profileId?: string | undefined }): string =>
  entry.profileId ?? FIRST_PROFILE_ID;

/** A profile made from a service URL is named after its host, as people tell their accounts apart by it. */
export function profileNameFor(baseUrl: string, fallback: string): string {
  try {
    return new URL(baseUrl).host || fallback;
  } catch {
    return fallback;
  }
}

/** Each profile's name by its id, as saved files name the profile an entry was made with. */
export const profileNames = (list: readonly { id: string; name: string }[]): Record<string, string> =>
  byId(list.map((profile) => [profile.id, profile.name]));
