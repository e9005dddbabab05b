import { describe, expect, it } from 'vitest';
import { decrypt, encrypt, importAesKey } from '@/utils/lock/aes-gcm';
import { deriveBits, deriveKey, passphraseBytes } from '@/utils/lock/pbkdf2';
import { ascii, hex, toHex } from './hex';

describe('deriveBits: PBKDF2-HMAC-SHA-256', () => {
  // RFC 7914 section 11, the PBKDF2-HMAC-SHA256 test vectors.
  it('gives the RFC 7914 answer for "passwd" / "salt", c = 1, 64 bytes', async () => {
    const bits = await deriveBits(ascii('passwd'), ascii('salt'), 1, 64 * 8);
    expect(toHex(bits)).toBe(
      '55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc' +
        '49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783',
    );
  });

  it('gives the RFC 7914 answer for "Password" / "NaCl", c = 80,000, 64 bytes', async () => {
    const bits = await deriveBits(ascii('Password'), ascii('NaCl'), 80_000, 64 * 8);
    expect(toHex(bits)).toBe(
      '4ddcd8f60b98be21830cee5ef22701f9641a4418d04c0414aeff08876b34ab56' +
        'a1d425a1225833549adb841b51c9b3176a272bdebba1d078478f62b397f33c8d',
    );
  });
});

describe('deriveKey', () => {
  const salt = hex('000102030405060708090a0b0c0d0e0f');
  const iv = new Uint8Array(12);

  it('is the AES key made of the first 32 PBKDF2 bytes, though its bytes cannot be read out', async () => {
    const key = await deriveKey('passwd', salt, 1000);
    expect(key.extractable).toBe(false);
    expect(key.algorithm).toMatchObject({ name: 'AES-GCM', length: 256 });
    const sameKey = await importAesKey(await deriveBits(ascii('passwd'), salt, 1000, 256));
    const sealed = await encrypt(key, iv, ascii('an API key'));
    expect(new TextDecoder().decode(await decrypt(sameKey, iv, sealed))).toBe('an API key');
    await expect(globalThis.crypto.subtle.exportKey('raw', key)).rejects.toThrow();
  });

  it('reads a passphrase the same whichever Unicode form it was typed in', async () => {
    expect(passphraseBytes('caf\u00e9')).toEqual(passphraseBytes('cafe\u0301'));
    expect(toHex(passphraseBytes('caf\u00e9'))).toBe('636166c3a9');
  });
});
