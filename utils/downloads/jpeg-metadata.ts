import { concatBytes } from '../bytes';

/**
 * XMP and EXIF written into a JPEG: an XMP APP1 segment, and the EXIF ImageDescription (the caption older
 * tools and file managers show). Only the metadata segments before the image data are touched: every other
 * segment, a C2PA manifest in APP11 among them, and the whole compressed image from the start of scan on,
 * are copied byte for byte.
 */

const XMP_SIGNATURE = 'http://ns.adobe.com/xap/1.0/\u0000';
// Extended XMP continues a main packet; it goes with the packet it continues.
const EXTENDED_XMP_SIGNATURE = 'http://ns.adobe.com/xmp/extension/\u0000';
const EXIF_SIGNATURE = 'Exif\u0000\u0000';
const APP1 = 0xe1;
const START_OF_SCAN = 0xda;
/** A segment's length field counts itself and is 16 bits. */
const MAX_SEGMENT_DATA = 0xffff - 2;
const IMAGE_DESCRIPTION = 0x010e;
const X_RESOLUTION = 0x011a;
const Y_RESOLUTION = 0x011b;
const RESOLUTION_UNIT = 0x0128;
const YCBCR_POSITIONING = 0x0213;
const ASCII = 2;
const SHORT = 3;
const RATIONAL = 5;
const INCHES = 2;
const CENTRED = 1;

interface Segment {
  marker: number;
  start: number;
  end: number;
  /** The data after the length field. */
  data: Uint8Array;
}

export const isJpeg = (bytes: Uint8Array): boolean =>
  bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;

const startsWith = (data: Uint8Array, signature: string) =>
  data.length >= signature.length && Array.from(signature).every((char, i) => data[i] === char.charCodeAt(0));

const latin1Bytes = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));

/**
 * The segments from after SOI up to (not including) the start of scan, and where the scan starts; undefined
 * when the file is cut short or not laid out as a JPEG, so it is saved as it came.
 */
function headerSegments(bytes: Uint8Array): { segments: Segment[]; scan: number } | undefined {
  const segments: Segment[] = [];
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1] as number;
    // Fill bytes: any number of 0xFF may come before a marker.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === START_OF_SCAN) return { segments, scan: at };
    const length = ((bytes[at + 2] as number) << 8) | (bytes[at + 3] as number);
    const end = at + 2 + length;
    if (length < 2 || end > bytes.length) return undefined;
    segments.push({ marker, start: at, end, data: bytes.subarray(at + 4, end) });
    at = end;
  }
  return undefined;
}

function segment(marker: number, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(4 + data.length);
  out[0] = 0xff;
  out[1] = marker;
  out[2] = (data.length + 2) >> 8;
  out[3] = (data.length + 2) & 0xff;
  out.set(data, 4);
  return out;
}

/** A TIFF structure's reader and writer in its own byte order. */
function tiffView(tiff: Uint8Array) {
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  const little = tiff[0] === 0x49 && tiff[1] === 0x49;
  const valid = (little || (tiff[0] === 0x4d && tiff[1] === 0x4d)) && tiff.length >= 8;
  return {
    valid: valid && view.getUint16(2, little) === 42,
    u16: (at: number) => view.getUint16(at, little),
    u32: (at: number) => view.getUint32(at, little),
    little,
  };
}

/**
 * IFD0's ImageDescription entry, in the TIFF's byte order: the NUL-ended text inside the entry when it fits
 * in four bytes (TIFF's rule), else at `valueAt`.
 */
function descriptionEntry(little: boolean, description: Uint8Array, valueAt: number): Uint8Array {
  const out = new Uint8Array(12);
  const view = new DataView(out.buffer);
  view.setUint16(0, IMAGE_DESCRIPTION, little);
  view.setUint16(2, ASCII, little);
  view.setUint32(4, description.length + 1, little);
  if (description.length + 1 <= 4) out.set(description, 8);
  else view.setUint32(8, valueAt, little);
  return out;
}

/**
 * A new EXIF block: IFD0 with the description and the four tags EXIF requires of every JPEG's IFD0 (72 dpi,
 * centred chroma), little-endian as most cameras write it.
 */
function newExif(description: Uint8Array): Uint8Array {
  const count = 5;
  const ifdEnd = 8 + 2 + count * 12 + 4;
  // Two rationals (x and y resolution) after the IFD, then the description.
  const descriptionAt = ifdEnd + 16;
  const tiff = new Uint8Array(descriptionAt + description.length + 1);
  const view = new DataView(tiff.buffer);
  tiff.set([0x49, 0x49]);
  view.setUint16(2, 42, true);
  view.setUint32(4, 8, true);
  view.setUint16(8, count, true);
  const entry = (index: number, tag: number, type: number, value: number) => {
    const at = 10 + index * 12;
    view.setUint16(at, tag, true);
    view.setUint16(at + 2, type, true);
    view.setUint32(at + 4, 1, true);
    if (type === SHORT) view.setUint16(at + 8, value, true);
    else view.setUint32(at + 8, value, true);
  };
  tiff.set(descriptionEntry(true, description, descriptionAt), 10);
  entry(1, X_RESOLUTION, RATIONAL, ifdEnd);
  entry(2, Y_RESOLUTION, RATIONAL, ifdEnd + 8);
  entry(3, RESOLUTION_UNIT, SHORT, INCHES);
  entry(4, YCBCR_POSITIONING, SHORT, CENTRED);
  for (const at of [ifdEnd, ifdEnd + 8]) {
    view.setUint32(at, 72, true);
    view.setUint32(at + 4, 1, true);
  }
  tiff.set(description, descriptionAt);
  return concatBytes([latin1Bytes(EXIF_SIGNATURE), tiff]);
}

/**
 * The EXIF block with IFD0's ImageDescription set. Nothing already there moves, so every offset in it (the
 * EXIF and GPS IFDs, the thumbnail, maker notes) stays right: a copy of IFD0 with the description in tag
 * order is appended, the description after it, and the header points to the copy. Undefined when the block
 * is not a TIFF structure this can read.
 */
function exifWithDescription(data: Uint8Array, description: Uint8Array): Uint8Array | undefined {
  const tiff = data.subarray(EXIF_SIGNATURE.length);
  const read = tiffView(tiff);
  if (!read.valid) return undefined;
  const ifd0 = read.u32(4);
  if (ifd0 + 2 > tiff.length) return undefined;
  const count = read.u16(ifd0);
  if (ifd0 + 2 + count * 12 + 4 > tiff.length) return undefined;
  const entries: Uint8Array[] = [];
  for (let i = 0; i < count; i++) {
    const at = ifd0 + 2 + i * 12;
    if (read.u16(at) !== IMAGE_DESCRIPTION) entries.push(tiff.subarray(at, at + 12));
  }
  const next = tiff.subarray(ifd0 + 2 + count * 12, ifd0 + 2 + count * 12 + 4);
  // IFDs start on a word boundary.
  const newIfd = tiff.length + (tiff.length % 2);
  const valueAt = newIfd + 2 + (entries.length + 1) * 12 + 4;
  const tagOf = (entry: Uint8Array) =>
    read.little
      ? (entry[0] as number) | ((entry[1] as number) << 8)
      : ((entry[0] as number) << 8) | (entry[1] as number);
  const sorted = [...entries, descriptionEntry(read.little, description, valueAt)].sort(
    (a, b) => tagOf(a) - tagOf(b),
  );
  const out = new Uint8Array(valueAt + description.length + 1);
  out.set(tiff);
  const view = new DataView(out.buffer);
  view.setUint32(4, newIfd, read.little);
  view.setUint16(newIfd, sorted.length, read.little);
  sorted.forEach((entry, i) => {
    out.set(entry, newIfd + 2 + i * 12);
  });
  out.set(next, newIfd + 2 + sorted.length * 12);
  out.set(description, valueAt);
  return concatBytes([latin1Bytes(EXIF_SIGNATURE), out]);
}

/**
 * The JPEG with `xmp` as its XMP packet (replacing one it had) and `description` as EXIF's
 * ImageDescription (in UTF-8, as Windows and phones write it). A JFIF header stays first; a file's own EXIF
 * keeps its place. A description too long for EXIF's one segment is left to the XMP. Anything that is not a
 * whole JPEG, or an XMP packet too long for a segment, comes back unchanged.
 */
export function withJpegMetadata(bytes: Uint8Array, xmp: string, description: string): Uint8Array {
  const layout = isJpeg(bytes) ? headerSegments(bytes) : undefined;
  const xmpData = concatBytes([latin1Bytes(XMP_SIGNATURE), new TextEncoder().encode(xmp)]);
  if (!layout || xmpData.length > MAX_SEGMENT_DATA) return bytes;
  const { segments, scan } = layout;
  const isApp1 = (part: Segment, signature: string) =>
    part.marker === APP1 && startsWith(part.data, signature);
  const descriptionBytes = new TextEncoder().encode(description);
  const exifData = (part: Segment) => {
    const written = exifWithDescription(part.data, descriptionBytes);
    return written && written.length <= MAX_SEGMENT_DATA ? written : undefined;
  };
  const hasExif = segments.some((part) => isApp1(part, EXIF_SIGNATURE));
  const added: Uint8Array[] = [];
  if (!hasExif) {
    const exif = newExif(descriptionBytes);
    if (exif.length <= MAX_SEGMENT_DATA) added.push(segment(APP1, exif));
  }
  added.push(segment(APP1, xmpData));
  const keptSegments = segments.filter(
    (part) => !isApp1(part, XMP_SIGNATURE) && !isApp1(part, EXTENDED_XMP_SIGNATURE),
  );
  const kept = keptSegments.map((part) => {
    const exif = isApp1(part, EXIF_SIGNATURE) ? exifData(part) : undefined;
    return exif ? segment(APP1, exif) : bytes.subarray(part.start, part.end);
  });
  // JFIF's APP0 must stay right after SOI; the new segments follow it (and the file's EXIF, if it leads).
  const lead = keptSegments.findIndex(
    (part) => !(part.marker === 0xe0 && startsWith(part.data, 'JFIF\u0000')) && !isApp1(part, EXIF_SIGNATURE),
  );
  const keptLead = lead < 0 ? kept.length : lead;
  return concatBytes([
    bytes.subarray(0, 2),
    ...kept.slice(0, keptLead),
    ...added,
    ...kept.slice(keptLead),
    bytes.subarray(scan),
  ]);
}
