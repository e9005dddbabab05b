import type { Settings } from '../../settings/schema';
import { FIRST_PROFILE_ID, profileNameFor } from '../first-profile';
import { MAX_PROFILE_MODELS } from '../limits';

/** A model of a profile's list: the id sent to the service, the name the person gave it. */
export interface ShownModel {
  id: string;
  name: string;
}

/** What pages show of a profile: never its key, and its service only as the host people know it by. */
export interface ShownProfile {
  id: string;
  name: string;
  host: string;
  models: ShownModel[];
}

export interface ShownProfiles {
  activeId: string;
  list: ShownProfile[];
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The models of a stored list that a page can show, at most a list's length; none when it is no list. */
function shownModels(value: unknown): ShownModel[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter(
      (item): item is ShownModel =>
        isObject(item) && typeof item.id === 'string' && item.id !== '' && typeof item.name === 'string',
    )
    .slice(0, MAX_PROFILE_MODELS)
    .map(({ id, name }) => ({ id, name }));
}

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
    list.push({
      id: item.id,
      name: item.name,
      host: hostOf(service.baseUrl),
      models: shownModels(item.models),
    });
  }
  const activeId = isObject(value) && typeof value.activeId === 'string' ? value.activeId : FIRST_PROFILE_ID;
  const active = list.find((profile) => profile.id === activeId);
  if (active) active.host = hostOf(settings.baseUrl);
  else
    list.unshift({
      id: activeId,
      name: profileNameFor(settings.baseUrl, defaultName),
      host: hostOf(settings.baseUrl),
      models: [],
    });
  return { activeId, list };
}

/** The profiles as a snapshot kept them (already shown once), if they still have that shape. */
export function snapshotProfiles(value: unknown): ShownProfiles | undefined {
  if (!isObject(value) || typeof value.activeId !== 'string' || !Array.isArray(value.list)) return undefined;
  const list = value.list
    .filter(
      (item): item is Omit<ShownProfile, 'models'> & { models?: unknown } =>
        isObject(item) &&
        typeof item.id === 'string' &&
        typeof item.name === 'string' &&
        typeof item.host === 'string',
    )
    // A snapshot from before lists of models has none: the stored profiles bring them a moment later.
    .map((item) => ({ id: item.id, name: item.name, host: item.host, models: shownModels(item.models) }));
  return list.some((profile) => profile.id === value.activeId)
    ? { activeId: value.activeId, list }
    : undefined;
}

/** A profile as its switch names it: its name, and the service's host where the name is not that. */
export const profileLabel = ({ name, host }: Pick<ShownProfile, 'name' | 'host'>): string =>
  host && host !== name ? `${name} (${host})` : name;
