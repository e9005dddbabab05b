import * as z from 'zod/mini';
import { errorInfoSchema } from '../errors';
import { wholeNumber } from '../whole-number';
import { COPY_STATES } from './copy-states';

/**
 * What pages need to show about kept copies, written by the background only. The bytes themselves live in
 * IndexedDB (media-db.ts); this small record is what pages watch.
 */
export const entryCopySchema = z.object({
  /**
   * keeping: started and not settled (being fetched, or waiting for its next attempt; a new worker takes it up);
   * kept: every file is in the extension; failed: gave up after several attempts; evicted: removed for space;
   * expired: the service deleted a file before it was kept; tooBig: the result alone is larger than the cap.
   */
  state: z.enum(COPY_STATES),
  /** kept: the bytes held; tooBig: the result's size (at least). */
  bytes: wholeNumber().check(z.nonnegative()),
  files: wholeNumber().check(z.nonnegative()),
  error: z.optional(errorInfoSchema),
  /** keeping: attempts started so far, counting those a stopped worker cut off. */
  attempts: z.optional(wholeNumber().check(z.nonnegative())),
  /** keeping: the next attempt is not before this time (after a failed one). */
  retryAt: z.optional(z.number()),
  /** tooBig: the cap it did not fit. */
  capBytes: z.optional(wholeNumber().check(z.nonnegative())),
});
export type EntryCopy = z.infer<typeof entryCopySchema>;

export const copiesSchema = z.object({
  entries: z.record(z.string(), entryCopySchema),
  /** Bytes of every copy in IndexedDB, complete or being written. */
  usedBytes: wholeNumber().check(z.nonnegative()),
});
export type Copies = z.infer<typeof copiesSchema>;
