import type { StoredFile } from './media-db';

/*
 * Pages only ever read kept copies. This reader uses IndexedDB directly so that the `idb` wrapper and the
 * background's writing code stay out of the pages' bundles; the layout (names, keys, chunk order) is the one
 * media-db.ts writes.
 */

export const MEDIA_DB_NAME = 'promptcast-media';
export const MEDIA_DB_VERSION = 1;

/** Every chunk key of one file, for deleting or reading them in one range. */
export function chunkRange(entryId: string, index: number): IDBKeyRange {
  return IDBKeyRange.bound([entryId, index, 0], [entryId, index, Number.MAX_SAFE_INTEGER]);
}

function result<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

let opening: Promise<IDBDatabase> | undefined;

function openForReading(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const open = indexedDB.open(MEDIA_DB_NAME, MEDIA_DB_VERSION);
    // Only the background creates the stores: a page that comes first finds no copy instead of leaving an
    // empty database at the version the background's upgrade would then skip.
    open.onupgradeneeded = () => open.transaction?.abort();
    open.onsuccess = () => {
      const db = open.result;
      // A newer background must not be blocked from upgrading by a page that is merely open.
      db.onversionchange = () => {
        db.close();
        opening = undefined;
      };
      resolve(db);
    };
    open.onerror = () => reject(open.error);
  }).catch((error: unknown) => {
    opening = undefined;
    throw error;
  });
  return opening;
}

/** A kept file as a Blob, or undefined when there is no complete copy (pages then use the service URL). */
export async function readCopy(entryId: string, index: number): Promise<Blob | undefined> {
  const tx = (await openForReading()).transaction(['files', 'chunks'], 'readonly');
  const file = (await result(tx.objectStore('files').get([entryId, index]))) as StoredFile | undefined;
  if (!file?.complete) return undefined;
  const chunks = (await result(tx.objectStore('chunks').getAll(chunkRange(entryId, index)))) as BlobPart[];
  if (chunks.length !== file.chunks) return undefined;
  return new Blob(chunks, { type: file.contentType });
}
