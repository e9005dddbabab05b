import 'fake-indexeddb/auto';
import { vi } from 'vitest';
import { createIdbHistoryStore, type IdbHistoryOptions } from '../../../utils/history/background/idb-store';
import { openHistoryDb } from '../../../utils/history/background/open-history-db';
import {
  type EntriesStore,
  HISTORY_DB_NAME,
  type HistoryDb,
  type HistoryRow,
  rowOf,
} from '../../../utils/history/history-db';
import type { HistoryEntry } from '../../../utils/history/schema';
import { done } from '../../../utils/idb/transaction';
import type { Charge } from '../../../utils/spend/ledger';
import { appendCharges } from '../../../utils/spend/ledger-db';

let databases = 0;
/** Taken before any test spies on it: seeding a database is not a write of the store under test. */
const rawPut = IDBObjectStore.prototype.put;

/**
 * Puts `entries` (newest first) straight into the database, below every entry a store adds later on equal
 * times, as the migration orders the array it takes in.
 */
export function putEntries(db: HistoryDb, entries: readonly HistoryEntry[]): Promise<void> {
  return writeEntries(db, (store) => {
    // The typed store is the native one.
    const native = store as unknown as IDBObjectStore;
    for (const [i, entry] of entries.entries()) rawPut.call(native, rowOf(entry, -(i + 1)));
  });
}

/** Writes straight to the entries in one transaction, as the background would, and waits for its commit. */
export async function writeEntries(db: HistoryDb, write: (store: EntriesStore) => void): Promise<void> {
  const tx = db.transaction('entries', 'readwrite');
  const committed = done(tx);
  write(tx.objectStore('entries'));
  await committed;
}

/** A database of its own (fake-indexeddb keeps databases for the whole file), holding `entries`. */
export async function openTestHistoryDb(entries: readonly HistoryEntry[] = []): Promise<HistoryDb> {
  const db = await openHistoryDb(`test-history-${databases++}`);
  await putEntries(db, entries);
  return db;
}

/** A store over a fresh database holding `entries`, opened on first use so it can be built synchronously. */
export function testHistoryStore(entries: readonly HistoryEntry[] = [], options: IdbHistoryOptions = {}) {
  let opening: Promise<HistoryDb> | undefined;
  const open = () => {
    opening ??= openTestHistoryDb(entries);
    return opening;
  };
  const store = createIdbHistoryStore(open, options);
  return { store, open, entries: () => store.read() };
}

/**
 * Makes every history write (put or delete) throw `failure` while it is set, as a browser refusing writes
 * for quota does; returns the switch.
 */
export function failingHistoryWrites(): (failure: Error | undefined) => void {
  let failure: Error | undefined;
  const put = IDBObjectStore.prototype.put;
  const remove = IDBObjectStore.prototype.delete;
  vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, ...args) {
    if (failure) throw failure;
    return put.apply(this, args);
  });
  vi.spyOn(IDBObjectStore.prototype, 'delete').mockImplementation(function (this: IDBObjectStore, ...args) {
    if (failure) throw failure;
    return remove.apply(this, args);
  });
  return (next) => {
    failure = next;
  };
}

/**
 * The entries each history transaction put, one list per transaction in the order they began: what one
 * write held. The list grows as writes happen.
 */
export function recordHistoryWrites(): HistoryEntry[][] {
  const writes: HistoryEntry[][] = [];
  const byTransaction = new Map<IDBTransaction, HistoryEntry[]>();
  const put = IDBObjectStore.prototype.put;
  vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, ...args) {
    if (this.name === 'entries') {
      let list = byTransaction.get(this.transaction);
      if (!list) {
        list = [];
        byTransaction.set(this.transaction, list);
        writes.push(list);
      }
      list.push((args[0] as HistoryRow).entry);
    }
    return put.apply(this, args);
  });
  return writes;
}

/** A finished image entry `e<i>`, created at 1000 + i (so a higher i is newer), with `patch` over it. */
export function testEntry(i: number, patch: Partial<HistoryEntry> = {}): HistoryEntry {
  return {
    id: `e${i}`,
    kind: 'image',
    prompt: `prompt ${i}`,
    model: 'm',
    source: 'popup',
    status: 'completed',
    urls: [],
    createdAt: 1000 + i,
    ...patch,
  };
}

/** Deletes the extension's own history database (the one pages open), for the next test to start empty. */
export function deleteHistoryDb(): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.deleteDatabase(HISTORY_DB_NAME);
    request.onsuccess = resolve;
    request.onerror = reject;
  });
}

/** Records `charges` in the spend ledger (its day sums and prices too), as the background does when it settles costs. */
export async function putCharges(db: HistoryDb, charges: readonly Charge[]): Promise<void> {
  const tx = db.transaction(['ledger', 'spendDays', 'prices'], 'readwrite');
  const committed = done(tx);
  await appendCharges(
    {
      ledger: tx.objectStore('ledger'),
      spendDays: tx.objectStore('spendDays'),
      prices: tx.objectStore('prices'),
    },
    charges,
  );
  await committed;
}
