// @vitest-environment node
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { openHistoryDb } from '../../utils/history/background/open-history-db';
import { HISTORY_DB_NAME, type HistoryDb, rowOf } from '../../utils/history/history-db';
import type { HistoryEntry } from '../../utils/history/schema';
import { once } from '../../utils/idb/transaction';
import { readAllHistory, writeAllHistory } from '../support/history-probe';
import { deleteHistoryDb, writeEntries } from './support/history-db';

/* The e2e, Firefox and bench probes run in a browser; here they run on fake-indexeddb and fakeBrowser. */

let db: HistoryDb | undefined;

function entry(id: string, createdAt: number, extra: Partial<HistoryEntry> = {}): HistoryEntry {
  return {
    id,
    kind: 'image',
    prompt: id,
    model: 'm',
    source: 'popup',
    status: 'completed',
    urls: [],
    createdAt,
    ...extra,
  };
}

beforeEach(() => {
  fakeBrowser.reset();
  vi.stubGlobal('browser', fakeBrowser);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  db?.close();
  db = undefined;
  await deleteHistoryDb();
});

const names = async () => (await indexedDB.databases()).map((known) => known.name);

describe('the tests’ history probe', () => {
  it('reads nothing, and makes no database, before the worker made one', async () => {
    expect(await readAllHistory()).toEqual([]);
    expect(await names()).not.toContain(HISTORY_DB_NAME);
  });

  it('reads the legacy array alone until it is migrated, whatever its shape', async () => {
    await fakeBrowser.storage.local.set({ history: { 0: entry('kept', 5), oops: 42 } });
    expect((await readAllHistory()).map((item) => item.id)).toEqual(['kept']);
    expect(await names()).not.toContain(HISTORY_DB_NAME);
  });

  it('reads the database and the array half migrated into it, the database’s entry winning', async () => {
    db = await openHistoryDb();
    await writeEntries(db, (store) => {
      store.put(rowOf(entry('b', 200, { prompt: 'migrated' }), -2));
      store.put(rowOf(entry('new', 200), 1));
    });
    await fakeBrowser.storage.local.set({
      history: [entry('a', 200), entry('b', 200, { prompt: 'legacy' }), entry('c', 100)],
    });
    const read = await readAllHistory();
    expect(read.map((item) => item.id)).toEqual(['new', 'a', 'b', 'c']);
    expect(read.find((item) => item.id === 'b')?.prompt).toBe('migrated');
  });

  it('writes rows as the background builds them, replacing the history, and tells pages to re-read', async () => {
    db = await openHistoryDb();
    await writeEntries(db, (store) => store.put(rowOf(entry('gone', 1), 1)));
    await fakeBrowser.storage.local.set({
      history: [entry('legacy', 2)],
      historyChanges: { seq: 4, ids: [] },
    });
    const entries = [
      entry('running', 300, { status: 'running', batchId: 'batch' }),
      entry('owed', 200, { notifyPending: true, favourite: true, collections: ['x', 'y'] }),
      entry('costly', 200, { balanceBefore: { value: 10, at: 1, account: { origin: 'o', keyId: 'k' } } }),
    ];
    await writeAllHistory(entries);
    const rows = await once(db, 'entries', (store) => store.getAll());
    expect(rows.sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      entries.map((item, i) => rowOf(item, -(i + 1))).sort((a, b) => a.id.localeCompare(b.id)),
    );
    expect(await readAllHistory()).toEqual(entries);
    expect(await fakeBrowser.storage.local.get(['history', 'historyChanges'])).toEqual({
      historyChanges: { seq: 5, ids: [], cleared: true },
    });
  });

  it('writes thousands of entries in chunks, keeping their order', async () => {
    db = await openHistoryDb();
    const many = Array.from({ length: 2500 }, (_, i) => entry(`e${i}`, 1000));
    await writeAllHistory(many);
    expect((await readAllHistory()).map((item) => item.id)).toEqual(many.map((item) => item.id));
  });
});
