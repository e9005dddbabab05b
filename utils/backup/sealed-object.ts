import { concatBytes } from '../bytes';
import { AppError } from '../error-info';
import { decrypt, encrypt, GCM_TAG_BYTES, isAuthenticationFailure } from '../keys/lock/aes-gcm';
import type { BackupKeys } from './backup-keys';

/**
 * How every object of a backup is sealed: AES-256-GCM in segments (the STREAM construction of Hoang,
 * Reyhanitabar, Rogaway and Vizár), so a copy of any size is sealed and opened a segment at a time, and an
 * upload cut short is resumed at any segment: sealing is deterministic once the object's header is chosen.
 *
 * Layout: a 15-byte header (magic "PCB", version 1, the segment size as a 32-bit big-endian count, and a
 * random 7-byte nonce prefix), then each segment's ciphertext with its 16-byte tag. A segment's IV is the
 * prefix, its index (32-bit big-endian) and a byte that is 1 for the last segment only; its additional data
 * is the header and the object's name. So a provider cannot swap objects (the name), reorder segments (the
 * index), cut an object short or extend it (the last flag), or change its segment size (the header), without
 * opening failing as a wrong passphrase does.
 */
export const SEGMENT_BYTES = 1 << 20;
/** Bounds what a planted header can make opening buffer. */
const MAX_SEGMENT_BYTES = 16 << 20;
const MIN_SEGMENT_BYTES = 1 << 12;
const MAGIC = [0x50, 0x43, 0x42, 1];
const PREFIX_BYTES = 7;
export const HEADER_BYTES = MAGIC.length + 4 + PREFIX_BYTES;

const malformed = (detail: string) =>
  new AppError('invalid_response', { detail: `backup object: ${detail}` });

/** A new header, with a fresh nonce prefix: each object sealed under its own. */
export function newHeader(segmentBytes = SEGMENT_BYTES): Uint8Array<ArrayBuffer> {
  const header = new Uint8Array(HEADER_BYTES);
  header.set(MAGIC);
  new DataView(header.buffer).setUint32(MAGIC.length, segmentBytes);
  header.set(globalThis.crypto.getRandomValues(new Uint8Array(PREFIX_BYTES)), MAGIC.length + 4);
  return header;
}

/** The segment size a header gives, once its magic and bounds are checked. */
export function segmentBytesOf(header: Uint8Array): number {
  if (header.length < HEADER_BYTES || MAGIC.some((byte, i) => header[i] !== byte))
    throw malformed('not a Promptcast backup object, or of a newer version');
  const size = new DataView(header.buffer, header.byteOffset, HEADER_BYTES).getUint32(MAGIC.length);
  if (size < MIN_SEGMENT_BYTES || size > MAX_SEGMENT_BYTES) throw malformed(`segment size ${size}`);
  return size;
}

/** How many segments `plainBytes` are sealed in: at least one, so even an empty object has a tag. */
export const segmentCount = (plainBytes: number, segmentBytes: number): number =>
  Math.max(1, Math.ceil(plainBytes / segmentBytes));

/** The sealed object's length for `plainBytes` of content: what an upload sends, known before sealing. */
export const sealedBytes = (plainBytes: number, segmentBytes = SEGMENT_BYTES): number =>
  HEADER_BYTES + plainBytes + segmentCount(plainBytes, segmentBytes) * GCM_TAG_BYTES;

function segmentIv(header: Uint8Array, index: number, last: boolean): Uint8Array<ArrayBuffer> {
  const iv = new Uint8Array(12);
  iv.set(header.subarray(MAGIC.length + 4, HEADER_BYTES));
  new DataView(iv.buffer).setUint32(PREFIX_BYTES, index);
  iv[11] = last ? 1 : 0;
  return iv;
}

function additionalData(header: Uint8Array, name: string): Uint8Array<ArrayBuffer> {
  const nameBytes = new TextEncoder().encode(name);
  const data = new Uint8Array(HEADER_BYTES + nameBytes.length);
  data.set(header.subarray(0, HEADER_BYTES));
  data.set(nameBytes, HEADER_BYTES);
  return data;
}

/** Segment `index` of the object `name`: the same bytes each time, so a resumed upload sends what it would have. */
export function sealSegment(
  keys: BackupKeys,
  header: Uint8Array,
  name: string,
  index: number,
  plain: Uint8Array<ArrayBuffer>,
  last: boolean,
): Promise<Uint8Array<ArrayBuffer>> {
  return encrypt(keys.content, segmentIv(header, index, last), plain, additionalData(header, name));
}

async function openSegment(
  keys: BackupKeys,
  header: Uint8Array,
  name: string,
  index: number,
  sealed: Uint8Array<ArrayBuffer>,
  last: boolean,
): Promise<Uint8Array<ArrayBuffer>> {
  try {
    return await decrypt(keys.content, segmentIv(header, index, last), sealed, additionalData(header, name));
  } catch (error) {
    if (!isAuthenticationFailure(error)) throw error;
    // A wrong passphrase and an object altered, swapped or cut short look the same, by design.
    throw new AppError('wrong_passphrase', { cause: error });
  }
}

/**
 * An object sealed in memory, as its header and sealed segments: a Blob is made of them without joining them
 * first. The segments are sealed at once (WebCrypto works off the calling thread) and read as views of `plain`,
 * so a 5 MB copy is not copied twice more on its way to the request. `header`: a new one, or the one an
 * upload a stopped run began was sealed under, to send the same bytes again.
 */
export async function sealedParts(
  keys: BackupKeys,
  name: string,
  plain: Uint8Array<ArrayBuffer>,
  header: Uint8Array<ArrayBuffer> = newHeader(),
): Promise<Uint8Array<ArrayBuffer>[]> {
  const segmentBytes = segmentBytesOf(header);
  const count = segmentCount(plain.length, segmentBytes);
  const segments = Array.from({ length: count }, (_, index) =>
    sealSegment(
      keys,
      header,
      name,
      index,
      plain.subarray(index * segmentBytes, (index + 1) * segmentBytes),
      index === count - 1,
    ),
  );
  return [header, ...(await Promise.all(segments))];
}

/** A whole object sealed in memory, as one array: the backup's header check, tests. */
export async function sealObject(
  keys: BackupKeys,
  name: string,
  plain: Uint8Array<ArrayBuffer>,
  segmentBytes = SEGMENT_BYTES,
): Promise<Uint8Array<ArrayBuffer>> {
  return concatBytes(await sealedParts(keys, name, plain, newHeader(segmentBytes)));
}

/**
 * A whole object opened in memory. `maxPlainBytes` is checked against the sealed length before anything
 * is decrypted, so a huge or planted object is refused by its size.
 */
export async function openObject(
  keys: BackupKeys,
  name: string,
  sealed: Uint8Array,
  maxPlainBytes: number,
): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of openStream(keys, name, [sealed], maxPlainBytes)) chunks.push(chunk);
  return concatBytes(chunks);
}

/**
 * Opens an object as its bytes arrive (a copy being restored), a segment at a time. One full segment is
 * held back until more arrives or the source ends, since only then is it known to be the last. Ends with
 * `wrong_passphrase` when a segment does not open, and refuses before decrypting past `maxPlainBytes`.
 */
export async function* openStream(
  keys: BackupKeys,
  name: string,
  source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  maxPlainBytes: number,
): AsyncGenerator<Uint8Array<ArrayBuffer>> {
  let header: Uint8Array | undefined;
  let segment = 0;
  let sealedSegment = 0;
  let pending = new Uint8Array(0);
  let opened = 0;
  const take = (count: number) => {
    const head = pending.slice(0, count);
    pending = pending.slice(count);
    return head;
  };
  for await (const chunk of source) {
    const joined = new Uint8Array(pending.length + chunk.length);
    joined.set(pending);
    joined.set(chunk, pending.length);
    pending = joined;
    if (!header) {
      if (pending.length < HEADER_BYTES) continue;
      header = take(HEADER_BYTES);
      sealedSegment = segmentBytesOf(header) + GCM_TAG_BYTES;
    }
    // Strictly more than a segment: the one held back is not the last.
    while (pending.length > sealedSegment) {
      opened += sealedSegment - GCM_TAG_BYTES;
      if (opened > maxPlainBytes) throw malformed(`larger than ${maxPlainBytes} bytes`);
      yield await openSegment(keys, header, name, segment++, take(sealedSegment), false);
    }
  }
  if (!header) throw malformed('cut short before its header');
  if (pending.length < GCM_TAG_BYTES) throw new AppError('wrong_passphrase', { detail: 'cut short' });
  if (opened + pending.length - GCM_TAG_BYTES > maxPlainBytes)
    throw malformed(`larger than ${maxPlainBytes} bytes`);
  yield await openSegment(keys, header, name, segment, take(pending.length), true);
}
