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

/**
 * Run once per worker start: a file still incomplete was cut off by a stopped worker or a closed browser.
 * It is removed (never served half); the entry ids are returned so the caller can keep them again.
 */
export async function discardIncomplete(db: MediaDb): Promise<string[]> {
  const cut = (await db.getAll('files')).filter((file) => !file.complete);
  for (const file of cut) await removeFile(db, file.entryId, file.index);
  return [...new Set(cut.map((file) => file.entryId))];
}
