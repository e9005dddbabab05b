import { parseHttpUrl } from './http-url';
import { collapseWhitespace } from './text';

/**
 * Input rules as plain functions, so the popup can check a form inline without shipping zod, and the
 * background's zod schemas apply the very same rules before anything is sent.
 */

export const MAX_PROMPT_LENGTH = 4000;
export const DURATION_RANGE = { min: 1, max: 60 } as const;

/**
 * Number settings and their allowed ranges, shared by the options form and the settings schema: whole
 * numbers, but for amounts of credits (`credits`), which are exact to the thousandth (spend/credits.ts).
 */
export const NUMBER_LIMITS = {
  pollIntervalSec: { min: 1, max: 600 },
  jobTimeoutMin: { min: 1, max: 24 * 60 },
  requestTimeoutSec: { min: 2, max: 300 },
  /** An image is one synchronous request that may take minutes; half an hour is already generous. */
  imageTimeoutSec: { min: 2, max: 1800 },
  /** Space for kept copies, in MB: from one small video up to what a generous disk spares. */
  copyCapMb: { min: 50, max: 100 * 1024 },
  /** Entries the history keeps before the oldest are offered for removal. */
  historyLimit: { min: 100, max: 50_000 },
  /** The optional rule: finished, unstarred results older than this many days go by themselves (0: never). */
  historyDropAfterDays: { min: 0, max: 3650 },
  /** Above this many prompts (a batch or variations) the form asks before spending on all of them. */
  confirmBatchAbove: { min: 1, max: 100 },
  /** Credits this extension may spend per calendar day and month; 0: no budget. */
  dailyBudget: { min: 0, max: 1_000_000_000, credits: true },
  monthlyBudget: { min: 0, max: 1_000_000_000, credits: true },
  /** A balance falling below this is told once; 0: never. */
  lowBalanceBelow: { min: 0, max: 1_000_000_000, credits: true },
} as const;

/** Whether a number setting is an amount of credits (fractions allowed) rather than a whole number. */
export const isCreditsField = (field: keyof typeof NUMBER_LIMITS): boolean =>
  'credits' in NUMBER_LIMITS[field];

export type Problem =
  | { code: 'prompt_empty' }
  | { code: 'prompt_too_long'; length: number; max: number }
  | { code: 'duration_invalid'; min: number; max: number }
  | { code: 'resolution_invalid' }
  | { code: 'aspect_ratio_invalid' }
  | { code: 'base_url_invalid' }
  | { code: 'base_url_insecure' }
  | { code: 'model_field_invalid' }
  | { code: 'model_id_invalid'; max: number }
  | { code: 'model_id_twice'; id: string }
  | { code: 'model_name_invalid'; max: number }
  | { code: 'api_key_empty' }
  | { code: 'api_key_unsendable' }
  | { code: 'batch_too_many'; count: number; max: number }
  | { code: 'compare_too_many'; prompts: number; models: number; count: number; max: number }
  | { code: 'batch_line_too_long'; line: number; length: number; max: number }
  | { code: 'variations_unbalanced' }
  | { code: 'variations_too_many'; count: number; max: number }
  | { code: 'variations_too_deep'; max: number }
  | { code: 'file_name_placeholder_unknown'; placeholder: string; known: string }
  | { code: 'file_name_template_length'; max: number };

/** Selected page text arrives with layout whitespace; a prompt wants it as one clean line. */
export function cleanPrompt(text: string): string {
  return collapseWhitespace(text);
}

export function promptProblem(prompt: string): Problem | undefined {
  const cleaned = prompt.trim();
  if (cleaned.length === 0) return { code: 'prompt_empty' };
  if (cleaned.length > MAX_PROMPT_LENGTH)
    return { code: 'prompt_too_long', length: cleaned.length, max: MAX_PROMPT_LENGTH };
  return undefined;
}

export function durationProblem(duration: number): Problem | undefined {
  return Number.isInteger(duration) && duration >= DURATION_RANGE.min && duration <= DURATION_RANGE.max
    ? undefined
    : { code: 'duration_invalid', ...DURATION_RANGE };
}

export function resolutionProblem(resolution: string): Problem | undefined {
  return /^\d{3,4}p$/.test(resolution) ? undefined : { code: 'resolution_invalid' };
}

export function aspectRatioProblem(aspectRatio: string): Problem | undefined {
  const match = /^(\d{1,2}):(\d{1,2})$/.exec(aspectRatio);
  return match && Number(match[1]) > 0 && Number(match[2]) > 0 ? undefined : { code: 'aspect_ratio_invalid' };
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname);
}

/** The key travels in a header, so plain http is allowed only where it never leaves the machine. */
export function baseUrlProblem(value: string): Problem | undefined {
  const url = parseHttpUrl(value);
  if (!url || url.username || url.password || url.search || url.hash) return { code: 'base_url_invalid' };
  if (url.protocol === 'https:' || isLoopbackHost(url.hostname)) return undefined;
  return { code: 'base_url_insecure' };
}

/**
 * Whether the extension can talk to a service: it needs the service's URL and a key for it. The popup asks
 * with the key status (`keyStatusItem.set`), the background with the key it holds.
 */
export function isConfigured(baseUrl: string, hasKey: boolean): boolean {
  return baseUrl.trim() !== '' && hasKey;
}

/** Canonical form: no trailing slash, so path joins and per-URL caches agree. */
export function normaliseBaseUrl(value: string): string {
  const url = new URL(value.trim());
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

export function modelFieldProblem(field: string): Problem | undefined {
  return /^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(field) ? undefined : { code: 'model_field_invalid' };
}

/** What a file name template may hold between braces (utils/downloads/file-name.ts fills them in). */
export const FILE_NAME_PLACEHOLDERS = ['date', 'time', 'prompt', 'kind', 'model', 'n'] as const;
export const MAX_FILE_NAME_TEMPLATE = 120;

/** A template of 1 to 120 characters whose every `{…}` is a known placeholder, with no brace left alone. */
export function fileNameTemplateProblem(template: string): Problem | undefined {
  if (template.length === 0 || template.length > MAX_FILE_NAME_TEMPLATE)
    return { code: 'file_name_template_length', max: MAX_FILE_NAME_TEMPLATE };
  const known: readonly string[] = FILE_NAME_PLACEHOLDERS;
  const unknown = (placeholder: string): Problem => ({
    code: 'file_name_placeholder_unknown',
    placeholder,
    known: FILE_NAME_PLACEHOLDERS.map((item) => `{${item}}`).join(' '),
  });
  for (const [placeholder, name] of template.matchAll(/\{([^{}]*)\}/g)) {
    if (!known.includes(name ?? '')) return unknown(placeholder);
  }
  // A brace left open or closed alone is a placeholder mistyped, not text meant for the name.
  const stray = /[{}][^{}\s]*/.exec(template.replace(/\{[^{}]*\}/g, ''))?.[0];
  return stray === undefined ? undefined : unknown(stray);
}

/**
 * The key travels in an HTTP header: control characters, line breaks and anything outside printable
 * ASCII either make fetch throw or would be mangled on the way, so such a key is refused where it is typed.
 */
export function isSendableKey(key: string): boolean {
  return /^[\x20-\x7e]+$/.test(key);
}

/** Surrounding whitespace is what copying a key usually adds, so it is trimmed before the check. */
export function apiKeyProblem(value: string): Problem | undefined {
  const key = value.trim();
  return key === '' || isSendableKey(key) ? undefined : { code: 'api_key_unsendable' };
}
