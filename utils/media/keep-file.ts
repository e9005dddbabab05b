import { AppError } from '../error-info';
import { parseHttpUrl } from '../http-url';
import { chunkRange } from './copy-reader';
import { CHUNK_BYTES, type MediaDb, type StoredFile } from './media-db';

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

/**
 * Media hosts are not the service: the request carries no key, no cookies and no referrer, only the URL the
 * service named. Redirects are followed because signed-URL stores commonly redirect, and nothing secret rides
 * along.
 */
const MEDIA_REQUEST: RequestInit = {
  credentials: 'omit',
  referrerPolicy: 'no-referrer',
  cache: 'no-store',
  redirect: 'follow',
};

async function openBody(
  input: KeepFileInput,
): Promise<{ reader: ReadableStreamDefaultReader<Uint8Array<ArrayBuffer>>; type: string }> {
  const url = parseHttpUrl(input.url)?.href;
  if (!url)
    throw new AppError('invalid_response', 'The file URL is not an http(s) URL', {
      detail: input.url.slice(0, 200),
    });
  let response: Response;
  try {
    response = await (input.fetch ?? fetch)(url, MEDIA_REQUEST);
  } catch (error) {
    throw new AppError('network', 'The media host could not be reached', {
      detail: String(error).slice(0, 200),
    });
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    throw new AppError('http_error', `The media host answered ${response.status}`, {
      status: response.status,
    });
  }
  return { reader: response.body.getReader(), type: response.headers.get('content-type') ?? '' };
}

/**
 * Streams one result file into IndexedDB chunk by chunk. The header is written first as incomplete, every
 * chunk is written together with the header's new byte count, and the file is marked complete last; any
 * failure removes what was written, so only whole files are ever served.
 */
export async function keepFile(db: MediaDb, input: KeepFileInput): Promise<StoredFile> {
  const now = input.now ?? Date.now;
  const chunkBytes = input.chunkBytes ?? CHUNK_BYTES;
  const { reader, type } = await openBody(input);
  const file: StoredFile = {
    entryId: input.entryId,
    index: input.index,
    url: input.url,
    contentType: type,
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
