import { AppError } from '../error-info';
import { parseHttpUrl } from '../http-url';
import { request } from '../idb/request';
import { done, once } from '../idb/transaction';
import { chunkRange } from './copy-reader';
import { CHUNK_BYTES, type MediaDb, type StoredFile } from './media-db';
import { requestMedia } from './media-request';
import { INERT_TYPE, SNIFF_BYTES, sniffMediaType } from './media-type';

export interface KeepFileInput {
  entryId: string;
  index: number;
  url: string;
  fetch?: typeof fetch;
  now?: () => number;
}

interface Body {
  reader: ReadableStreamDefaultReader<Uint8Array<ArrayBuffer>>;
  /** Where in the file the body begins: the asked start when the host answered the range, else 0. */
  start: number;
  /** The whole file's size, when the host said. */
  total: number | undefined;
}

function headerCount(value: string | null): number | undefined {
  return value !== null && /^\d+$/.test(value.trim()) ? Number(value) : undefined;
}

/** "bytes 100-199/200" → where the part starts and the file's size ("*" when the host does not say). */
function contentRange(value: string | null): { start: number; total: number | undefined } | undefined {
  const match = value ? /^bytes (\d+)-\d+\/(\d+|\*)$/.exec(value.trim()) : null;
  if (!match) return undefined;
  return { start: Number(match[1]), total: match[2] === '*' ? undefined : Number(match[2]) };
}

/**
 * The one request for a file's bytes, from `start` on when some are already kept. Only a 206 whose
 * Content-Range begins exactly there continues them; any other answer is the whole file from its first byte.
 */
async function openBody(input: KeepFileInput, start: number, signal?: AbortSignal): Promise<Body> {
  const url = parseHttpUrl(input.url);
  if (!url)
    throw new AppError('invalid_response', {
      detail: input.url.slice(0, 200),
    });
  const response = await requestMedia(url, input.fetch, {
    ...(start > 0 ? { headers: { Range: `bytes=${start}-` } } : {}),
    ...(signal ? { signal } : {}),
  });
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    throw new AppError('http_error', {
      status: response.status,
    });
  }
  const length = headerCount(response.headers.get('content-length'));
  if (response.status === 206) {
    const part = contentRange(response.headers.get('content-range'));
    if (start > 0 && part?.start === start) {
      return { reader: response.body.getReader(), start, total: part.total };
    }
    // A part the extension did not ask for cannot be placed: ask for the whole file instead.
    await response.body.cancel();
    if (start > 0 || part?.start !== 0) return openBody(input, 0, signal);
    return { reader: response.body.getReader(), start: 0, total: part.total };
  }
  return { reader: response.body.getReader(), start: 0, total: length };
}

/** One file of a result, opened: its header (continued or new) and, unless it was kept already, its body. */
export interface OpenFile {
  file: StoredFile;
  body: Body | undefined;
  /** The whole file's size when known. */
  size: number | undefined;
}

/**
 * Opens a file for keeping. A complete copy of the same URL is taken as it is; an incomplete one asks the
 * host for the rest; a host that answers with the whole file starts it over (its old chunks are dropped).
 */
export async function openFile(db: MediaDb, input: KeepFileInput, signal?: AbortSignal): Promise<OpenFile> {
  const stored = await once(db, 'files', (files) => files.get([input.entryId, input.index]));
  const same = stored?.url === input.url ? stored : undefined;
  if (same?.complete) return { file: same, body: undefined, size: same.bytes };
  const body = await openBody(input, same?.bytes ?? 0, signal);
  if (same && body.start > 0) return { file: { ...same }, body, size: body.total };
  const file: StoredFile = {
    entryId: input.entryId,
    index: input.index,
    url: input.url,
    // Replaced by what the first bytes prove (media-type.ts), whatever the host said; never served before
    // the file is complete.
    contentType: INERT_TYPE,
    bytes: 0,
    chunks: 0,
    complete: false,
    startedAt: (input.now ?? Date.now)(),
  };
  const start = db.transaction(['files', 'chunks'], 'readwrite');
  await Promise.all([
    request(start.objectStore('chunks').delete(chunkRange(file.entryId, file.index))),
    request(start.objectStore('files').put(file)),
    done(start),
  ]);
  return { file, body, size: body.total };
}

/**
 * Streams an opened file into IndexedDB chunk by chunk, each chunk written together with the header's new
 * byte count, and marks it complete last, so only whole files are ever served. `accept` sees each piece as
 * it arrives and may refuse it (the result outgrew the space for copies): the stream stops and undefined is
 * returned. A failure leaves the chunks written so far for a later attempt to continue from.
 */
export async function streamFile(
  db: MediaDb,
  opened: OpenFile,
  accept: (bytes: number) => boolean,
  now: () => number = Date.now,
): Promise<StoredFile | undefined> {
  const { file, body } = opened;
  if (!body) return file;

  const writeChunk = async (parts: Uint8Array<ArrayBuffer>[], size: number) => {
    if (file.chunks === 0) file.contentType = sniffMediaType(await headOf(parts));
    const tx = db.transaction(['files', 'chunks'], 'readwrite');
    const key: [string, number, number] = [file.entryId, file.index, file.chunks];
    file.chunks += 1;
    file.bytes += size;
    await Promise.all([
      request(tx.objectStore('chunks').put(new Blob(parts), key)),
      request(tx.objectStore('files').put(file)),
      done(tx),
    ]);
  };

  try {
    let parts: Uint8Array<ArrayBuffer>[] = [];
    let pending = 0;
    for (;;) {
      const { done, value } = await body.reader.read();
      if (done) break;
      if (!accept(value.length)) {
        await body.reader.cancel().catch(() => undefined);
        return undefined;
      }
      parts.push(value);
      pending += value.length;
      if (pending >= CHUNK_BYTES) {
        await writeChunk(parts, pending);
        parts = [];
        pending = 0;
      }
    }
    if (pending > 0) await writeChunk(parts, pending);
    file.complete = true;
    file.keptAt = now();
    await once(db, 'files', (files) => files.put(file), 'readwrite');
    return { ...file };
  } catch (error) {
    await body.reader.cancel().catch(() => undefined);
    throw error;
  }
}

/** The file's first bytes, however the host split them into pieces. */
async function headOf(parts: Uint8Array<ArrayBuffer>[]): Promise<Uint8Array> {
  return new Uint8Array(await new Blob(parts).slice(0, SNIFF_BYTES).arrayBuffer());
}

/** Lets go of opened bodies that will not be read (another file of the result failed first). */
export async function closeFiles(opened: readonly OpenFile[]): Promise<void> {
  await Promise.all(opened.map((open) => open.body?.reader.cancel().catch(() => undefined)));
}

export async function removeFile(db: MediaDb, entryId: string, index: number): Promise<void> {
  const tx = db.transaction(['files', 'chunks'], 'readwrite');
  await Promise.all([
    request(tx.objectStore('chunks').delete(chunkRange(entryId, index))),
    request(tx.objectStore('files').delete([entryId, index])),
    done(tx),
  ]);
}

/**
 * A whole file written at once, header and chunks in one transaction (a restored copy, whose bytes are all
 * here): it is kept whole or not at all. Its type is proven again by its first bytes, as a fetched one is.
 */
export async function writeWholeFile(
  db: MediaDb,
  file: Pick<StoredFile, 'entryId' | 'index' | 'url' | 'startedAt' | 'keptAt'>,
  bytes: Uint8Array<ArrayBuffer>,
): Promise<StoredFile> {
  const chunks = Math.ceil(bytes.length / CHUNK_BYTES);
  const record: StoredFile = {
    ...file,
    contentType: sniffMediaType(bytes.subarray(0, SNIFF_BYTES)),
    bytes: bytes.length,
    chunks,
    complete: true,
  };
  const tx = db.transaction(['files', 'chunks'], 'readwrite');
  const committed = done(tx);
  tx.objectStore('chunks').delete(chunkRange(file.entryId, file.index));
  for (let at = 0; at < chunks; at++)
    tx.objectStore('chunks').put(new Blob([bytes.subarray(at * CHUNK_BYTES, (at + 1) * CHUNK_BYTES)]), [
      file.entryId,
      file.index,
      at,
    ]);
  tx.objectStore('files').put(record);
  await committed;
  return record;
}
