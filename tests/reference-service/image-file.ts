/**
 * An image file as the service answers it: its gradient as PNG, JPEG or WebP, and, when asked, with a C2PA
 * manifest in the format's place for one (JPEG's APP11, PNG's caBX chunk, WebP's C2PA chunk), as services
 * that sign what their models make send it. JPEG and WebP are encoded by libvips (sharp), as a real
 * service's image stack would.
 */
import sharp from 'sharp';
import { pngChunk } from '../../utils/downloads/png-text';
import type { ImageFormat } from './config';
import { encodeRgbPng, gradientRgb } from './png';

const SIZE = 256;

export const IMAGE_TYPES: Record<ImageFormat, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
};

/**
 * A stand-in for a signed manifest: a JUMBF superbox with a description box labelled `c2pa`, which is how
 * readers find one. Its content is not signed; what matters here is that a client keeps it byte for byte.
 */
export const C2PA_STAND_IN: Buffer = (() => {
  const label = Buffer.from('c2pa\u0000', 'latin1');
  // JUMBF's description box: the type UUID of a C2PA manifest store, a toggle (label present), the label.
  const description = Buffer.concat([
    Buffer.from('6332706100110010800000aa00389b71', 'hex'),
    Buffer.from([3]),
    label,
  ]);
  const jumd = Buffer.concat([Buffer.alloc(4), Buffer.from('jumd'), description]);
  jumd.writeUInt32BE(jumd.length);
  const json = Buffer.from('{"reference-service":"a stand-in manifest, not signed"}', 'latin1');
  const payload = Buffer.concat([Buffer.alloc(4), Buffer.from('json'), json]);
  payload.writeUInt32BE(payload.length);
  const jumb = Buffer.concat([Buffer.alloc(4), Buffer.from('jumb'), jumd, payload]);
  jumb.writeUInt32BE(jumb.length);
  return jumb;
})();

function withJpegManifest(jpeg: Buffer): Buffer {
  // APP11: "JP", instance 1, packet sequence 1, then the box. It goes after JFIF's APP0, which must lead.
  const data = Buffer.concat([Buffer.from('JP'), Buffer.from([0, 1, 0, 0, 0, 1]), C2PA_STAND_IN]);
  const segment = Buffer.concat([Buffer.from([0xff, 0xeb, 0, 0]), data]);
  segment.writeUInt16BE(data.length + 2, 2);
  const afterApp0 = jpeg[3] === 0xe0 ? 4 + jpeg.readUInt16BE(4) : 2;
  return Buffer.concat([jpeg.subarray(0, afterApp0), segment, jpeg.subarray(afterApp0)]);
}

function withPngManifest(png: Buffer): Buffer {
  const iend = png.length - 12;
  return Buffer.concat([
    png.subarray(0, iend),
    Buffer.from(pngChunk('caBX', C2PA_STAND_IN)),
    png.subarray(iend),
  ]);
}

/** `webp` must be in WebP's extended layout, where chunks other than the image's may be. */
function withWebpManifest(webp: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.write('C2PA', 0, 'latin1');
  header.writeUInt32LE(C2PA_STAND_IN.length, 4);
  const pad = Buffer.alloc(C2PA_STAND_IN.length % 2);
  const out = Buffer.concat([webp, header, C2PA_STAND_IN, pad]);
  out.writeUInt32LE(out.length - 8, 4);
  return out;
}

/** `file` with the stand-in manifest in its format's place for one (a WebP in its extended layout). */
export function withC2paManifest(format: ImageFormat, file: Buffer): Buffer {
  if (format === 'png') return withPngManifest(file);
  return format === 'jpg' ? withJpegManifest(file) : withWebpManifest(file);
}

export async function imageFile(
  format: ImageFormat,
  seed: number,
  swatch: string | undefined,
  manifest: boolean,
): Promise<Buffer> {
  const rgb = gradientRgb(seed, SIZE, swatch);
  if (format === 'png') {
    const png = encodeRgbPng(SIZE, SIZE, rgb);
    return manifest ? withC2paManifest(format, png) : png;
  }
  const image = sharp(rgb, { raw: { width: SIZE, height: SIZE, channels: 3 } });
  if (format === 'jpg') {
    const jpeg = await image.jpeg({ quality: 90 }).toBuffer();
    return manifest ? withC2paManifest(format, jpeg) : jpeg;
  }
  // An ICC profile gives the file WebP's extended layout, which a manifest chunk needs.
  const webp = await (manifest ? image.withIccProfile('srgb') : image).webp({ quality: 90 }).toBuffer();
  return manifest ? withC2paManifest(format, webp) : webp;
}
