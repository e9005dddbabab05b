import type { Settings } from '../../settings/schema';
import { FIRST_PROFILE_ID, profileNameFor } from '../first-profile';

/** What pages show of a profile: never its key, and its service only as the host people know it by. */
export interface ShownProfile {
  id: string;
  name: string;
  host: string;
}

export interface ShownProfiles {
  activeId: string;
  list: ShownProfile[];
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const hostOf = (baseUrl: unknown) => (typeof baseUrl === 'string' ? profileNameFor(baseUrl, '') : '');

/**
 * The stored profiles a page can show, without zod (the popup's bundle): each one with an id and a name.
 * Until the background first writes them (a release before profiles), the settings are the one profile,
 * named as the background will name it.
 */
export function shownProfiles(value: unknown, settings: Settings, defaultName: string): ShownProfiles {
  const list: ShownProfile[] = [];
  const stored = isObject(value) && Array.isArray(value.list) ? value.list : [];
  for (const item of stored) {
    if (!isObject(item) || typeof item.id !== 'string' || typeof item.name !== 'string' || !item.name)
      continue;
    const service = isObject(item.service) ? item.service : {};
    list.push({ id: item.id, name: item.name, host: hostOf(service.baseUrl) });
  }
  const activeId = isObject(value) && typeof value.activeId === 'string' ? value.activeId : FIRST_PROFILE_ID;
  const active = list.find((profile) => profile.id === activeId);
  if (active) active.host = hostOf(settings.baseUrl);
  else
    list.unshift({
      id: activeId,
      name: profileNameFor(settings.baseUrl, defaultName),
      host: hostOf(settings.baseUrl),
    });
  return { activeId, list };
}

/** The profiles as a snapshot kept them (already shown once), if they still have that shape. */
export function snapshotProfiles(value: unknown): ShownProfiles | undefined {
  if (!isObject(value) || typeof value.activeId !== 'string' || !Array.isArray(value.list)) return undefined;
  const list = value.list.filter(
    (item): item is ShownProfile =>
      isObject(item) &&
      typeof item.id === 'string' &&
      typeof item.name === 'string' &&
      typeof item.host === 'string',
  );
  return list.some((profile) => profile.id === value.activeId)
    ? { activeId: value.activeId, list }
    : undefined;
}
