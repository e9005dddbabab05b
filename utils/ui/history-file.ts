import { historyFileText, readHistoryFile } from '../history/transfer';
import { saveBlob } from '../media/download';
import { entriesByIds, entriesPage } from './history-reader';
import { pageHistoryDb } from './history-source';

/**
 * The history as a file, made and read by the page the person works in: the page reads the history
 * (newest first) and saves it through the downloads API, and it checks a chosen file before the
 * background, which alone writes, is sent its entries. Loaded on demand: it carries the file's schema.
 */

/** Saves the named entries, or the whole history, as an export file; answers how many it holds. */
export async function exportHistoryFile(ids?: readonly string[]): Promise<number> {
  const db = await pageHistoryDb();
  const entries = ids
    ? await entriesByIds(db, ids)
    : (await entriesPage(db, { count: Number.POSITIVE_INFINITY, order: 'newest' })).entries;
  const now = Date.now();
  const blob = new Blob([historyFileText(entries, now)], { type: 'application/json' });
  await saveBlob(blob, `promptcast-history-${new Date(now).toISOString().slice(0, 10)}.json`);
  return entries.length;
}

/** The entries of a chosen file; throws `invalid_input` naming the first problem, refusing the whole file. */
export const entriesOfFile = (json: unknown) => readHistoryFile(json, Date.now());
