import type { HistoryEntry } from '../history/schema';
import { allAttempted, backgroundSavesBlobs, saveBlob, saveFile } from '../media/download';
import { describedFile, withProfileName } from '../media/file-metadata';
import { entryFileName } from '../media/file-name';
import { keptCopy } from '../media/kept-copy';
import { savedFileChoices } from './saved-file-choices';

/**
 * The page's command where the background saves files (Firefox): it downloads from the kept copy, else from
 * the service's URL. Without `index`, every file of the entry.
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

/**
 * One file saved from this page, under the person's name template: the kept copy (a PNG with its prompt
 * written in if they want), else the service's URL, which the downloads API fetches from any media host,
 * CORS or not.
 */
async function saveFromPage(entry: Entry, index: number): Promise<void> {
  const [copy, { promptInFiles, fileNameTemplate, profileNames }] = await Promise.all([
    keptCopy(entry.id, index),
    savedFileChoices(),
  ]);
  const filename = entryFileName(entry, index, copy?.type, fileNameTemplate);
  if (!copy) return saveFile(entry.urls[index] ?? '', filename);
  return saveBlob(await describedFile(copy, withProfileName(entry, profileNames), promptInFiles), filename);
}

/**
 * *Download* for one file. Chrome's pages save every file themselves, so its worker carries no download
 * code; where the background saves files (Firefox, whose pages' blob: URLs may die with a closing popup),
 * the background's download.
 */
export async function downloadFile(entry: Entry, index: number, sendDownload: SendDownload): Promise<void> {
  if (backgroundSavesBlobs) await sendDownload({ type: 'download', entryId: entry.id, index });
  else await saveFromPage(entry, index);
}

/** *Download all*: every file is attempted; the first failure is reported after. */
export async function downloadAll(entry: Entry, sendDownload: SendDownload): Promise<void> {
  if (backgroundSavesBlobs) await sendDownload({ type: 'download', entryId: entry.id });
  else await allAttempted(entry.urls.map((_, index) => saveFromPage(entry, index)));
}
