import * as z from 'zod/mini';
import { errorInfoSchema } from '../errors';
import { parseHttpUrl } from '../http-url';
import { isLoopbackHost } from '../validation';
import { backupHeaderSchema } from './backup-header';

/**
 * What this browser keeps about its backup: where it goes (no secret: the password or secret key and the
 * backup's root are kept apart, as API keys are, backup-secrets.ts) and what pages show of it. Written by the
 * background only; pages import the types.
 */
/** https, or plain http on this computer only: the credentials travel in every request's headers. */
const placeAddress = z.string().check(
  z.maxLength(2048),
  z.refine((value: string) => {
    const url = parseHttpUrl(value);
    return url?.protocol === 'https:' || (url !== undefined && isLoopbackHost(url.hostname));
  }, 'not an https URL'),
);
const name = z.string().check(z.trim(), z.maxLength(256));

export const webdavPlaceSchema = z.object({
  kind: z.literal('webdav'),
  /** The folder's address: Nextcloud's `…/remote.php/dav/files/<user>/<folder>/`. */
  url: placeAddress,
  username: name,
});

export const s3PlaceSchema = z.object({
  kind: z.literal('s3'),
  /** The storage's address without the bucket. */
  endpoint: placeAddress,
  region: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)),
  bucket: z.string().check(z.trim(), z.minLength(3), z.maxLength(63)),
  prefix: z.string().check(z.maxLength(512)),
  accessKeyId: name,
});

/** Where a backup goes: a WebDAV folder or an S3-compatible bucket. */
export const backupPlaceSchema = z.discriminatedUnion('kind', [webdavPlaceSchema, s3PlaceSchema]);
export type BackupPlace = z.infer<typeof backupPlaceSchema>;

/** The address requests go to, whose origin alone the credentials may reach. */
export const placeUrl = (place: BackupPlace): string =>
  place.kind === 'webdav' ? place.url : place.endpoint;

export const backupConfigSchema = z.object({
  place: backupPlaceSchema,
  /** The backup's clear header, as this browser set it up or restored it: it must still be the target's. */
  header: backupHeaderSchema,
  /** This browser's id as the backup's writer (backup-plan.ts Manifest.writer). */
  writer: z.string().check(z.minLength(1), z.maxLength(64)),
  /**
   * The writer whose backup this browser restored: its next run may replace that writer's manifest, after
   * which the other browser's runs are refused (another browser's backup), so two never overwrite each other.
   */
  adopts: z.optional(z.string().check(z.maxLength(64))),
  /** Runs after new results and daily, not only when asked. */
  auto: z.boolean(),
  /**
   * The backup opens with the key lock's passphrase: a new one (changed, or a new lock) rewraps its root in
   * the header, which the next run writes to the target (backup-run.ts). A removed lock leaves the last one.
   */
  keyLock: z.optional(z.literal(true)),
});
export type BackupConfig = z.infer<typeof backupConfigSchema>;

const countsSchema = z.object({ items: z.number(), bytes: z.number() });

export const backupStatusSchema = z.object({
  /** What runs now: a backup, a restore, or nothing. */
  state: z.enum(['idle', 'backing-up', 'restoring']),
  /** The run under way: what it has to send or bring back, and how much of it is done. */
  progress: z.optional(z.object({ total: countsSchema, done: countsSchema })),
  /** The last backup that ended well: when it began, what the backup holds, and what it sent. */
  last: z.optional(z.object({ at: z.number(), held: countsSchema, sent: countsSchema })),
  /** Why the last run failed, told once (a notification) until a run succeeds or the reason changes. */
  failure: z.optional(z.object({ at: z.number(), error: errorInfoSchema })),
  /** Waiting for the key lock to be unlocked: the backup's secrets are sealed with the keys. */
  locked: z.optional(z.literal(true)),
  /** A restore asked for and not finished: the next worker continues it. */
  restore: z.optional(
    z.object({
      at: z.number(),
      removeUpTo: z.number(),
      /** Entries the history's cap would push out, more than allowed: the person is asked. */
      removing: z.optional(z.number()),
      done: z.optional(z.object({ entries: z.number(), copies: z.number(), charges: z.number() })),
    }),
  ),
});
export type BackupStatus = z.infer<typeof backupStatusSchema>;
