import * as z from 'zod/mini';
import { boundedUrl, MAX_ID_LENGTH, MAX_VIDEO_URLS } from '../api/schemas';
import { historyEntrySchema } from '../history/schema';
import { chargeSchema, daySumSchema } from '../spend/ledger-schema';
import { wholeNumber } from '../whole-number';

/**
 * The items a backup holds besides the history's buckets (backup-plan.ts), as schemas: what a run writes and
 * what a restore checks before anything of it is stored. A backup opened with the person's passphrase was
 * written by Promptcast, yet it is read as untrusted input, bounded and checked like a history file.
 */
export const COPIES_ITEM = 'copies';
export const LEDGER_ITEM = 'ledger';
export const SETUP_ITEM = 'setup';
export const copyItem = (entryId: string, index: number) => `copy/${entryId}/${index}`;

/** As many as the history keeps at its largest cap. */
export const MAX_BACKUP_ENTRIES = 50_000;

export const bucketSchema = z.array(historyEntrySchema).check(z.maxLength(MAX_BACKUP_ENTRIES));

/** A kept file as the `copies` item lists it: what it is, not how far its copy got. */
export const copyRecordSchema = z.object({
  entryId: z.string().check(z.minLength(1), z.maxLength(MAX_ID_LENGTH)),
  index: wholeNumber().check(z.nonnegative(), z.maximum(MAX_VIDEO_URLS)),
  url: boundedUrl,
  contentType: z.string().check(z.maxLength(200)),
  bytes: wholeNumber().check(z.nonnegative()),
  keptAt: z.optional(wholeNumber()),
});
export type CopyRecord = z.infer<typeof copyRecordSchema>;

/** Several files per entry at most (a video's several URLs). */
export const copyRecordsSchema = z.array(copyRecordSchema).check(z.maxLength(MAX_BACKUP_ENTRIES * 4));

/** The spend ledger: its single charges and every day's sum, compacted days included. */
export const ledgerItemSchema = z.object({
  charges: z.array(chargeSchema).check(z.maxLength(200_000)),
  days: z.array(daySumSchema).check(z.maxLength(200_000)),
});
export type LedgerItem = z.infer<typeof ledgerItemSchema>;

/**
 * The settings, the profiles (no key is in them: keys live in their own items) and the library, as stored:
 * a restore puts each through the repair its stored item gets, field by field.
 */
export const setupItemSchema = z.object({
  settings: z.unknown(),
  profiles: z.unknown(),
  library: z.unknown(),
});
export type SetupItem = z.infer<typeof setupItemSchema>;
