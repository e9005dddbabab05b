import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../../utils/history/schema';
import { capHistory, createHistoryStore } from '../../../utils/history/store';

function entry(id: string, status: HistoryEntry['status'] = 'completed'): HistoryEntry {
  return { id, kind: 'image', prompt: id, model: '', source: 'popup', status, urls: [], createdAt: 0 };
}

function memoryBackend(initial: HistoryEntry[] = []) {
  let value = initial;
  let writes = 0;
  return {
    getValue: async () => value,
    setValue: async (next: HistoryEntry[]) => {
      // Yield so interleaved writers would overwrite each other if the store did not serialise them.
      await new Promise((resolve) => setTimeout(resolve, 1));
      value = next;
      writes++;
    },
    get value() {
      return value;
    },
    get writes() {
      return writes;
    },
  };
}

describe('capHistory', () => {
  it('drops the oldest finished entries but never a running one', () => {
    const entries = [entry('new'), entry('mid'), entry('old-running', 'running'), entry('oldest')];
    expect(capHistory(entries, 2).map((e) => e.id)).toEqual(['new', 'old-running']);
  });

  it('keeps everything under the limit', () => {
    const entries = [entry('a'), entry('b')];
    expect(capHistory(entries, 2)).toEqual(entries);
  });
});

describe('history store', () => {
  it('loses no update when many finish at once', async () => {
    const backend = memoryBackend();
    const store = createHistoryStore(backend);
    await Promise.all(Array.from({ length: 30 }, (_, i) => store.add(entry(`e${i}`, 'running'))));
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        store.patch(`e${i}`, (item) => ({ ...item, status: 'completed' })),
      ),
    );
    expect(backend.value).toHaveLength(30);
    expect(backend.value.every((item) => item.status === 'completed')).toBe(true);
    expect(backend.value[0]?.id).toBe('e29');
  });

  it('caps at the limit as entries are added', async () => {
    const backend = memoryBackend();
    const store = createHistoryStore(backend, 3);
    for (let i = 0; i < 5; i++) await store.add(entry(`e${i}`));
    expect(backend.value.map((e) => e.id)).toEqual(['e4', 'e3', 'e2']);
  });

  it('clears finished entries and keeps running jobs', async () => {
    const backend = memoryBackend([entry('a'), entry('b', 'running'), entry('c', 'failed')]);
    const store = createHistoryStore(backend);
    expect(await store.clearFinished()).toBe(2);
    expect(backend.value.map((e) => e.id)).toEqual(['b']);
    expect(await store.remove('b')).toBe(true);
    expect(await store.remove('b')).toBe(false);
  });

  it('survives a failed write and carries on with the next one', async () => {
    let fail = true;
    const backend = memoryBackend();
    const store = createHistoryStore({
      getValue: backend.getValue,
      setValue: async (value) => {
        if (fail) {
          fail = false;
          throw new Error('quota');
        }
        await backend.setValue(value);
      },
    });
    await expect(store.add(entry('lost'))).rejects.toThrow('quota');
    await store.add(entry('kept'));
    expect(backend.value.map((e) => e.id)).toEqual(['kept']);
  });
});

describe('scoped queries and changes', () => {
  const stored = [
    { ...entry('run', 'running'), createdAt: 40 },
    { ...entry('owed'), notifyPending: true, batchId: 'b', createdAt: 30 },
    {
      ...entry('priced'),
      balanceBefore: { value: 5, at: 20, account: { origin: '', keyId: '' } },
      createdAt: 20,
    },
    { ...entry('old'), batchId: 'b', createdAt: 10 },
  ];
  const ids = (entries: HistoryEntry[]) => entries.map((item) => item.id);

  it('each scope finds its entries, newest first', async () => {
    const store = createHistoryStore(memoryBackend(stored));
    expect(ids(await store.find({ status: 'running' }))).toEqual(['run']);
    expect(ids(await store.find({ owed: true }))).toEqual(['owed']);
    expect(ids(await store.find({ batchId: 'b' }))).toEqual(['owed', 'old']);
    expect(ids(await store.find({ since: 20 }))).toEqual(['run', 'owed', 'priced']);
    expect(ids(await store.find({ costPending: true }))).toEqual(['priced']);
    expect(ids(await store.find({ ids: ['old', 'gone'] }))).toEqual(['old']);
    expect((await store.get('owed'))?.batchId).toBe('b');
  });

  it('a change reaches only the entries in its scope', async () => {
    const backend = memoryBackend(stored);
    const store = createHistoryStore(backend);
    const seen: string[] = [];
    const changed = await store.patchMany({ status: 'running' }, (item) => {
      seen.push(item.id);
      return { ...item, prompt: 'changed' };
    });
    expect(seen).toEqual(['run']);
    expect(ids(changed)).toEqual(['run']);
    expect(backend.value.filter((item) => item.prompt === 'changed').map((item) => item.id)).toEqual(['run']);
  });
});

describe('entries leaving the history', () => {
  it('tells which entries the cap pushed out, and not those a change removed itself', async () => {
    const dropped: string[][] = [];
    const backend = memoryBackend([entry('b'), entry('a')]);
    const store = createHistoryStore(backend, 2, (ids) => dropped.push([...ids]));
    await store.add(entry('c'));
    await store.remove('b');
    await store.add(entry('d'));
    expect(dropped).toEqual([['a']]);
    expect(backend.value.map((e) => e.id)).toEqual(['d', 'c']);
  });

  it('an import the cap would make push out more than allowed writes nothing', async () => {
    const dropped: string[][] = [];
    const backend = memoryBackend([entry('b'), entry('a')]);
    const store = createHistoryStore(backend, 2, (ids) => dropped.push([...ids]));
    const incoming = [{ ...entry('new'), createdAt: 5 }, entry('a')];
    expect(await store.importMissing(incoming, 0)).toEqual({
      applied: false,
      adding: 1,
      removing: 1,
      skipped: 1,
    });
    expect(backend.writes).toBe(0);
    expect(await store.importMissing(incoming, 1)).toMatchObject({ applied: true, adding: 1, removing: 1 });
    expect(backend.value.map((e) => e.id)).toEqual(['new', 'b']);
    expect(dropped).toEqual([['a']]);
  });
});

describe('history store on a full storage', () => {
  /** A storage.local that refuses, as Chrome words it, any history longer than `room` entries. */
  function fullBackend(initial: HistoryEntry[], room: number) {
    let value = initial;
    return {
      getValue: async () => value,
      setValue: async (next: HistoryEntry[]) => {
        if (next.length > room) throw new Error('Resource::kQuotaBytes quota exceeded');
        value = next;
      },
      get value() {
        return value;
      },
    };
  }

  it('drops the oldest finished entries to make room, never a running one nor the one being written', async () => {
    // Newest first: f5 is the oldest finished entry.
    const backend = fullBackend(
      [
        entry('r1', 'running'),
        entry('f1'),
        entry('f2'),
        entry('r2', 'running'),
        entry('f3'),
        entry('f4'),
        entry('f5'),
      ],
      5,
    );
    const store = createHistoryStore(backend);
    await store.add(entry('new', 'running'));
    expect(backend.value.map((item) => item.id)).toEqual(['new', 'r1', 'f1', 'f2', 'r2']);
    await store.patch('new', (item) => ({ ...item, status: 'completed', urls: ['https://x/new.png'] }));
    expect(backend.value[0]).toMatchObject({ id: 'new', status: 'completed' });
  });

  it('gives up with the storage message when only running entries and the new outcome are left', async () => {
    const backend = fullBackend([entry('r1', 'running'), entry('f1')], 1);
    const store = createHistoryStore(backend);
    await expect(store.add(entry('new', 'running'))).rejects.toMatchObject({
      info: { kind: 'storage_full' },
    });
    expect(backend.value.map((item) => item.id)).toEqual(['r1', 'f1']);
    // The store's queue is not wedged by the failure.
    await expect(store.remove('f1')).resolves.toBe(true);
  });

  it('does not prune on other write errors', async () => {
    const store = createHistoryStore({
      getValue: async () => [entry('f1')],
      setValue: async () => {
        throw new Error('IO error');
      },
    });
    await expect(store.add(entry('new'))).rejects.toThrow('IO error');
  });
});
