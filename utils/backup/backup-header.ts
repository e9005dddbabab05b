import * as z from 'zod/mini';
import { AppError } from '../error-info';
import { base64ByteLength, base64ToBytes, bytesToBase64, isCanonicalBase64 } from '../keys/lock/base64';
import { PBKDF2_ITERATIONS } from '../keys/lock/seal';
import { LOCK_KDF, lockKdfSchema, SALT_BYTES } from '../keys/lock/sealed-secret';
import { type BackupKeys, backupKeys, rootFromPassphrase } from './backup-keys';
import { openObject, sealObject } from './sealed-object';

/**
 * The one object of a backup stored in the clear, under a fixed name, so a new browser finds the backup with
 * nothing but the target's address: it says how the passphrase is stretched and holds a sealed check that
 * tells a wrong passphrase before anything is restored. It holds nothing else: no count, no date, no name.
 */
export const HEADER_NAME = 'promptcast-backup.json';
/** Bounds what a planted header can make a restore read. */
export const MAX_HEADER_BYTES = 4096;
const FORMAT = 'promptcast-backup';
const ID_BYTES = 16;
/** The check's plaintext: opening it proves the passphrase, its name binds it to this use. */
const CHECK_NAME = 'check';
const CHECK_TEXT = new TextEncoder().encode('Promptcast backup v1');

const base64Of = (bytes: number) =>
  z.string().check(
    z.maxLength(Math.ceil(bytes / 3) * 4, { abort: true }),
    z.refine(isCanonicalBase64, { abort: true }),
    z.refine((text: string) => base64ByteLength(text) === bytes),
  );

export const backupHeaderSchema = z.object({
  format: z.literal(FORMAT),
  version: z.literal(1),
  /** The HKDF salt of the backup's keys: one passphrase gives each backup its own. */
  id: base64Of(ID_BYTES),
  kdf: lockKdfSchema,
  /** A sealed object (sealed-object.ts) in base64, small by construction. */
  check: z.string().check(z.maxLength(512, { abort: true }), z.refine(isCanonicalBase64)),
});
export type BackupHeader = z.infer<typeof backupHeaderSchema>;

/**
 * A new backup's header and keys, from a passphrase (stretched with a new salt) or, when the backup shares
 * the key lock's passphrase, from the lock's master and its stretching parameters, which the header then
 * carries so a new browser can stretch the same passphrase the same way.
 */
export async function newBackup(
  secret: { passphrase: string } | { master: Uint8Array<ArrayBuffer>; kdf: BackupHeader['kdf'] },
): Promise<OpenedBackup> {
  const id = globalThis.crypto.getRandomValues(new Uint8Array(ID_BYTES));
  let root: Uint8Array<ArrayBuffer>;
  let kdf: BackupHeader['kdf'];
  if ('passphrase' in secret) {
    if (secret.passphrase === '') throw new AppError('invalid_input', 'The passphrase is empty.');
    const salt = globalThis.crypto.getRandomValues(new Uint8Array(SALT_BYTES));
    kdf = { kdf: LOCK_KDF, iterations: PBKDF2_ITERATIONS, salt: bytesToBase64(salt) };
    root = await rootFromPassphrase(secret.passphrase, salt, PBKDF2_ITERATIONS);
  } else {
    ({ master: root, kdf } = secret);
  }
  const keys = await backupKeys(root, id);
  const check = bytesToBase64(await sealObject(keys, CHECK_NAME, new Uint8Array(CHECK_TEXT)));
  return { header: { format: FORMAT, version: 1, id: bytesToBase64(id), kdf, check }, keys, root };
}

/**
 * A backup as this browser holds it: its header, its keys, and the root they come from, which the
 * background keeps as a secret (like an API key) so that later runs need no passphrase.
 */
export interface OpenedBackup {
  header: BackupHeader;
  keys: BackupKeys;
  root: Uint8Array<ArrayBuffer>;
}

/**
 * An existing backup, from its header as the target gave it (untrusted) and the passphrase the person
 * typed. A wrong passphrase is `wrong_passphrase`, found before any object is read.
 */
export async function openBackup(stored: Uint8Array, passphrase: string): Promise<OpenedBackup> {
  const header = parseHeader(stored);
  const root = await rootFromPassphrase(passphrase, base64ToBytes(header.kdf.salt), header.kdf.iterations);
  return { header, root, keys: await keysOf(header, root) };
}

/** The keys of `header`'s backup from a root kept since, checked against the header's sealed check. */
export async function keysOf(header: BackupHeader, root: Uint8Array<ArrayBuffer>): Promise<BackupKeys> {
  const keys = await backupKeys(root, base64ToBytes(header.id));
  await openObject(keys, CHECK_NAME, base64ToBytes(header.check), CHECK_TEXT.length);
  return keys;
}

export function parseHeader(stored: Uint8Array): BackupHeader {
  let json: unknown;
  try {
    if (stored.length > MAX_HEADER_BYTES) throw new Error('too large');
    json = JSON.parse(new TextDecoder().decode(stored));
  } catch {
    throw new AppError('backup', { detail: 'malformed' });
  }
  const parsed = backupHeaderSchema.safeParse(json);
  if (!parsed.success) throw new AppError('backup', { detail: 'malformed' });
  return parsed.data;
}

export const headerBytes = (header: BackupHeader): Uint8Array<ArrayBuffer> =>
  new TextEncoder().encode(JSON.stringify(header));
