/** PBKDF2-HMAC-SHA-256, the lock's passphrase stretching, through WebCrypto alone. */

/**
 * The raw derived bits. The lock itself never holds key bytes (see deriveKey); this exists for the
 * known-answer tests, which need tiny iteration counts and the output to compare.
 */
export async function deriveBits(
  password: Uint8Array<ArrayBuffer>,
  salt: Uint8Array<ArrayBuffer>,
  iterations: number,
  bits: number,
): Promise<Uint8Array<ArrayBuffer>> {
  const { subtle } = globalThis.crypto;
  const base = await subtle.importKey('raw', password, 'PBKDF2', false, ['deriveBits']);
  return new Uint8Array(
    await subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, base, bits),
  );
}

/**
 * The AES-256-GCM key for a passphrase. Derived inside WebCrypto and not extractable, so its bytes never
 * reach script memory, a log or a message, even from code that holds the key.
 */
export async function deriveKey(
  passphrase: string,
  salt: Uint8Array<ArrayBuffer>,
  iterations: number,
): Promise<CryptoKey> {
  const { subtle } = globalThis.crypto;
  const base = await subtle.importKey('raw', passphraseBytes(passphrase), 'PBKDF2', false, ['deriveKey']);
  return subtle.deriveKey(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
    base,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

/**
 * UTF-8 of the NFC form: an "é" typed as one code point on one system and as "e" plus an accent on
 * another is the same passphrase to the person, so it must be to the lock.
 */
export function passphraseBytes(passphrase: string): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(passphrase.normalize('NFC'));
}
