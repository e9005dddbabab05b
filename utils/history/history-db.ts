import { type DBSchema, type IDBPDatabase, type IDBPObjectStore, openDB } from 'idb';
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

export function openHistoryDb(name = HISTORY_DB_NAME): Promise<HistoryDb> {
  return openDB<HistorySchema>(name, HISTORY_DB_VERSION, {
    upgrade(db) {
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
    },
  });
}
