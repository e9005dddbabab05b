/**
 * XMP in an MP4 (ISO BMFF, and QuickTime's MOV): a top-level `uuid` box of XMP's UUID (XMP specification
 * part 3, 1.2.7), appended after the file's last box. Appending moves nothing, so every offset the file holds
 * (its sample tables', a C2PA manifest's) stays right and the video plays as before; the file's boxes are
 * copied byte for byte. Only box headers are read: a long video is never read whole.
 */

import { fourCc } from '../bytes';

const XMP_UUID = [
  0xbe, 0x7a, 0xcf, 0xcb, 0x97, 0xa9, 0x42, 0xe8, 0x9c, 0x71, 0x99, 0x94, 0x91, 0xe3, 0xaf, 0xac,
];
/** A box header: size, type, a 64-bit size when the first is 1, then a uuid box's UUID. */
const HEADER_READ = 32;
/** Real files have a handful of top-level boxes; a planted file of tiny ones is not walked for ever. */
const MAX_TOP_BOXES = 4096;

/** An MP4 or MOV: its first box is `ftyp`. */
export const isMp4 = (bytes: Uint8Array): boolean => bytes.length >= 12 && fourCc(bytes, 4) === 'ftyp';

/**
 * The size of the top-level box whose header this is, or undefined where nothing may be appended: a box that
 * runs "to the end of the file" (size 0) would take the XMP in, one past the file's end or too small is a
 * damaged file, and an XMP box the file has already is its own, left as it is.
 */
function boxSize(header: Uint8Array, left: number): number | undefined {
  if (header.length < 8) return undefined;
  const view = new DataView(header.buffer, header.byteOffset, header.byteLength);
  let size = view.getUint32(0);
  let headerBytes = 8;
  if (size === 1) {
    if (header.length < 16) return undefined;
    size = Number(view.getBigUint64(8));
    headerBytes = 16;
  }
  if (size < headerBytes || size > left) return undefined;
  const uuid = header.subarray(headerBytes, headerBytes + 16);
  if (fourCc(header, 4) === 'uuid' && XMP_UUID.every((byte, i) => uuid[i] === byte)) return undefined;
  return size;
}

/** Whether XMP can be appended: every top-level box sized, together exactly the file. */
async function appendable(
  size: number,
  read: (at: number, length: number) => Uint8Array | Promise<Uint8Array>,
): Promise<boolean> {
  let at = 0;
  for (let count = 0; at < size; count++) {
    const box = count < MAX_TOP_BOXES ? boxSize(await read(at, HEADER_READ), size - at) : undefined;
    if (box === undefined) return false;
    at += box;
  }
  return true;
}

/** The XMP packet as a top-level box. */
function xmpBox(xmp: string): Uint8Array<ArrayBuffer> {
  const packet = new TextEncoder().encode(xmp);
  const box = new Uint8Array(24 + packet.length);
  new DataView(box.buffer).setUint32(0, box.length);
  box.set([0x75, 0x75, 0x69, 0x64], 4);
  box.set(XMP_UUID, 8);
  box.set(packet, 24);
  return box;
}

/** The video with the XMP box appended, or the same Blob where it cannot be (see `boxSize`). */
export async function withMp4Xmp(video: Blob, xmp: string): Promise<Blob> {
  const read = async (at: number, length: number) =>
    new Uint8Array(await video.slice(at, at + length).arrayBuffer());
  return (await appendable(video.size, read)) ? new Blob([video, xmpBox(xmp)], { type: video.type }) : video;
}

/** The same for a video in memory (a zip's file): the same array where nothing is appended. */
export async function withMp4XmpBytes(video: Uint8Array, xmp: string): Promise<Uint8Array> {
  if (!(await appendable(video.length, (at, length) => video.subarray(at, at + length)))) return video;
  const box = xmpBox(xmp);
  const written = new Uint8Array(video.length + box.length);
  written.set(video);
  written.set(box, video.length);
  return written;
}
