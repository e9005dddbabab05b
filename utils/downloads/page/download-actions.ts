import { keptCopy } from '../../copies/kept-copy';
import type { HistoryEntry } from '../../history/schema';
import { allAttempted, saveBlob, saveFile } from '../download';
import { describedFile, withProfileName } from '../file-metadata';
import { entryFileName } from '../file-name';
import { savedFileChoices } from './saved-file-choices';

export type SavedEntry = Pick<
  HistoryEntry,
  'id' | 'prompt' | 'createdAt' | 'kind' | 'urls' | 'model' | 'options' | 'profileId'
>;

/**
 * One file saved from this page (Chrome's pages save every file themselves, so its worker carries no
 * download code), under the person's name template: the kept copy (a PNG with its prompt written in if they
 * want), else the service's URL, which the downloads API fetches from any media host, CORS or not.
 */
export async function saveOneFile(entry: SavedEntry, index: number): Promise<void> {
  const [copy, { promptInFiles, fileNameTemplate, profileNames }] = await Promise.all([
    keptCopy(entry.id, index),
    savedFileChoices(),
  ]);
  const filename = entryFileName(entry, index, copy?.type, fileNameTemplate);
  if (!copy) return saveFile(entry.urls[index] ?? '', filename);
  return saveBlob(await describedFile(copy, withProfileName(entry, profileNames), promptInFiles), filename);
}

/** Every file of the entry is attempted; the first failure is reported after. */
export function saveEveryFile(entry: SavedEntry): Promise<void> {
  return allAttempted(entry.urls.map((_, index) => saveOneFile(entry, index)));
}
