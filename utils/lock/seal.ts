import { AppError } from '../error-info';
import { decrypt, encrypt, GCM_TAG_BYTES, isAuthenticationFailure } from './aes-gcm';
import { base64ToBytes, bytesToBase64 } from './base64';
import { deriveKey } from './pbkdf2';
import {
  IV_BYTES,
  MAX_DATA_BYTES,
  SALT_BYTES,
  SEALED_SECRET_KDF,
  SEALED_SECRET_VERSION,
  type SealedSecret,
  sealedSecretSchema,
} from './sealed-secret';

/**
 * The count new seals use. Each envelope records its own, so raising this (up to MAX_ITERATIONS) leaves
 * older seals readable; they take the new count when next sealed.
 */
export const PBKDF2_ITERATIONS = 600_000;

/** The longest secret, in UTF-8 bytes, whose envelope stays within MAX_DATA_BYTES once the tag is added. */
export const MAX_SECRET_BYTES = MAX_DATA_BYTES - GCM_TAG_BYTES;

/**
 * Seals one secret under its own random salt and IV. Every header field is an input to the key (the
 * version and KDF are fixed by the schema), so changing any of them fails authentication like a wrong
 * passphrase does, with no additional data needed.
 */
export async function sealSecret(plaintext: string, passphrase: string): Promise<SealedSecret> {
  if (passphrase === '') throw new AppError('invalid_input', 'The passphrase is empty.');
  const bytes = new TextEncoder().encode(plaintext);
  if (bytes.length > MAX_SECRET_BYTES) {
    throw new AppError(
      'invalid_input',
      `The secret is too long to lock: ${bytes.length} bytes, at most ${MAX_SECRET_BYTES}.`,
    );
  }
  const salt = randomBytes(SALT_BYTES);
  const iv = randomBytes(IV_BYTES);
  const key = await deriveKey(passphrase, salt, PBKDF2_ITERATIONS);
  return {
    v: SEALED_SECRET_VERSION,
    kdf: SEALED_SECRET_KDF,
    iterations: PBKDF2_ITERATIONS,
    salt: bytesToBase64(salt),
    iv: bytesToBase64(iv),
    data: bytesToBase64(await encrypt(key, iv, bytes)),
  };
}

/**
 * The secret `sealed` holds. Rejects with `wrong_passphrase` for a wrong passphrase or altered data; the
 * envelope is checked against its schema again here, so a planted one cannot ask for unbounded work.
 */
export async function openSecret(sealed: SealedSecret, passphrase: string): Promise<string> {
  const checked = sealedSecretSchema.safeParse(sealed);
  if (!checked.success) {
    throw new AppError('wrong_passphrase', 'The locked data is malformed.', {
      detail: 'malformed',
      cause: checked.error,
    });
  }
  const { iterations, salt, iv, data } = checked.data;
  const key = await deriveKey(passphrase, base64ToBytes(salt), iterations);
  try {
    return new TextDecoder().decode(await decrypt(key, base64ToBytes(iv), base64ToBytes(data)));
  } catch (error) {
    if (!isAuthenticationFailure(error)) throw error;
    throw new AppError('wrong_passphrase', 'The passphrase is wrong, or the locked data was altered.', {
      cause: error,
    });
  }
}

/**
 * Seals each secret under the passphrase. The derivations run together: each secret's own salt makes
 * each one a full PBKDF2 run, and WebCrypto spreads concurrent runs over its threads.
 */
export async function sealAll(
  secrets: Readonly<Record<string, string>>,
  passphrase: string,
): Promise<Record<string, SealedSecret>> {
  return Object.fromEntries(
    await Promise.all(
      Object.entries(secrets).map(
        async ([name, secret]) => [name, await sealSecret(secret, passphrase)] as const,
      ),
    ),
  );
}

/** Opens each sealed secret, concurrently as sealAll; rejects as openSecret does if any one fails. */
export async function openAll(
  sealed: Readonly<Record<string, SealedSecret>>,
  passphrase: string,
): Promise<Record<string, string>> {
  return Object.fromEntries(
    await Promise.all(
      Object.entries(sealed).map(
        async ([name, envelope]) => [name, await openSecret(envelope, passphrase)] as const,
      ),
    ),
  );
}

function randomBytes(count: number): Uint8Array<ArrayBuffer> {
  return globalThis.crypto.getRandomValues(new Uint8Array(count));
}
