import { request } from '../idb/request';
import { done, once } from '../idb/transaction';
import { removeFile } from './keep-file';
import type { MediaDb, StoredFile } from './media-db';

export function filesOf(db: MediaDb, entryId: string): Promise<StoredFile[]> {
  return once(db, 'files', (files) => files.index('byEntry').getAll(entryId));
}

/** Every file's header, complete or not. */
export function allFiles(db: MediaDb): Promise<StoredFile[]> {
  return once(db, 'files', (files) => files.getAll());
}

export async function deleteCopies(db: MediaDb, entryId: string): Promise<void> {
  for (const file of await filesOf(db, entryId)) await removeFile(db, entryId, file.index);
}

export async function deleteAllCopies(db: MediaDb): Promise<void> {
  const tx = db.transaction(['files', 'chunks'], 'readwrite');
  await Promise.all([
    request(tx.objectStore('files').clear()),
    request(tx.objectStore('chunks').clear()),
    done(tx),
  ]);
}

/** Bytes held, complete or not: what the cap and the options page count. */
export async function usedBytes(db: MediaDb): Promise<number> {
  let total = 0;
  for (const file of await allFiles(db)) total += file.bytes;
  return total;
}

/** Run once per worker start: incomplete files no entry in `continuing` will continue are removed. */
export async function discardIncomplete(db: MediaDb, continuing: ReadonlySet<string>): Promise<void> {
  const cut = (await allFiles(db)).filter((file) => !file.complete && !continuing.has(file.entryId));
  for (const file of cut) await removeFile(db, file.entryId, file.index);
}
