import { type DBSchema, type IDBPDatabase, type IDBPObjectStore, openDB } from 'idb';
import { profileOf } from '../profiles/first-profile';
import { type DateKey, HISTORY_DB_NAME, HISTORY_DB_VERSION, type HistoryRow } from './history-row';

// The record and its order live apart from `idb`, so a page reads them without loading the wrapper.
export * from './history-row';

export interface HistorySchema extends DBSchema {
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
    };
  };
  /** `seq`: the next tie-breaker to hand out; `migrated`: the version of the storage.local array taken in. */
  meta: { key: string; value: number };
}

export type HistoryDb = IDBPDatabase<HistorySchema>;

export type EntriesStore<Mode extends IDBTransactionMode = IDBTransactionMode> = IDBPObjectStore<
  HistorySchema,
  ArrayLike<'entries' | 'meta'>,
  'entries',
  Mode
>;

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
  for (let cursor = await store.index('date').openCursor(range); cursor; cursor = await cursor.continue()) {
    if (removable(cursor.value) && !keep.has(cursor.value.id)) rows.push(cursor.value);
    if (rows.length >= count) break;
  }
  return rows;
}

/** The removable entries beyond `limit`, oldest first: those a trim to `limit` would remove. */
export async function pastCap(store: EntriesStore, limit: number): Promise<HistoryRow[]> {
  return oldestRemovable(store, (await store.count()) - limit);
}

export async function openHistoryDb(name = HISTORY_DB_NAME): Promise<HistoryDb> {
  const db: HistoryDb = await openDB<HistorySchema>(name, HISTORY_DB_VERSION, {
    async upgrade(db, oldVersion, _newVersion, transaction) {
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
        for (let cursor = await entries.openCursor(); cursor; cursor = await cursor.continue()) {
          if (cursor.value.profile === undefined)
            await cursor.update({ ...cursor.value, profile: profileOf(cursor.value.entry) });
        }
      }
    },
    // A newer build's upgrade (or a deletion) is not held up by this connection: an update restarts the
    // worker and reloads pages anyway.
    blocking: () => db.close(),
  });
  return db;
}
