// @vitest-environment node
import 'fake-indexeddb/auto';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type HistoryDb, rowOf } from '../../../utils/history/history-db';
import { type FindQuery, matching, SHOW_ALL } from '../../../utils/history/page/history-find';
import type { PageRequest } from '../../../utils/history/page/history-reader';
import { createSearchIndex } from '../../../utils/history/page/search-index';
import type { HistoryEntry } from '../../../utils/history/schema';
import { openTestHistoryDb, testEntry, writeEntries } from '../support/history-db';

// Reads as the page makes them, scaled down: fake-indexeddb skips records one at a time, at the cost of a
// search through the store each. The history is several of them.
const BATCHES = { first: 25, next: 200 };
const SIZE = 450;
/** Newest first; pairs share a millisecond, so the order within them rests on the tie-breaker. */
const seeded: HistoryEntry[] = Array.from({ length: SIZE }, (_, n) => {
  const i = SIZE - 1 - n;
  return testEntry(i, {
    kind: i % 3 === 0 ? 'video' : 'image',
    prompt: i === 0 ? 'The very first HERON' : `prompt ${i} of a ${i % 2 ? 'kite' : 'lake'}`,
    createdAt: 1_000_000 + Math.floor(i / 2),
    ...(i % 7 === 0 ? { favourite: true, collections: ['birds'] } : {}),
  });
});

let db: HistoryDb;
beforeAll(async () => {
  db = await openTestHistoryDb(seeded);
});
afterEach(() => vi.restoreAllMocks());

/** Every page of a search, as the history page reads them on scroll. */
async function allPages(
  search: ReturnType<typeof createSearchIndex>,
  query: FindQuery,
  count: number,
  after?: PageRequest['after'],
): Promise<string[]> {
  const ids: string[] = [];
  let request: PageRequest = { count, order: query.order, ...(after ? { after } : {}) };
  for (;;) {
    const page = await search.search(query, request);
    ids.push(...page.entries.map((entry) => entry.id));
    if (!page.next) return ids;
    request = { ...request, after: page.next };
  }
}

const expected = (query: FindQuery, entries = seeded) => {
  const found = entries.filter(matching(query)).map((entry) => entry.id);
  return query.order === 'newest' ? found : found.reverse();
};

describe('the history page’s search index', () => {
  it('pages through the same matches, in the same order, as a filter over the whole history', async () => {
    const search = createSearchIndex(async () => db, BATCHES);
    const queries: FindQuery[] = [
      { ...SHOW_ALL, text: 'heron FIRST' },
      { ...SHOW_ALL, text: 'kite 1' },
      { ...SHOW_ALL, text: 'lake', kind: 'video', order: 'oldest' },
      { ...SHOW_ALL, favouritesOnly: true, collection: 'birds' },
      { ...SHOW_ALL, text: 'nothing like this' },
    ];
    for (const query of queries)
      expect(await allPages(search, query, 37), query.text).toEqual(expected(query));
    expect(expected(queries[0] as FindQuery)).toEqual(['e0']);
  });

  it('reads the history whole once, newest first, then answers each keystroke from memory', async () => {
    const getAll = vi.spyOn(IDBIndex.prototype, 'getAll');
    const get = vi.spyOn(IDBObjectStore.prototype, 'get');
    const search = createSearchIndex(async () => db, BATCHES);
    // A common word's first page is in the first read: it does not wait for the rest.
    const common: FindQuery = { ...SHOW_ALL, text: 'k' };
    const first = await search.search(common, { count: 20, order: 'newest' });
    expect(first.entries.map((entry) => entry.id)).toEqual(expected(common).slice(0, 20));
    expect(getAll).toHaveBeenCalledTimes(1);
    // Oldest first waits for the whole history: the first batch, then the next ones.
    const oldest = await search.search({ ...common, order: 'oldest' }, { count: 20, order: 'oldest' });
    expect(oldest.entries.map((entry) => entry.id)).toEqual(
      expected({ ...common, order: 'oldest' }).slice(0, 20),
    );
    const wholeRead = getAll.mock.calls.length;
    expect(wholeRead).toBe(1 + Math.ceil((SIZE - BATCHES.first + 1) / BATCHES.next));
    get.mockClear();
    for (const text of ['ki', 'kit', 'kite', 'kite 4']) {
      const page = await search.search({ ...SHOW_ALL, text }, { count: 20, order: 'newest' });
      expect(page.entries).toHaveLength(20);
    }
    expect(getAll).toHaveBeenCalledTimes(wholeRead);
    expect(get).not.toHaveBeenCalled();
  });

  it('shows a sparse search’s matches as they are read, the pages adding up to the whole answer', async () => {
    const search = createSearchIndex(async () => db, BATCHES);
    const sparse: FindQuery = { ...SHOW_ALL, favouritesOnly: true };
    const first = await search.search(sparse, { count: 10, order: 'newest' });
    // The first batch holds 3 or 4 of them: shown at once, the rest following from where it ends.
    expect(first.entries.length).toBeGreaterThan(2);
    expect(first.entries.length).toBeLessThan(10);
    const rest = await allPages(search, sparse, 10, first.next);
    expect([...first.entries.map((entry) => entry.id), ...rest]).toEqual(expected(sparse));
  });

  it('answers at once while it is read whole and current, as a search would', async () => {
    const own = await openTestHistoryDb(seeded.slice(0, 50));
    const search = createSearchIndex(async () => own, BATCHES);
    const query: FindQuery = { ...SHOW_ALL, text: 'kite' };
    const request: PageRequest = { count: 5, order: 'newest' };
    expect(search.searchNow(query, request)).toBeUndefined();
    // The first page comes from the first batch; while the rest is read, newest first is answered from it
    // at once, and oldest first waits for the whole history.
    const searched = await search.search(query, request);
    expect(search.searchNow(query, request)).toEqual(searched);
    expect(search.searchNow({ ...query, order: 'oldest' }, { ...request, order: 'oldest' })).toBeUndefined();
    await search.search({ ...query, order: 'oldest' }, { ...request, order: 'oldest' });
    expect(search.searchNow(query, request)).toEqual(searched);
    const next = { ...request, after: searched.next };
    expect(search.searchNow(query, next)).toEqual(await search.search(query, next));

    // A change being applied: nothing at once until it is, then the change is in the answer.
    const added = testEntry(9001, { prompt: 'a new kite', createdAt: 2_000_000 });
    await writeEntries(own, (store) => store.put(rowOf(added, 10_000)));
    search.update([added.id]);
    expect(search.searchNow(query, request)).toBeUndefined();
    await search.search(query, request);
    expect(search.searchNow(query, request)?.entries[0]).toEqual(added);

    search.reset();
    expect(search.searchNow(query, request)).toBeUndefined();
  });

  it('primed, reads its newest batch and stops, so a first search is answered at once and exactly', async () => {
    const reads = vi.spyOn(IDBIndex.prototype, 'openKeyCursor');
    const search = createSearchIndex(async () => db, BATCHES);
    const common: FindQuery = { ...SHOW_ALL, text: 'kite' };
    const request: PageRequest = { count: 5, order: 'newest' };
    const batches = vi.spyOn(IDBIndex.prototype, 'getAll');
    search.prime();
    await vi.waitFor(() =>
      expect((batches.mock.results[0]?.value as IDBRequest | undefined)?.readyState).toBe('done'),
    );
    // The rest waits for a search: one read however long the page stays open unsearched.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads).toHaveBeenCalledTimes(1);
    const now = search.searchNow(common, request);
    expect(now?.entries.map((entry) => entry.id)).toEqual(expected(common).slice(0, 5));
    // The only heron is the oldest entry: not among the rows read, so not answered at once.
    const heron: FindQuery = { ...SHOW_ALL, text: 'heron' };
    expect(search.searchNow(heron, request)).toBeUndefined();
    // Searched, the rest is read for the next keystrokes.
    await vi.waitFor(() => expect(reads.mock.calls.length).toBeGreaterThan(1));
    expect(await allPages(search, heron, 5)).toEqual(['e0']);
    expect(await allPages(search, common, 5)).toEqual(expected(common));
  });

  it('primed, keeps the rows it read current while it waits, and the rest of the read takes up the others', async () => {
    const own = await openTestHistoryDb(seeded.slice(0, 100));
    const search = createSearchIndex(async () => own, BATCHES);
    const query: FindQuery = { ...SHOW_ALL, text: 'kite' };
    const request: PageRequest = { count: 5, order: 'newest' };
    const batches = vi.spyOn(IDBIndex.prototype, 'getAll');
    search.prime();
    // Waited for without asking it anything: a search would have it read the rest.
    await vi.waitFor(() =>
      expect((batches.mock.results[0]?.value as IDBRequest | undefined)?.readyState).toBe('done'),
    );

    // Made while the page was open, newest; the newest kite removed; an old one, below the rows read, renamed.
    const added = testEntry(9001, { prompt: 'a new kite', createdAt: 2_000_000 });
    const newestKite = expected(query, seeded.slice(0, 100))[0] as string;
    const old = seeded.find((entry) => entry.id === expected(query, seeded.slice(0, 100)).at(-1));
    const renamed = { ...(old as HistoryEntry), prompt: 'renamed kite far down' };
    await writeEntries(own, (store) => {
      store.put(rowOf(added, 10_000));
      store.delete(newestKite);
      store.put(rowOf(renamed, -(seeded.indexOf(old as HistoryEntry) + 1)));
    });
    const get = vi.spyOn(IDBObjectStore.prototype, 'get');
    search.update([added.id, newestKite, renamed.id]);
    await vi.waitFor(() =>
      expect(get.mock.results.map((read) => (read.value as IDBRequest).readyState)).toEqual([
        'done',
        'done',
        'done',
      ]),
    );
    // The rows read ahead, brought up to date in place: the first keystroke's answer has the changes.
    const first = search.searchNow(query, request)?.entries.map((entry) => entry.id);
    expect(first?.[0]).toBe(added.id);
    expect(first).not.toContain(newestKite);

    const now = [
      added,
      ...seeded
        .slice(0, 100)
        .flatMap((entry) => (entry.id === newestKite ? [] : entry.id === renamed.id ? [renamed] : [entry])),
    ];
    expect(await allPages(search, query, 5)).toEqual(expected(query, now));
    expect(await allPages(search, { ...SHOW_ALL, text: 'renamed' }, 5)).toEqual([renamed.id]);
  });

  it('primed, applies a page left open for hours its changes once when the rest is read, not once per signal', async () => {
    const own = await openTestHistoryDb(seeded.slice(0, 100));
    const search = createSearchIndex(async () => own, BATCHES);
    const batches = vi.spyOn(IDBIndex.prototype, 'getAll');
    search.prime();
    await vi.waitFor(() =>
      expect((batches.mock.results[0]?.value as IDBRequest | undefined)?.readyState).toBe('done'),
    );
    const get = vi.spyOn(IDBObjectStore.prototype, 'get');
    // A running job: its entry rewritten at each poll, a signal each time.
    const job = seeded[1] as HistoryEntry;
    for (let poll = 0; poll < 40; poll++) {
      await writeEntries(own, (store) => store.put(rowOf({ ...job, prompt: `kite, poll ${poll}` }, -2)));
      search.update([job.id]);
    }
    await vi.waitFor(() => expect(get).toHaveBeenCalledTimes(40));
    get.mockClear();
    // The first search reads the rest, then applies the changes once: one read of the job's entry.
    expect(await allPages(search, { ...SHOW_ALL, text: 'poll 39' }, 5)).toEqual([job.id]);
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('follows the background’s changes entry by entry, and reads anew after a clear', async () => {
    const own = await openTestHistoryDb(seeded.slice(0, 50));
    const search = createSearchIndex(async () => own, BATCHES);
    const query: FindQuery = { ...SHOW_ALL, text: 'heron' };
    expect(await allPages(search, query, 10)).toEqual([]);

    const added = testEntry(9001, { prompt: 'a grey heron', createdAt: 2_000_000 });
    const starred = { ...(seeded[3] as HistoryEntry), prompt: 'renamed heron' };
    await writeEntries(own, (store) => {
      store.put(rowOf(added, 10_000));
      store.put(rowOf(starred, -4));
      store.delete((seeded[5] as HistoryEntry).id);
    });
    search.update([added.id, starred.id, (seeded[5] as HistoryEntry).id]);
    expect(await allPages(search, query, 10)).toEqual([added.id, starred.id]);
    expect(await allPages(search, { ...SHOW_ALL, text: 'prompt' }, 10)).not.toContain(
      (seeded[5] as HistoryEntry).id,
    );

    // An import replaced the history: the page is told `cleared`, and the index reads it anew.
    const imported = testEntry(9002, { prompt: 'an imported heron', createdAt: 500 });
    await writeEntries(own, (store) => {
      store.clear();
      store.put(rowOf(imported, 1));
    });
    search.reset();
    expect(await allPages(search, query, 10)).toEqual([imported.id]);
  });

  it('gives way to a newer keystroke', async () => {
    const search = createSearchIndex(async () => db, BATCHES);
    const controller = new AbortController();
    controller.abort();
    await expect(
      search.search({ ...SHOW_ALL, text: 'kite' }, { count: 20, order: 'newest' }, controller.signal),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });
});
