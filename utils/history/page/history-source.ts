import { type HistoryChanges, historyChangesItem } from '../../storage/items';
import { type HistoryDb, openHistoryDb } from '../history-db';

let opening: Promise<HistoryDb> | undefined;

/**
 * The history database as pages read it: opened once per page (a failed open is tried again on the next call).
 * Pages only read it; the background alone writes, and tells of each change through `historyChangesItem`.
 */
export function pageHistoryDb(): Promise<HistoryDb> {
  opening ??= openHistoryDb().catch((error: unknown) => {
    opening = undefined;
    throw error;
  });
  return opening;
}

/**
 * Calls `listener` after each committed change of the history, with the ids it touched (or `cleared` when
 * a page should read its screenful again). A storage watch: no polling, and no stopped worker is woken.
 */
export function watchHistoryChanges(listener: (change: HistoryChanges) => void): () => void {
  return historyChangesItem.watch((change) => listener(change));
}
