import { saveBlob } from '../../downloads/download';
import { AppError } from '../../error-info';
import { t } from '../../i18n';
import { MAX_LIBRARY } from '../../library/limits';
import { repairLibrary } from '../../library/repair';
import { libraryItem } from '../../storage/items';
import { refuseTooLarge } from '../../ui/read-json-file';
import type { DateKey } from '../history-db';
import type { HistoryEntry } from '../schema';
import { type HistoryFile, historyFileWriter, readLibraryPart } from '../transfer';
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

/** Entries read, written and let go of at a time: one read transaction, and a short task of the page's. */
const EXPORT_BATCH = 1000;

/** The entries to export a batch at a time: the named ones in their order, or the whole history newest first. */
async function* exportBatches(ids?: readonly string[]): AsyncGenerator<HistoryEntry[]> {
  if (ids) {
    for (let at = 0; at < ids.length; at += EXPORT_BATCH) {
      const batch = ids.slice(at, at + EXPORT_BATCH);
      yield await readHistory(pageHistoryDb, (db) => entriesByIds(db, batch), []);
    }
    return;
  }
  let after: DateKey | undefined;
  do {
    const from = after;
    const page = await readHistory(
      pageHistoryDb,
      (db) => entriesPage(db, { count: EXPORT_BATCH, order: 'newest', ...(from ? { after: from } : {}) }),
      { entries: [] },
    );
    yield page.entries;
    after = page.next;
  } while (after);
}

/**
 * Saves the named entries, or the whole history with the prompt library, as an export file; answers how
 * many of each it holds. A selection is those entries alone. The file grows a batch at a time, each part a
 * Blob at once: the page never holds the whole history, as entries or as text.
 */
export async function exportHistoryFile(
  ids?: readonly string[],
): Promise<{ entries: number; prompts: number }> {
  const library = ids ? undefined : await storedPrompts();
  const now = Date.now();
  const writer = historyFileWriter(now, library);
  const parts: Blob[] = [];
  let count = 0;
  for await (const batch of exportBatches(ids)) {
    if (batch.length === 0) continue;
    parts.push(new Blob([count === 0 ? writer.head : '', writer.entries(batch, count === 0)]));
    count += batch.length;
    // Between two batches the page paints and takes input: 50,000 entries are fifty batches.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  const blob = new Blob(count === 0 ? [writer.empty] : [...parts, writer.tail], { type: 'application/json' });
  await saveBlob(blob, `promptcast-history-${new Date(now).toISOString().slice(0, 10)}.json`);
  return { entries: count, prompts: library?.length ?? 0 };
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
  if (read.type === 'refused') throw AppError.from(read.info);
  return checkedContents(read.entries, read.count, read.library);
}
