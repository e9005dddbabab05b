import { z } from 'zod';
import { errorInfoSchema } from '../errors';
import { videoOptionsSchema } from '../settings/schema';

/** Polling state of a video job; kept with its history entry so one write keeps both consistent. */
export const pollStateSchema = z.object({
  /** Absent only between persisting the entry and the service answering the submission. */
  jobId: z.string().optional(),
  baseUrl: z.string(),
  attempts: z.number().int().nonnegative(),
  /** Consecutive failed polls, driving the backoff. */
  failures: z.number().int().nonnegative(),
  nextPollAt: z.number(),
  lastPolledAt: z.number().optional(),
});
export type PollState = z.infer<typeof pollStateSchema>;

export const historyEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(['image', 'video']),
  prompt: z.string(),
  model: z.string(),
  options: videoOptionsSchema.optional(),
  source: z.enum(['popup', 'context-menu']),
  status: z.enum(['running', 'completed', 'failed']),
  rawStatus: z.string().optional(),
  urls: z.array(z.string()),
  createdAt: z.number(),
  finishedAt: z.number().optional(),
  /** On a running job this is the latest transient problem (polling goes on); on a failed one, the cause. */
  error: errorInfoSchema.optional(),
  poll: pollStateSchema.optional(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;
