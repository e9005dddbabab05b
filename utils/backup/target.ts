import { AppError } from '../error-info';

/**
 * Why a backup target refused or failed, each with its own sentence (i18n.ts): what the person should check
 * differs for each. Carried as the `detail` of a `backup` error, as `unsafe_media` carries its reason.
 */
export const TARGET_FAILURES = [
  'unauthorized',
  'forbidden',
  'missing',
  'no_access',
  'tls',
  'clock_skew',
  'full',
  'unreachable',
  'timeout',
  'redirect',
  'http',
  'malformed',
  'other_browser',
  'no_backup',
  'forgotten',
] as const;
export type TargetFailure = (typeof TARGET_FAILURES)[number];

export const targetError = (
  reason: TargetFailure,
  fields: { status?: number; url?: string; cause?: unknown } = {},
) => new AppError('backup', { detail: reason, ...fields });

/** One object the target holds, as its listing names it. */
export interface StoredObject {
  name: string;
  size: number;
}

/**
 * A place a backup is written to: a WebDAV folder or an S3 bucket (and prefix). Objects are flat, named by
 * the backup (backup-keys.ts): a target knows nothing of what they hold. Every method rejects with a
 * `backup` error saying why.
 */
export interface BackupTarget {
  /** The folder or bucket is there, and an object can be written, read back and removed: *Test*. */
  check(): Promise<void>;
  put(name: string, body: Blob): Promise<void>;
  /** The object's bytes, undefined when there is none by that name; refused past `maxBytes`. */
  get(name: string, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | undefined>;
  /** Every object, refused past `maxCount` (a listing is untrusted input too). */
  list(maxCount: number): Promise<StoredObject[]>;
  remove(name: string): Promise<void>;
  /**
   * Uploads begun and never finished (a worker stopped in the middle of one): dropped, so the storage keeps
   * and bills nothing for them. Only S3 has such uploads (multipart); a WebDAV PUT is whole or nothing.
   */
  dropUnfinished(): Promise<void>;
}
