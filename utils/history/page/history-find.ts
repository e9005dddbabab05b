import { profileOf } from '../../profiles/first-profile';
import type { HistoryEntry } from '../schema';

export type KindFilter = 'all' | HistoryEntry['kind'];
export type StatusFilter = 'all' | HistoryEntry['status'];
export type DateOrder = 'newest' | 'oldest';

/** What the person asked the history page to show. */
export interface FindQuery {
  text: string;
  kind: KindFilter;
  status: StatusFilter;
  order: DateOrder;
  favouritesOnly: boolean;
  /** Only entries in this collection; undefined for any. */
  collection?: string;
  /** Only entries made with this profile; undefined for any. */
  profile?: string;
}

export const SHOW_ALL: FindQuery = {
  text: '',
  kind: 'all',
  status: 'all',
  order: 'newest',
  favouritesOnly: false,
};

/** Whether the query narrows the list at all (the order alone hides nothing). */
export function isNarrowed(query: FindQuery): boolean {
  return (
    query.text.trim() !== '' ||
    query.kind !== 'all' ||
    query.status !== 'all' ||
    query.favouritesOnly ||
    query.collection !== undefined ||
    query.profile !== undefined
  );
}

/** What a query looks at in an entry, with the prompt already lower-cased: a search index keeps just this. */
export interface Findable {
  kind: HistoryEntry['kind'];
  status: HistoryEntry['status'];
  favourite: boolean;
  collections: readonly string[];
  profile: string;
  /** The prompt, lower-cased. */
  text: string;
}

export const findableOf = (entry: HistoryEntry): Findable => ({
  kind: entry.kind,
  status: entry.status,
  favourite: entry.favourite === true,
  collections: entry.collections ?? [],
  profile: profileOf(entry),
  text: entry.prompt.toLocaleLowerCase(),
});

/**
 * Whether a findable entry passes the query's kind, status, favourite, collection, profile and words. The search is
 * case-insensitive and every word must appear in the prompt, in any order, so "red kite" finds "a kite, red
 * and small".
 */
export function matchingFindable(query: FindQuery): (found: Findable) => boolean {
  const words = query.text.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  return (found) => {
    if (query.kind !== 'all' && found.kind !== query.kind) return false;
    if (query.status !== 'all' && found.status !== query.status) return false;
    if (query.favouritesOnly && !found.favourite) return false;
    if (query.collection !== undefined && !found.collections.includes(query.collection)) return false;
    if (query.profile !== undefined && found.profile !== query.profile) return false;
    return words.every((word) => found.text.includes(word));
  };
}

/** `matchingFindable` for whole entries. */
export function matching(query: FindQuery): (entry: HistoryEntry) => boolean {
  const keep = matchingFindable(query);
  return (entry) => keep(findableOf(entry));
}
