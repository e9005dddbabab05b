import type { HistoryEntry } from '../history/schema';
import { allAttempted, backgroundSavesBlobs, saveBlob } from '../media/download';
import { describedFile, withProfileName } from '../media/file-metadata';
import { entryFileName } from '../media/file-name';
import { keptCopy } from '../media/kept-copy';
import { savedFileChoices } from './saved-file-choices';

/**
 * The page's command for a file the page does not save itself: the background downloads it through the
 * downloads API, from the service's URL (any origin, no CORS needed) or, where it saves copies, from the kept
 * copy. Without `index`, every file of the entry.
 */
export interface DownloadCommand {
  type: 'download';
  entryId: string;
  index?: number;
}

/** Sends a DownloadCommand to the background and resolves once the file is saved, rejecting with why not. */
export type SendDownload = (command: DownloadCommand) => Promise<unknown>;

type Entry = Pick<
  HistoryEntry,
  'id' | 'prompt' | 'createdAt' | 'kind' | 'urls' | 'model' | 'options' | 'profileId'
>;

/** The copy this page saves itself: none where the background saves copies. */
function pageCopy(entryId: string, index: number): Promise<Blob | undefined> {
  return backgroundSavesBlobs ? Promise.resolve(undefined) : keptCopy(entryId, index);
}

/** A kept copy saved from the page under the person's name template, a PNG with its prompt written in if they want. */
async function saveCopy(entry: Entry, index: number, copy: Blob): Promise<void> {
  const { promptInFiles, fileNameTemplate, profileNames } = await savedFileChoices();
  const file = await describedFile(copy, withProfileName(entry, profileNames), promptInFiles);
  return saveBlob(file, entryFileName(entry, index, copy.type, fileNameTemplate));
}

/**
 * *Download* for one file: the kept copy straight from the page (Chrome's worker cannot make a blob: URL),
 * else the background's download.
 */
export async function downloadFile(entry: Entry, index: number, sendDownload: SendDownload): Promise<void> {
  const copy = await pageCopy(entry.id, index);
  if (copy) return saveCopy(entry, index, copy);
  await sendDownload({ type: 'download', entryId: entry.id, index });
}

/**
 * *Download all*: kept copies from the page, the others through the background in one command when none is
 * kept. Every file is attempted; the first failure is reported after.
 */
export async function downloadAll(entry: Entry, sendDownload: SendDownload): Promise<void> {
  const copies = await Promise.all(entry.urls.map((_, index) => pageCopy(entry.id, index)));
  if (copies.every((copy) => copy === undefined)) {
    await sendDownload({ type: 'download', entryId: entry.id });
    return;
  }
  await allAttempted(
    copies.map((copy, index) =>
      copy ? saveCopy(entry, index, copy) : sendDownload({ type: 'download', entryId: entry.id, index }),
    ),
  );
}
