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

/** Any thrown value as an ErrorInfo: app errors keep their info, service errors their kind. */
export function toErrorInfo(error: unknown): ErrorInfo {
  return error instanceof AppError ? error.info : serviceErrorInfo(error);
}
