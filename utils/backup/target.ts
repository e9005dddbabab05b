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
 * What an upload in parts keeps of itself, so the next run continues it after a worker stop instead of
 * sending its first parts again: its id, stored (by the run, in storage.local) once the target began it.
 */
export interface PartsResume {
  /** The upload a stopped run began for this object, if any. */
  uploadId?: string | undefined;
  /** Called once a new upload is begun, before its first part is sent. */
  began(uploadId: string): Promise<void>;
}

/**
 * A place a backup is written to: a WebDAV folder or an S3 bucket (and prefix). Objects are flat, named by
 * the backup (backup-keys.ts): a target knows nothing of what they hold. Every method rejects with a
 * `backup` error saying why.
 */
export interface BackupTarget {
  /** The folder or bucket is there, and an object can be written, read back and removed: *Test*. */
  check(): Promise<void>;
  /**
   * Objects larger than this go in parts, and a put given `resume` leaves its parts for the next run when it
   * fails, instead of aborting the upload. Undefined: every put is whole or nothing (WebDAV).
   */
  readonly partBytes?: number;
  put(name: string, body: Blob, resume?: PartsResume): Promise<void>;
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
