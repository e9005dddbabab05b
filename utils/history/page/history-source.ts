import { openDb, pageOpener } from '../../idb/open';
import { type HistoryChanges, historyChangesItem } from '../../storage/items';
import type { HistoryDb, HistorySchema } from '../history-db';
import { HISTORY_DB_NAME, HISTORY_DB_VERSION } from '../history-row';

/**
 * The pages' one opener of the history database: the database once the worker made it (at this build's
 * version), else undefined, "not there yet". A page never creates or upgrades it: a database made here would
 * lack the stores the worker's upgrade creates, so that upgrade is aborted, which also removes the database
 * it was about to make. A fresh connection, for a reader that closes it after each read.
 */
export function existingHistoryDb(): Promise<HistoryDb | undefined> {
  return openDb<HistorySchema>(HISTORY_DB_NAME, HISTORY_DB_VERSION).catch((error: unknown) => {
    if (error instanceof DOMException && error.name === 'AbortError') return undefined;
    throw error;
  });
}

/**
 * The history database as pages read it: opened once per page; while it is not there yet (and after a failed
 * open) the next call looks again. Pages only read it; the background alone writes, and tells of each change
 * through `historyChangesItem`.
 */
export const pageHistoryDb = pageOpener(existingHistoryDb);

/** What `read` gives of the page's history database, or `none` while the worker has not made it yet. */
export async function readHistory<T>(
  open: () => Promise<HistoryDb | undefined>,
  read: (db: HistoryDb) => Promise<T>,
  none: T,
): Promise<T> {
  const db = await open();
  return db ? read(db) : none;
}

/**
 * Calls `listener` after each committed change of the history, with the ids it touched (or `cleared` when
 * a page should read its screenful again). A storage watch: no polling, and no stopped worker is woken.
 */
export function watchHistoryChanges(listener: (change: HistoryChanges) => void): () => void {
  return historyChangesItem.watch((change) => listener(change));
}
