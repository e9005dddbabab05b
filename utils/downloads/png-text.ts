/**
 * Text chunks written into a PNG, as image tools read them: AUTOMATIC1111 keeps a picture's prompt in a
 * `parameters` chunk, and other tools (and other generators' galleries) read it from there. The image data
 * chunks are copied byte for byte; only text chunks are added, right after the header.
 */

import { concatBytes } from '../bytes';

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

// Pure: a bundle that never writes a PNG (Chrome's worker) drops the table.
const CRC_TABLE = /* @__PURE__ */ (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** The CRC-32 PNG puts after each chunk, over its type and data. */
function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

export function isPng(bytes: Uint8Array): boolean {
  return bytes.length >= SIGNATURE.length && SIGNATURE.every((byte, i) => bytes[i] === byte);
}

interface Chunk {
  type: string;
  /** Where the chunk starts (its length field) and ends (after its CRC). */
  start: number;
  end: number;
  data: Uint8Array;
}

/** The file's chunks, or undefined when it is cut short or not a PNG at all. */
function chunksOf(bytes: Uint8Array): Chunk[] | undefined {
  if (!isPng(bytes)) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const chunks: Chunk[] = [];
  let at = SIGNATURE.length;
  while (at + 12 <= bytes.length) {
    const length = view.getUint32(at);
    const end = at + 12 + length;
    if (end > bytes.length) return undefined;
    const type = latin1Text(bytes.subarray(at + 4, at + 8));
    chunks.push({ type, start: at, end, data: bytes.subarray(at + 8, at + 8 + length) });
    at = end;
    if (type === 'IEND') return chunks[0]?.type === 'IHDR' ? chunks : undefined;
  }
  return undefined;
}

/** Bytes as Latin-1 text, a character each (no spread: a long text would overflow the call's arguments). */
const latin1Text = (bytes: Uint8Array) => Array.from(bytes, (byte) => String.fromCharCode(byte)).join('');

const latin1 = (text: string) => Array.from(text).every((char) => char.charCodeAt(0) <= 0xff);

/** One chunk: its length, type, data and the CRC over type and data. */
export function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** The keyword of the iTXt chunk that holds a PNG's XMP packet. */
export const PNG_XMP_KEYWORD = 'XML:com.adobe.xmp';

/**
 * A `tEXt` chunk where the text is Latin-1 (the PNG standard's text encoding), else an uncompressed `iTXt`
 * chunk holding it as UTF-8: what Pillow, which AUTOMATIC1111 writes with, does.
 */
function textChunk(keyword: string, text: string): Uint8Array {
  const key = Uint8Array.from(keyword, (char) => char.charCodeAt(0));
  // XMP readers look for its packet in an iTXt chunk only.
  if (latin1(text) && keyword !== PNG_XMP_KEYWORD) {
    const data = new Uint8Array(key.length + 1 + text.length);
    data.set(key);
    data.set(
      Uint8Array.from(text, (char) => char.charCodeAt(0)),
      key.length + 1,
    );
    return pngChunk('tEXt', data);
  }
  const utf8 = new TextEncoder().encode(text);
  // keyword, NUL, compression flag and method (none), empty language tag and translated keyword, each ended by NUL.
  const data = new Uint8Array(key.length + 5 + utf8.length);
  data.set(key);
  data.set(utf8, key.length + 5);
  return pngChunk('iTXt', data);
}

/** A text chunk's keyword (the Latin-1 bytes before its first NUL). */
function keywordOf(candidate: Chunk): string | undefined {
  if (candidate.type !== 'tEXt' && candidate.type !== 'iTXt') return undefined;
  const nul = candidate.data.indexOf(0);
  return nul < 0 ? undefined : latin1Text(candidate.data.subarray(0, nul));
}

/**
 * The PNG with `texts` (keyword, text) written right after its header, replacing text chunks of the same
 * keywords it had; every other chunk, the image data included, is copied unchanged. Keywords are 1 to 79
 * Latin-1 characters. Anything that is not a whole PNG comes back as it was.
 */
export function withPngText(
  bytes: Uint8Array,
  texts: ReadonlyArray<readonly [keyword: string, text: string]>,
): Uint8Array {
  const chunks = chunksOf(bytes);
  const header = chunks?.[0];
  if (!chunks || !header) return bytes;
  const replaced = new Set(texts.map(([keyword]) => keyword));
  const added = texts.map(([keyword, text]) => textChunk(keyword, text));
  const kept = chunks.slice(1).filter((candidate) => !replaced.has(keywordOf(candidate) ?? ''));
  return concatBytes([
    bytes.subarray(0, header.end),
    ...added,
    ...kept.map((part) => bytes.subarray(part.start, part.end)),
  ]);
}

/** Every text chunk of a PNG, keyword to text (the last of a keyword wins), for reading back what was written. */
export function pngTexts(bytes: Uint8Array): Map<string, string> {
  const texts = new Map<string, string>();
  for (const candidate of chunksOf(bytes) ?? []) {
    const keyword = keywordOf(candidate);
    if (keyword === undefined) continue;
    const body = candidate.data.subarray(keyword.length + 1);
    if (candidate.type === 'tEXt') texts.set(keyword, latin1Text(body));
    else {
      // compression flag, method, then the language tag and translated keyword, each ended by NUL.
      const language = body.indexOf(0, 2);
      const translated = body.indexOf(0, language + 1);
      if (body[0] === 0 && language >= 0 && translated >= 0)
        texts.set(keyword, new TextDecoder().decode(body.subarray(translated + 1)));
    }
  }
  return texts;
}
