import { chunkRange } from './copy-reader';
import { removeFile } from './keep-file';
import type { MediaDb, StoredFile } from './media-db';

export function filesOf(db: MediaDb, entryId: string): Promise<StoredFile[]> {
  return db.getAllFromIndex('files', 'byEntry', entryId);
}

export async function deleteCopies(db: MediaDb, entryId: string): Promise<void> {
  for (const file of await filesOf(db, entryId)) await removeFile(db, entryId, file.index);
}

export async function deleteAllCopies(db: MediaDb): Promise<void> {
  const tx = db.transaction(['files', 'chunks'], 'readwrite');
  await Promise.all([tx.objectStore('files').clear(), tx.objectStore('chunks').clear(), tx.done]);
}

/** Bytes held, complete or not: what the cap and the options page count. */
export async function usedBytes(db: MediaDb): Promise<number> {
  let total = 0;
  for (const file of await db.getAll('files')) total += file.bytes;
  return total;
}

/** Run once per worker start: incomplete files no entry in `continuing` will continue are removed. */
export async function discardIncomplete(db: MediaDb, continuing: ReadonlySet<string>): Promise<void> {
  const cut = (await db.getAll('files')).filter((file) => !file.complete && !continuing.has(file.entryId));
  for (const file of cut) await removeFile(db, file.entryId, file.index);
}

/** A complete file's copy, through the background's own connection (pages read with copy-reader.ts). */
export async function readStoredCopy(db: MediaDb, entryId: string, index: number): Promise<Blob | undefined> {
  const tx = db.transaction(['files', 'chunks']);
  const file = await tx.objectStore('files').get([entryId, index]);
  if (!file?.complete) return undefined;
  const chunks = await tx.objectStore('chunks').getAll(chunkRange(entryId, index));
  if (chunks.length !== file.chunks) return undefined;
  return new Blob(chunks, { type: file.contentType });
}
