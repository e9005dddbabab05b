/**
 * An XMP chunk written into a WebP. Metadata needs WebP's extended layout: a simple file (one VP8 or VP8L
 * chunk) gains a VP8X header giving the canvas size its bitstream already states. Every other chunk, the
 * image data and a C2PA manifest among them, is copied byte for byte.
 */

import { concatBytes, fourCc } from '../bytes';

const VP8X_XMP = 0x04;
const VP8X_ALPHA = 0x10;
/** RIFF sizes are 32-bit; a file near that is no picture a person saves. */
const MAX_RIFF = 0xfffffff0;

interface Chunk {
  type: string;
  start: number;
  /** After its data and the pad byte that keeps chunks on even offsets. */
  end: number;
  data: Uint8Array;
}

export const isWebp = (bytes: Uint8Array): boolean =>
  bytes.length >= 12 && fourCc(bytes, 0) === 'RIFF' && fourCc(bytes, 8) === 'WEBP';

/** The file's chunks, or undefined when the RIFF sizes do not add up. */
function chunksOf(bytes: Uint8Array): Chunk[] | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const riffEnd = 8 + view.getUint32(4, true);
  if (riffEnd > bytes.length) return undefined;
  const chunks: Chunk[] = [];
  for (let at = 12; at < riffEnd; ) {
    if (at + 8 > riffEnd) return undefined;
    const size = view.getUint32(at + 4, true);
    const dataEnd = at + 8 + size;
    if (dataEnd > riffEnd) return undefined;
    chunks.push({
      type: fourCc(bytes, at),
      start: at,
      end: dataEnd + (size % 2),
      data: bytes.subarray(at + 8, dataEnd),
    });
    at = dataEnd + (size % 2);
  }
  return chunks;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(8 + data.length + (data.length % 2));
  for (let i = 0; i < 4; i++) out[i] = type.charCodeAt(i);
  new DataView(out.buffer).setUint32(4, data.length, true);
  out.set(data, 8);
  return out;
}

/** The canvas size and alpha a simple file's bitstream states, or undefined when it cannot be read. */
function simpleImage(image: Chunk): { width: number; height: number; alpha: boolean } | undefined {
  const data = image.data;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  if (
    image.type === 'VP8 ' &&
    data.length >= 10 &&
    data[3] === 0x9d &&
    data[4] === 0x01 &&
    data[5] === 0x2a
  ) {
    return {
      width: view.getUint16(6, true) & 0x3fff,
      height: view.getUint16(8, true) & 0x3fff,
      alpha: false,
    };
  }
  if (image.type === 'VP8L' && data.length >= 5 && data[0] === 0x2f) {
    const bits = view.getUint32(1, true);
    return {
      width: (bits & 0x3fff) + 1,
      height: ((bits >>> 14) & 0x3fff) + 1,
      alpha: ((bits >>> 28) & 1) === 1,
    };
  }
  return undefined;
}

function vp8x(flags: number, width: number, height: number): Uint8Array {
  const data = new Uint8Array(10);
  data[0] = flags;
  for (let i = 0; i < 3; i++) {
    data[4 + i] = ((width - 1) >> (8 * i)) & 0xff;
    data[7 + i] = ((height - 1) >> (8 * i)) & 0xff;
  }
  return chunk('VP8X', data);
}

/**
 * The WebP with `xmp` as its XMP chunk (replacing one it had), last, where the container's layout puts
 * metadata. Anything that is not a whole WebP comes back unchanged.
 */
export function withWebpXmp(bytes: Uint8Array, xmp: string): Uint8Array {
  const chunks = isWebp(bytes) ? chunksOf(bytes) : undefined;
  const first = chunks?.[0];
  if (!chunks || !first) return bytes;
  let header: Uint8Array;
  let rest: Chunk[];
  if (first.type === 'VP8X' && first.data.length >= 10) {
    header = new Uint8Array(bytes.subarray(first.start, first.end));
    header[8] = (header[8] as number) | VP8X_XMP;
    rest = chunks.slice(1);
  } else {
    const image = simpleImage(first);
    if (!image) return bytes;
    header = vp8x(VP8X_XMP | (image.alpha ? VP8X_ALPHA : 0), image.width, image.height);
    rest = chunks;
  }
  const parts = [
    header,
    ...rest.filter((part) => part.type !== 'XMP ').map((part) => bytes.subarray(part.start, part.end)),
    chunk('XMP ', new TextEncoder().encode(xmp)),
  ];
  const size = parts.reduce((sum, part) => sum + part.length, 4);
  if (size > MAX_RIFF) return bytes;
  const riff = new Uint8Array(bytes.subarray(0, 12));
  new DataView(riff.buffer).setUint32(4, size, true);
  return concatBytes([riff, ...parts]);
}
