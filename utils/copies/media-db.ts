import { openDb } from '../idb/open';
import type { Db } from '../idb/types';
import { MEDIA_DB_NAME, MEDIA_DB_VERSION } from './copy-reader';

/**
 * Kept copies of results, in the extension's own IndexedDB. A file is stored as a header record plus its
 * bytes in chunks of about CHUNK_BYTES, each written in its own transaction, so keeping a 20 MB video never
 * holds it whole in memory nor one long transaction. `complete` turns true only in the transaction after the
 * last chunk: a file that is not complete was interrupted and is never served.
 */
export interface StoredFile {
  entryId: string;
  index: number;
  url: string;
  contentType: string;
  /** Bytes written so far; the final size once complete. */
  bytes: number;
  chunks: number;
  complete: boolean;
  startedAt: number;
  keptAt?: number;
}

export type FileKey = [entryId: string, index: number];
export type ChunkKey = [entryId: string, index: number, chunk: number];

export interface MediaSchema {
  files: { key: FileKey; value: StoredFile; indexes: { byEntry: string } };
  /**
   * Blobs: a page reading a kept video then gets handles to the bytes, not 20 MB to deserialize on its main
   * thread. Copies kept by earlier builds hold ArrayBuffers, which read the same way.
   */
  chunks: { key: ChunkKey; value: Blob | ArrayBuffer };
}

export type MediaDb = Db<MediaSchema>;

export const CHUNK_BYTES = 1024 * 1024;

let opening: Promise<MediaDb> | undefined;

export function openMediaDb(): Promise<MediaDb> {
  opening ??= openDb<MediaSchema>(MEDIA_DB_NAME, MEDIA_DB_VERSION, (db) => {
    const files = db.createObjectStore('files', { keyPath: ['entryId', 'index'] });
    files.createIndex('byEntry', 'entryId');
    db.createObjectStore('chunks');
  }).catch((error: unknown) => {
    opening = undefined;
    throw error;
  });
  return opening;
}
