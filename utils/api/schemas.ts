import { z } from 'zod';

/*
 * Wire schemas of the generation service, and the shapes the client hands back.
 *
 * Response schemas are loose objects on purpose: the interface says "further fields: not shown", so a
 * server that adds fields must keep working. Only the fields the client relies on are checked.
 */

export const MAX_PROMPT_LENGTH = 4000;

// The interface sets no limit (section 8); 4000 keeps requests reasonable and gives the user a clear
// message locally instead of an opaque server rejection.
export const promptSchema = z
  .string({ error: 'Enter a prompt' })
  .trim()
  .superRefine((prompt, ctx) => {
    if (prompt.length === 0) {
      ctx.addIssue({ code: 'custom', message: 'Enter a prompt' });
    } else if (prompt.length > MAX_PROMPT_LENGTH) {
      ctx.addIssue({
        code: 'custom',
        message: `The prompt is ${prompt.length} characters; the limit is ${MAX_PROMPT_LENGTH}`,
      });
    }
  });

// Ranges are not given by the interface (section 2.4); these bounds only catch obvious mistakes and
// leave the real limits to the server.
export const videoOptionsSchema = z.object({
  duration: z
    .number({ error: 'The duration must be a number of seconds' })
    .int('The duration must be a whole number of seconds')
    .min(1, 'The duration must be at least 1 second')
    .max(60, 'The duration must be at most 60 seconds'),
  resolution: z
    .string({ error: 'Choose a resolution' })
    .regex(/^\d{3,4}p$/, 'The resolution must look like 720p'),
  aspectRatio: z
    .string({ error: 'Choose an aspect ratio' })
    .regex(/^\d{1,2}:\d{1,2}$/, 'The aspect ratio must look like 16:9'),
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
