import { describe, expect, it } from 'vitest';
import { decrypt, encrypt, importAesKey } from '@/utils/keys/lock/aes-gcm';
import { HKDF_INFO, hkdfBits, secretKey } from '@/utils/keys/lock/hkdf';
import { deriveBits, passphraseBytes, stretchPassphrase } from '@/utils/keys/lock/pbkdf2';
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

describe('stretchPassphrase', () => {
  it('is 32 bytes of PBKDF2-HMAC-SHA-256 over the passphrase', async () => {
    const salt = hex('000102030405060708090a0b0c0d0e0f');
    expect(await stretchPassphrase('passwd', salt, 1000)).toEqual(
      await deriveBits(ascii('passwd'), salt, 1000, 256),
    );
  });

  it('reads a passphrase the same whichever Unicode form it was typed in', async () => {
    expect(passphraseBytes('caf\u00e9')).toEqual(passphraseBytes('cafe\u0301'));
    expect(toHex(passphraseBytes('caf\u00e9'))).toBe('636166c3a9');
  });
});

describe('HKDF-SHA-256', () => {
  // RFC 5869 appendix A.1, test case 1.
  it('gives the RFC 5869 answer for test case 1', async () => {
    const ikm = hex('0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b');
    const okm = await hkdfBits(ikm, hex('000102030405060708090a0b0c'), hex('f0f1f2f3f4f5f6f7f8f9'), 42 * 8);
    expect(toHex(okm)).toBe(
      '3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865',
    );
  });

  it('makes each secret’s AES key from the master and its salt, though its bytes cannot be read out', async () => {
    const master = hex('00'.repeat(32));
    const salt = hex('000102030405060708090a0b0c0d0e0f');
    const key = await secretKey(master, salt);
    expect(key.extractable).toBe(false);
    expect(key.algorithm).toMatchObject({ name: 'AES-GCM', length: 256 });
    const sameKey = await importAesKey(await hkdfBits(master, salt, HKDF_INFO, 256));
    const iv = new Uint8Array(12);
    const sealed = await encrypt(key, iv, ascii('an API key'));
    expect(new TextDecoder().decode(await decrypt(sameKey, iv, sealed))).toBe('an API key');
    await expect(globalThis.crypto.subtle.exportKey('raw', key)).rejects.toThrow();
  });
});
