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

const ascii = (bytes: Uint8Array, from: number, text: string): boolean =>
  bytes.length >= from + text.length && [...text].every((char, i) => bytes[from + i] === char.charCodeAt(0));

const starts = (bytes: Uint8Array, prefix: readonly number[]): boolean =>
  bytes.length >= prefix.length && prefix.every((byte, i) => bytes[i] === byte);

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
  if (starts(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (ascii(head, 0, 'GIF87a') || ascii(head, 0, 'GIF89a')) return 'image/gif';
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WEBP')) return 'image/webp';
  if (ascii(head, 4, 'ftyp') && head.length >= 12) return isoMediaType(head);
  // EBML: WebM and Matroska; Chromium and Firefox play the WebM codecs in either.
  if (starts(head, [0x1a, 0x45, 0xdf, 0xa3])) return 'video/webm';
  if (ascii(head, 0, 'OggS')) return 'video/ogg';
  return INERT_TYPE;
}
