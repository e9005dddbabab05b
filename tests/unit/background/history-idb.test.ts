// @vitest-environment node
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { signalHistoryChange } from '../../../utils/history/background/history-changes';
import { createIdbHistoryStore, type HistoryChange } from '../../../utils/history/background/idb-store';
import {
  HISTORY_MIGRATION,
  migratedHistoryDb,
  migrateHistory,
} from '../../../utils/history/background/migrate';
import { openHistoryDb } from '../../../utils/history/background/open-history-db';
import {
  type EntriesStore,
  HISTORY_DB_VERSION,
  type HistoryDb,
  rowOf,
} from '../../../utils/history/history-db';
import type { HistoryEntry } from '../../../utils/history/schema';
import { once } from '../../../utils/idb/transaction';
import { FIRST_PROFILE_ID } from '../../../utils/profiles/first-profile';
import { type HistoryChanges, historyChangesItem } from '../../../utils/storage/items';
import { writeEntries } from '../support/history-db';

let db: HistoryDb;
let dbCount = 0;

beforeEach(async () => {
  // A database of its own per test: fake-indexeddb keeps databases for the whole file.
  db = await openHistoryDb(`history-test-${dbCount++}`);
});

afterEach(() => {
  db.close();
  vi.restoreAllMocks();
});

function entry(id: string, patch: Partial<HistoryEntry> = {}): HistoryEntry {
  return {
    id,
    kind: 'image',
    prompt: `prompt ${id}`,
    model: 'm',
    source: 'popup',
    status: 'completed',
    urls: [],
    createdAt: 1000,
    ...patch,
  };
}

/** `count` finished entries, newest first, plus the running ones given, put straight into the database. */
async function seed(count: number, running: HistoryEntry[] = []): Promise<void> {
  await writeEntries(db, (store) => {
    for (let i = 0; i < count; i++) store.put(rowOf(entry(`old-${i}`, { createdAt: 1_000_000 - i }), 0));
    for (const job of running) store.put(rowOf(job, 0));
  });
}

const ids = (entries: readonly HistoryEntry[]) => entries.map((item) => item.id);

describe('history in IndexedDB, one record per entry', () => {
  it('adds newest first, keeps the order of entries added together, and patches by id', async () => {
    const store = createIdbHistoryStore(async () => db, {});
    await store.add(entry('a'));
    await store.add(entry('b1'), entry('b2'));
    expect(ids(await store.read())).toEqual(['b1', 'b2', 'a']);
    expect(await store.patch('b2', (item) => ({ ...item, prompt: 'changed' }))).toMatchObject({
      prompt: 'changed',
    });
    expect(await store.patch('gone', (item) => item)).toBeUndefined();
    expect((await store.get('b2'))?.prompt).toBe('changed');
  });

  it('adding past any number drops nothing by itself: entries past the cap go only by a trim or a rule', async () => {
    const dropped: string[] = [];
    const store = createIdbHistoryStore(async () => db, { onDropped: (gone) => dropped.push(...gone) });
    for (let i = 0; i < 5; i++) await store.add(entry(`e${i}`, { createdAt: i }));
    expect(ids(await store.read())).toEqual(['e4', 'e3', 'e2', 'e1', 'e0']);
    expect(dropped).toEqual([]);
  });

  it('finds each scope through its index', async () => {
    const store = createIdbHistoryStore(async () => db, {});
    await store.add(
      entry('run', { status: 'running', createdAt: 40 }),
      entry('owed', { notifyPending: true, batchId: 'b', createdAt: 30 }),
      entry('priced', {
        balanceBefore: { value: 5, at: 20, account: { origin: '', keyId: '' } },
        createdAt: 20,
      }),
      entry('old', { batchId: 'b', createdAt: 10 }),
    );
    expect(ids(await store.find({ status: 'running' }))).toEqual(['run']);
    expect(ids(await store.find({ owed: true }))).toEqual(['owed']);
    expect(ids(await store.find({ batchId: 'b' }))).toEqual(['owed', 'old']);
    expect(ids(await store.find({ since: 20 }))).toEqual(['run', 'owed', 'priced']);
    expect(ids(await store.find({ costPending: true }))).toEqual(['priced']);
    // Told: no longer owed.
    await store.patch('owed', ({ notifyPending: _, ...item }) => item);
    expect(await store.find({ owed: true })).toEqual([]);
  });

  it('clears finished entries and keeps running jobs; removes one by id', async () => {
    const store = createIdbHistoryStore(async () => db, {});
    await store.add(
      entry('run', { status: 'running' }),
      entry('done'),
      entry('failed', { status: 'failed' }),
    );
    expect(await store.remove('done')).toBe(true);
    expect(await store.remove('done')).toBe(false);
    expect(await store.clearFinished()).toBe(1);
    expect(ids(await store.read())).toEqual(['run']);
  });

  it('an import over its allowance writes nothing; allowed, it adds the new ids and pushes out the oldest', async () => {
    const dropped: string[] = [];
    const store = createIdbHistoryStore(async () => db, { onDropped: (gone) => dropped.push(...gone) });
    await store.add(entry('s1', { createdAt: 10 }), entry('s2', { createdAt: 5 }));
    const file = [entry('s1'), entry('f1', { createdAt: 20 }), entry('f2', { createdAt: 30 })];
    expect(await store.importMissing(file, { limit: 3, removeUpTo: 0 })).toEqual({
      applied: false,
      adding: 2,
      removing: 1,
      skipped: 1,
    });
    expect(ids(await store.read())).toEqual(['s1', 's2']);
    expect(await store.importMissing(file, { limit: 3, removeUpTo: 1 })).toEqual({
      applied: true,
      adding: 2,
      removing: 1,
      skipped: 1,
    });
    expect(ids(await store.read())).toEqual(['f2', 'f1', 's1']);
    expect(dropped).toEqual(['s2']);
  });

  it('signals each committed change with the ids it touched, and nothing for a change that changed nothing', async () => {
    const changes: HistoryChange[] = [];
    const store = createIdbHistoryStore(async () => db, {
      onCommitted: (change) => void changes.push(change),
    });
    await store.add(entry('a', { createdAt: 1 }), entry('b', { createdAt: 2 }));
    await store.add(entry('c', { createdAt: 3 }));
    await store.patchMany({ status: 'running' }, (item) => item);
    await store.patch('c', (item) => ({ ...item, prompt: 'x' }));
    await store.clearFinished();
    expect(changes).toEqual([
      { ids: ['a', 'b'] },
      { ids: ['c'] },
      { ids: ['c'] },
      { ids: [], cleared: true },
    ]);
  });

  it('a change that fails halfway stores nothing of it', async () => {
    const store = createIdbHistoryStore(async () => db, {});
    await store.add(
      entry('a', { status: 'running', createdAt: 2 }),
      entry('b', { status: 'running', createdAt: 1 }),
    );
    await expect(
      store.patchMany({ status: 'running' }, (item) => {
        if (item.id === 'b') throw new Error('no');
        return { ...item, status: 'completed' };
      }),
    ).rejects.toThrow('no');
    const put = IDBObjectStore.prototype.put;
    let puts = 0;
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, ...args) {
      if (puts++ === 1) throw new Error('the second write fails');
      return put.apply(this, args);
    });
    await expect(
      store.patchMany({ status: 'running' }, (item) => ({ ...item, prompt: 'changed' })),
    ).rejects.toThrow('the second write fails');
    vi.restoreAllMocks();
    expect((await store.read()).map((item) => [item.status, item.prompt])).toEqual([
      ['running', 'prompt a'],
      ['running', 'prompt b'],
    ]);
  });

  it('on a full storage, drops the older half of the finished entries and writes the outcome; gives up when none is left', async () => {
    const store = createIdbHistoryStore(async () => db, {});
    await store.add(...[4, 3, 2, 1].map((n) => entry(`e${n}`, { createdAt: n })));
    const put = IDBObjectStore.prototype.put;
    let refusals = 1;
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, ...args) {
      if (refusals-- > 0) throw new DOMException('over quota', 'QuotaExceededError');
      return put.apply(this, args);
    });
    await store.add(entry('new', { createdAt: 9 }));
    expect(ids(await store.read())).toEqual(['new', 'e4', 'e3']);
    await store.clearFinished();
    await store.add(entry('job', { status: 'running' }));
    refusals = Number.POSITIVE_INFINITY;
    await expect(store.patch('job', (item) => ({ ...item, prompt: 'x' }))).rejects.toMatchObject({
      info: { kind: 'storage_full' },
    });
  });
});

type Requesting = Record<string, (...args: unknown[]) => IDBRequest>;

/** Records read and written by IndexedDB requests while `run` goes (a cursor counts its first record). */
async function recordsTouched(run: () => Promise<unknown>): Promise<{ read: number; written: number }> {
  const counts = { read: 0, written: 0 };
  const restore: (() => void)[] = [];
  const count = (proto: object, name: string, kind: 'read' | 'written') => {
    const methods = proto as Requesting;
    const original = methods[name];
    if (!original) throw new Error(`No ${name} to count`);
    methods[name] = function (this: unknown, ...args: unknown[]) {
      const request = original.apply(this, args);
      request.addEventListener('success', () => {
        const result: unknown = request.result;
        counts[kind] += kind === 'written' ? 1 : Array.isArray(result) ? result.length : result ? 1 : 0;
      });
      return request;
    };
    restore.push(() => {
      methods[name] = original;
    });
  };
  count(IDBObjectStore.prototype, 'put', 'written');
  count(IDBObjectStore.prototype, 'delete', 'written');
  count(IDBObjectStore.prototype, 'get', 'read');
  count(IDBObjectStore.prototype, 'getAll', 'read');
  count(IDBIndex.prototype, 'getAll', 'read');
  count(IDBIndex.prototype, 'openCursor', 'read');
  try {
    await run();
  } finally {
    for (const undo of restore) undo();
  }
  return counts;
}

describe('the cost of one change does not grow with the history', () => {
  const job = entry('job', { kind: 'video', status: 'running', createdAt: 2_000_000 });

  async function costs(size: number) {
    await seed(size, [job]);
    // A drop rule older than every entry: checking it on each add reads nothing.
    const store = createIdbHistoryStore(async () => db, { dropBefore: async () => 500_000 });
    const poll = await recordsTouched(() =>
      store.patchMany({ status: 'running' }, (item) => ({ ...item, rawStatus: 'processing' })),
    );
    const owed = await recordsTouched(() => store.find({ owed: true }));
    const finished = await recordsTouched(() =>
      store.patch('job', (item) => ({ ...item, status: 'completed', notifyPending: true })),
    );
    const added = await recordsTouched(() => store.add(entry('new', { createdAt: 3_000_000 })));
    return { poll, owed, finished, added };
  }

  it('a poll, an owed-notification query, a finished result and a new entry touch as many records at 200 as at 10,000', async () => {
    const small = await costs(200);
    db.close();
    db = await openHistoryDb(`history-test-${dbCount++}`);
    const large = await costs(10_000);
    expect(large).toEqual(small);
    expect(small.poll).toEqual({ read: 1, written: 1 });
  }, 60_000);
});

describe('migration of the storage.local history', () => {
  function legacy(value: unknown) {
    const state = { value, removed: false };
    return {
      state,
      getValue: async () => state.value,
      remove: async () => {
        state.removed = true;
        state.value = undefined;
      },
    };
  }
  const store = () => createIdbHistoryStore(async () => db, {});

  it('takes in the current array whole, in its order, then removes it and marks the version', async () => {
    const array = Array.from({ length: 200 }, (_, i) =>
      entry(`e${i}`, { createdAt: i < 5 ? 5000 : 5000 - i }),
    );
    const old = legacy(array);
    expect(await migrateHistory(db, old)).toBe(200);
    expect(await store().read()).toEqual(array);
    expect(old.state.removed).toBe(true);
    expect(await once(db, 'meta', (meta) => meta.get('migrated'))).toBe(HISTORY_MIGRATION);
    // Later entries are newer than migrated ones created in the same millisecond.
    await store().add(entry('later', { createdAt: 5000 }));
    expect(ids(await store().read()).slice(0, 2)).toEqual(['later', 'e0']);
  });

  it('repairs each damaged shape on the way: one url, a status it cannot read, an object of entries, junk', async () => {
    const oldShape = {
      id: 'old',
      kind: 'image',
      prompt: 'an old one',
      status: 'done',
      url: 'https://cdn.example/o.png',
      createdAt: 5000,
    };
    await migrateHistory(db, legacy([oldShape, null, 'junk', entry('ok')]));
    expect(await store().read()).toMatchObject([
      { id: 'old', status: 'completed', urls: ['https://cdn.example/o.png'], source: 'popup', model: '' },
      { id: 'ok' },
    ]);
    await migrateHistory(db, legacy({ 0: entry('from-object'), broken: 42 }));
    expect(await store().get('from-object')).toBeDefined();
    const junk = legacy('[oops');
    expect(await migrateHistory(db, junk)).toBe(0);
    expect(junk.state.removed).toBe(true);
  });

  it('a migration stopped halfway is finished by the next start: nothing lost, doubled or overwritten', async () => {
    const array = Array.from({ length: 1200 }, (_, i) => entry(`e${i}`, { createdAt: 10_000 - i }));
    // The stopped worker got the first chunk in, and the new worker changed nothing yet.
    await writeEntries(db, (store) => {
      for (const [i, item] of array.slice(0, 500).entries()) store.put(rowOf(item, -(i + 1)));
    });
    const old = legacy(array);
    expect(await migrateHistory(db, old)).toBe(700);
    expect(await store().read()).toEqual(array);
    expect(old.state.removed).toBe(true);
    // Rerun after completion (the array is gone): a no-op.
    expect(await migrateHistory(db, old)).toBe(0);
    expect(await once(db, 'entries', (entries) => entries.count())).toBe(1200);
  });

  it('a worker stopped after its first chunk leaves the array; the next run finishes without doubles', async () => {
    const array = Array.from({ length: 1200 }, (_, i) => entry(`e${i}`, { createdAt: 10_000 - i }));
    const old = legacy(array);
    const put = IDBObjectStore.prototype.put;
    let puts = 0;
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, ...args) {
      if (puts++ === 500) throw new Error('the worker is stopped');
      return put.apply(this, args);
    });
    await expect(migrateHistory(db, old)).rejects.toThrow('the worker is stopped');
    vi.restoreAllMocks();
    expect(await once(db, 'entries', (entries) => entries.count())).toBe(500);
    expect(old.state.removed).toBe(false);
    expect(await once(db, 'meta', (meta) => meta.get('migrated'))).toBeUndefined();
    expect(await migrateHistory(db, old)).toBe(700);
    expect(await store().read()).toEqual(array);
    expect(old.state.removed).toBe(true);
  });
});

describe('the worker opens the history migrated, and pages hear of each change', () => {
  it('the first call of the store migrates before it reads, and the database is opened once', async () => {
    let opened = 0;
    const array = [entry('a', { createdAt: 2 }), entry('b', { createdAt: 1 })];
    let stored: unknown = array;
    const old = {
      getValue: async () => stored,
      remove: async () => {
        stored = undefined;
      },
    };
    let migrated = 0;
    const open = migratedHistoryDb(old, {
      open: async () => {
        opened++;
        return db;
      },
      onMigrated: async () => {
        migrated++;
      },
    });
    const store = createIdbHistoryStore(open, {});
    const [running, all] = await Promise.all([store.find({ status: 'running' }), store.read()]);
    expect(running).toEqual([]);
    expect(all).toEqual(array);
    expect(stored).toBeUndefined();
    expect(opened).toBe(1);
    // Pages that showed the empty database are told to read it again, once.
    expect(migrated).toBe(1);
  });

  it('a watching page sees one signal per committed change, in order, naming what changed', async () => {
    fakeBrowser.reset();
    const seen: HistoryChanges[] = [];
    const unwatch = historyChangesItem.watch((change) => seen.push(change));
    const store = createIdbHistoryStore(async () => db, { onCommitted: signalHistoryChange });
    await store.add(entry('a', { status: 'running' }));
    await store.patch('a', (item) => ({ ...item, status: 'completed' }));
    await store.patch('gone', (item) => item);
    await store.clearFinished();
    await vi.waitFor(() => expect(seen).toHaveLength(3));
    expect(seen).toEqual([
      { seq: 1, ids: ['a'] },
      { seq: 2, ids: ['a'] },
      { seq: 3, ids: [], cleared: true },
    ]);
    unwatch();
  });
});

describe('the database of the release before profiles (version 1)', () => {
  /** A version 1 database as that release made it: its indexes, and rows that name no profile. */
  async function versionOne(name: string, entries: HistoryEntry[]): Promise<void> {
    const request = indexedDB.open(name, 1);
    request.onupgradeneeded = () => {
      const store = request.result.createObjectStore('entries', { keyPath: 'id' });
      store.createIndex('date', ['createdAt', 'seq']);
      store.createIndex('status', 'status');
      request.result.createObjectStore('meta');
      entries.forEach((item, seq) => {
        const { profile: _, ...row } = rowOf(item, seq);
        store.put(row);
      });
    };
    await new Promise((resolve, reject) => {
      request.onsuccess = () => resolve(request.result.close());
      request.onerror = () => reject(request.error);
    });
  }

  it('is upgraded with every row given its profile, so the profile index finds them all', async () => {
    const name = `history-v1-${dbCount++}`;
    const old = Array.from({ length: 30 }, (_, at) => entry(`old-${at}`, { createdAt: 1000 + at }));
    await versionOne(name, [...old, entry('with-profile', { profileId: 'p-2' })]);
    const upgraded = await openHistoryDb(name);
    try {
      expect(upgraded.version).toBe(HISTORY_DB_VERSION);
      const profile = (entries: EntriesStore) => entries.index('profile');
      expect(await once(upgraded, 'entries', (entries) => profile(entries).count(FIRST_PROFILE_ID))).toBe(30);
      expect(await once(upgraded, 'entries', (entries) => profile(entries).getAllKeys('p-2'))).toEqual([
        'with-profile',
      ]);
      expect(await once(upgraded, 'entries', (entries) => entries.getAll())).toHaveLength(31);
    } finally {
      upgraded.close();
    }
  });
});
