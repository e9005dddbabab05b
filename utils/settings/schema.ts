import { z } from 'zod';
import { rule, videoOptionsSchema } from '../api/schemas';
import { baseUrlProblem, modelFieldProblem, normaliseBaseUrl } from '../validation';

export { type VideoOptions, videoOptionsSchema } from '../api/schemas';

export const baseUrlSchema = z.string().superRefine(rule(baseUrlProblem)).transform(normaliseBaseUrl);

export const settingsSchema = z.object({
  /** Empty until the person sets up the service. */
  baseUrl: z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      if (value !== '') rule(baseUrlProblem)(value, ctx);
    })
    .transform((value) => (value === '' ? '' : normaliseBaseUrl(value))),
  modelId: z.string().trim().max(200),
  modelField: z.string().trim().superRefine(rule(modelFieldProblem)),
  videoDefaults: videoOptionsSchema,
  /** How often a pending job is checked while the worker is awake; alarms may stretch it when asleep. */
  pollIntervalSec: z.number().int().min(1).max(600),
  jobTimeoutMin: z
    .number()
    .int()
    .min(1)
    .max(24 * 60),
  requestTimeoutSec: z.number().int().min(2).max(300),
});
export type Settings = z.infer<typeof settingsSchema>;
