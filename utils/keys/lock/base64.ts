/**
 * Bytes as base64 text and back, because storage.local keeps JSON only. `Uint8Array.prototype.toBase64`
 * would do this, but it is too recent to rely on in the browsers supported and missing from Node 20.
 */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Throws (a DOMException) for text that is not base64; check it with `isCanonicalBase64` first. */
export function base64ToBytes(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

// Padded, no whitespace: `atob` is lenient about both, but a stored value has exactly one spelling.
const CANONICAL_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export function isCanonicalBase64(text: string): boolean {
  return CANONICAL_BASE64.test(text);
}

/** The byte count canonical base64 text decodes to, known without decoding it. */
export function base64ByteLength(text: string): number {
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  return (text.length / 4) * 3 - padding;
}

/** The length of the canonical base64 text for `bytes` bytes. */
export function base64Length(bytes: number): number {
  return Math.ceil(bytes / 3) * 4;
}
