import * as z from 'zod/mini';
import { AppError } from '../error-info';
import { base64ByteLength, base64ToBytes, bytesToBase64, isCanonicalBase64 } from '../keys/lock/base64';
import { createMaster } from '../keys/lock/seal';
import { lockKdfSchema } from '../keys/lock/sealed-secret';
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

const sealedBase64 = z.string().check(z.maxLength(512, { abort: true }), z.refine(isCanonicalBase64));

const base64Of = (bytes: number) =>
  z.string().check(
    z.maxLength(Math.ceil(bytes / 3) * 4, { abort: true }),
    z.refine(isCanonicalBase64, { abort: true }),
    z.refine((text: string) => base64ByteLength(text) === bytes),
  );

const headerFields = {
  format: z.literal(FORMAT),
  /** The HKDF salt of the backup's keys: one passphrase gives each backup its own. */
  id: base64Of(ID_BYTES),
  kdf: lockKdfSchema,
  /** A sealed object (sealed-object.ts) in base64, small by construction. */
  check: sealedBase64,
};

/**
 * Version 1: the stretched passphrase is the backup's root. Version 2: the root is random, and the header
 * carries it sealed under the stretched passphrase, so a new passphrase (the key lock's, changed) rewraps the
 * root in a new header instead of re-sealing every object. Both are read; new backups are version 2.
 */
export const backupHeaderSchema = z.discriminatedUnion('version', [
  z.object({ ...headerFields, version: z.literal(1) }),
  z.object({ ...headerFields, version: z.literal(2), wrapped: sealedBase64 }),
]);
export type BackupHeader = z.infer<typeof backupHeaderSchema>;

/** What a backup's root is sealed under: a passphrase, or the key lock's master with its stretching. */
export type WrappingSecret =
  | { passphrase: string }
  | { master: Uint8Array<ArrayBuffer>; kdf: BackupHeader['kdf'] };

const ROOT_BYTES = 32;
/** The sealed root's name: it binds the sealing to this use. */
const WRAPPED_NAME = 'root';

/** The stretched secret and its parameters: a new salt for a passphrase, the lock's own for its master. */
async function wrappingOf(
  secret: WrappingSecret,
): Promise<{ wrapping: Uint8Array<ArrayBuffer>; kdf: BackupHeader['kdf'] }> {
  if ('master' in secret) return { wrapping: secret.master, kdf: secret.kdf };
  // Stretched as the key lock stretches its own: a new salt, the lock's iteration count.
  const { kdf, master } = await createMaster(secret.passphrase);
  return { wrapping: master, kdf };
}

/** The root sealed under a secret, for a version 2 header with this id. */
async function wrap(secret: WrappingSecret, id: Uint8Array<ArrayBuffer>, root: Uint8Array<ArrayBuffer>) {
  const { wrapping, kdf } = await wrappingOf(secret);
  const sealed = await sealObject(await backupKeys(wrapping, id), WRAPPED_NAME, root);
  return { kdf, wrapped: bytesToBase64(sealed) };
}

/**
 * A new backup's header and keys: a random root, sealed in the header under a passphrase (stretched with a
 * new salt) or, when the backup shares the key lock's passphrase, under the lock's master, whose stretching
 * parameters the header then carries so a new browser can stretch the same passphrase the same way.
 */
export async function newBackup(secret: WrappingSecret): Promise<OpenedBackup> {
  const id = globalThis.crypto.getRandomValues(new Uint8Array(ID_BYTES));
  const root = globalThis.crypto.getRandomValues(new Uint8Array(ROOT_BYTES));
  const keys = await backupKeys(root, id);
  const check = bytesToBase64(await sealObject(keys, CHECK_NAME, new Uint8Array(CHECK_TEXT)));
  const header: BackupHeader = {
    format: FORMAT,
    version: 2,
    id: bytesToBase64(id),
    check,
    ...(await wrap(secret, id, root)),
  };
  return { header, keys, root };
}

/**
 * The header of the same backup (its id, root and keys unchanged) opening with another secret: what the
 * target gets when the key lock's passphrase, which the backup shares, changes. Version 1 has no root to
 * rewrap, and stays as it is.
 */
export async function rewrapped(
  header: BackupHeader,
  root: Uint8Array<ArrayBuffer>,
  secret: WrappingSecret,
): Promise<BackupHeader> {
  if (header.version === 1) return header;
  return { ...header, ...(await wrap(secret, base64ToBytes(header.id), root)) };
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
  const { salt, iterations } = header.kdf;
  return openedWith(header, await rootFromPassphrase(passphrase, base64ToBytes(salt), iterations));
}

/**
 * A backup opened with its stretched secret: a passphrase stretched under the header's parameters, or the
 * key lock's master when the header carries the lock's. Rejects with `wrong_passphrase` when it is not the
 * backup's.
 */
export async function openedWith(
  header: BackupHeader,
  wrapping: Uint8Array<ArrayBuffer>,
): Promise<OpenedBackup> {
  let root = wrapping;
  if (header.version === 2) {
    const wrapKeys = await backupKeys(wrapping, base64ToBytes(header.id));
    root = await openObject(wrapKeys, WRAPPED_NAME, base64ToBytes(header.wrapped), ROOT_BYTES);
  }
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

/** Whether two headers open the same way: the same backup, sealed under the same stretched secret. */
export const sameHeader = (a: BackupHeader, b: BackupHeader): boolean =>
  a.id === b.id &&
  a.kdf.salt === b.kdf.salt &&
  (a.version === 2 ? a.wrapped : undefined) === (b.version === 2 ? b.wrapped : undefined);

export const headerBytes = (header: BackupHeader): Uint8Array<ArrayBuffer> =>
  new TextEncoder().encode(JSON.stringify(header));
