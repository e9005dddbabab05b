import { z } from 'zod';
import {
  aspectRatioProblem,
  baseUrlProblem,
  describeProblem,
  durationProblem,
  modelFieldProblem,
  normaliseBaseUrl,
  type Problem,
  resolutionProblem,
} from '../validation';

/** Turns a plain rule function into a zod check with the rule's own wording. */
function rule<T>(check: (value: T) => Problem | undefined) {
  return (value: T, ctx: z.RefinementCtx) => {
    const problem = check(value);
    if (problem) ctx.addIssue({ code: 'custom', message: describeProblem(problem) });
  };
}

export const videoOptionsSchema = z.object({
  duration: z.number().superRefine(rule(durationProblem)),
  resolution: z.string().superRefine(rule(resolutionProblem)),
  aspectRatio: z.string().superRefine(rule(aspectRatioProblem)),
  generateAudio: z.boolean(),
});
export type VideoOptions = z.infer<typeof videoOptionsSchema>;

export const baseUrlSchema = z.string().superRefine(rule(baseUrlProblem)).transform(normaliseBaseUrl);

export const settingsSchema = z.object({
  /** Empty until the person sets up the service. */
  baseUrl: z.union([z.literal(''), baseUrlSchema]),
  modelId: z.string().trim().max(200),
  modelField: z.string().trim().superRefine(rule(modelFieldProblem)),
  videoDefaults: videoOptionsSchema,
  /** How often a pending job is checked while the worker is awake; alarms may stretch it when asleep. */
  pollIntervalSec: z.number().int().min(1).max(600),
  jobTimeoutMin: z.number().int().min(1).max(24 * 60),
  requestTimeoutSec: z.number().int().min(2).max(300),
});
export type Settings = z.infer<typeof settingsSchema>;

export const DEFAULT_SETTINGS: Settings = {
  baseUrl: '',
  modelId: '',
  modelField: 'model',
  videoDefaults: { duration: 5, resolution: '720p', aspectRatio: '16:9', generateAudio: false },
  pollIntervalSec: 5,
  jobTimeoutMin: 30,
  requestTimeoutSec: 30,
};
