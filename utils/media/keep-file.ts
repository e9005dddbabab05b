import { AppError } from '../error-info';
import { parseHttpUrl } from '../http-url';
import { chunkRange } from './copy-reader';
import { CHUNK_BYTES, type MediaDb, type StoredFile } from './media-db';
import { requestMedia } from './media-request';
import { INERT_TYPE, sniffMediaType } from './media-type';

export interface KeepFileInput {
  entryId: string;
  index: number;
  url: string;
  /** A file that grows past this is abandoned (a hostile or broken host could stream without end). */
  maxBytes: number;
  fetch?: typeof fetch;
  now?: () => number;
  chunkBytes?: number;
}

async function openBody(
  input: KeepFileInput,
): Promise<{ reader: ReadableStreamDefaultReader<Uint8Array<ArrayBuffer>> }> {
  const url = parseHttpUrl(input.url);
  if (!url)
    throw new AppError('invalid_response', 'The file URL is not an http(s) URL', {
      detail: input.url.slice(0, 200),
    });
  const response = await requestMedia(url, input.fetch);
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    throw new AppError('http_error', `The media host answered ${response.status}`, {
      status: response.status,
    });
  }
  return { reader: response.body.getReader() };
}

/**
 * Streams one result file into IndexedDB chunk by chunk. The header is written first as incomplete, every
 * chunk is written together with the header's new byte count, and the file is marked complete last; any
 * failure removes what was written, so only whole files are ever served.
 */
export async function keepFile(db: MediaDb, input: KeepFileInput): Promise<StoredFile> {
  const now = input.now ?? Date.now;
  const chunkBytes = input.chunkBytes ?? CHUNK_BYTES;
  const { reader } = await openBody(input);
  const file: StoredFile = {
    entryId: input.entryId,
    index: input.index,
    url: input.url,
    // Replaced by what the first bytes prove (media-type.ts); never served before the file is complete.
    contentType: INERT_TYPE,
    bytes: 0,
    chunks: 0,
    complete: false,
    startedAt: now(),
  };
  const start = db.transaction(['files', 'chunks'], 'readwrite');
  await Promise.all([
    start.objectStore('chunks').delete(chunkRange(file.entryId, file.index)),
    start.objectStore('files').put(file),
    start.done,
  ]);

  const writeChunk = async (parts: Uint8Array<ArrayBuffer>[], size: number) => {
    const tx = db.transaction(['files', 'chunks'], 'readwrite');
    const key: [string, number, number] = [file.entryId, file.index, file.chunks];
    file.chunks += 1;
    file.bytes += size;
    await Promise.all([
      tx.objectStore('chunks').put(new Blob(parts), key),
      tx.objectStore('files').put(file),
      tx.done,
    ]);
  };

  try {
    let parts: Uint8Array<ArrayBuffer>[] = [];
    let pending = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (file.chunks === 0 && parts.length === 0) file.contentType = sniffMediaType(value);
      if (file.bytes + pending + value.length > input.maxBytes) {
        throw new AppError('invalid_response', 'The file is larger than the space allowed for copies');
      }
      parts.push(value);
      pending += value.length;
      if (pending >= chunkBytes) {
        await writeChunk(parts, pending);
        parts = [];
        pending = 0;
      }
    }
    if (pending > 0) await writeChunk(parts, pending);
    file.complete = true;
    file.keptAt = now();
    await db.put('files', file);
    return { ...file };
  } catch (error) {
    await reader.cancel().catch(() => undefined);
    await removeFile(db, file.entryId, file.index);
    throw error;
  }
}

export async function removeFile(db: MediaDb, entryId: string, index: number): Promise<void> {
  const tx = db.transaction(['files', 'chunks'], 'readwrite');
  await Promise.all([
    tx.objectStore('chunks').delete(chunkRange(entryId, index)),
    tx.objectStore('files').delete([entryId, index]),
    tx.done,
  ]);
}
