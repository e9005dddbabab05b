// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HistoryChange } from '../../../utils/history/background/idb-store';
import { entriesOf, pastCap } from '../../../utils/history/history-db';
import type { HistoryEntry } from '../../../utils/history/schema';
import { failingHistoryWrites, testHistoryStore } from '../support/history-db';

afterEach(() => vi.restoreAllMocks());

function entry(id: string, patch: Partial<HistoryEntry> = {}): HistoryEntry {
  return {
    id,
    kind: 'image',
    prompt: id,
    model: '',
    source: 'popup',
    status: 'completed',
    urls: [],
    createdAt: 0,
    ...patch,
  };
}

const ids = (entries: readonly HistoryEntry[]) => entries.map((item) => item.id);
const QUOTA = () => new DOMException('over quota', 'QuotaExceededError');

describe('history store', () => {
  it('loses no update when many finish at once', async () => {
    const { store, entries } = testHistoryStore();
    await Promise.all(Array.from({ length: 30 }, (_, i) => store.add(entry(`e${i}`, { status: 'running' }))));
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        store.patch(`e${i}`, (item) => ({ ...item, status: 'completed' })),
      ),
    );
    const stored = await entries();
    expect(stored).toHaveLength(30);
    expect(stored.every((item) => item.status === 'completed')).toBe(true);
    expect(stored[0]?.id).toBe('e29');
  });

  it('survives a failed write and carries on with the next one; other errors prune nothing', async () => {
    const { store, entries } = testHistoryStore([entry('old')]);
    await entries();
    const failWrites = failingHistoryWrites();
    failWrites(new Error('IO error'));
    await expect(store.add(entry('lost'))).rejects.toThrow('IO error');
    failWrites(undefined);
    await store.add(entry('kept'));
    expect(ids(await entries())).toEqual(['kept', 'old']);
  });

  it('a change reaches only the entries in its scope', async () => {
    const { store, entries } = testHistoryStore([
      entry('run', { status: 'running', createdAt: 40 }),
      entry('fav', { favourite: true, createdAt: 30 }),
      entry('done', { createdAt: 20 }),
    ]);
    const seen: string[] = [];
    const changed = await store.patchMany({ status: 'running' }, (item) => {
      seen.push(item.id);
      return { ...item, prompt: 'changed' };
    });
    expect(seen).toEqual(['run']);
    expect(ids(changed)).toEqual(['run']);
    expect(ids((await entries()).filter((item) => item.prompt === 'changed'))).toEqual(['run']);
    expect(ids(await store.find({ favourite: true }))).toEqual(['fav']);
  });
});

describe('entries leaving the history', () => {
  /** Newest first: f5 is the oldest finished entry. */
  const stored = () => [
    entry('r1', { status: 'running', createdAt: 70 }),
    entry('f1', { createdAt: 60 }),
    entry('fav', { favourite: true, createdAt: 50 }),
    entry('f2', { createdAt: 40 }),
    entry('r2', { status: 'running', createdAt: 30 }),
    entry('f3', { createdAt: 20 }),
    entry('old-fav', { favourite: true, createdAt: 10 }),
    entry('f4', { status: 'failed', createdAt: 5 }),
  ];

  function storeOf(entries: HistoryEntry[]) {
    const dropped: string[][] = [];
    const history = testHistoryStore(entries, { onDropped: (gone) => dropped.push([...gone]) });
    return { ...history, dropped };
  }

  it('removes many in one change and says which were there, leaving their copies to the caller', async () => {
    const { store, entries, dropped } = storeOf(stored());
    expect(await store.removeMany(['f1', 'gone', 'f1', 'fav'])).toEqual(['f1', 'fav']);
    expect(ids(await entries())).toEqual(['r1', 'f2', 'r2', 'f3', 'old-fav', 'f4']);
    expect(dropped).toEqual([]);
  });

  it('a change touching more entries than a page shows signals "read again" rather than every id', async () => {
    const changes: HistoryChange[] = [];
    const many = Array.from({ length: 203 }, (_, i) => entry(`m${i}`));
    const { store } = testHistoryStore(many, { onCommitted: (change) => void changes.push(change) });
    await store.removeMany(['m0', 'm1']);
    await store.removeMany(many.map((item) => item.id));
    expect(changes).toEqual([{ ids: ['m0', 'm1'] }, { ids: [], cleared: true }]);
  });

  it('past the cap are the oldest finished entries, never a favourite or a running job; counting changes nothing', async () => {
    const { open, entries } = storeOf(stored());
    const past = async (limit: number) =>
      (await pastCap(entriesOf(await open()), limit)).map((row) => row.id);
    expect(await past(5)).toEqual(['f4', 'f3', 'f2']);
    expect(await past(8)).toEqual([]);
    // Past the cap by more than there is to remove: only what may go is counted.
    expect(await past(1)).toEqual(['f4', 'f3', 'f2', 'f1']);
    expect(await entries()).toHaveLength(8);
  });

  it('a trim removes them only when no more than the person agreed to, and frees their copies', async () => {
    const { store, entries, dropped } = storeOf(stored());
    expect(await store.trim(5, 2)).toEqual([]);
    expect(await entries()).toHaveLength(8);
    expect(await store.trim(5, 3)).toEqual(['f4', 'f3', 'f2']);
    expect(ids(await entries())).toEqual(['r1', 'f1', 'fav', 'r2', 'old-fav']);
    expect(dropped).toEqual([['f4', 'f3', 'f2']]);
  });

  it('the drop rule removes finished entries created before its time, never favourites or running jobs', async () => {
    const { store, entries, dropped } = storeOf(stored());
    expect(await store.dropOlderThan(40)).toEqual(['f4', 'f3']);
    expect(ids(await entries())).toEqual(['r1', 'f1', 'fav', 'f2', 'r2', 'old-fav']);
    expect(dropped).toEqual([['f4', 'f3']]);
    expect(await store.dropOlderThan(40)).toEqual([]);
  });

  it('an add applies the rule too, but never to what it adds', async () => {
    const dropped: string[][] = [];
    const { store, entries } = testHistoryStore(stored(), {
      onDropped: (gone) => dropped.push([...gone]),
      dropBefore: async () => 25,
    });
    await store.add(entry('late-import', { createdAt: 1 }));
    expect(ids(await entries())).toEqual(['r1', 'f1', 'fav', 'f2', 'r2', 'old-fav', 'late-import']);
    expect(dropped).toEqual([['f4', 'f3']]);
  });

  it('an import counts only removable entries against the cap, favourites of the file included', async () => {
    const { store, entries } = storeOf([
      entry('fav', { favourite: true, createdAt: 1 }),
      entry('s', { createdAt: 2 }),
    ]);
    const file = [entry('in-fav', { favourite: true, createdAt: 0 }), entry('in', { createdAt: 3 })];
    expect(await store.importMissing(file, { limit: 3, removeUpTo: 0 })).toEqual({
      applied: false,
      adding: 2,
      removing: 1,
      skipped: 0,
    });
    expect(await store.importMissing(file, { limit: 3, removeUpTo: 1 })).toMatchObject({ applied: true });
    expect(ids(await entries())).toEqual(['in', 'fav', 'in-fav']);
  });
});

describe('history store on a full storage', () => {
  it('drops the older half of the finished entries that are not favourites, never the one being written', async () => {
    const { store, entries } = testHistoryStore([
      entry('r1', { status: 'running', createdAt: 9 }),
      entry('f1', { createdAt: 8 }),
      entry('f2', { createdAt: 7 }),
      entry('fav', { favourite: true, createdAt: 6 }),
      entry('f3', { createdAt: 5 }),
      entry('f4', { createdAt: 4 }),
    ]);
    await entries();
    const put = IDBObjectStore.prototype.put;
    let refusals = 1;
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, ...args) {
      if (refusals-- > 0) throw QUOTA();
      return put.apply(this, args);
    });
    await store.add(entry('new', { status: 'running', createdAt: 10 }));
    expect(ids(await entries())).toEqual(['new', 'r1', 'f1', 'f2', 'fav']);
  });

  it('gives up with the storage message when only running jobs and favourites are left, and is not wedged', async () => {
    const { store, entries } = testHistoryStore([
      entry('r1', { status: 'running', createdAt: 2 }),
      entry('fav', { favourite: true, createdAt: 1 }),
    ]);
    await entries();
    const failWrites = failingHistoryWrites();
    failWrites(QUOTA());
    await expect(store.add(entry('new', { status: 'running' }))).rejects.toMatchObject({
      info: { kind: 'storage_full' },
    });
    failWrites(undefined);
    expect(ids(await entries())).toEqual(['r1', 'fav']);
    await expect(store.remove('fav')).resolves.toBe(true);
  });
});
