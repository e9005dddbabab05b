import { z } from 'zod';
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
] as const;

export const errorInfoSchema = z.object({
  kind: z.enum(errorKinds),
  /** English wording, for logs and as the fallback where no translation exists. */
  message: z.string(),
  status: z.number().optional(),
  retryAfterMs: z.number().optional(),
  /** The service's own words (a text error body, a job's failure reason), trimmed. */
  detail: z.string().optional(),
  /** The balance at the time, attached to "not enough credits" so the person sees what they have. */
  balance: z.number().optional(),
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
