import { MAX_BATCH } from '../../batch/batch-state';
import { advance } from '../../idb/cursor';
import { request } from '../../idb/request';
import { once } from '../../idb/transaction';
import {
  type DateKey,
  entriesOf,
  type HistoryDb,
  type HistoryRow,
  newestFirst,
  pastCap,
} from '../history-db';
import type { HistoryEntry } from '../schema';
import type { FindQuery } from './history-find';

/** A screenful of entries and where the next one starts (none once the end is reached). */
export interface EntriesPage {
  entries: HistoryEntry[];
  next?: DateKey;
}

export interface PageRequest {
  count: number;
  order: FindQuery['order'];
  /** The `next` of the previous page; the first page without it. */
  after?: DateKey;
}

/** How many records a page reads in one transaction before it lets the page breathe (later pages reach 2,000). */
const SCAN_BATCH = 1000;

function rangeAfter(after: DateKey | undefined, order: FindQuery['order']): IDBKeyRange | undefined {
  if (!after) return undefined;
  return order === 'newest' ? IDBKeyRange.upperBound(after, true) : IDBKeyRange.lowerBound(after, true);
}

const keyOf = (row: HistoryRow): DateKey => [row.createdAt, row.seq];

/**
 * A screenful of the history in date order, by the date index: the cost of a page is its own size. It walks
 * the index from `page.after` in the asked order, one short read transaction per SCAN_BATCH records,
 * until `page.count` are read or the index ends.
 */
export async function entriesPage(db: HistoryDb, page: PageRequest): Promise<EntriesPage> {
  const entries: HistoryEntry[] = [];
  let after = page.after;
  for (;;) {
    const index = entriesOf(db).index('date');
    let cursor = await request(
      index.openCursor(rangeAfter(after, page.order), page.order === 'newest' ? 'prev' : 'next'),
    );
    let read = 0;
    while (cursor && read < SCAN_BATCH) {
      read++;
      after = keyOf(cursor.value);
      entries.push(cursor.value.entry);
      if (entries.length === page.count) return { entries, next: after };
      cursor = await advance(cursor);
    }
    if (!cursor) return { entries };
    // Between batches the page paints and handles keys.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

/**
 * The `count` records just older than `before` (the newest without it), newest first, in one read transaction.
 * A batch read goes only upwards, so the key `count` records down is found first, skipping keys unread, and
 * the records from there up are read at once: a record-by-record walk costs a round trip each.
 */
export async function newestRows(
  db: HistoryDb,
  before: DateKey | undefined,
  count: number,
): Promise<HistoryRow[]> {
  const index = entriesOf(db).index('date');
  const below = rangeAfter(before, 'newest') ?? null;
  const cursor = await request(index.openKeyCursor(below, 'prev'));
  if (!cursor) return [];
  if (count > 1) cursor.advance(count - 1);
  const lowest = count > 1 ? await request(cursor.request) : cursor;
  const range = !lowest
    ? below
    : before
      ? IDBKeyRange.bound(lowest.key, before, false, true)
      : IDBKeyRange.lowerBound(lowest.key);
  return (await request(index.getAll(range))).reverse();
}

/** The records of these ids, as stored now, in one read transaction (an id that is gone is left out). */
export async function rowsByIds(db: HistoryDb, ids: readonly string[]): Promise<HistoryRow[]> {
  const store = entriesOf(db);
  const rows = await Promise.all(ids.map((id) => request(store.get(id))));
  return rows.filter((row): row is HistoryRow => row !== undefined);
}

/** The entries a change signal names, as stored now (an id that is gone is left out). */
export async function entriesByIds(db: HistoryDb, ids: readonly string[]): Promise<HistoryEntry[]> {
  return (await rowsByIds(db, ids)).map((row) => row.entry);
}

/**
 * A batch's entries in the order it was sent, by the batch index: a batch holds at most MAX_BATCH
 * generations, so the read is bounded whatever the history holds.
 */
export async function entriesOfBatch(db: HistoryDb, batchId: string): Promise<HistoryEntry[]> {
  const rows = await request(entriesOf(db).index('batchId').getAll(batchId, MAX_BATCH));
  // A batch's entries are written together, its first the newest of them.
  return rows.sort(newestFirst).map((row) => row.entry);
}

/** Every collection name in use, in order, by the index's unique keys: one step per name, not per entry. */
export async function collectionNames(db: HistoryDb): Promise<string[]> {
  const names: string[] = [];
  const index = entriesOf(db).index('collections');
  for (
    let cursor = await request(index.openKeyCursor(null, 'nextunique'));
    cursor;
    cursor = await advance(cursor)
  ) {
    names.push(cursor.key);
  }
  return names;
}

/** How many entries the history holds, read from the database's count without reading one. */
export function historyCount(db: HistoryDb): Promise<number> {
  return once(db, 'entries', (entries) => entries.count());
}

/**
 * The entries a trim to `limit` would remove (finished, not favourites, oldest first): what the options page
 * offers to remove. Reads only those, plus any favourites or running jobs among them.
 */
export async function entriesPastCap(db: HistoryDb, limit: number): Promise<HistoryEntry[]> {
  return (await pastCap(entriesOf(db), limit)).map((row) => row.entry);
}

/** About what entries take in the history: their stored text's length in bytes. */
export function entriesBytes(entries: readonly HistoryEntry[]): number {
  const encoder = new TextEncoder();
  return entries.reduce((sum, entry) => sum + encoder.encode(JSON.stringify(entry)).length, 0);
}
