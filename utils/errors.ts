import * as z from 'zod/mini';
import { SERVICE_ERROR_KINDS, toErrorInfo as serviceErrorInfo } from './api/errors';

/** Every failure the UI can be told about; the UI words each kind in the person's language. */
export const errorKinds = [
  ...SERVICE_ERROR_KINDS,
  'not_configured',
  'no_permission',
  'invalid_request',
  'forbidden_sender',
  'interrupted',
  'job_failed',
  'job_timeout',
  'key_for_other_service',
  'storage_full',
  // The browser could not save a result; `detail` is its reason (e.g. SERVER_BAD_CONTENT, NETWORK_FAILED).
  'download_failed',
] as const;

export const errorInfoSchema = z.object({
  kind: z.enum(errorKinds),
  /** English wording, for logs and as the fallback where no translation exists. */
  message: z.string(),
  status: z.optional(z.number()),
  retryAfterMs: z.optional(z.number()),
  /** The service's own words (a text error body, a job's failure reason), trimmed. */
  detail: z.optional(z.string()),
  /** The balance at the time, attached to "not enough credits" so the person sees what they have. */
  balance: z.optional(z.number()),
});
export type ErrorInfo = z.infer<typeof errorInfoSchema>;
export type ErrorKind = ErrorInfo['kind'];

export class AppError extends Error {
  constructor(readonly info: ErrorInfo) {
    super(info.message);
    this.name = 'AppError';
  }
}

export function appError(kind: ErrorKind, message: string, extra: Omit<ErrorInfo, 'kind' | 'message'> = {}) {
  return new AppError({ kind, message, ...extra });
}

/**
 * The ways browsers word a storage.local write refused for quota: Chrome's callback error, the
 * polyfilled/Firefox DOMException, and the QUOTA_BYTES constant some builds quote.
 */
const QUOTA_PATTERN = /QUOTA_BYTES|QuotaExceededError|quota exceeded/i;

export function isQuotaError(error: unknown): boolean {
  if (error instanceof AppError) return error.info.kind === 'storage_full';
  if (error instanceof Error) return QUOTA_PATTERN.test(`${error.name} ${error.message}`);
  return typeof error === 'string' && QUOTA_PATTERN.test(error);
}

export const STORAGE_FULL_MESSAGE =
  "The browser's storage for this extension is full, so the result could not be saved.";

/** Any thrown value as an ErrorInfo: app errors keep their info, service errors their kind. */
export function toErrorInfo(error: unknown): ErrorInfo {
  if (error instanceof AppError) return error.info;
  if (isQuotaError(error)) return { kind: 'storage_full', message: STORAGE_FULL_MESSAGE };
  return serviceErrorInfo(error);
}
