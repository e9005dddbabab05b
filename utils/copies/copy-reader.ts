import { openDb, pageOpener } from '../idb/open';
import { request } from '../idb/request';
import type { MediaDb, MediaSchema } from './media-db';

/*
 * Pages only ever read kept copies. This reader opens IndexedDB itself so that the background's writing code
 * stays out of the pages' bundles; the layout (names, keys, chunk order) is the one media-db.ts writes.
 */

export const MEDIA_DB_NAME = 'promptcast-media';
export const MEDIA_DB_VERSION = 1;

/** Every chunk key of one file, for deleting or reading them in one range. */
export function chunkRange(entryId: string, index: number): IDBKeyRange {
  return IDBKeyRange.bound([entryId, index, 0], [entryId, index, Number.MAX_SAFE_INTEGER]);
}

// Only the background creates the stores: a page that comes first finds no copy instead of leaving an empty
// database at the version the background's upgrade would then skip.
const openForReading = pageOpener(() => openDb<MediaSchema>(MEDIA_DB_NAME, MEDIA_DB_VERSION));

/** A complete file's copy through `db`, or undefined when there is none (pages then use the service URL). */
export async function readStoredCopy(db: MediaDb, entryId: string, index: number): Promise<Blob | undefined> {
  const tx = db.transaction(['files', 'chunks']);
  const file = await request(tx.objectStore('files').get([entryId, index]));
  if (!file?.complete) return undefined;
  const chunks = await request(tx.objectStore('chunks').getAll(chunkRange(entryId, index)));
  if (chunks.length !== file.chunks) return undefined;
  return new Blob(chunks, { type: file.contentType });
}

/**
 * A complete file's bytes through `db`, read chunk by chunk: in Chromium 156 a Blob made of the stored chunks,
 * read whole while another Blob was being uploaded, crashed the extension's renderer (worker and pages with
 * it; seen backing up 5 MB copies with the next one read during an upload). Each chunk read on its own did
 * not, and costs no more.
 */
export async function readStoredCopyBytes(
  db: MediaDb,
  entryId: string,
  index: number,
): Promise<Uint8Array<ArrayBuffer> | undefined> {
  const tx = db.transaction(['files', 'chunks']);
  const file = await request(tx.objectStore('files').get([entryId, index]));
  if (!file?.complete) return undefined;
  const chunks = await request(tx.objectStore('chunks').getAll(chunkRange(entryId, index)));
  if (chunks.length !== file.chunks) return undefined;
  const bytes = new Uint8Array(file.bytes);
  let at = 0;
  for (const chunk of chunks) {
    const part = new Uint8Array(chunk instanceof Blob ? await chunk.arrayBuffer() : chunk);
    if (at + part.length > bytes.length) return undefined;
    bytes.set(part, at);
    at += part.length;
  }
  if (at !== bytes.length) return undefined;
  return bytes;
}

/** A kept file as a Blob, through the page's own connection. */
export async function readCopy(entryId: string, index: number): Promise<Blob | undefined> {
  return readStoredCopy(await openForReading(), entryId, index);
}
