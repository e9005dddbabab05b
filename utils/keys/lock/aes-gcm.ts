/** AES-256-GCM through WebCrypto; the ciphertext ends with its 16-byte tag, as WebCrypto writes it. */

export const GCM_TAG_BYTES = 16;

/** A key from raw bytes, for the known-answer tests; the lock's own keys come from deriveKey. */
export function importAesKey(raw: Uint8Array<ArrayBuffer>): Promise<CryptoKey> {
  return globalThis.crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']);
}

/** Bytes authenticated with the ciphertext but not part of it: opening with other bytes fails. */
export type AdditionalData = Uint8Array<ArrayBuffer>;

// Left out when there is none: Chromium refuses `additionalData: undefined` ("Not a BufferSource"), though
// Firefox and Node take it as absent.
const params = (iv: Uint8Array<ArrayBuffer>, additionalData?: AdditionalData): AesGcmParams =>
  additionalData ? { name: 'AES-GCM', iv, additionalData } : { name: 'AES-GCM', iv };

export async function encrypt(
  key: CryptoKey,
  iv: Uint8Array<ArrayBuffer>,
  plaintext: Uint8Array<ArrayBuffer>,
  additionalData?: AdditionalData,
): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await globalThis.crypto.subtle.encrypt(params(iv, additionalData), key, plaintext));
}

/**
 * Rejects with an OperationError (isAuthenticationFailure) when the key, data or additional data is not the
 * one sealed.
 */
export async function decrypt(
  key: CryptoKey,
  iv: Uint8Array<ArrayBuffer>,
  data: Uint8Array<ArrayBuffer>,
  additionalData?: AdditionalData,
): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await globalThis.crypto.subtle.decrypt(params(iv, additionalData), key, data));
}

/** WebCrypto's one signal that the tag did not verify, the same in Chrome, Firefox and Node. */
export function isAuthenticationFailure(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'name' in error && error.name === 'OperationError';
}
