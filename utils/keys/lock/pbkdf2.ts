/** PBKDF2-HMAC-SHA-256, the lock's passphrase stretching, through WebCrypto alone. */

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
 * The lock's 32-byte master secret for a passphrase. The passphrase goes no further than this call: the
 * unlocked session keeps the master (key-vault.ts), which opens and seals keys but is no passphrase a
 * person may also use elsewhere.
 */
export function stretchPassphrase(
  passphrase: string,
  salt: Uint8Array<ArrayBuffer>,
  iterations: number,
): Promise<Uint8Array<ArrayBuffer>> {
  return deriveBits(passphraseBytes(passphrase), salt, iterations, 256);
}

/**
 * UTF-8 of the NFC form: an "é" typed as one code point on one system and as "e" plus an accent on
 * another is the same passphrase to the person, so it must be to the lock.
 */
export function passphraseBytes(passphrase: string): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(passphrase.normalize('NFC'));
}
