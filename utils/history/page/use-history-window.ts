import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { toErrorInfo } from '../../error-info';
import type { ErrorInfo } from '../../errors';
import type { HistoryChanges } from '../../storage/items';
import type { DateKey, HistoryDb } from '../history-db';
import type { HistoryEntry } from '../schema';
import { type FindQuery, isNarrowed, matching } from './history-find';
import {
  collectionNames,
  type EntriesPage,
  entriesByIds,
  entriesPage,
  historyCount,
  type PageRequest,
} from './history-reader';
import { pageHistoryDb, readHistory, watchHistoryChanges } from './history-source';
import { createSearchIndex, type SearchIndex } from './search-index';

/** A screenful and a half of rows: the first page paints at once, and scrolling has a little ahead of it. */
export const PAGE_SIZE = 60;

/**
 * A search's first page is a third of that, about a screenful: each keystroke renders it anew, so fewer rows
 * show sooner; the rest follows on scroll.
 */
const searchPage = (pageSize: number) => Math.ceil(pageSize / 3);

/** The most a later page reads at once. */
const LARGEST_PAGE = 2000;

/**
 * Later pages grow with what is loaded (half of it, up to LARGEST_PAGE): each page costs a render of every row
 * shown, so a person scrolling to the end of 10,000 entries waits for a dozen pages, not for 170.
 */
export const nextPageSize = (pageSize: number, loaded: number) =>
  Math.min(LARGEST_PAGE, Math.max(pageSize, Math.ceil(loaded / 2)));

export interface HistoryWindow {
  /** The loaded entries the query lets through, in its order. */
  entries: readonly HistoryEntry[];
  /** Whether more entries (or matches) may follow the loaded ones. */
  hasMore: boolean;
  /** How many entries the whole history holds; undefined until the database answered. */
  total?: number;
  /** Every collection name in the history, for the filter and the "add to collection" suggestions. */
  collections: readonly string[];
  /** True once the entries came from the database rather than the seed. */
  read: boolean;
  /** Counts the queries answered so far: the rows shown are a new set when it changes. */
  answered: number;
  loading: boolean;
  error?: ErrorInfo;
  /** Reads the next page after the loaded ones; a call while one is read is ignored. */
  loadMore: () => void;
}

interface Sources {
  open?: () => Promise<HistoryDb | undefined>;
  watch?: (listener: (change: HistoryChanges) => void) => () => void;
  pageSize?: number;
  /** The first screenful of the last visit (history-snapshot.ts), shown until the database answers. */
  seed?: readonly HistoryEntry[];
}

interface Loaded {
  entries: readonly HistoryEntry[];
  next?: DateKey;
  read: boolean;
  /** A later page is being read. */
  loading: boolean;
  error?: ErrorInfo;
  /**
   * The query the entries answer (none at first and after a clear): while it is not the one asked, its
   * answer is being read.
   */
  query: FindQuery | undefined;
  answered: number;
}

interface Facts {
  total?: number;
  collections: readonly string[];
}

function pageRequest(query: FindQuery, pageSize: number, after?: DateKey): PageRequest {
  return {
    count: isNarrowed(query) ? searchPage(pageSize) : pageSize,
    order: query.order,
    ...(after ? { after } : {}),
  };
}

function readPage(
  db: HistoryDb,
  search: SearchIndex,
  query: FindQuery,
  request: PageRequest,
  signal: AbortSignal,
): Promise<EntriesPage> {
  return isNarrowed(query) ? search.search(query, request, signal) : entriesPage(db, request);
}

/**
 * The rows read again, each entry that did not change kept as the object shown (the whole list, when none
 * did): its memoised row is not rendered again. The page opens with its last visit's first screenful, and
 * the database's answer, nearly always the same 60 entries, rendered every row again in the busiest moments of
 * the page's opening.
 */
function keepUnchanged(
  shown: readonly HistoryEntry[],
  read: readonly HistoryEntry[],
): readonly HistoryEntry[] {
  const before = new Map(shown.map((entry) => [entry.id, entry]));
  let same = read.length === shown.length;
  const kept = read.map((entry, at) => {
    const old = before.get(entry.id);
    const unchanged = old !== undefined && JSON.stringify(old) === JSON.stringify(entry);
    if (!unchanged || shown[at] !== old) same = false;
    return unchanged ? old : entry;
  });
  return same ? shown : kept;
}

/** The first page of `query`'s answer; a new set of rows unless it answers what was shown already. */
const answer =
  (page: EntriesPage, query: FindQuery) =>
  (state: Loaded): Loaded => {
    // The database's answer to the seed's query is the seed's rows, brought up to date.
    const again = state.query === query || !state.read;
    return {
      entries: again ? keepUnchanged(state.entries, page.entries) : page.entries,
      next: page.next,
      read: true,
      loading: false,
      query,
      answered: again ? state.answered : state.answered + 1,
    };
  };

/** Whether an entry outside the loaded window falls inside its date span (else it is on a page not read yet). */
function inSpan(entry: HistoryEntry, next: DateKey | undefined, order: FindQuery['order']): boolean {
  if (!next) return true;
  return order === 'newest' ? entry.createdAt > next[0] : entry.createdAt < next[0];
}

/**
 * The window after a change of `ids`, `now` being those of them still stored: changed rows are replaced where
 * they are, deleted ones (and ones that no longer match) leave, new ones inside the window's span come in at
 * their date. Rows untouched keep their objects, so their memoised rows do not re-render.
 */
export function applyChange(
  loaded: Loaded,
  ids: readonly string[],
  now: readonly HistoryEntry[],
  query: FindQuery,
): Loaded {
  const keep = matching(query);
  const touched = new Set(ids);
  const stored = new Map(now.map((entry) => [entry.id, entry]));
  const kept = loaded.entries.flatMap((entry) => {
    if (!touched.has(entry.id)) return [entry];
    const current = stored.get(entry.id);
    return current && keep(current) ? [current] : [];
  });
  const shown = new Set(kept.map((entry) => entry.id));
  const added = now.filter(
    (entry) => !shown.has(entry.id) && keep(entry) && inSpan(entry, loaded.next, query.order),
  );
  if (added.length === 0) return { ...loaded, entries: kept };
  const direction = query.order === 'newest' ? -1 : 1;
  // A stable sort, with the new entries first among equal dates when newest come first (they were added last).
  const merged = query.order === 'newest' ? [...added, ...kept] : [...kept, ...added];
  return { ...loaded, entries: merged.sort((a, b) => direction * (a.createdAt - b.createdAt)) };
}

/** A history the worker has not made yet: nothing in it. */
const NO_FACTS: Facts = { total: 0, collections: [] };
const NO_PAGE: EntriesPage = { entries: [] };

async function readFacts(db: HistoryDb): Promise<Facts> {
  const [total, collections] = await Promise.all([historyCount(db), collectionNames(db)]);
  return { total, collections };
}

/**
 * The history page's rows, read from the history database a page at a time: the newest screenful (or the
 * first matches of a search over every entry) first, more as the person scrolls. Each query aborts the
 * scan of the one before. The background's change signal re-reads only the entries it names; `cleared`
 * reads the first page again. Idle, it costs one storage watch and nothing else.
 */
export function useHistoryWindow(
  query: FindQuery,
  { open = pageHistoryDb, watch = watchHistoryChanges, pageSize = PAGE_SIZE, seed = [] }: Sources = {},
): HistoryWindow {
  const [loaded, setLoaded] = useState<Loaded>({
    entries: seed,
    read: false,
    loading: false,
    query: undefined,
    answered: 0,
  });
  const [facts, setFacts] = useState<Facts>({ collections: [] });
  const [readings, setReadings] = useState(0);
  const search = useMemo(() => createSearchIndex(open), [open]);
  // `reading`: the page read under way, settled once its rows are set (it never rejects). A change signal
  // waits for it, so a page read from before the change cannot land on top of the change.
  const latest = useRef({ loaded, query, run: new AbortController(), reading: Promise.resolve() });
  useLayoutEffect(() => {
    latest.current.loaded = loaded;
    latest.current.query = query;
  });

  const refreshFacts = useCallback(() => {
    readHistory(open, readFacts, NO_FACTS).then(setFacts, () => {
      // The rows' own read reports an unreadable database; the count just stays what it was.
    });
  }, [open]);

  // A search the index answers at once is answered in the render that asks it (React renders again at once,
  // before committing): the keystroke's rows commit with it and paint in its frame. Waiting for an effect, and
  // for a read of the shown entries, put them a frame or two later.
  if (loaded.query !== query && isNarrowed(query)) {
    const now = search.searchNow(query, pageRequest(query, pageSize));
    if (now) setLoaded(answer(now, query));
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: `readings` asks for the first page again after a clear.
  useEffect(() => {
    const run = new AbortController();
    latest.current.run = run;
    // Answered in the render already. Otherwise the query is loading from its own render (`loading` below):
    // a render of its own here, before the answer, cost each keystroke a few milliseconds.
    if (latest.current.loaded.query === query) return () => run.abort();
    latest.current.reading = readHistory(
      open,
      (db) => readPage(db, search, query, pageRequest(query, pageSize), run.signal),
      NO_PAGE,
    ).then(
      (page) => {
        if (!run.signal.aborted) setLoaded(answer(page, query));
      },
      (failure: unknown) => {
        if (!run.signal.aborted)
          setLoaded((state) => ({ ...state, query, loading: false, error: toErrorInfo(failure) }));
      },
    );
    return () => run.abort();
  }, [open, search, query, pageSize, readings]);

  // Once the first screenful is read, so that a search typed while the page is still busy opening is
  // answered from memory in its own render.
  useEffect(() => {
    if (loaded.read) search.prime();
  }, [loaded.read, search]);

  useEffect(() => {
    refreshFacts();
    return watch((change) => {
      refreshFacts();
      if (change.cleared) {
        search.reset();
        setLoaded((state) => ({ ...state, query: undefined }));
        setReadings((count) => count + 1);
        return;
      }
      search.update(change.ids);
      const { run, reading } = latest.current;
      reading
        .then(() => readHistory(open, (db) => entriesByIds(db, change.ids), []))
        .then(
          (now) => {
            if (!run.signal.aborted)
              setLoaded((state) => applyChange(state, change.ids, now, latest.current.query));
          },
          () => {
            // The next change or page read tries again; the rows shown are still what they were.
          },
        );
    });
  }, [open, watch, refreshFacts, search]);

  const loadMore = useCallback(() => {
    const { loaded: state, query: asked, run } = latest.current;
    // While a new query's answer is read, the loaded `next` belongs to the old one.
    if (state.loading || state.query !== asked || !state.next) return;
    const after = state.next;
    // Marked at once, not at the next render: an observer and a click in the same frame read one page.
    latest.current.loaded = { ...state, loading: true };
    setLoaded((current) => ({ ...current, loading: true }));
    latest.current.reading = readHistory(
      open,
      (db) =>
        readPage(
          db,
          search,
          asked,
          pageRequest(asked, nextPageSize(pageSize, state.entries.length), after),
          run.signal,
        ),
      NO_PAGE,
    ).then(
      (page) => {
        if (run.signal.aborted) return;
        setLoaded((current) => {
          // A change may have brought an entry of this page in already.
          const shown = new Set(current.entries.map((entry) => entry.id));
          const more = page.entries.filter((entry) => !shown.has(entry.id));
          const { error: _, ...rest } = current;
          return { ...rest, entries: [...current.entries, ...more], next: page.next, loading: false };
        });
      },
      (failure: unknown) => {
        if (!run.signal.aborted)
          setLoaded((current) => ({ ...current, loading: false, error: toErrorInfo(failure) }));
      },
    );
  }, [open, search, pageSize]);

  return {
    entries: loaded.entries,
    hasMore: loaded.next !== undefined,
    total: facts.total,
    collections: facts.collections,
    read: loaded.read,
    answered: loaded.answered,
    loading: loaded.loading || loaded.query !== query,
    ...(loaded.error ? { error: loaded.error } : {}),
    loadMore,
  };
}
