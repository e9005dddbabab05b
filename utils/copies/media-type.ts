/**
 * The type a kept copy is stored and served with. A host's Content-Type is not trusted: a page showing the
 * copy makes a blob: URL of the extension's own origin, and a copy typed `image/svg+xml` or `text/html`
 * opened in a tab would be a document with the extension's privileges. So the type comes from the file's
 * first bytes, and only for formats the pages show; anything else is stored as inert bytes.
 */

/** Stored for a file that is not an image or video the extension shows; browsers never render it. */
export const INERT_TYPE = 'application/octet-stream';

const SHOWN_TYPES: ReadonlySet<string> = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'video/mp4',
  'video/webm',
  'video/quicktime',
  'video/ogg',
]);

/**
 * Whether pages may put a copy of this type into an `<img>` or `<video>`. Copies kept by earlier builds carry
 * the host's type as it was sent, so parameters and case are ignored and anything unlisted stays unshown.
 */
export function isShownType(type: string): boolean {
  return SHOWN_TYPES.has(type.split(';')[0]?.trim().toLowerCase() ?? '');
}

/** Whether the bytes at `from` are `text`'s characters, each one byte's value (Latin-1). */
const bytesAt = (bytes: Uint8Array, from: number, text: string): boolean =>
  bytes.length >= from + text.length && [...text].every((char, i) => bytes[from + i] === char.charCodeAt(0));

/** ISO base media files (MP4, QuickTime, AVIF, HEIF) share the `ftyp` box; its major brand tells them apart. */
function isoMediaType(bytes: Uint8Array): string {
  const brand = String.fromCharCode(...bytes.subarray(8, 12));
  if (brand === 'avif' || brand === 'avis') return 'image/avif';
  if (brand === 'qt  ') return 'video/quicktime';
  // HEIF stills are not shown by Chromium or Firefox.
  if (['heic', 'heix', 'hevc', 'hevx', 'mif1', 'msf1'].includes(brand)) return INERT_TYPE;
  return 'video/mp4';
}

/** How many of a file's first bytes sniffMediaType reads. */
export const SNIFF_BYTES = 16;

/** The shown type the file's first bytes prove, or INERT_TYPE. Needs the first 12 bytes. */
export function sniffMediaType(head: Uint8Array): string {
  if (bytesAt(head, 0, '\x89PNG\r\n\x1a\n')) return 'image/png';
  if (bytesAt(head, 0, '\xff\xd8\xff')) return 'image/jpeg';
  if (bytesAt(head, 0, 'GIF87a') || bytesAt(head, 0, 'GIF89a')) return 'image/gif';
  if (bytesAt(head, 0, 'RIFF') && bytesAt(head, 8, 'WEBP')) return 'image/webp';
  if (bytesAt(head, 4, 'ftyp') && head.length >= 12) return isoMediaType(head);
  // EBML: WebM and Matroska; Chromium and Firefox play the WebM codecs in either.
  if (bytesAt(head, 0, '\x1aE\xdf\xa3')) return 'video/webm';
  if (bytesAt(head, 0, 'OggS')) return 'video/ogg';
  return INERT_TYPE;
}
