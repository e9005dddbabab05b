import type { HistoryEntry } from '../history/schema';
import { readCopy } from '../media/copy-reader';
import { allAttempted, saveKeptCopy } from '../media/download';
import { mediaFileName } from '../media/file-name';

/**
 * The page's command for a file that has no kept copy: the background downloads it from the service's URL
 * through the downloads API (any origin, no CORS needed). Without `index`, every file of the entry.
 */
export interface DownloadCommand {
  type: 'download';
  entryId: string;
  index?: number;
}

/** Sends a DownloadCommand to the background and resolves once the file is saved, rejecting with why not. */
export type SendDownload = (command: DownloadCommand) => Promise<unknown>;

type Entry = Pick<HistoryEntry, 'id' | 'prompt' | 'createdAt' | 'kind' | 'urls'>;

async function keptCopy(entryId: string, index: number): Promise<Blob | undefined> {
  try {
    return await readCopy(entryId, index);
  } catch {
    // Without a readable database there is no copy; the service's file is still there to download.
    return undefined;
  }
}

function saveCopy(entry: Entry, index: number, copy: Blob): Promise<void> {
  const filename = mediaFileName({
    prompt: entry.prompt,
    createdAt: entry.createdAt,
    kind: entry.kind,
    url: entry.urls[index] ?? '',
    contentType: copy.type,
    n: entry.urls.length > 1 ? index + 1 : undefined,
  });
  return saveKeptCopy(copy, filename);
}

/**
 * *Download* for one file: the kept copy straight from the page (a worker cannot make a blob: URL), else the
 * background's download of the service's file.
 */
export async function downloadFile(entry: Entry, index: number, sendDownload: SendDownload): Promise<void> {
  const copy = await keptCopy(entry.id, index);
  if (copy) return saveCopy(entry, index, copy);
  await sendDownload({ type: 'download', entryId: entry.id, index });
}

/**
 * *Download all*: kept copies from the page, the others through the background in one command when none is
 * kept. Every file is attempted; the first failure is reported after.
 */
export async function downloadAll(entry: Entry, sendDownload: SendDownload): Promise<void> {
  const copies = await Promise.all(entry.urls.map((_, index) => keptCopy(entry.id, index)));
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
