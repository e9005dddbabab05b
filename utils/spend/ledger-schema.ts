import * as z from 'zod/mini';
import { MAX_ID_LENGTH } from '../api/schemas';
import { wholeNumber } from '../whole-number';

/**
 * The spend ledger's records (ledger.ts), as schemas: the one source of their types, and the check of a
 * ledger that comes back from a backup. Kept apart from ledger.ts, whose helpers pages use, so a page that
 * only reads day sums carries no schema code.
 */
const id = z.string().check(z.maxLength(2 * MAX_ID_LENGTH));
const day = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));

export const chargeSchema = z.object({
  /** The entry's id for its own cost; `group:<id of the entry whose reading began it>` for a group. */
  id,
  profile: id,
  /** The account the balance readings were of (empty for costs recorded before the ledger). */
  origin: z.string().check(z.maxLength(2048)),
  keyId: id,
  /** The local calendar day it counts on (`YYYY-MM-DD`): the day the generation began. */
  day,
  /** When the (first) generation began. */
  at: wholeNumber(),
  /** Thousandths of a credit (credits.ts). */
  milli: wholeNumber(),
  kind: z.enum(['image', 'video', 'mixed']),
  /** The entries it was charged for: the one entry, or every entry of the group. */
  entries: z.array(id).check(z.maxLength(10_000)),
  /** An entry's own cost only: what an estimate compares (model, and a video's length and size). */
  model: z.optional(z.string().check(z.maxLength(200))),
  duration: z.optional(z.number()),
  resolution: z.optional(z.string().check(z.maxLength(100))),
});

/** What a profile's charges came to on one local day: the compacted form of the ledger. */
export const daySumSchema = z.object({
  profile: id,
  day,
  images: wholeNumber(),
  videos: wholeNumber(),
  /** Groups of overlapping generations of both kinds. */
  mixed: wholeNumber(),
  /** Charges counted. */
  count: wholeNumber(),
});
