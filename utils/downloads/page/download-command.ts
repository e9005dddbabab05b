import type { RequestOf } from '../../messaging/protocol';
import { backgroundSavesBlobs } from '../saves-in-background';
import type { SavedEntry } from './download-actions';

/**
 * The page's command where the background saves files (Firefox): it downloads from the kept copy, else from
 * the service's URL. Without `index`, every file of the entry.
 */
export type DownloadCommand = RequestOf<'download'>;

/** Sends a DownloadCommand to the background and resolves once the file is saved, rejecting with why not. */
export type SendDownload = (command: DownloadCommand) => Promise<unknown>;

/** Loaded on the first click where pages save files themselves: pages open without the code that names them. */
const pageSaves = () => import('./download-actions');

/**
 * *Download* (one file, by `index`) or *Download all*. Where the background saves files, the command leaves
 * in the click's own task: the page may be gone a moment later (Firefox closes the popup for its downloads
 * panel, a person closes the tab), and a command that first waited for a lazily loaded module never left.
 */
export function downloadEntryFiles(
  entry: SavedEntry,
  index: number | undefined,
  sendDownload: SendDownload,
): Promise<unknown> {
  if (backgroundSavesBlobs) {
    return sendDownload(
      index === undefined
        ? { type: 'download', entryId: entry.id }
        : { type: 'download', entryId: entry.id, index },
    );
  }
  return pageSaves().then((saves) =>
    index === undefined ? saves.saveEveryFile(entry) : saves.saveOneFile(entry, index),
  );
}
