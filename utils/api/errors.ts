import * as z from 'zod/mini';

export const SERVICE_ERROR_KINDS = [
  'unauthorized',
  'insufficient_credits',
  'rate_limited',
  'server_error',
  'http_error',
  'network',
  'timeout',
  // Cancelled by the caller's own signal; kept apart from `timeout` so a UI can stay silent about it.
  'aborted',
  'invalid_response',
  // The service answered with a 3xx; never followed, because the request carries the key.
  'redirect',
  // Refused locally before any request was sent (blank prompt, bad base URL, ...).
  'invalid_input',
  // Anything that is not a ServiceError, once passed through `toErrorInfo`.
  'unexpected',
] as const;

export const serviceErrorKindSchema = z.enum(SERVICE_ERROR_KINDS);
export type ServiceErrorKind = z.infer<typeof serviceErrorKindSchema>;

/** The plain, serialisable form of an error, safe to send through extension messaging or storage. */
export const serviceErrorSchema = z.object({
  kind: serviceErrorKindSchema,
  message: z.string(),
  status: z.optional(z.int()),
  retryAfterMs: z.optional(z.number().check(z.nonnegative())),
  detail: z.optional(z.string()),
});
export type ServiceErrorInfo = z.infer<typeof serviceErrorSchema>;

export interface ServiceErrorData {
  status?: number;
  retryAfterMs?: number;
  detail?: string;
  cause?: unknown;
}

export class ServiceError extends Error {
  override readonly name = 'ServiceError';
  readonly kind: ServiceErrorKind;
  readonly status?: number;
  readonly retryAfterMs?: number;
  readonly detail?: string;

  constructor(kind: ServiceErrorKind, message: string, data: ServiceErrorData = {}) {
    super(message, data.cause === undefined ? undefined : { cause: data.cause });
    this.kind = kind;
    if (data.status !== undefined) this.status = data.status;
    if (data.retryAfterMs !== undefined) this.retryAfterMs = data.retryAfterMs;
    if (data.detail !== undefined) this.detail = data.detail;
  }

  toJSON(): ServiceErrorInfo {
    return toErrorInfo(this);
  }
}

export function isServiceError(value: unknown): value is ServiceError {
  return value instanceof ServiceError;
}

/**
 * Any thrown value as a ServiceErrorInfo. Already-plain infos (e.g. received from another extension
 * context) pass through unchanged so this can be applied at every boundary without losing the kind.
 */
export function toErrorInfo(error: unknown): ServiceErrorInfo {
  if (isServiceError(error)) {
    const info: ServiceErrorInfo = { kind: error.kind, message: error.message };
    if (error.status !== undefined) info.status = error.status;
    if (error.retryAfterMs !== undefined) info.retryAfterMs = error.retryAfterMs;
    if (error.detail !== undefined) info.detail = error.detail;
    return info;
  }
  const plain = serviceErrorSchema.safeParse(error);
  if (plain.success) return plain.data;
  return { kind: 'unexpected', message: `Something unexpected went wrong: ${describeUnknown(error)}` };
}

function describeUnknown(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === 'string' && error !== '') return error;
  try {
    const json = JSON.stringify(error);
    if (json !== undefined) return json.length > 300 ? `${json.slice(0, 299)}…` : json;
  } catch {
    // Circular or otherwise unserialisable; fall through to String().
  }
  return String(error);
}
