import * as z from 'zod/mini';
import { wholeNumber } from '../../whole-number';
import { GCM_TAG_BYTES } from './aes-gcm';
import { base64ByteLength, base64Length, isCanonicalBase64 } from './base64';

export const SEALED_SECRET_VERSION = 1;
export const LOCK_KDF = 'PBKDF2-SHA-256';

/** OWASP's figure for PBKDF2-HMAC-SHA-256 (2023); a lock claiming fewer was not written by this code. */
export const MIN_ITERATIONS = 600_000;
/** Bounds what a damaged or planted lock can make an unlock cost: ~2 s where 600,000 take 0.1 s. */
export const MAX_ITERATIONS = 10_000_000;
export const SALT_BYTES = 16;
export const IV_BYTES = 12;
/** Room for any API key many times over, while a planted value cannot make storage or decryption grow. */
export const MAX_DATA_BYTES = 4096;

// Padded base64 of min to max bytes. A refusal is only ever `wrong_passphrase` with detail 'malformed' to
// the person (seal.ts), so the issues need no words of their own.
const base64Bytes = (min: number, max: number) =>
  z.string().check(
    // Aborting first, so a huge planted value is refused by its length before the pattern scans it.
    z.maxLength(base64Length(max), { abort: true }),
    z.refine(isCanonicalBase64, { abort: true }),
    z.refine((text: string) => base64ByteLength(text) >= min && base64ByteLength(text) <= max),
  );

/**
 * How the lock's passphrase is stretched into its master secret: stored once per lock, so the count can be
 * raised for a new passphrase while the current one still opens.
 */
export const lockKdfSchema = z.object({
  kdf: z.literal(LOCK_KDF),
  iterations: wholeNumber().check(z.gte(MIN_ITERATIONS), z.lte(MAX_ITERATIONS)),
  salt: base64Bytes(SALT_BYTES, SALT_BYTES),
});
export type LockKdf = z.infer<typeof lockKdfSchema>;

/** One secret sealed under the lock's master: everything needed to open it again but the master. */
export const sealedSecretSchema = z.object({
  v: z.literal(SEALED_SECRET_VERSION),
  /** Its own HKDF salt, so each secret is sealed under a key of its own. */
  salt: base64Bytes(SALT_BYTES, SALT_BYTES),
  iv: base64Bytes(IV_BYTES, IV_BYTES),
  /** The AES-GCM ciphertext followed by its tag, so even an empty secret has the tag's bytes. */
  data: base64Bytes(GCM_TAG_BYTES, MAX_DATA_BYTES),
});
export type SealedSecret = z.infer<typeof sealedSecretSchema>;
