import { describe, expect, it } from 'vitest';
import {
  base64ByteLength,
  base64Length,
  base64ToBytes,
  bytesToBase64,
  isCanonicalBase64,
} from '@/utils/keys/lock/base64';

describe('base64', () => {
  it('writes the RFC 4648 test vectors and reads them back', () => {
    const vectors = { '': '', f: 'Zg==', fo: 'Zm8=', foo: 'Zm9v', foob: 'Zm9vYg==', fooba: 'Zm9vYmE=' };
    for (const [text, base64] of Object.entries(vectors)) {
      const bytes = new TextEncoder().encode(text);
      expect(bytesToBase64(bytes)).toBe(base64);
      expect(base64ToBytes(base64)).toEqual(bytes);
      expect(base64ByteLength(base64)).toBe(bytes.length);
      expect(base64Length(bytes.length)).toBe(base64.length);
    }
  });

  it('keeps every byte value', () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, index) => index);
    expect(base64ToBytes(bytesToBase64(bytes))).toEqual(bytes);
  });

  it('takes only the padded spelling without whitespace as canonical', () => {
    expect(isCanonicalBase64('Zm9vYg==')).toBe(true);
    for (const text of ['Zm9vYg', 'Zm9v Yg==', 'Zm9vYg=', 'Zm9v-_==', 'Zm9vYg===', '=', 'Z']) {
      expect(isCanonicalBase64(text), text).toBe(false);
    }
  });
});
