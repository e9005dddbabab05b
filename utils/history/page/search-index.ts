import { request } from '../../idb/request';
import { type DateKey, entriesOf, type HistoryDb, type HistoryRow } from '../history-db';
import type { HistoryEntry } from '../schema';
import { type Findable, type FindQuery, findableOf, matchingFindable } from './history-find';
import { type EntriesPage, type PageRequest, rowsByIds } from './history-reader';
import { readHistory } from './history-source';

/** One entry as the index keeps it: what a query looks at, where it stands in date order, and itself. */
interface Indexed extends Findable {
  id: string;
  key: DateKey;
  entry: HistoryEntry;
}

/** Records read per request while the index is built; the page breathes between two. */
const BUILD_BATCH = 2000;

const compareKeys = (a: DateKey, b: DateKey) => a[0] - b[0] || a[1] - b[1];

const indexedOf = (row: HistoryRow): Indexed => ({
  ...findableOf(row.entry),
  id: row.id,
  key: [row.createdAt, row.seq],
  entry: row.entry,
});

/** Where `key` would go in `rows` (oldest first): the first position whose key is not before it. */
function positionOf(rows: readonly Indexed[], key: DateKey): number {
  let low = 0;
  let high = rows.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (compareKeys((rows[middle] as Indexed).key, key) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

async function readAll(db: HistoryDb): Promise<Indexed[]> {
  const rows: Indexed[] = [];
  let after: DateKey | undefined;
  for (;;) {
    const batch = await request(
      entriesOf(db)
        .index('date')
        .getAll(after ? IDBKeyRange.lowerBound(after, true) : null, BUILD_BATCH),
    );
    for (const row of batch) rows.push(indexedOf(row));
    const last = rows.at(-1);
    if (batch.length < BUILD_BATCH || !last) return rows;
    after = last.key;
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

/** The first `count` entries the query lets through, after `after` in the asked order. */
function findPage(
  rows: readonly Indexed[],
  query: FindQuery,
  { count, order, after }: PageRequest,
): EntriesPage {
  const keep = matchingFindable(query);
  const entries: HistoryEntry[] = [];
  const newest = order === 'newest';
  const step = newest ? -1 : 1;
  let at = newest
    ? after
      ? positionOf(rows, after) - 1
      : rows.length - 1
    : after
      ? positionOf(rows, after)
      : 0;
  // Oldest first starts past `after` itself.
  if (!newest && after && at < rows.length && compareKeys((rows[at] as Indexed).key, after) === 0) at++;
  for (; at >= 0 && at < rows.length; at += step) {
    const row = rows[at] as Indexed;
    if (!keep(row)) continue;
    entries.push(row.entry);
    if (entries.length === count) return { entries, next: row.key };
  }
  return { entries };
}

export interface SearchIndex {
  /** The entries the query lets through, a page at a time, as `entriesPage` pages the whole history. */
  search(query: FindQuery, request: PageRequest, signal?: AbortSignal): Promise<EntriesPage>;
  /** `search`'s answer at once, while the index is read and no change is being applied to it; else undefined. */
  searchNow(query: FindQuery, request: PageRequest): EntriesPage | undefined;
  /** The background changed these entries: the index reads them again (an id that is gone leaves it). */
  update(ids: readonly string[]): void;
  /** The history was cleared or replaced: the next search reads it whole again. */
  reset(): void;
}

/**
 * The history page's search over every entry. Reading 10,000 records to answer each keystroke took 250 ms;
 * this reads them once, on the first search, keeping each entry with what a query looks at, so a keystroke
 * scans memory and answers in the same task: its rows paint in the keystroke's own frame. (Reading just the
 * shown entries back from the database cost a frame more: their answer came behind the frame that painted
 * the typed character. Keeping them costs about 3 MB for 10,000 entries, in this page only.) The
 * background's change signals keep it current, entry by entry; they queue behind the first read, so none
 * lands on a stale index, and until one is applied a search waits for it.
 */
export function createSearchIndex(open: () => Promise<HistoryDb | undefined>): SearchIndex {
  let ready: Promise<Indexed[]> | undefined;
  /** What `ready` came to, while nothing is queued behind it. */
  let settled: readonly Indexed[] | undefined;
  const track = (next: Promise<Indexed[]>): Promise<Indexed[]> => {
    ready = next;
    settled = undefined;
    next.then(
      (rows) => {
        if (ready === next) settled = rows;
      },
      () => undefined,
    );
    return next;
  };

  const apply = async (rows: Indexed[], ids: readonly string[]): Promise<Indexed[]> => {
    const now = await readHistory(open, (db) => rowsByIds(db, ids), []);
    const touched = new Set(ids);
    const kept = rows.filter((row) => !touched.has(row.id));
    for (const row of now) {
      const indexed = indexedOf(row);
      kept.splice(positionOf(kept, indexed.key), 0, indexed);
    }
    return kept;
  };

  return {
    async search(query, request, signal) {
      const current = ready ?? track(readHistory(open, readAll, []));
      const rows = await current.catch((failure: unknown) => {
        // A failed read is not kept: the next keystroke tries again.
        if (ready === current) ready = undefined;
        throw failure;
      });
      signal?.throwIfAborted();
      return findPage(rows, query, request);
    },
    searchNow(query, request) {
      return settled && findPage(settled, query, request);
    },
    update(ids) {
      if (!ready || ids.length === 0) return;
      // A failed re-read leaves the index to be read whole at the next search.
      track(ready.then((rows) => apply(rows, ids)));
    },
    reset() {
      ready = undefined;
      settled = undefined;
    },
  };
}
