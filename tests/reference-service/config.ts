/**
 * Configuration of the reference service: its zod schemas (the single source of its types), the
 * defaults, and the parsing every partial config goes through, whether it comes from a test's
 * `configure()`, a control endpoint or the CLI's environment.
 */
import { type ZodError, z } from 'zod';

export const REDIRECT_STATUSES = [301, 302, 303, 307, 308] as const;

/**
 * In fault bodies, URL overrides and the job status override, this is replaced by the X-API-Key of the
 * request being answered: a service that echoes the key it was sent.
 */
export const API_KEY_PLACEHOLDER = '{{apiKey}}';

/** Image formats the service can answer in, each by its file extension. */
export const IMAGE_FORMATS = ['png', 'jpg', 'webp'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

export const DEMO_API_KEY = 'demo-key-1234';

const nonNegative = z.number({ error: 'must be a non-negative number' }).nonnegative({
  error: 'must be a non-negative number',
});
const nonNegativeInteger = z
  .number({ error: 'must be a non-negative integer' })
  .int({ error: 'must be a non-negative integer' })
  .nonnegative({ error: 'must be a non-negative integer' });
const stringMap = z.record(z.string(), z.string({ error: 'must be a string' }), {
  error: 'must be an object of strings',
});

const statusActionSchema = z.strictObject({
  type: z.literal('status'),
  status: z
    .number({ error: 'must be an HTTP status code' })
    .int({ error: 'must be an HTTP status code' })
    .min(100, { error: 'must be an HTTP status code' })
    .max(599, { error: 'must be an HTTP status code' }),
  body: z.string({ error: 'must be a string' }).optional(),
  headers: stringMap.optional(),
});

/** `location` is sent as is: an absolute URL (another host) or a path (the same origin). */
const redirectActionSchema = z.strictObject({
  type: z.literal('redirect'),
  status: z.literal(REDIRECT_STATUSES, { error: `must be one of ${REDIRECT_STATUSES.join(', ')}` }),
  location: z.string({ error: 'must be a non-empty string' }).min(1, { error: 'must be a non-empty string' }),
});

const faultActionSchema = z.discriminatedUnion(
  'type',
  [
    statusActionSchema,
    redirectActionSchema,
    z.strictObject({ type: z.literal('hang') }),
    /** Answered as without the fault, but only once the test calls `release()`: a state held while it looks. */
    z.strictObject({ type: z.literal('hold') }),
    z.strictObject({ type: z.literal('malformed') }),
    z.strictObject({ type: z.literal('html200') }),
    z.strictObject({ type: z.literal('latency'), ms: nonNegative }),
  ],
  { error: 'must be one of status, redirect, hang, hold, malformed, html200, latency' },
);

const faultRuleSchema = z.strictObject({
  /** Which requests: optional method and path prefix (e.g. '/v1/videos/'); neither = every interface request (never control/file paths). */
  method: z.string({ error: 'must be a string' }).optional(),
  pathPrefix: z.string({ error: 'must be a string' }).optional(),
  /** 0..1, default 1. */
  probability: z
    .number({ error: 'must be between 0 and 1' })
    .min(0, { error: 'must be between 0 and 1' })
    .max(1, { error: 'must be between 0 and 1' })
    .optional(),
  /** Apply to at most this many matching requests, then the rule expires. */
  count: nonNegativeInteger.optional(),
  action: faultActionSchema,
});

export type FaultRule = z.infer<typeof faultRuleSchema>;

/**
 * A fault for the files themselves, on the service's origin and the media origin alike: another answer
 * (a file of another type, an error) or a redirect, as a hostile or broken media host would send.
 */
const fileFaultRuleSchema = faultRuleSchema.extend({
  action: z.discriminatedUnion('type', [statusActionSchema, redirectActionSchema], {
    error: 'must be one of status, redirect',
  }),
});

export type FileFaultRule = z.infer<typeof fileFaultRuleSchema>;
export type FaultAction = FaultRule['action'];
export type RedirectStatus = (typeof REDIRECT_STATUSES)[number];

const swatchSchema = z
  .string({ error: 'must be a colour like #1a2b3c' })
  .regex(/^#[0-9a-f]{6}$/i, { error: 'must be a colour like #1a2b3c' });

/**
 * One model's own behaviour: what it charges, how long it takes and the colour its images carry, so a
 * comparison of models shows each result apart. A field left out is the service-wide value.
 */
const modelSchema = z.strictObject({
  imageCost: nonNegative.optional(),
  videoCost: nonNegative.optional(),
  /** Added to the service-wide latency for this model's requests. */
  latencyMs: nonNegative.optional(),
  videoDurationMs: nonNegative.optional(),
  /** The solid centre of this model's images; absent: a colour derived from the model id. */
  swatch: swatchSchema.optional(),
});

export type ModelConfig = z.infer<typeof modelSchema>;

const referenceConfigSchema = z.strictObject({
  accounts: z.record(z.string(), nonNegative, { error: 'must be an object of api key -> credits' }),
  /** Per model id (the request's `model` field); a model not listed is served with the service-wide values. */
  models: z.record(z.string(), modelSchema, { error: 'must be an object of model id -> model config' }),
  imageCost: nonNegative,
  videoCost: nonNegative,
  pathForms: z.enum(['both', 'v1', 'api'], { error: 'must be one of both, v1, api' }),
  videoDurationMs: nonNegative,
  latencyMs: nonNegative,
  faults: z.array(faultRuleSchema, { error: 'must be an array' }),
  fileFaults: z.array(fileFaultRuleSchema, { error: 'must be an array' }),
  imageUrlOverride: z.string().optional(),
  videoUrlOverride: z.array(z.string()).optional(),
  /** The status word of a job that has not finished yet, instead of queued/processing. */
  jobStatusOverride: z.string().optional(),
  extraFields: z.boolean({ error: 'must be a boolean' }),
  maxPromptLength: nonNegative,
  /** Makes fault probabilities reproducible: the same seed draws the same sequence (default Math.random). */
  faultSeed: nonNegativeInteger.optional(),
  /** Where result URLs point: the service's own origin (CORS open) or the second media origin (no CORS). */
  filesOrigin: z.enum(['service', 'media'], { error: 'must be one of service, media' }).optional(),
  /** Files whose URL was handed out longer ago than this answer 404; absent: kept forever. */
  fileRetentionMs: nonNegative.optional(),
  /** Videos are padded (still playable) to at least this many bytes, e.g. 20 MB for the bench. */
  videoMinBytes: nonNegative.optional(),
  /** File bodies are sent at about this rate (a slow line); absent: at once. */
  mediaBytesPerSec: z
    .number({ error: 'must be a positive number' })
    .positive({ error: 'must be a positive number' })
    .optional(),
  /** The format images are served in: PNG (the default), or JPEG or WebP, as many services answer. */
  imageFormat: z.enum(IMAGE_FORMATS, { error: `must be one of ${IMAGE_FORMATS.join(', ')}` }).optional(),
  /** Images carry a C2PA manifest in their format's place for it, as services that sign their output send. */
  c2paManifest: z.boolean({ error: 'must be a boolean' }).optional(),
  /** Range headers are ignored and every file answers 200 whole, as hosts without range support do. */
  mediaIgnoreRange: z.boolean({ error: 'must be a boolean' }).optional(),
  /** Files under these paths send their headers and then never a byte: a host that stalls. */
  mediaStallPaths: z.array(z.string()).optional(),
});

export type ReferenceConfig = z.infer<typeof referenceConfigSchema>;

/** null removes an override again: a JSON client has no other way to say "undefined". */
const removable = <T extends z.ZodType>(schema: T, error: string) =>
  z
    .union([schema, z.null()], { error })
    .transform((value) => value ?? undefined)
    .optional();

const configPatchSchema = referenceConfigSchema
  .extend({
    imageUrlOverride: removable(z.string(), 'must be a string'),
    videoUrlOverride: removable(z.array(z.string()), 'must be an array of strings'),
    jobStatusOverride: removable(z.string(), 'must be a string'),
    filesOrigin: removable(z.enum(['service', 'media']), 'must be one of service, media'),
    fileRetentionMs: removable(nonNegative, 'must be a non-negative number'),
    videoMinBytes: removable(nonNegative, 'must be a non-negative number'),
    mediaBytesPerSec: removable(z.number().positive(), 'must be a positive number'),
    mediaIgnoreRange: removable(z.boolean(), 'must be a boolean'),
    imageFormat: removable(z.enum(IMAGE_FORMATS), `must be one of ${IMAGE_FORMATS.join(', ')}`),
    c2paManifest: removable(z.boolean(), 'must be a boolean'),
    mediaStallPaths: removable(z.array(z.string()), 'must be an array of strings'),
  })
  .partial();

/** What a test or a control request may send: any subset of the config, with null to remove an override. */
export type ConfigPatch = z.input<typeof configPatchSchema>;

export function defaultConfig(): ReferenceConfig {
  return {
    accounts: { [DEMO_API_KEY]: 1000 },
    models: {},
    imageCost: 1,
    videoCost: 5,
    pathForms: 'both',
    videoDurationMs: 6000,
    latencyMs: 0,
    faults: [],
    fileFaults: [],
    extraFields: true,
    maxPromptLength: 4000,
  };
}

/**
 * The models `npm start` and `npm run serve` offer, so a comparison there shows three different images,
 * times and prices (one of them a fraction of a credit).
 */
export const DEMO_MODELS: Record<string, ModelConfig> = {
  'sketch-fast': { imageCost: 0.5, videoCost: 2, latencyMs: 300, videoDurationMs: 4000, swatch: '#2f80ed' },
  'studio-pro': {
    imageCost: 7.5,
    videoCost: 12.5,
    latencyMs: 2500,
    videoDurationMs: 12_000,
    swatch: '#eb5757',
  },
  'film-grain': { imageCost: 3, videoCost: 8, latencyMs: 1200, videoDurationMs: 8000, swatch: '#27ae60' },
};

/** Thrown for a partial config that cannot be applied; the message names each offending key. */
export class ConfigError extends Error {}

/** `faults[0].action.status must be one of …`: the path as a test would write it, then the problem. */
function describe(error: ZodError): string {
  return error.issues
    .map((issue) => {
      const where = issue.path.reduce<string>(
        (text, part) =>
          typeof part === 'number' ? `${text}[${part}]` : text ? `${text}.${String(part)}` : String(part),
        '',
      );
      const what =
        issue.code === 'unrecognized_keys'
          ? `unknown config key: ${issue.keys.map((key) => (where ? `${where}.${key}` : key)).join(', ')}`
          : `${where || 'config'} ${issue.message}`;
      return what;
    })
    .join('; ');
}

/**
 * Validates a partial config received as untrusted input. Unknown keys are rejected so a typo in an
 * e2e test fails loudly instead of silently testing the default behaviour.
 */
export function parseConfigPatch(value: unknown): Partial<ReferenceConfig> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value))
    throw new ConfigError('config must be a JSON object');
  const result = configPatchSchema.safeParse(value);
  if (!result.success) throw new ConfigError(describe(result.error));
  return result.data;
}
