import { describe, expect, it } from 'vitest';
import { INERT_TYPE, isShownType, sniffMediaType } from '@/utils/copies/media-type';
import { gradientPng } from '../../reference-service/png';

const bytes = (...parts: Array<string | number[]>): Uint8Array =>
  Uint8Array.from(
    parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part)),
  );

const ftyp = (brand: string) => bytes([0, 0, 0, 0x18], 'ftyp', brand, [0, 0, 0, 0]);

describe('the type of a kept file comes from its first bytes', () => {
  it.each([
    ['image/png', new Uint8Array(gradientPng(1))],
    ['image/jpeg', bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF')],
    ['image/gif', bytes('GIF89a', [1, 0, 1, 0])],
    ['image/webp', bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 ')],
    ['image/avif', ftyp('avif')],
    ['video/mp4', ftyp('isom')],
    ['video/quicktime', ftyp('qt  ')],
    ['video/webm', bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81])],
    ['video/ogg', bytes('OggS', [0, 2, 0, 0])],
  ])('%s', (type, head) => {
    expect(sniffMediaType(head)).toBe(type);
    expect(isShownType(type)).toBe(true);
  });

  it.each([
    ['SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ['HTML', bytes('<!DOCTYPE html><html><body>')],
    ['an XML-prefixed SVG', bytes('<?xml version="1.0"?><svg/>')],
    ['HEIC', ftyp('heic')],
    ['a RIFF that is not WebP (WAV)', bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt ')],
    ['too few bytes to tell', bytes([0x89, 0x50])],
    ['nothing', new Uint8Array()],
  ])('%s is stored as inert bytes', (_name, head) => {
    expect(sniffMediaType(head)).toBe(INERT_TYPE);
  });

  it('pages show only the listed types, whatever case or parameters an older copy was stored with', () => {
    expect(isShownType('Image/PNG; charset=binary')).toBe(true);
    for (const type of ['image/svg+xml', 'text/html', 'application/xhtml+xml', INERT_TYPE, '']) {
      expect(isShownType(type)).toBe(false);
    }
  });
});
