import { profileOf } from '../profiles/first-profile';
import type { HistoryEntry } from './schema';

/**
 * The history in the extension's IndexedDB, one record per entry, in a database of its own (the media
 * database's upgrades stay its own business). Pages share the origin's IndexedDB with the worker and may
 * read it; only the background writes.
 */
export const HISTORY_DB_NAME = 'promptcast-history';
export const HISTORY_DB_VERSION = 4;

/**
 * One entry and the fields it is found by. Flags are 1/0 rather than booleans because IndexedDB cannot
 * index a boolean.
 */
export interface HistoryRow {
  id: string;
  entry: HistoryEntry;
  createdAt: number;
  /** Breaks ties of `createdAt`: entries added together keep the order they were given in, the first newest. */
  seq: number;
  status: HistoryEntry['status'];
  kind: HistoryEntry['kind'];
  owed: 0 | 1;
  costPending: 0 | 1;
  favourite: 0 | 1;
  batchId?: string;
  /** When it was sent: `sentAt`, else its creation. Since version 3. */
  sent: number;
  /** The profile it was made with (the first profile's for entries made before profiles). Since version 2. */
  profile: string;
  /** The entry's collections again, for the multi-entry index (one key per collection). */
  collections: string[];
}

export type DateKey = [createdAt: number, seq: number];

export function rowOf(entry: HistoryEntry, seq: number): HistoryRow {
  const ended = entry.status !== 'running';
  return {
    id: entry.id,
    entry,
    createdAt: entry.createdAt,
    seq,
    sent: entry.sentAt ?? entry.createdAt,
    status: entry.status,
    kind: entry.kind,
    owed: ended && entry.notifyPending === true ? 1 : 0,
    costPending: ended && entry.balanceBefore !== undefined ? 1 : 0,
    favourite: entry.favourite ? 1 : 0,
    collections: entry.collections ?? [],
    profile: profileOf(entry),
    ...(entry.batchId === undefined ? {} : { batchId: entry.batchId }),
  };
}

/** Newest first: later `createdAt`, then the later-added of entries created in the same millisecond. */
export function newestFirst(a: HistoryRow, b: HistoryRow): number {
  return b.createdAt - a.createdAt || b.seq - a.seq;
}
