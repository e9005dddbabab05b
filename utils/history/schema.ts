import * as z from 'zod/mini';
import { errorInfoSchema } from '../errors';
import { videoOptionsSchema } from '../settings/schema';
import { creditAmount } from '../spend/credit-amount';
import { wholeNumber } from '../whole-number';
import { THUMBNAIL_MAX_CHARS, THUMBNAIL_PATTERN } from './thumbnail';

/** Polling state of a video job; kept with its history entry so one write keeps both consistent. */
export const pollStateSchema = z.object({
  /** Absent only between persisting the entry and the service answering the submission. */
  jobId: z.optional(z.string()),
  baseUrl: z.string(),
  attempts: wholeNumber().check(z.nonnegative()),
  /** Consecutive failed polls, driving the backoff. */
  failures: wholeNumber().check(z.nonnegative()),
  nextPollAt: z.number(),
  lastPolledAt: z.optional(z.number()),
});
export type PollState = z.infer<typeof pollStateSchema>;

/** A balance fetched right before a lone generation was sent, with whose it was and when it was asked for. */
export const balanceReadingSchema = z.object({
  value: z.number(),
  at: z.number(),
  account: z.object({ origin: z.string(), keyId: z.string() }),
});
export type BalanceReading = z.infer<typeof balanceReadingSchema>;

export const historyEntrySchema = z.object({
  id: z.string(),
  /** The service profile it was made with; absent on entries made before profiles (the first profile's). */
  profileId: z.optional(z.string().check(z.maxLength(100))),
  kind: z.enum(['image', 'video']),
  prompt: z.string(),
  model: z.string(),
  options: z.optional(videoOptionsSchema),
  source: z.enum(['popup', 'context-menu']),
  status: z.enum(['running', 'completed', 'failed']),
  rawStatus: z.optional(z.string()),
  urls: z.array(z.string()),
  createdAt: z.number(),
  finishedAt: z.optional(z.number()),
  /** On a running job this is the latest transient problem (polling goes on); on a failed one, the cause. */
  error: z.optional(errorInfoSchema),
  poll: z.optional(pollStateSchema),
  /**
   * Set when the entry finished and cleared once the person was told: a worker stopped in between
   * leaves it set, and the next worker announces it then, so no outcome goes unannounced.
   */
  notifyPending: z.optional(z.boolean()),
  /** The batch this entry was made in; its outcome is told once for the whole batch. */
  batchId: z.optional(z.string()),
  /**
   * Made by a comparison of models: its batch sends one entry at a time, each once the one before has ended
   * and its cost is read, so every model's cost is its own.
   */
  compared: z.optional(z.literal(true)),
  /**
   * Recorded with its batch but not sent yet: whichever worker runs the batch sends it, so a worker
   * stopped mid-batch leaves it for the next one instead of losing it (or failing it as interrupted).
   */
  waiting: z.optional(z.literal(true)),
  /**
   * When a batch entry stopped waiting and was sent, if later than its creation (a batch resumed): the
   * spend of a span counts what was sent during it (settle-spending.ts).
   */
  sentAt: z.optional(z.number()),
  /** A waiting entry the person paused with its batch: no worker sends it until the batch is resumed. */
  paused: z.optional(z.literal(true)),
  /**
   * Where a waiting entry goes: the service its batch was made for. A worker that sends it later sends it
   * there, never to a service configured since (a video sent there would be polled at the old one).
   */
  serviceUrl: z.optional(z.string()),
  /**
   * A waiting entry whose batch the person chose to send past a budget: whichever worker sends it later
   * sends it with that consent, as a comparison sends its entries one by one.
   */
  overBudget: z.optional(z.literal(true)),
  /**
   * Kept from the request until the balance after it is read (possibly by a later worker), then
   * replaced by `cost`, or dropped when the difference cannot be put on this entry alone.
   */
  balanceBefore: z.optional(balanceReadingSchema),
  /** Starred by the person: never pushed out, neither by the history's cap nor by the copies' space cap. */
  favourite: z.optional(z.literal(true)),
  /** Named collections the person put this entry in. */
  collections: z.optional(z.array(z.string().check(z.maxLength(60))).check(z.maxLength(50))),
  /**
   * Credits this generation took (exact to the thousandth), only when no other generation overlapped it; a
   * group's charge is in the spend ledger alone.
   */
  cost: z.optional(creditAmount()),
  /** A video's frame the person chose as the picture of its file `index` in lists and grids (thumbnail.ts). */
  thumbnail: z.optional(
    z.object({
      index: wholeNumber().check(z.nonnegative()),
      image: z
        .string()
        .check(
          z.refine((image: string) => image.length <= THUMBNAIL_MAX_CHARS && THUMBNAIL_PATTERN.test(image)),
        ),
    }),
  ),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;
