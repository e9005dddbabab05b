import * as z from 'zod/mini';
import { rule, videoOptionsSchema } from '../api/schemas';
import { baseUrlProblem, modelFieldProblem, normaliseBaseUrl } from '../validation';

export { type VideoOptions, videoOptionsSchema } from '../api/schemas';

const optionalBaseUrl = (value: string) => (value === '' ? undefined : baseUrlProblem(value));

export const baseUrlSchema = z.pipe(
  z.string().check(z.trim(), rule(baseUrlProblem)),
  z.transform((value: string) => normaliseBaseUrl(value)),
);

export const settingsSchema = z.object({
  /** Empty until the person sets up the service. */
  baseUrl: z.pipe(
    z.string().check(z.trim(), rule(optionalBaseUrl)),
    z.transform((value: string) => (value === '' ? '' : normaliseBaseUrl(value))),
  ),
  modelId: z.string().check(z.trim(), z.maxLength(200)),
  modelField: z.string().check(z.trim(), rule(modelFieldProblem)),
  videoDefaults: videoOptionsSchema,
  /** How often a pending job is checked while the worker is awake; alarms may stretch it when asleep. */
  pollIntervalSec: z.int().check(z.gte(1), z.lte(600)),
  jobTimeoutMin: z.int().check(z.gte(1), z.lte(24 * 60)),
  requestTimeoutSec: z.int().check(z.gte(2), z.lte(300)),
});
export type Settings = z.infer<typeof settingsSchema>;
