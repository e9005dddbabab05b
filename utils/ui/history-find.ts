import type { HistoryEntry } from '../history/schema';

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
    query.collection !== undefined
  );
}

/**
 * Whether an entry passes the query's kind, status, favourite, collection and words. The search is case-insensitive and every
 * word must appear in the prompt, in any order, so "red kite" finds "a kite, red and small".
 */
export function matching(query: FindQuery): (entry: HistoryEntry) => boolean {
  const words = query.text.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  return (entry) => {
    if (query.kind !== 'all' && entry.kind !== query.kind) return false;
    if (query.status !== 'all' && entry.status !== query.status) return false;
    if (query.favouritesOnly && !entry.favourite) return false;
    if (query.collection !== undefined && !entry.collections?.includes(query.collection)) return false;
    const prompt = entry.prompt.toLocaleLowerCase();
    return words.every((word) => prompt.includes(word));
  };
}
