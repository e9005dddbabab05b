import { advance } from '../idb/cursor';
import { request } from '../idb/request';
import type { Db, Store } from '../idb/types';
import type { Charge, DaySum } from '../spend/ledger';
import type { PriceRecord } from '../spend/prices';
import type { DateKey, HistoryRow } from './history-row';

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
