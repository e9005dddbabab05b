/**
 * The /files/ area: the generated images and videos that result URLs point to. No API key
 * is required because <img> and <video> elements cannot send custom headers, and CORS is
 * open so pages on any origin (extension pages included) can fetch them too.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Reply } from './http';
import { text } from './http';
import { gradientPng } from './png';

export const FILES_PREFIX = '/files/';

const VIDEO_ASSET = fileURLToPath(new URL('./assets/sample.webm', import.meta.url));

let videoCache: Buffer | undefined;

/** Read lazily so importing the module (e.g. for types) never touches the disk. */
function videoBytes(): Buffer {
  videoCache ??= readFileSync(VIDEO_ASSET);
  return videoCache;
}

function seedOf(name: string): number {
  let h = 0;
  for (const ch of name) h = (h * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return h;
}

const CORS = { 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'no-store' };

/**
 * Honours a single "bytes=a-b" range because browsers' media stacks use ranges to probe
 * and seek; anything fancier falls back to the whole file, which HTTP permits.
 */
function withRange(bytes: Buffer, contentType: string, range: string | undefined): Reply {
  const headers = { ...CORS, 'Content-Type': contentType, 'Accept-Ranges': 'bytes' };
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

export function handleFile(method: string, path: string, range: string | undefined): Reply {
  if (method !== 'GET' && method !== 'HEAD')
    return text(405, 'Method not allowed', { ...CORS, Allow: 'GET, HEAD' });
  const image = /^\/files\/images\/([^/]+)\.png$/.exec(path);
  if (image?.[1]) {
    return {
      status: 200,
      headers: { ...CORS, 'Content-Type': 'image/png' },
      body: gradientPng(seedOf(image[1])),
    };
  }
  if (/^\/files\/videos\/[^/]+\.webm$/.test(path)) return withRange(videoBytes(), 'video/webm', range);
  return text(404, `Not found: ${path}`, CORS);
}
