import * as z from 'zod/mini';
import { ERROR_KINDS } from './error-info';
import { wholeNumber } from './whole-number';

/**
 * The one wire and storage shape of a failure. Code that only throws, converts or words errors imports
 * utils/error-info.ts instead, which ships without zod.
 */
export const errorInfoSchema = z.object({
  kind: z.enum(ERROR_KINDS),
  /**
   * For `invalid_input`, `invalid_request` and `unexpected`, English words saying what was wrong; for the
   * other kinds the kind itself (entries of earlier builds hold an English sentence), as pages word those
   * from the kind and the fields below. Also the fallback for a kind a page does not know.
   */
  message: z.string(),
  status: z.optional(wholeNumber()),
  retryAfterMs: z.optional(z.number().check(z.nonnegative())),
  /** The service's own words (a text error body, a job's failure reason), trimmed. */
  detail: z.optional(z.string()),
  /** The balance at the time, attached to "not enough credits" so the person sees what they have. */
  balance: z.optional(z.number()),
  /** The address of the request that failed, so a diagnosis can name what was tried. */
  url: z.optional(z.string()),
  /** For `over_budget`: the budget's period and limit, what was spent in it, and the expected cost if known. */
  budget: z.optional(
    z.object({
      period: z.enum(['day', 'month']),
      limit: z.number(),
      spent: z.number(),
      cost: z.optional(z.number()),
    }),
  ),
});
export type ErrorInfo = z.infer<typeof errorInfoSchema>;
export type ErrorKind = ErrorInfo['kind'];
