import * as z from 'zod/mini';
import { errorInfoSchema } from '../errors';

/**
 * What pages need to show about kept copies, written by the background only. The bytes themselves live in
 * IndexedDB (media-db.ts); this small record is what pages watch.
 */
export const entryCopySchema = z.object({
  /** keeping: being fetched; kept: every file is in the extension; failed: could not fetch; evicted: removed for space. */
  state: z.enum(['keeping', 'kept', 'failed', 'evicted']),
  bytes: z.int().check(z.nonnegative()),
  files: z.int().check(z.nonnegative()),
  error: z.optional(errorInfoSchema),
});
export type EntryCopy = z.infer<typeof entryCopySchema>;

export const copiesSchema = z.object({
  entries: z.record(z.string(), entryCopySchema),
  /** Bytes of every copy in IndexedDB, complete or being written. */
  usedBytes: z.int().check(z.nonnegative()),
});
export type Copies = z.infer<typeof copiesSchema>;
