import * as z from 'zod/mini';
import { describeProblem } from '../i18n';
import {
  aspectRatioProblem,
  durationProblem,
  type Problem,
  promptProblem,
  resolutionProblem,
} from '../validation';
import { englishIssues } from './zod-messages';

/*
 * Wire schemas of the generation service, and the shapes the client hands back.
 *
 * Response schemas accept fields they do not name (zod's plain object drops them): the interface says
 * "further fields: not shown", so a server that adds fields must keep working. Only the fields the client
 * relies on are checked.
 */

// The client's "invalid response" messages pass on what was expected.
z.config({ localeError: englishIssues });

/** Turns a plain rule from utils/validation into a zod check with the rule's own wording. */
export function rule<T>(check: (value: T) => Problem | undefined) {
  return z.refine<T>((value) => check(value) === undefined, {
    // Checks after it (a normalisation) see only values the rule accepted.
    abort: true,
    // Asked only for a value the rule refused: the rule names the problem again, cheaply, for its wording.
    error: (issue) => {
      const problem = check(issue.input as T);
      return problem && describeProblem(problem);
    },
  });
}

// The interface sets no limit (section 8); a local limit gives a clear message instead of an opaque
// server rejection. The rules are shared with the pages, which check forms without zod.
export const promptSchema = z
  .string({ error: () => describeProblem({ code: 'prompt_empty' }) })
  .check(z.trim(), rule(promptProblem));

// Ranges are not given by the interface (section 2.4); these bounds only catch obvious mistakes and
// leave the real limits to the server.
export const videoOptionsSchema = z.object({
  duration: z.number().check(rule(durationProblem)),
  resolution: z.string().check(rule(resolutionProblem)),
  aspectRatio: z.string().check(rule(aspectRatioProblem)),
  generateAudio: z.boolean(),
});
export type VideoOptions = z.infer<typeof videoOptionsSchema>;

export const videoRequestSchema = z.object({ ...videoOptionsSchema.shape, prompt: promptSchema });
/** What `submitVideo` accepts; the prompt is trimmed before sending. */
export type VideoRequest = z.input<typeof videoRequestSchema>;

// --- Responses as they arrive on the wire ----------------------------------------------------------

// Bounds on what one answer may put in storage. A value over them is refused as an invalid answer rather
// than cut: a cut URL or id would name a different file or job.
export const MAX_URL_LENGTH = 2048;
export const MAX_VIDEO_URLS = 10;
export const MAX_ID_LENGTH = 100;
export const MAX_STATUS_LENGTH = 100;

const tooLong = (max: number) => `longer than ${max} characters`;

/** A string of at most `max` characters; the issue says the limit. */
const boundedString = (max: number) => z.string().check(z.maxLength(max, tooLong(max)));

export const boundedUrl = boundedString(MAX_URL_LENGTH);

export const balanceResponseSchema = z.object({
  // z.number() already rejects NaN and ±Infinity; numeric strings are refused because the interface
  // promises a number and a string would hint at a different, unknown service.
  tokensBalance: z.number(),
});

export const imageResponseSchema = z.object({
  url: boundedUrl,
});

const nonEmptyId = boundedString(MAX_ID_LENGTH).check(z.minLength(1));

const statusWord = boundedString(MAX_STATUS_LENGTH);

// Entries that are not strings stay allowed: they are dropped later as unusable, like `javascript:` URLs.
// Duplicates are merged first so the limit counts files, not repetitions.
const videoUrlEntry = z.unknown().check(
  z.refine((value) => typeof value !== 'string' || value.length <= MAX_URL_LENGTH, {
    message: tooLong(MAX_URL_LENGTH),
  }),
);
const videoUrls = z.array(videoUrlEntry).check(
  z.overwrite((urls) => [...new Set(urls)]),
  z.maxLength(MAX_VIDEO_URLS),
);

export const videoSubmitResponseSchema = z.object({
  id: nonEmptyId,
  status: statusWord,
});

// The job record is only partly documented; `error`, `message` and `reason` are common ways servers
// explain a failure, so they are read when present but never required.
export const videoJobResponseSchema = z.object({
  id: z.optional(nonEmptyId),
  status: statusWord,
  videoUrls: z.nullish(videoUrls),
  error: z.optional(z.unknown()),
  message: z.optional(z.unknown()),
  reason: z.optional(z.unknown()),
});
export type VideoJobResponse = z.infer<typeof videoJobResponseSchema>;

// --- What the client returns --------------------------------------------------------------------------

export type NormalisedStatus = 'running' | 'completed' | 'failed';

export interface Balance {
  balance: number;
}

export interface ImageResult {
  url: string;
}

export interface VideoSubmission {
  id: string;
  status: NormalisedStatus;
  rawStatus: string;
}

export interface VideoJob {
  id: string;
  status: NormalisedStatus;
  rawStatus: string;
  videoUrls: string[];
  /** The service's reason for a failed job. */
  error?: string;
  /**
   * Set for a failed job without a reason of the service's: unusable URLs (the service's fault rather
   * than the generation's), or no result at all.
   */
  errorKind?: 'invalid_response' | 'no_result';
  /** For an `invalid_response` failure, the offending value, trimmed and named as such (`notHttpUrl`). */
  detail?: string;
}
