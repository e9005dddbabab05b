/** HKDF-SHA-256 (RFC 5869) through WebCrypto: one AES key per sealed secret, from the master and its salt. */

/** Binds the derived keys to this use, so the master's bytes derive nothing another protocol would. */
export const HKDF_INFO = new TextEncoder().encode('Promptcast key lock v1: AES-256-GCM');

/** The raw bits, for the RFC 5869 known-answer test. */
export async function hkdfBits(
  master: Uint8Array<ArrayBuffer>,
  salt: Uint8Array<ArrayBuffer>,
  info: Uint8Array<ArrayBuffer>,
  bits: number,
): Promise<Uint8Array<ArrayBuffer>> {
  const { subtle } = globalThis.crypto;
  const base = await subtle.importKey('raw', master, 'HKDF', false, ['deriveBits']);
  return new Uint8Array(await subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt, info }, base, bits));
}

/**
 * The AES-256-GCM key for one secret. Not extractable, so its bytes never reach script memory, a log or a
 * message, even from code that holds the key.
 */
export async function secretKey(
  master: Uint8Array<ArrayBuffer>,
  salt: Uint8Array<ArrayBuffer>,
): Promise<CryptoKey> {
  const { subtle } = globalThis.crypto;
  const base = await subtle.importKey('raw', master, 'HKDF', false, ['deriveKey']);
  return subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt, info: HKDF_INFO },
    base,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}
