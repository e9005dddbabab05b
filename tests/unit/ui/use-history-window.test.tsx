// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openHistoryDb } from '../../../utils/history/background/open-history-db';
import { type HistoryDb, rowOf } from '../../../utils/history/history-db';
import { type FindQuery, SHOW_ALL } from '../../../utils/history/page/history-find';
import { type HistoryWindow, useHistoryWindow } from '../../../utils/history/page/use-history-window';
import type { HistoryEntry } from '../../../utils/history/schema';
import type { HistoryChanges } from '../../../utils/storage/items';
import { testEntry, writeEntries } from '../support/history-db';

const SIZE = 25;
let db: HistoryDb;
let seq = 0;
let listeners: ((change: HistoryChanges) => void)[] = [];
let run = 0;

function put(...entries: HistoryEntry[]) {
  return writeEntries(db, (store) => {
    for (const item of entries) store.put(rowOf(item, ++seq));
  });
}

function remove(...ids: string[]) {
  return writeEntries(db, (store) => {
    for (const id of ids) store.delete(id);
  });
}

/** What the background does after a committed change: one write of the signal. */
function signal(change: Omit<HistoryChanges, 'seq'>) {
  act(() => {
    for (const listener of listeners) listener({ seq: ++seq, ...change });
  });
}

beforeEach(async () => {
  db = await openHistoryDb(`window-test-${++run}`);
  listeners = [];
  await put(...Array.from({ length: SIZE }, (_, i) => testEntry(i)));
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderWindow(
  query: FindQuery = SHOW_ALL,
  open = () => Promise.resolve(db),
  rendered: (view: HistoryWindow) => void = () => {},
  seed: readonly HistoryEntry[] = [],
) {
  const sources = {
    seed,
    open,
    watch: (listener: (change: HistoryChanges) => void) => {
      listeners.push(listener);
      return () => {
        listeners = listeners.filter((each) => each !== listener);
      };
    },
    pageSize: 10,
  };
  return renderHook(
    ({ asked }) => {
      const view = useHistoryWindow(asked, sources);
      rendered(view);
      return view;
    },
    { initialProps: { asked: query } },
  );
}

const ids = (entries: readonly HistoryEntry[]) => entries.map((item) => item.id);

describe('the history window', () => {
  it('reads the newest page first, with the whole count, and more on request', async () => {
    const { result } = renderWindow();
    await waitFor(() => expect(result.current.read).toBe(true));
    expect(ids(result.current.entries)).toEqual([
      'e24',
      'e23',
      'e22',
      'e21',
      'e20',
      'e19',
      'e18',
      'e17',
      'e16',
      'e15',
    ]);
    await waitFor(() => expect(result.current.total).toBe(SIZE));
    expect(result.current.hasMore).toBe(true);

    act(() => result.current.loadMore());
    // A second call while the page is read asks for nothing more.
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.entries).toHaveLength(20));
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.entries).toHaveLength(SIZE);
    expect(result.current.entries.at(-1)?.id).toBe('e0');
    expect(result.current.hasMore).toBe(false);
  });

  it('a search pages over every entry a screenful at a time, and a new query replaces the old one', async () => {
    const { result, rerender } = renderWindow({ ...SHOW_ALL, text: 'prompt 1' });
    await waitFor(() => expect(result.current.read).toBe(true));
    // Every word must be in the prompt: "1", "10".."19" and "21", twelve, a third of a page (4) at a time.
    expect(ids(result.current.entries)).toEqual(['e21', 'e19', 'e18', 'e17']);
    for (const shown of [8, 12]) {
      act(() => result.current.loadMore());
      await waitFor(() => expect(result.current.entries).toHaveLength(shown));
    }
    expect(result.current.entries.at(-1)?.id).toBe('e1');
    // The last page ended on the last match: only reading on tells there is none after it.
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.hasMore).toBe(false));
    expect(result.current.entries).toHaveLength(12);

    rerender({ asked: { ...SHOW_ALL, text: 'prompt 2' } });
    await waitFor(() => expect(ids(result.current.entries)).toEqual(['e24', 'e23', 'e22', 'e21']));
  });

  it('the database’s answer keeps the last visit’s rows that did not change as they were shown', async () => {
    // The snapshot of the last visit: the newest ten, one renamed since.
    const seed = Array.from({ length: 10 }, (_, n) =>
      n === 3 ? testEntry(24 - n, { prompt: 'named before' }) : testEntry(24 - n),
    );
    const { result } = renderWindow(SHOW_ALL, undefined, undefined, seed);
    expect(result.current.entries).toBe(seed);
    await waitFor(() => expect(result.current.read).toBe(true));
    const shown = result.current.entries;
    expect(ids(shown)).toEqual(ids(seed));
    expect(shown[3]).toEqual(testEntry(21));
    for (const [at, entry] of shown.entries()) if (at !== 3) expect(entry).toBe(seed[at]);
    expect(result.current.answered).toBe(0);

    // None changed: the list itself stays, and what is drawn from it is not worked out again.
    cleanup();
    const same = Array.from({ length: 10 }, (_, n) => testEntry(24 - n));
    const again = renderWindow(SHOW_ALL, undefined, undefined, same);
    await waitFor(() => expect(again.result.current.read).toBe(true));
    expect(again.result.current.entries).toBe(same);
  });

  it('a new query is loading from the render that asks it, and its answer is a new set of rows', async () => {
    // Every read after the first page's waits, the search index's too: it cannot answer at once.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let read = false;
    const { result, rerender } = renderWindow(
      SHOW_ALL,
      () => (read ? held : Promise.resolve()).then(() => db),
      (view) => {
        read = view.read;
      },
    );
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.answered).toBe(0);

    rerender({ asked: { ...SHOW_ALL, text: 'prompt 2' } });
    // The old rows stay while the answer is read; "no match" must not show in between.
    expect(result.current.loading).toBe(true);
    expect(result.current.entries).toHaveLength(10);
    release();
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.answered).toBe(1);

    // More of the same answer is the same set; what a clear leaves is a new one.
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.entries).toHaveLength(7));
    expect(result.current.answered).toBe(1);
    signal({ ids: [], cleared: true });
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.answered).toBe(2);
  });

  it('the search index reads its newest batch once the first page is read: a first search is answered at once', async () => {
    // The index's batch read, the only read of the date index's records by the batch.
    const batches = vi.spyOn(IDBIndex.prototype, 'getAll');
    const { result, rerender } = renderWindow();
    await waitFor(() =>
      expect((batches.mock.results[0]?.value as IDBRequest | undefined)?.readyState).toBe('done'),
    );
    // Nobody searched yet: the newest batch is in, and the first keystroke is answered in its own render.
    rerender({ asked: { ...SHOW_ALL, text: 'prompt 2' } });
    expect(result.current.loading).toBe(false);
    expect(ids(result.current.entries)).toEqual(['e24', 'e23', 'e22', 'e21']);
  });

  it('once the search index is read, a search is answered in the render that asks it', async () => {
    const { result, rerender } = renderWindow({ ...SHOW_ALL, text: 'prompt 1' });
    await waitFor(() => expect(result.current.read).toBe(true));

    rerender({ asked: { ...SHOW_ALL, text: 'prompt 2' } });
    expect(result.current.loading).toBe(false);
    expect(ids(result.current.entries)).toEqual(['e24', 'e23', 'e22', 'e21']);
    act(() => result.current.loadMore());
    await waitFor(() =>
      expect(ids(result.current.entries)).toEqual(['e24', 'e23', 'e22', 'e21', 'e20', 'e12', 'e2']),
    );

    // A change still being applied to the index: the answer waits for it, and has it.
    await put(testEntry(25, { prompt: 'prompt 25, the newest' }));
    signal({ ids: ['e25'] });
    rerender({ asked: { ...SHOW_ALL, text: 'prompt 25' } });
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(ids(result.current.entries)).toEqual(['e25']));
    expect(result.current.hasMore).toBe(false);
  });

  it('a change signal updates, drops and adds only the entries it names', async () => {
    const { result } = renderWindow();
    await waitFor(() => expect(result.current.read).toBe(true));
    const untouched = result.current.entries[2];

    await put(
      testEntry(24, { favourite: true, collections: ['birds'] }),
      testEntry(99, { createdAt: 5000 }),
      testEntry(3),
    );
    await remove('e23');
    signal({ ids: ['e24', 'e23', 'e99', 'e3'] });

    await waitFor(() => expect(ids(result.current.entries)[0]).toBe('e99'));
    expect(ids(result.current.entries)).toEqual([
      'e99',
      'e24',
      'e22',
      'e21',
      'e20',
      'e19',
      'e18',
      'e17',
      'e16',
      'e15',
    ]);
    expect(result.current.entries[1]?.favourite).toBe(true);
    // An entry older than the loaded page stays for its own page; untouched rows keep their objects.
    expect(result.current.entries[2]).toBe(untouched);
    await waitFor(() => expect(result.current.collections).toEqual(['birds']));
    expect(result.current.total).toBe(SIZE);
  });

  it('a change during the first read is not lost under it', async () => {
    const { result } = renderWindow();
    await put(testEntry(99, { createdAt: 5000 }));
    signal({ ids: ['e99'] });
    await waitFor(() => expect(result.current.read).toBe(true));
    await waitFor(() => expect(ids(result.current.entries)[0]).toBe('e99'));
  });

  it('a change that makes an entry stop matching takes it out of the results', async () => {
    await put(testEntry(24, { favourite: true }), testEntry(20, { favourite: true }));
    const { result } = renderWindow({ ...SHOW_ALL, favouritesOnly: true });
    await waitFor(() => expect(ids(result.current.entries)).toEqual(['e24', 'e20']));
    await put(testEntry(24));
    signal({ ids: ['e24'] });
    await waitFor(() => expect(ids(result.current.entries)).toEqual(['e20']));
  });

  it('cleared reads the first page again', async () => {
    const { result } = renderWindow();
    await waitFor(() => expect(result.current.read).toBe(true));
    await writeEntries(db, (store) => store.clear());
    await put(testEntry(7, { prompt: 'kept running' }));
    signal({ ids: [], cleared: true });
    await waitFor(() => expect(ids(result.current.entries)).toEqual(['e7']));
    await waitFor(() => expect(result.current.total).toBe(1));
    expect(result.current.hasMore).toBe(false);
  });
});
