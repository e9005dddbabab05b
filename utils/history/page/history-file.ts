import { saveBlob } from '../../downloads/download';
import { AppError } from '../../error-info';
import { t } from '../../i18n';
import { MAX_LIBRARY } from '../../library/limits';
import { repairLibrary } from '../../library/repair';
import { libraryItem } from '../../storage/items';
import { type HistoryFile, historyFileParts, readHistoryFile } from '../transfer';
import { entriesByIds, entriesPage } from './history-reader';
import { pageHistoryDb, readHistory } from './history-source';

/**
 * The history as a file, made and read by the page the person works in: the page reads the history
 * (newest first) and the prompt library, saves them through the downloads API, and checks a chosen file
 * whole before the background, which alone writes, is sent its entries and prompts. Loaded on demand: it
 * carries the file's schema.
 */

/** The library as the background reads it, so an export holds only prompts its import takes back. */
const storedPrompts = async () => repairLibrary(await libraryItem.getValue()).prompts;

/**
 * Saves the named entries, or the whole history with the prompt library, as an export file; answers how
 * many of each it holds. A selection is those entries alone.
 */
export async function exportHistoryFile(
  ids?: readonly string[],
): Promise<{ entries: number; prompts: number }> {
  const [entries, library] = ids
    ? [await readHistory(pageHistoryDb, (db) => entriesByIds(db, ids), []), undefined]
    : await Promise.all([
        readHistory(
          pageHistoryDb,
          (db) =>
            entriesPage(db, { count: Number.POSITIVE_INFINITY, order: 'newest' }).then(
              (page) => page.entries,
            ),
          [],
        ),
        storedPrompts(),
      ]);
  const now = Date.now();
  const parts: string[] = [];
  for (const part of historyFileParts(entries, now, library)) {
    parts.push(part);
    // Between two parts the page paints and takes input: 50,000 entries are a hundred parts.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  const blob = new Blob(parts, { type: 'application/json' });
  await saveBlob(blob, `promptcast-history-${new Date(now).toISOString().slice(0, 10)}.json`);
  return { entries: entries.length, prompts: library?.length ?? 0 };
}

/**
 * The entries and library prompts of a chosen file; throws `invalid_input` naming the first problem,
 * refusing the whole file. That includes prompts the library could not take: the background would refuse
 * them past its cap (merging by id, as it does), but only after the entries were in.
 */
export async function contentsOfFile(json: unknown): Promise<HistoryFile> {
  const contents = readHistoryFile(json, Date.now());
  if (contents.prompts.length === 0) return contents;
  const ids = new Set((await storedPrompts()).map((prompt) => prompt.id));
  for (const prompt of contents.prompts) ids.add(prompt.id);
  if (ids.size > MAX_LIBRARY) {
    const reason = t('historyFileLibraryFull', [ids.size, MAX_LIBRARY]);
    throw new AppError('invalid_input', `Not a Promptcast history file (${reason}).`, { detail: reason });
  }
  return contents;
}
