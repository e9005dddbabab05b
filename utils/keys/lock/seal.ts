import { AppError } from '../../error-info';
import { type AdditionalData, decrypt, encrypt, GCM_TAG_BYTES, isAuthenticationFailure } from './aes-gcm';
import { base64ToBytes, bytesToBase64 } from './base64';
import { secretKey } from './hkdf';
import { stretchPassphrase } from './pbkdf2';
import {
  IV_BYTES,
  LOCK_KDF,
  type LockKdf,
  lockKdfSchema,
  MAX_DATA_BYTES,
  SALT_BYTES,
  SEALED_SECRET_VERSION,
  type SealedSecret,
  sealedSecretSchema,
} from './sealed-secret';

/**
 * The count new locks use. Each lock records its own, so raising this (up to MAX_ITERATIONS) leaves
 * older locks readable; they take the new count with their next passphrase.
 */
export const PBKDF2_ITERATIONS = 600_000;

/** The longest secret, in UTF-8 bytes, whose envelope stays within MAX_DATA_BYTES once the tag is added. */
export const MAX_SECRET_BYTES = MAX_DATA_BYTES - GCM_TAG_BYTES;

/** The lock's master secret: the stretched passphrase, which seals and opens every key of the lock. */
export type Master = Uint8Array<ArrayBuffer>;

const wrong = (cause: unknown) => new AppError('wrong_passphrase', { cause });

const malformed = (cause: unknown) => new AppError('wrong_passphrase', { detail: 'malformed', cause });

/** A new lock for a passphrase: its stretching parameters, with a new random salt, and its master. */
export async function createMaster(passphrase: string): Promise<{ kdf: LockKdf; master: Master }> {
  if (passphrase === '') throw new AppError('invalid_input', 'The passphrase is empty.');
  const salt = randomBytes(SALT_BYTES);
  const kdf = { kdf: LOCK_KDF, iterations: PBKDF2_ITERATIONS, salt: bytesToBase64(salt) } as const;
  return { kdf, master: await stretchPassphrase(passphrase, salt, PBKDF2_ITERATIONS) };
}

/**
 * The master a passphrase gives under a stored lock. Whether it is the right one only opening a secret
 * tells; the parameters are checked against their schema first, so a planted lock cannot ask for unbounded
 * work.
 */
export async function openMaster(passphrase: string, kdf: unknown): Promise<Master> {
  const checked = lockKdfSchema.safeParse(kdf);
  if (!checked.success) throw malformed(checked.error);
  const { salt, iterations } = checked.data;
  return stretchPassphrase(passphrase, base64ToBytes(salt), iterations);
}

/**
 * Seals one secret under its own random salt and IV. The salt is an input to the key and the version is
 * fixed by the schema, so changing either fails authentication as a wrong passphrase does. `bound` is what
 * the secret belongs to, stored elsewhere in the clear: opening it with anything else fails the same way.
 */
export async function sealSecret(
  plaintext: string,
  master: Master,
  bound?: AdditionalData,
): Promise<SealedSecret> {
  const bytes = new TextEncoder().encode(plaintext);
  if (bytes.length > MAX_SECRET_BYTES) {
    throw new AppError(
      'invalid_input',
      `The secret is too long to lock: ${bytes.length} bytes, at most ${MAX_SECRET_BYTES}.`,
    );
  }
  const salt = randomBytes(SALT_BYTES);
  const iv = randomBytes(IV_BYTES);
  const key = await secretKey(master, salt);
  return {
    v: SEALED_SECRET_VERSION,
    salt: bytesToBase64(salt),
    iv: bytesToBase64(iv),
    data: bytesToBase64(await encrypt(key, iv, bytes, bound)),
  };
}

/**
 * The secret `sealed` holds. Rejects with `wrong_passphrase` for a wrong master, altered data, or `bound`
 * other than what it was sealed with.
 */
export async function openSecret(sealed: unknown, master: Master, bound?: AdditionalData): Promise<string> {
  const checked = sealedSecretSchema.safeParse(sealed);
  if (!checked.success) throw malformed(checked.error);
  const { salt, iv, data } = checked.data;
  const key = await secretKey(master, base64ToBytes(salt));
  try {
    return new TextDecoder().decode(await decrypt(key, base64ToBytes(iv), base64ToBytes(data), bound));
  } catch (error) {
    if (!isAuthenticationFailure(error)) throw error;
    throw wrong(error);
  }
}

/** Applies `make` to each secret by name, concurrently; rejects as a whole when any one does. */
export async function eachSecret<A, B>(
  secrets: Readonly<Record<string, A>>,
  make: (secret: A, name: string) => Promise<B>,
): Promise<Record<string, B>> {
  return Object.fromEntries(
    await Promise.all(
      Object.entries(secrets).map(async ([name, secret]) => [name, await make(secret, name)] as const),
    ),
  );
}

function randomBytes(count: number): Uint8Array<ArrayBuffer> {
  return globalThis.crypto.getRandomValues(new Uint8Array(count));
}
