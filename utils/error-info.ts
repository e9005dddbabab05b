// Type-only: erased at build time, so pages importing this module ship no zod.
import type { ErrorInfo, ErrorKind } from './errors';

export type { ErrorInfo, ErrorKind };

/** Every failure the UI can be told about; the UI words each kind in the person's language. */
export const ERROR_KINDS = [
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
  // Anything that is not an AppError, once passed through `toErrorInfo`.
  'unexpected',
  'not_configured',
  'no_permission',
  'invalid_request',
  'forbidden_sender',
  'interrupted',
  // A batch prompt the person cancelled before it was sent: nothing was asked of the service.
  'cancelled',
  'job_failed',
  // The service finished without a result or a reason (a job without video URLs, an empty image URL):
  // section 7 of the interface points that at the model id, the prompt or the credit balance.
  'no_result',
  'job_timeout',
  'key_for_other_service',
  'storage_full',
  // The browser could not save a result; `detail` is its reason (e.g. SERVER_BAD_CONTENT, NETWORK_FAILED).
  'download_failed',
  // A result file the extension refused to keep: a redirect elsewhere, or a private address; `detail` says which.
  'unsafe_media',
  // The profile a job or request belonged to was deleted: nothing more is sent for it.
  'profile_deleted',
  // The person removed a request's history entry while it ran: its result has nowhere to go.
  'entry_removed',
  // A locked secret did not open: the passphrase is wrong or the sealed data was altered, which AES-GCM
  // cannot tell apart; `detail` is 'malformed' when the envelope failed its schema before any decryption.
  'wrong_passphrase',
  // The keys are under a passphrase lock and not unlocked: nothing that needs a key is sent.
  'locked',
  // A generation that would take a budget the person set past its limit; `budget` says which and by how much.
  'over_budget',
  // The browser has neither Chrome's side panel nor Firefox's sidebar to open.
  'no_side_panel',
  // A backup target (WebDAV, S3) refused or failed; `detail` is the reason (utils/backup/target.ts).
  'backup',
] as const;

type ErrorData = Omit<ErrorInfo, 'kind' | 'message'> & { cause?: unknown };

/** The one error class: whatever fails in the extension throws this, carrying the serialisable info. */
export class AppError extends Error {
  override readonly name = 'AppError';
  readonly info: ErrorInfo;

  /**
   * Most kinds are worded for the person from the kind and its fields alone (describeError, in their
   * language): their message is the kind. `invalid_input`, `invalid_request` and `unexpected` carry the
   * English words that say what was wrong.
   */
  constructor(kind: ErrorKind, data?: ErrorData);
  constructor(kind: ErrorKind, message: string, data?: ErrorData);
  constructor(kind: ErrorKind, words?: string | ErrorData, more: ErrorData = {}) {
    const [message, data] = typeof words === 'string' ? [words, more] : [kind, words ?? {}];
    const { cause, ...extra } = data;
    super(message, cause === undefined ? undefined : { cause });
    this.info = { kind, message };
    // Absent rather than undefined, so the info compares and serialises the same after a round trip.
    for (const [field, value] of Object.entries(extra)) {
      if (value !== undefined) Object.assign(this.info, { [field]: value });
    }
  }

  /** Rethrows an info received from elsewhere (a reply, a stored entry) as an error. */
  static from(info: ErrorInfo): AppError {
    const { kind, message, ...extra } = info;
    return new AppError(kind, message, extra);
  }

  toJSON(): ErrorInfo {
    return this.info;
  }
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

export function storageFullError(cause?: unknown): AppError {
  return new AppError('storage_full', { cause });
}

/**
 * Any thrown value as an ErrorInfo: app errors keep their info. An info from another extension context
 * never arrives plain: a page rethrows a reply's as an AppError (messaging/send.ts).
 */
export function toErrorInfo(error: unknown): ErrorInfo {
  if (error instanceof AppError) return error.info;
  if (isQuotaError(error)) return storageFullError(error).info;
  // describeError says it went wrong ("Something went wrong: …"): the message is only what went wrong.
  return { kind: 'unexpected', message: describeUnknown(error) };
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
