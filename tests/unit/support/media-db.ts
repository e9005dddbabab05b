import 'fake-indexeddb/auto';
import { openMediaDb, type StoredFile } from '../../../utils/copies/media-db';
import { done } from '../../../utils/idb/transaction';

/** Stores a file's header and its chunks (numbered from 0) in one transaction, as the background keeps them. */
export async function putFile(file: StoredFile, chunks: readonly (ArrayBuffer | Blob)[] = []): Promise<void> {
  const tx = (await openMediaDb()).transaction(['files', 'chunks'], 'readwrite');
  const committed = done(tx);
  tx.objectStore('files').put(file);
  for (const [at, chunk] of chunks.entries())
    tx.objectStore('chunks').put(chunk, [file.entryId, file.index, at]);
  await committed;
}
