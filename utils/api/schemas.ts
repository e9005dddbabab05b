import { z } from 'zod';
import {
  aspectRatioProblem,
  describeProblem,
  durationProblem,
  type Problem,
  promptProblem,
  resolutionProblem,
} from '../validation';

/*
 * Wire schemas of the generation service, and the shapes the client hands back.
 *
 * Response schemas are loose objects on purpose: the interface says "further fields: not shown", so a
 * server that adds fields must keep working. Only the fields the client relies on are checked.
 */

/** Turns a plain rule from utils/validation into a zod check with the rule's own wording. */
export function rule<T>(check: (value: T) => Problem | undefined) {
  return (value: T, ctx: z.RefinementCtx) => {
    const problem = check(value);
    if (problem) ctx.addIssue({ code: 'custom', message: describeProblem(problem) });
  };
}

// The interface sets no limit (section 8); a local limit gives a clear message instead of an opaque
// server rejection. The rules are shared with the pages, which check forms without zod.
export const promptSchema = z
  .string({ error: describeProblem({ code: 'prompt_empty' }) })
  .trim()
  .superRefine(rule(promptProblem));

// Ranges are not given by the interface (section 2.4); these bounds only catch obvious mistakes and
// leave the real limits to the server.
export const videoOptionsSchema = z.object({
  duration: z
    .number({ error: 'The duration must be a number of seconds' })
    .superRefine(rule(durationProblem)),
  resolution: z.string({ error: 'Choose a resolution' }).superRefine(rule(resolutionProblem)),
  aspectRatio: z.string({ error: 'Choose an aspect ratio' }).superRefine(rule(aspectRatioProblem)),
  generateAudio: z.boolean({ error: 'Choose whether to generate audio' }),
});
export type VideoOptions = z.infer<typeof videoOptionsSchema>;

export const videoRequestSchema = videoOptionsSchema.extend({ prompt: promptSchema });
/** What `submitVideo` accepts; the prompt is trimmed before sending. */
export type VideoRequest = z.input<typeof videoRequestSchema>;

// --- Responses as they arrive on the wire ----------------------------------------------------------

export const balanceResponseSchema = z.looseObject({
  // z.number() already rejects NaN and ±Infinity; numeric strings are refused because the interface
  // promises a number and a string would hint at a different, unknown service.
  tokensBalance: z.number(),
});

export const imageResponseSchema = z.looseObject({
  url: z.string(),
});

export const videoSubmitResponseSchema = z.looseObject({
  id: z.string().min(1, 'must be a non-empty string'),
  status: z.string(),
});

// The job record is only partly documented; `error`, `message` and `reason` are common ways servers
// explain a failure, so they are read when present but never required.
export const videoJobResponseSchema = z.looseObject({
  id: z.string().min(1, 'must be a non-empty string').optional(),
  status: z.string(),
  videoUrls: z.array(z.unknown()).nullish(),
  error: z.unknown().optional(),
  message: z.unknown().optional(),
  reason: z.unknown().optional(),
});
export type VideoJobResponse = z.infer<typeof videoJobResponseSchema>;

// --- What the client returns --------------------------------------------------------------------------
// Exported as schemas so results can be re-validated after crossing a message boundary in the extension.

export const normalisedStatusSchema = z.enum(['running', 'completed', 'failed']);
export type NormalisedStatus = z.infer<typeof normalisedStatusSchema>;

export const balanceSchema = z.object({ balance: z.number() });
export type Balance = z.infer<typeof balanceSchema>;

export const imageResultSchema = z.object({ url: z.string() });
export type ImageResult = z.infer<typeof imageResultSchema>;

export const videoSubmissionSchema = z.object({
  id: z.string().min(1),
  status: normalisedStatusSchema,
  rawStatus: z.string(),
});
export type VideoSubmission = z.infer<typeof videoSubmissionSchema>;

export const videoJobSchema = z.object({
  id: z.string().min(1),
  status: normalisedStatusSchema,
  rawStatus: z.string(),
  videoUrls: z.array(z.string()),
  error: z.string().optional(),
});
export type VideoJob = z.infer<typeof videoJobSchema>;
