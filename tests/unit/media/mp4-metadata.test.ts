// @vitest-environment node
/**
 * XMP appended to an MP4 as a top-level box, read back by ExifTool (an independent reader). The project has
 * no MP4 encoder (the reference service serves WebM), so the files are ISO BMFF laid out here box by box:
 * `ftyp`, `moov` with its `mvhd`, and `mdat`, in 32-bit and 64-bit sizes.
 */
import { describe, expect, it } from 'vitest';
import { describedBytes, describedFile } from '../../../utils/downloads/file-metadata';
import { TRAINED_ALGORITHMIC_MEDIA } from '../../../utils/downloads/xmp-packet';
import { exiftoolRead } from '../../support/exiftool';

const entry = {
  prompt: 'a heron lifting off the reeds, 鷺 🪶',
  model: 'film-grain',
  kind: 'video' as const,
  createdAt: Date.UTC(2026, 10, 29, 4, 40),
  profileName: 'Home',
};

function box(type: string, payload: Uint8Array, { large = false, zeroSize = false } = {}): Buffer {
  const header = Buffer.alloc(large ? 16 : 8);
  if (large) {
    header.writeUInt32BE(1, 0);
    header.writeBigUInt64BE(BigInt(16 + payload.length), 8);
  } else header.writeUInt32BE(zeroSize ? 0 : 8 + payload.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, payload]);
}

/** A movie header (version 0): a 600-unit timescale, 10 s, identity matrix, next track 2. */
function mvhd(): Buffer {
  const body = Buffer.alloc(100);
  body.writeUInt32BE(600, 12);
  body.writeUInt32BE(6000, 16);
  body.writeUInt32BE(0x00010000, 20);
  body.writeUInt16BE(0x0100, 24);
  for (const [at, value] of [
    [36, 0x00010000],
    [52, 0x00010000],
    [68, 0x40000000],
  ] as const)
    body.writeUInt32BE(value, at);
  body.writeUInt32BE(2, 96);
  return box('mvhd', body);
}

const ftyp = box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2mp41', 'latin1'));
const movie = (media: Uint8Array, options: { large?: boolean; zeroSize?: boolean } = {}) =>
  Buffer.concat([ftyp, box('moov', mvhd()), box('mdat', media, options)]);

describe('a saved MP4 says what made it', () => {
  it('gains an XMP box after its last, read back by ExifTool; every byte before it is the file’s own', async () => {
    for (const large of [false, true]) {
      const original = movie(Buffer.alloc(40_000, 9), { large });
      const written = Buffer.from(await describedBytes(new Uint8Array(original), entry, true));
      expect(written.subarray(0, original.length).equals(original)).toBe(true);
      const { tags } = exiftoolRead(written, 'mp4');
      expect(tags['XMP-iptcExt:DigitalSourceType']).toBe(TRAINED_ALGORITHMIC_MEDIA);
      expect(tags['XMP-dc:Description']).toBe(entry.prompt);
      expect(tags['XMP-iptcExt:AISystemUsed']).toBe(entry.model);
      expect(tags['XMP-promptcast:Profile']).toBe('Home');
      // The movie's own header is still read as it was.
      expect(tags['QuickTime:Duration']).toBe(exiftoolRead(original, 'mp4').tags['QuickTime:Duration']);
    }
  });

  it('reads a kept video’s box headers only, never its media, and keeps a Blob’s bytes as they are', async () => {
    let read = 0;
    class CountingBlob extends Blob {
      override slice(start?: number, end?: number, type?: string): Blob {
        const part = super.slice(start, end, type);
        return Object.assign(part, {
          arrayBuffer: async () => {
            read += part.size;
            return new Response(part).arrayBuffer();
          },
        });
      }
    }
    const media = Buffer.alloc(5_000_000, 3);
    const video = new CountingBlob([movie(media)], { type: 'video/mp4' });
    const saved = await describedFile(video, entry, true);
    expect(read).toBeLessThan(200);
    expect(saved.size).toBeGreaterThan(video.size);
    const bytes = Buffer.from(await saved.arrayBuffer());
    expect(bytes.subarray(0, video.size).equals(movie(media))).toBe(true);
    expect(exiftoolRead(bytes, 'mp4').tags['XMP-dc:Description']).toBe(entry.prompt);
  });

  it('leaves as it came a file whose last box runs to its end, whose sizes do not add up, or that has XMP', async () => {
    const once = await describedBytes(new Uint8Array(movie(Buffer.alloc(1000, 1))), entry, true);
    for (const file of [
      movie(Buffer.alloc(1000, 1), { zeroSize: true }),
      movie(Buffer.alloc(1000, 1)).subarray(0, 900),
      Buffer.concat([movie(Buffer.alloc(1000, 1)), Buffer.from([0, 0, 0])]),
      once,
    ]) {
      const bytes = new Uint8Array(file);
      expect(await describedBytes(bytes, entry, true)).toBe(bytes);
    }
  });
});
