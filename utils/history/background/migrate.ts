import { isQuotaError, storageFullError } from '../../error-info';
import { request } from '../../idb/request';
import { done, once } from '../../idb/transaction';
import { type HistoryDb, rowOf } from '../history-db';
import { repairEntries } from '../repair';
import { eachRequest } from './idb-store';
import { openHistoryDb } from './open-history-db';

/** The version of the storage.local history this build takes into IndexedDB (marked in `meta.migrated`). */
export const HISTORY_MIGRATION = 1;

/** How many entries one migration transaction puts: a stopped worker loses at most one unfinished chunk. */
const CHUNK = 500;

/** The storage.local array earlier builds kept the whole history in. */
export interface LegacyHistory {
  /** The raw stored value (undefined when there is none): any shape repair knows is taken in. */
  getValue(): Promise<unknown>;
  remove(): Promise<void>;
}

/**
 * Moves the storage.local history into IndexedDB, once per worker start before anything else reads the
 * history. Safe to stop at any point: each chunk puts only ids not stored yet (so a rerun neither doubles an
 * entry nor overwrites one), the array is removed only after every entry is in, and the next start finishes
 * whatever is left. The array's order (newest first) survives as negative tie-breakers, below every later one.
 * Returns how many entries it put.
 */
export async function migrateHistory(db: HistoryDb, legacy: LegacyHistory): Promise<number> {
  const stored = await legacy.getValue();
  let put = 0;
  if (stored !== undefined && stored !== null) {
    const entries = repairEntries(stored);
    for (let start = 0; start < entries.length; start += CHUNK) {
      const tx = db.transaction('entries', 'readwrite');
      const store = tx.objectStore('entries');
      const committed = done(tx);
      committed.catch(() => undefined);
      const chunk = entries.slice(start, start + CHUNK);
      try {
        const present = await Promise.all(chunk.map((entry) => request(store.getKey(entry.id))));
        const missing = chunk.flatMap((entry, i) =>
          present[i] === undefined ? [rowOf(entry, -(start + i + 1))] : [],
        );
        await eachRequest(missing, (row) => store.put(row));
        await committed;
        put += missing.length;
      } catch (error) {
        // A chunk lands whole or not at all, like every change of the history.
        try {
          tx.abort();
        } catch {
          // Already ended.
        }
        throw error;
      }
    }
  }
  if ((await once(db, 'meta', (meta) => meta.get('migrated'))) !== HISTORY_MIGRATION)
    await once(db, 'meta', (meta) => meta.put(HISTORY_MIGRATION, 'migrated'), 'readwrite');
  if (stored !== undefined) await legacy.remove();
  return put;
}

export interface MigratedDbOptions {
  open?: () => Promise<HistoryDb>;
  /** After a migration that put entries: pages showing the (empty) database read it again. */
  onMigrated?: () => Promise<void>;
}

/**
 * The worker's history database, opened and migrated on first use: every store call awaits it, so nothing
 * reads the history before the migration is done. A failed open or migration is tried again by the next call.
 */
export function migratedHistoryDb(
  legacy: LegacyHistory,
  { open = () => openHistoryDb(), onMigrated }: MigratedDbOptions = {},
): () => Promise<HistoryDb> {
  let opening: Promise<HistoryDb> | undefined;
  return () => {
    opening ??= open()
      .then(async (db) => {
        if ((await migrateHistory(db, legacy)) > 0) await onMigrated?.();
        return db;
      })
      .catch((error: unknown) => {
        opening = undefined;
        // A storage too full to take the history in is said as the storage message the person can act on.
        throw isQuotaError(error) ? storageFullError(error) : error;
      });
    return opening;
  };
}
