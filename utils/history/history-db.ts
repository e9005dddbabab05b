import { advance } from '../idb/cursor';
import { openDb } from '../idb/open';
import { request } from '../idb/request';
import type { Db, Store } from '../idb/types';
import { profileOf } from '../profiles/first-profile';
import { toMilli } from '../spend/credits';
import { addToDay, type Charge, type DaySum, entryCharge } from '../spend/ledger';
import { type PriceRecord, priceRecordKey, withPrice } from '../spend/prices';
import { type DateKey, HISTORY_DB_NAME, HISTORY_DB_VERSION, type HistoryRow } from './history-row';

// The record and its order live apart from the database code, so the popup reads them without loading it.
export * from './history-row';

export interface HistorySchema {
  entries: {
    key: string;
    value: HistoryRow;
    indexes: {
      date: DateKey;
      status: string;
      kind: string;
      favourite: number;
      owed: number;
      costPending: number;
      batchId: string;
      collections: string;
      profile: string;
      sent: number;
    };
  };
  /** `seq`: the next tie-breaker to hand out; `migrated`: the version of the storage.local array taken in. */
  meta: { key: string; value: number };
  /** The spend ledger's single charges (spend/ledger.ts), since version 3. */
  ledger: {
    key: string;
    value: Charge;
    indexes: { at: number; profileAt: [profile: string, at: number] };
  };
  /** What each profile's charges came to on each local day, since version 3. */
  spendDays: {
    key: [profile: string, day: string];
    value: DaySum;
    indexes: { day: string };
  };
  /** Each profile's latest prices of each request (spend/prices.ts), since version 4. */
  prices: {
    key: [profile: string, request: string];
    value: PriceRecord;
  };
}

export type HistoryDb = Db<HistorySchema>;

export type EntriesStore = Store<HistorySchema['entries']>;

/** The entries, in a read transaction of their own. */
export function entriesOf(db: HistoryDb): EntriesStore {
  return db.transaction('entries').objectStore('entries');
}

/** An entry that may go without being named: finished (a running job is one the person waits for), not a favourite. */
export function removable(row: HistoryRow): boolean {
  return row.status !== 'running' && row.favourite === 0;
}

/**
 * The oldest removable entries, oldest first, at most `count`, created before `before` (all when absent), never
 * those in `keep` (the ones the change at hand writes: its outcome is the point of it). Walks the date index
 * from its old end, so it reads as many records as it returns, plus the skipped ones.
 */
export async function oldestRemovable(
  store: EntriesStore,
  count: number,
  { keep = new Set<string>(), before }: { keep?: ReadonlySet<string>; before?: number } = {},
): Promise<HistoryRow[]> {
  const rows: HistoryRow[] = [];
  if (count <= 0) return rows;
  const range =
    before === undefined ? undefined : IDBKeyRange.upperBound([before, Number.NEGATIVE_INFINITY], true);
  for (
    let cursor = await request(store.index('date').openCursor(range));
    cursor;
    cursor = await advance(cursor)
  ) {
    if (removable(cursor.value) && !keep.has(cursor.value.id)) rows.push(cursor.value);
    if (rows.length >= count) break;
  }
  return rows;
}

/** The removable entries beyond `limit`, oldest first: those a trim to `limit` would remove. */
export async function pastCap(store: EntriesStore, limit: number): Promise<HistoryRow[]> {
  return oldestRemovable(store, (await request(store.count())) - limit);
}

export async function openHistoryDb(name = HISTORY_DB_NAME): Promise<HistoryDb> {
  const db = await openDb<HistorySchema>(name, HISTORY_DB_VERSION, async (db, oldVersion, transaction) => {
    if (oldVersion < 1) {
      const entries = db.createObjectStore('entries', { keyPath: 'id' });
      entries.createIndex('date', ['createdAt', 'seq']);
      entries.createIndex('status', 'status');
      entries.createIndex('kind', 'kind');
      entries.createIndex('favourite', 'favourite');
      entries.createIndex('owed', 'owed');
      entries.createIndex('costPending', 'costPending');
      entries.createIndex('batchId', 'batchId');
      entries.createIndex('collections', 'collections', { multiEntry: true });
      db.createObjectStore('meta');
    }
    if (oldVersion < 2) {
      // Profiles: every stored row is given its profile in this same upgrade, so the index misses none.
      const entries = transaction.objectStore('entries');
      entries.createIndex('profile', 'profile');
      for (let cursor = await request(entries.openCursor()); cursor; cursor = await advance(cursor)) {
        if (cursor.value.profile === undefined)
          await request(cursor.update({ ...cursor.value, profile: profileOf(cursor.value.entry) }));
      }
    }
    if (oldVersion < 3) {
      // The spend ledger, begun with the costs the history holds, so an upgrade gives no budget back.
      const ledger = db.createObjectStore('ledger', { keyPath: 'id' });
      ledger.createIndex('at', 'at');
      ledger.createIndex('profileAt', ['profile', 'at']);
      const days = db.createObjectStore('spendDays', { keyPath: ['profile', 'day'] });
      days.createIndex('day', 'day');
      const sums = new Map<string, DaySum>();
      const entries = transaction.objectStore('entries');
      entries.createIndex('sent', 'sent');
      for (let cursor = await request(entries.openCursor()); cursor; cursor = await advance(cursor)) {
        const { entry, profile } = cursor.value;
        await request(cursor.update({ ...cursor.value, sent: entry.sentAt ?? entry.createdAt }));
        if (!entry.cost) continue;
        const charge = entryCharge(entry, profile, { origin: '', keyId: '' }, toMilli(entry.cost));
        await request(ledger.put(charge));
        const key = JSON.stringify([profile, charge.day]);
        sums.set(key, addToDay(sums.get(key), charge));
      }
      for (const sum of sums.values()) await request(days.put(sum));
    }
    if (oldVersion < 4) {
      // Estimates read one record of prices instead of walking the newest charges; begun from the ledger's.
      const prices = db.createObjectStore('prices', { keyPath: ['profile', 'request'] });
      const records = new Map<string, PriceRecord>();
      const ledger = transaction.objectStore('ledger');
      for (let cursor = await request(ledger.openCursor()); cursor; cursor = await advance(cursor)) {
        const key = priceRecordKey(cursor.value);
        if (!key) continue;
        const id = JSON.stringify(key);
        records.set(id, withPrice(records.get(id), key, cursor.value));
      }
      for (const record of records.values()) await request(prices.put(record));
    }
  });
  // A newer build's upgrade (or a deletion) is not held up by this connection: an update restarts the
  // worker and reloads pages anyway.
  db.onversionchange = () => db.close();
  return db;
}
