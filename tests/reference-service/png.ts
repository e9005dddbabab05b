/**
 * Minimal PNG encoder so the service can hand out real, renderable images without
 * shipping binary fixtures or depending on an image library.
 */
import { deflateSync } from 'node:zlib';
import { pngChunk } from '../../utils/downloads/png-text';
import { swatchRgb } from './models';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const chunk = (type: string, data: Buffer) => Buffer.from(pngChunk(type, data));

/** Encodes 8-bit RGB pixels (row-major, 3 bytes per pixel) as a PNG file. */
export function encodeRgbPng(width: number, height: number, rgb: Uint8Array): Buffer {
  if (rgb.length !== width * height * 3) throw new Error('pixel buffer does not match dimensions');
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: truecolour
  // bytes 10..12 (compression, filter, interlace) stay 0
  const stride = width * 3;
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    // Each scanline is prefixed by its filter type; 0 (none) keeps the encoder trivial.
    raw[y * (stride + 1)] = 0;
    raw.set(rgb.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  }
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function paintSquare(rgb: Uint8Array, size: number, swatch: string): void {
  const colour = swatchRgb(swatch);
  for (let y = size / 4; y < (size * 3) / 4; y++) {
    for (let x = size / 4; x < (size * 3) / 4; x++) rgb.set(colour, (y * size + x) * 3);
  }
}

/**
 * A colourful diagonal gradient's RGB pixels. The seed shifts the palette so that different image ids
 * look different, which makes mix-ups visible in screenshots. With a swatch (six hex digits) the
 * middle half of each side is that solid colour: the mark of the model that made the image.
 */
export function gradientRgb(seed: number, size: number, swatch?: string): Uint8Array {
  const rgb = new Uint8Array(size * size * 3);
  const shift = seed % 512;
  // A triangle wave instead of modulo keeps the shifted gradient free of hard seams.
  const wave = (v: number): number => {
    const t = v % 512;
    return t < 256 ? t : 511 - t;
  };
  const scale = 255 / (size - 1);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const i = (y * size + x) * 3;
      rgb[i] = wave(x * scale + shift);
      rgb[i + 1] = wave(y * scale + shift * 2);
      rgb[i + 2] = wave(255 - ((x + y) * scale) / 2 + shift * 3);
    }
  }
  if (swatch) paintSquare(rgb, size, swatch);
  return rgb;
}

/** The gradient as a PNG file. */
export function gradientPng(seed: number, size = 256, swatch?: string): Buffer {
  return encodeRgbPng(size, size, gradientRgb(seed, size, swatch));
}
