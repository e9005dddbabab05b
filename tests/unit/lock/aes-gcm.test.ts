import { describe, expect, it } from 'vitest';
import { decrypt, encrypt, importAesKey, isAuthenticationFailure } from '@/utils/keys/lock/aes-gcm';
import { hex, toHex } from './hex';

// McGrew and Viega, "The Galois/Counter Mode of Operation (GCM)", appendix B, the 256-bit key cases.
describe('encrypt: AES-256-GCM known answers', () => {
  it('test case 13: zero key and IV, no plaintext, gives the tag alone', async () => {
    const key = await importAesKey(new Uint8Array(32));
    expect(toHex(await encrypt(key, new Uint8Array(12), new Uint8Array(0)))).toBe(
      '530f8afbc74536b9a963b4f1c4cb738b',
    );
  });

  it('test case 14: zero key, IV and 16-byte plaintext', async () => {
    const key = await importAesKey(new Uint8Array(32));
    const sealed = toHex(await encrypt(key, new Uint8Array(12), new Uint8Array(16)));
    // The ciphertext, then the tag.
    expect(sealed).toBe('cea7403d4d606b6e074ec5d3baf39d18' + 'd0d1c8a799996bf0265b98b5d48ab919');
  });

  it('test case 15: 64 bytes under a non-zero key and IV, and back', async () => {
    const key = await importAesKey(hex('feffe9928665731c6d6a8f9467308308feffe9928665731c6d6a8f9467308308'));
    const iv = hex('cafebabefacedbaddecaf888');
    const plaintext =
      'd9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72' +
      '1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b391aafd255';
    const sealed = await encrypt(key, iv, hex(plaintext));
    expect(toHex(sealed)).toBe(
      '522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa' +
        '8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662898015ad' +
        'b094dac5d93471bdec1a502270e3cc6c',
    );
    expect(toHex(await decrypt(key, iv, sealed))).toBe(plaintext);
  });
});

describe('decrypt', () => {
  it('refuses a changed tag with the failure isAuthenticationFailure recognises', async () => {
    const key = await importAesKey(new Uint8Array(32));
    const sealed = await encrypt(key, new Uint8Array(12), new Uint8Array(16));
    sealed[sealed.length - 1] = (sealed[sealed.length - 1] ?? 0) ^ 1;
    const failure = await decrypt(key, new Uint8Array(12), sealed).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(isAuthenticationFailure(failure)).toBe(true);
    expect(isAuthenticationFailure(new TypeError('other'))).toBe(false);
    expect(isAuthenticationFailure('OperationError')).toBe(false);
  });
});
