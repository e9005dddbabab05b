/**
 * The /files/ area: the generated images and videos that result URLs point to. No API key
 * is required because <img> and <video> elements cannot send custom headers. On the service's
 * own origin CORS is open so pages on any origin (extension pages included) can fetch them too;
 * the second media origin (media-host.ts) sends no CORS headers, like a signed-URL object store.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { IMAGE_FORMATS, type ImageFormat } from './config';
import type { Reply } from './http';
import { text } from './http';
import { IMAGE_TYPES, imageFile } from './image-file';

export const FILES_PREFIX = '/files/';

const VIDEO_ASSET = fileURLToPath(new URL('./assets/sample.webm', import.meta.url));

let videoCache: Buffer | undefined;
const paddedCache = new Map<number, Buffer>();

/** Read lazily so importing the module (e.g. for types) never touches the disk. */
function sampleVideo(): Buffer {
  videoCache ??= readFileSync(VIDEO_ASSET);
  return videoCache;
}

const SEGMENT_ID = Buffer.from([0x18, 0x53, 0x80, 0x67]);
const VOID_ID = 0xec;

/**
 * The sample video grown to at least `minBytes` and still playable: an EBML Void element (which every
 * Matroska/WebM reader skips) appended at the end of the Segment, whose 8-byte size is raised to match.
 * Nothing before it moves, so the SeekHead and Cues offsets stay right. Built once per size.
 */
export function paddedVideo(minBytes: number): Buffer {
  const sample = sampleVideo();
  if (minBytes <= sample.length) return sample;
  const cached = paddedCache.get(minBytes);
  if (cached) return cached;
  const segment = sample.indexOf(SEGMENT_ID);
  const sizeAt = segment + SEGMENT_ID.length;
  // The sample's Segment is the last top-level element and carries an 8-byte size (marker 0x01).
  if (
    segment < 0 ||
    sample[sizeAt] !== 0x01 ||
    sizeAt + 8 + Number(sample.readBigUInt64BE(sizeAt) & 0xffffffffffffffn) !== sample.length
  ) {
    throw new Error('sample.webm does not have the layout paddedVideo expects');
  }
  const padding = minBytes - sample.length;
  const voidHeader = Buffer.alloc(9);
  voidHeader[0] = VOID_ID;
  voidHeader.writeBigUInt64BE(BigInt(padding - voidHeader.length) | (0x01n << 56n), 1);
  const out = Buffer.concat([sample, voidHeader, Buffer.alloc(padding - voidHeader.length)]);
  const segmentSize = BigInt(out.length - (sizeAt + 8));
  out.writeBigUInt64BE(segmentSize | (0x01n << 56n), sizeAt);
  paddedCache.set(minBytes, out);
  return out;
}

function seedOf(name: string): number {
  let h = 0;
  for (const ch of name) h = (h * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return h;
}

const CORS = { 'Access-Control-Allow-Origin': '*' };
const NO_STORE = { 'Cache-Control': 'no-store' };

/** How the files are served on one origin; the service's own origin and the media origin differ. */
export interface FileServing {
  cors: boolean;
  /** When the file's URL was handed out, or undefined for a URL the service never issued. */
  issuedAt(path: string): number | undefined;
  /** Files older than this answer 404, as a provider that deletes results after a while. */
  retentionMs?: number;
  now: number;
  /** Pads videos to at least this size (0: the sample as is). */
  videoMinBytes: number;
  /** Images carry a stand-in C2PA manifest. */
  c2paManifest: boolean;
}

/**
 * Honours a single "bytes=a-b" range because browsers' media stacks use ranges to probe
 * and seek; anything fancier falls back to the whole file, which HTTP permits.
 */
function withRange(
  bytes: Buffer,
  contentType: string,
  range: string | undefined,
  base: Record<string, string>,
): Reply {
  const headers = { ...base, 'Content-Type': contentType, 'Accept-Ranges': 'bytes' };
  const match = range ? /^bytes=(\d*)-(\d*)$/.exec(range.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return { status: 200, headers, body: bytes };
  const size = bytes.length;
  let start: number;
  let end: number;
  if (match[1] === '') {
    // Suffix form "bytes=-n": the last n bytes.
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) {
    return { status: 416, headers: { ...headers, 'Content-Range': `bytes */${size}` }, body: '' };
  }
  return {
    status: 206,
    headers: { ...headers, 'Content-Range': `bytes ${start}-${end}/${size}` },
    body: bytes.subarray(start, end + 1),
  };
}

function expired(path: string, serving: FileServing): boolean {
  if (serving.retentionMs === undefined) return false;
  const issued = serving.issuedAt(path);
  return issued !== undefined && serving.now - issued > serving.retentionMs;
}

const IMAGE_PATH = new RegExp(`^/files/images/([^/]+)\\.(${IMAGE_FORMATS.join('|')})$`);

/**
 * The answer for a file. Images are drawn from their path alone (the format from its extension), so either
 * origin, and a service restarted from a snapshot, serves the same bytes for the same URL.
 */
export async function handleFile(
  method: string,
  path: string,
  range: string | undefined,
  serving: FileServing,
): Promise<Reply> {
  const base = serving.cors ? { ...CORS, ...NO_STORE } : NO_STORE;
  if (method !== 'GET' && method !== 'HEAD')
    return text(405, 'Method not allowed', { ...base, Allow: 'GET, HEAD' });
  if (expired(path, serving)) return text(404, `Expired: ${path}`, base);
  const image = IMAGE_PATH.exec(path);
  if (image?.[1] && image[2]) {
    const format = image[2] as ImageFormat;
    // An image made by a named model ends its id with the model's colour (api.ts).
    const swatch = /_([0-9a-f]{6})$/.exec(image[1])?.[1];
    return {
      status: 200,
      headers: { ...base, 'Content-Type': IMAGE_TYPES[format] },
      body: await imageFile(format, seedOf(image[1]), swatch, serving.c2paManifest),
    };
  }
  if (/^\/files\/videos\/[^/]+\.webm$/.test(path)) {
    return withRange(paddedVideo(serving.videoMinBytes), 'video/webm', range, base);
  }
  return text(404, `Not found: ${path}`, base);
}
