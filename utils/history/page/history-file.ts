import { saveBlob } from '../../downloads/download';
import { AppError } from '../../error-info';
import { t } from '../../i18n';
import { MAX_LIBRARY } from '../../library/limits';
import { repairLibrary } from '../../library/repair';
import { libraryItem } from '../../storage/items';
import { refuseTooLarge } from '../../ui/read-json-file';
import { type HistoryFile, historyFileParts, readLibraryPart } from '../transfer';
import type { FileReading } from './file-reading';
import HistoryFileWorker from './history-file.worker.ts?worker';
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

/** A file read and checked by a thread of its own (history-file.worker.ts), the page only waiting for it. */
function readOffThread(file: File): Promise<FileReading> {
  return new Promise((resolve, reject) => {
    const worker = new HistoryFileWorker();
    worker.addEventListener('message', ({ data }: MessageEvent<FileReading>) => {
      worker.terminate();
      resolve(data);
    });
    worker.addEventListener('error', (event) => {
      worker.terminate();
      reject(new Error(event.message));
    });
    worker.postMessage(file);
  });
}

/**
 * A file's contents once its entries are checked: throws `invalid_input` naming the first problem of its
 * library part, refusing the whole file. That includes prompts the library could not take: the background
 * would refuse them past its cap (merging by id, as it does), but only after the entries were in.
 */
export async function checkedContents(entries: Blob, count: number, library: unknown): Promise<HistoryFile> {
  const prompts = readLibraryPart(library);
  if (prompts.length > 0) {
    const ids = new Set((await storedPrompts()).map((prompt) => prompt.id));
    for (const prompt of prompts) ids.add(prompt.id);
    if (ids.size > MAX_LIBRARY) {
      const reason = t('historyFileLibraryFull', [ids.size, MAX_LIBRARY]);
      throw new AppError('invalid_input', `Not a Promptcast history file (${reason}).`, { detail: reason });
    }
  }
  return { entries, count, prompts };
}

/**
 * A chosen file's entries and library prompts, or undefined when it is not JSON; a file too big, or one
 * that is not an export, throws `invalid_input` naming why.
 */
export async function contentsOfFile(file: File): Promise<HistoryFile | undefined> {
  refuseTooLarge(file);
  const read = await readOffThread(file);
  if (read.type === 'notJson') return undefined;
  if (read.type === 'refused')
    throw new AppError(read.info.kind, read.info.message, { detail: read.info.detail });
  return checkedContents(read.entries, read.count, read.library);
}
