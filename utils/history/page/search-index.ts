import type { DateKey, HistoryDb, HistoryRow } from '../history-db';
import type { HistoryEntry } from '../schema';
import { type Findable, type FindQuery, findableOf, matchingFindable } from './history-find';
import { type EntriesPage, newestRows, type PageRequest, rowsByIds } from './history-reader';
import { readHistory } from './history-source';

/** One entry as the index keeps it: what a query looks at, where it stands in date order, and itself. */
interface Indexed extends Findable {
  id: string;
  key: DateKey;
  entry: HistoryEntry;
}

/**
 * Records read per request while the index is built, newest first. The first read holds a screenful of a
 * common word's matches, so a first search answers from it; later reads take more, and the page breathes
 * between two.
 */
export interface ReadBatches {
  first: number;
  next: number;
}

const READ_BATCHES: ReadBatches = { first: 250, next: 2000 };

const compareKeys = (a: DateKey, b: DateKey) => a[0] - b[0] || a[1] - b[1];

const indexedOf = (row: HistoryRow): Indexed => ({
  ...findableOf(row.entry),
  id: row.id,
  key: [row.createdAt, row.seq],
  entry: row.entry,
});

/**
 * Where `key` goes in `rows` (newest first): the first position whose key is older than it, or, `orSame`,
 * not newer.
 */
function positionBelow(rows: readonly Indexed[], key: DateKey, orSame = false): number {
  let low = 0;
  let high = rows.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    const order = compareKeys((rows[middle] as Indexed).key, key);
    if (order > 0 || (order === 0 && !orSame)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The index while it is first read: the rows so far, newest first, and whether they are the whole history. */
interface Reading {
  rows: Indexed[];
  whole: boolean;
  /** Settles once more rows came in, or the read ended. */
  grown: Promise<void>;
  /** A reset or a failure left this reading behind: it reads no further. */
  dropped: boolean;
  /** A primed read stops after its first batch until a search wants the rest. */
  wanted: boolean;
  want: () => void;
  /** Stopped there, with no batch under way. */
  paused: boolean;
  /** Entries changed before a search wanted the rest: applied once, when the read is whole. */
  changed: Set<string>;
}

async function readAll(
  db: HistoryDb,
  batches: ReadBatches,
  reading: Reading,
  wanted: Promise<void>,
  grew: () => void,
): Promise<Indexed[]> {
  for (let size = batches.first; ; size = batches.next) {
    const batch = await newestRows(db, reading.rows.at(-1)?.key, size);
    for (const row of batch) reading.rows.push(indexedOf(row));
    reading.whole = batch.length < size;
    grew();
    if (reading.whole || reading.dropped) return reading.rows;
    if (!reading.wanted) {
      reading.paused = true;
      await wanted;
      reading.paused = false;
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (reading.dropped) return reading.rows;
  }
}

/**
 * A paused reading brought up to date with the records of `ids`, in place: a search answers from its rows
 * at once, and a page open for an hour may have made entries since they were read. A record older than the
 * rows read is left out, as the read takes it up where it stopped. Only while paused: a batch under way
 * would go on from a frontier that this moves.
 */
function refreshPaused(reading: Reading, ids: readonly string[], now: readonly HistoryRow[]): void {
  if (!reading.paused || reading.dropped) return;
  const touched = new Set(ids);
  const rows = reading.rows;
  for (let at = rows.length - 1; at >= 0; at--) if (touched.has((rows[at] as Indexed).id)) rows.splice(at, 1);
  const frontier = rows.at(-1)?.key;
  for (const row of now) {
    const indexed = indexedOf(row);
    if (frontier && compareKeys(indexed.key, frontier) < 0) continue;
    rows.splice(positionBelow(rows, indexed.key), 0, indexed);
  }
}

/**
 * The first `count` entries the query lets through, after `after` in the asked order. `partial`: the rows are
 * only the newest part of the history, read so far. A page that reaches their end with matches ends there
 * (the next one goes on from it); without any it is undefined, to be asked again once more are read.
 */
function findPage(
  rows: readonly Indexed[],
  query: FindQuery,
  { count, order, after }: PageRequest,
  partial = false,
): EntriesPage | undefined {
  const keep = matchingFindable(query);
  const entries: HistoryEntry[] = [];
  const newest = order === 'newest';
  const step = newest ? 1 : -1;
  let at = newest
    ? after
      ? positionBelow(rows, after)
      : 0
    : after
      ? positionBelow(rows, after, true) - 1
      : rows.length - 1;
  for (; at >= 0 && at < rows.length; at += step) {
    const row = rows[at] as Indexed;
    if (!keep(row)) continue;
    entries.push(row.entry);
    if (entries.length === count) return { entries, next: row.key };
  }
  if (!partial) return { entries };
  const last = rows.at(-1);
  return entries.length > 0 && last ? { entries, next: last.key } : undefined;
}

export interface SearchIndex {
  /** The entries the query lets through, a page at a time, as `entriesPage` pages the whole history. */
  search(query: FindQuery, request: PageRequest, signal?: AbortSignal): Promise<EntriesPage>;
  /**
   * `search`'s answer at once, where it needs no read: once the index is read whole and no change is being
   * applied to it, or, newest first, from the rows read so far when they hold a page. Else undefined. Like
   * `search`, it has a primed read go on with the rest.
   */
  searchNow(query: FindQuery, request: PageRequest): EntriesPage | undefined;
  /**
   * Reads the newest batch ahead of any search and stops there: a first keystroke on a page just opened is
   * answered from it in its own render, not after reads that queue behind the page's opening work.
   */
  prime(): void;
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
 * the typed character. Keeping them costs about 3 MB for 10,000 entries, in this page only.)
 *
 * That first read goes newest first, and a search newest first answers from the rows read so far: a common
 * word's screenful is in the first few hundred, so the first search no longer waits for the whole history
 * (0.35-1.1 s at 9,000 entries), and a rare one shows its matches as they are read. The pages are those of
 * the whole index, in its order. The background's change signals keep it current, entry by entry; they queue
 * behind the first read, so none lands on a stale index, and until one is applied a search waits for it.
 */
export function createSearchIndex(
  open: () => Promise<HistoryDb | undefined>,
  batches = READ_BATCHES,
): SearchIndex {
  let ready: Promise<Indexed[]> | undefined;
  /** The first read, while it is under way. */
  let reading: Reading | undefined;
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

  const start = (primed: boolean): Promise<Indexed[]> => {
    let grew = () => {};
    const growth = () =>
      new Promise<void>((resolve) => {
        grew = resolve;
      });
    let wake = () => {};
    const wanted = new Promise<void>((resolve) => {
      wake = resolve;
    });
    const own: Reading = {
      rows: [],
      whole: false,
      grown: growth(),
      dropped: false,
      wanted: !primed,
      want: () => {
        own.wanted = true;
        wake();
      },
      paused: false,
      changed: new Set(),
    };
    reading = own;
    const read = readHistory(
      open,
      (db) =>
        readAll(db, batches, own, wanted, () => {
          const settle = grew;
          own.grown = growth();
          settle();
        }),
      [],
    ).then((rows) => (own.changed.size > 0 ? apply(rows, [...own.changed]) : rows));
    const ended = () => {
      if (reading === own) reading = undefined;
      grew();
    };
    read.then(ended, () => {
      own.dropped = true;
      ended();
    });
    return track(read);
  };

  const apply = async (rows: Indexed[], ids: readonly string[]): Promise<Indexed[]> => {
    const now = await readHistory(open, (db) => rowsByIds(db, ids), []);
    const touched = new Set(ids);
    const kept = rows.filter((row) => !touched.has(row.id));
    for (const row of now) {
      const indexed = indexedOf(row);
      kept.splice(positionBelow(kept, indexed.key), 0, indexed);
    }
    return kept;
  };

  return {
    async search(query, request, signal) {
      const current = ready ?? start(false);
      reading?.want();
      // Newest first, the rows read so far answer as soon as they hold a page; once whole, with every change.
      for (
        let partial = reading;
        partial && !partial.whole && request.order === 'newest';
        partial = reading
      ) {
        const page = findPage(partial.rows, query, request, true);
        if (page) return page;
        await partial.grown;
        signal?.throwIfAborted();
      }
      const rows = await current.catch((failure: unknown) => {
        // A failed read is not kept: the next keystroke tries again.
        if (ready === current) ready = undefined;
        throw failure;
      });
      signal?.throwIfAborted();
      return findPage(rows, query, request) as EntriesPage;
    },
    searchNow(query, request) {
      if (settled) return findPage(settled, query, request);
      const partial = reading;
      if (!partial || partial.whole || request.order !== 'newest') return undefined;
      // A person is searching: the rest of the history is read, so that their next keystrokes are answered
      // from the whole of it.
      partial.want();
      return findPage(partial.rows, query, request, true);
    },
    prime() {
      if (!ready) start(true);
    },
    update(ids) {
      if (!ready || ids.length === 0) return;
      // A primed read waiting for a search is brought up to date: once its first batch is in, should this
      // change have come while the batch was read.
      const primed = reading && !reading.wanted ? reading : undefined;
      if (primed) {
        (primed.paused ? Promise.resolve() : primed.grown)
          .then(() => readHistory(open, (db) => rowsByIds(db, ids), []))
          .then(
            (now) => refreshPaused(primed, ids, now),
            () => {
              // The whole read applies the change again once it is done.
            },
          );
        // Once, however many signals a page left open unsearched for hours gets (a job polled every 2 s).
        for (const id of ids) primed.changed.add(id);
        return;
      }
      // A failed re-read leaves the index to be read whole at the next search.
      track(ready.then((rows) => apply(rows, ids)));
    },
    reset() {
      if (reading) {
        reading.dropped = true;
        reading.want();
      }
      reading = undefined;
      ready = undefined;
      settled = undefined;
    },
  };
}
