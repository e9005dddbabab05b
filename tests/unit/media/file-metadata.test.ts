// @vitest-environment node
/**
 * What a saved PNG, JPEG or WebP says of itself, read back by ExifTool (an independent reader), on real files
 * encoded by libvips (sharp) and by the reference service: the XMP label and description, EXIF's
 * ImageDescription, a service's C2PA manifest kept byte for byte, and the image itself unchanged.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { describedBytes, describedFile } from '../../../utils/downloads/file-metadata';
import { pngTexts } from '../../../utils/downloads/png-text';
import { TRAINED_ALGORITHMIC_MEDIA } from '../../../utils/downloads/xmp-packet';
import { C2PA_STAND_IN, withC2paManifest } from '../../reference-service/image-file';
import { gradientPng } from '../../reference-service/png';
import { exiftoolRead } from '../../support/exiftool';
import { scanOf } from '../../support/jpeg-scan';
import { imageChunks } from '../../support/png-chunks';

const SIZE = 48;
const entry = {
  prompt: 'a kite & "dunes" <at> dusk, 夕暮れの凧 🪁',
  model: 'flux-pro',
  kind: 'image' as const,
  createdAt: Date.UTC(2026, 10, 26, 9, 30),
  profileName: 'Work: client A',
};

/** A gradient with a translucent corner, so formats that keep alpha have some to keep. */
function pixels(): Buffer {
  const rgba = Buffer.alloc(SIZE * SIZE * 4);
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++)
      rgba.set([x * 5, y * 5, 128, x < 8 && y < 8 ? 90 : 255], (y * SIZE + x) * 4);
  }
  return rgba;
}

const image = (channels: 3 | 4) =>
  sharp(channels === 4 ? pixels() : Buffer.alloc(SIZE * SIZE * 3, 180), {
    raw: { width: SIZE, height: SIZE, channels },
  });

/** Real files of each layout the writer handles, as libvips writes them. */
const samples = async () => ({
  jpeg: { ext: 'jpg', bytes: await image(3).jpeg().toBuffer() },
  'jpeg with EXIF': {
    ext: 'jpg',
    bytes: await image(3)
      .withExif({ IFD0: { Artist: 'Studio camera', Copyright: 'CC0', ImageDescription: 'old caption' } })
      .jpeg()
      .toBuffer(),
  },
  'lossy WebP (VP8)': { ext: 'webp', bytes: await image(3).webp().toBuffer() },
  'lossless WebP (VP8L) with alpha': {
    ext: 'webp',
    bytes: await image(4).webp({ lossless: true }).toBuffer(),
  },
  'lossy WebP with alpha (VP8X)': { ext: 'webp', bytes: await image(4).webp().toBuffer() },
  PNG: { ext: 'png', bytes: gradientPng(5, SIZE) },
});

const decoded = (bytes: Uint8Array) => sharp(bytes).ensureAlpha().raw().toBuffer();

/** The bytes from the JPEG's start of scan on: the compressed image itself. */

/** A WebP's chunks by type, read with Buffer apart from the code under test. */
function webpChunks(file: Buffer): Array<{ type: string; bytes: Buffer }> {
  const out: Array<{ type: string; bytes: Buffer }> = [];
  for (let at = 12; at < file.length; ) {
    const size = file.readUInt32LE(at + 4);
    const end = at + 8 + size + (size % 2);
    out.push({ type: file.toString('latin1', at, at + 4), bytes: file.subarray(at, end) });
    at = end;
  }
  return out;
}

/** The stand-in manifest with the 8 bytes before it: the end of its segment's, chunk's or box's header. */
function manifestIn(file: Buffer): Buffer {
  const at = file.indexOf(C2PA_STAND_IN);
  return file.subarray(at - 8, at + C2PA_STAND_IN.length);
}

describe('a saved file says what made it', () => {
  it('in every format, read back by ExifTool: the AI label, prompt, model, profile and date; the file still valid and its pixels the same', async () => {
    for (const [name, { ext, bytes }] of Object.entries(await samples())) {
      const written = await describedBytes(new Uint8Array(bytes), entry, true);
      const { tags, valid } = exiftoolRead(written, ext);
      expect({ name, valid }).toEqual({ name, valid: 'OK' });
      expect(tags, name).toMatchObject({
        'XMP-iptcExt:DigitalSourceType': TRAINED_ALGORITHMIC_MEDIA,
        'XMP-iptcExt:AISystemUsed': 'flux-pro',
        'XMP-xmp:CreatorTool': 'Promptcast',
        'XMP-xmp:CreateDate': '2026:11:26 09:30:00.000Z',
        'XMP-dc:Description': entry.prompt,
        'XMP-promptcast:Profile': 'Work: client A',
      });
      expect((await decoded(written)).equals(await decoded(bytes)), name).toBe(true);
    }
  });

  it('gives a JPEG EXIF’s ImageDescription, keeping the EXIF it had, and copies the compressed image byte for byte', async () => {
    const { jpeg, 'jpeg with EXIF': withExif } = await samples();
    for (const original of [jpeg.bytes, withExif.bytes]) {
      const written = Buffer.from(await describedBytes(new Uint8Array(original), entry, true));
      expect(exiftoolRead(written, 'jpg').tags['IFD0:ImageDescription']).toBe(entry.prompt);
      expect(scanOf(written).equals(scanOf(original))).toBe(true);
    }
    const kept = exiftoolRead(await describedBytes(new Uint8Array(withExif.bytes), entry, true), 'jpg').tags;
    expect(kept).toMatchObject({ 'IFD0:Artist': 'Studio camera', 'IFD0:Copyright': 'CC0' });
  });

  it('copies a WebP’s image data chunks byte for byte, and gives a simple file the extended header its size needs', async () => {
    for (const [name, { ext, bytes }] of Object.entries(await samples())) {
      if (ext !== 'webp') continue;
      const before = webpChunks(bytes);
      const after = webpChunks(Buffer.from(await describedBytes(new Uint8Array(bytes), entry, true)));
      expect(after[0]?.type, name).toBe('VP8X');
      expect(after.at(-1)?.type, name).toBe('XMP ');
      for (const part of before.filter((chunk) => chunk.type !== 'VP8X'))
        expect(
          after.some((chunk) => chunk.bytes.equals(part.bytes)),
          `${name} ${part.type}`,
        ).toBe(true);
      const metadata = await sharp(
        Buffer.from(await describedBytes(new Uint8Array(bytes), entry, true)),
      ).metadata();
      expect([metadata.width, metadata.height, metadata.hasAlpha], name).toEqual([
        SIZE,
        SIZE,
        name.includes('alpha'),
      ]);
    }
  });

  it('keeps a PNG’s chunks and its AUTOMATIC1111 text, the XMP added beside it', async () => {
    const original = gradientPng(9, SIZE);
    const written = await describedBytes(new Uint8Array(original), entry, true);
    expect(imageChunks(Buffer.from(written))).toEqual(imageChunks(original));
    expect([...pngTexts(written).keys()]).toEqual(['parameters', 'promptcast', 'XML:com.adobe.xmp']);
  });

  it('keeps a C2PA manifest the service put in the file byte for byte, in each format’s place for it', async () => {
    const { jpeg, PNG, 'lossy WebP with alpha (VP8X)': webp } = await samples();
    const files = [
      { ext: 'jpg', bytes: withC2paManifest('jpg', jpeg.bytes) },
      { ext: 'png', bytes: withC2paManifest('png', PNG.bytes) },
      { ext: 'webp', bytes: withC2paManifest('webp', webp.bytes) },
    ];
    for (const { ext, bytes } of files) {
      const manifest = manifestIn(bytes);
      expect(exiftoolRead(bytes, ext).valid, `${ext} before`).not.toMatch(/error/i);
      const written = Buffer.from(await describedBytes(new Uint8Array(bytes), entry, true));
      expect(written.indexOf(manifest), ext).toBeGreaterThan(0);
      expect(exiftoolRead(written, ext).tags['XMP-iptcExt:DigitalSourceType'], ext).toBe(
        TRAINED_ALGORITHMIC_MEDIA,
      );
    }
  });

  it('without the prompt in files, saves every file as it came, byte for byte', async () => {
    for (const [name, { bytes }] of Object.entries(await samples())) {
      const original = new Uint8Array(bytes);
      expect(await describedBytes(original, entry, false), name).toBe(original);
    }
    const copy = new Blob([new Uint8Array(gradientPng(4, 8))], { type: 'image/png' });
    expect(await describedFile(copy, entry, false)).toBe(copy);
  });

  it('replaces what it wrote before rather than adding a second packet, and writes a short prompt inside the EXIF entry', async () => {
    const { jpeg, 'lossy WebP (VP8)': webp } = await samples();
    for (const { ext, bytes } of [jpeg, webp]) {
      const once = await describedBytes(new Uint8Array(bytes), entry, true);
      const twice = Buffer.from(await describedBytes(once, { ...entry, prompt: 'cat' }, true));
      expect(twice.toString('latin1').split('<x:xmpmeta').length - 1, ext).toBe(1);
      const { tags, valid } = exiftoolRead(twice, ext);
      expect([tags['XMP-dc:Description'], valid], ext).toEqual(['cat', 'OK']);
      if (ext === 'jpg') expect(tags['IFD0:ImageDescription']).toBe('cat');
    }
  });

  it('reads a prompt that looks like XML as text, never as more metadata', async () => {
    const prompt = '</rdf:li></rdf:Alt></dc:description><xmp:Rating>5</xmp:Rating>\u0007 & more';
    const { tags } = exiftoolRead(
      await describedBytes(new Uint8Array(gradientPng(2, 8)), { ...entry, prompt }, true),
      'png',
    );
    expect(tags['XMP-dc:Description']).toBe(prompt.replace('\u0007', ''));
    expect(tags['XMP-xmp:Rating']).toBeUndefined();
  });

  it('leaves a cut-short or unknown file as it came', async () => {
    const { jpeg, 'lossy WebP (VP8)': webp } = await samples();
    for (const cut of [
      jpeg.bytes.subarray(0, 100),
      webp.bytes.subarray(0, 30),
      Buffer.from('RIFF....AVI LIST'),
    ]) {
      const bytes = new Uint8Array(cut);
      expect(await describedBytes(bytes, entry, true)).toBe(bytes);
    }
  });

  it('reads only the first bytes of a kept video to know it writes nothing into it', async () => {
    let read = 0;
    class CountingBlob extends Blob {
      override slice(start?: number, end?: number, type?: string): Blob {
        const part = super.slice(start, end, type);
        read += part.size;
        return part;
      }
      override arrayBuffer(): Promise<ArrayBuffer> {
        read += this.size;
        return super.arrayBuffer();
      }
    }
    const video = new CountingBlob([new Uint8Array(5_000_000).fill(7)], { type: 'video/webm' });
    expect(await describedFile(video, entry, true)).toBe(video);
    expect(read).toBe(12);
  });
});
