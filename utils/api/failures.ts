import { AppError } from '../error-info';
import { collapseWhitespace, truncate } from '../text';
import type { KeyRedactor } from './redact';
import { parseRetryAfter } from './retry-after';
import { summariseBody } from './text';

/** The failures a request can end in before a usable answer: unreachable, redirected, refused. */

export function networkError(error: unknown): AppError {
  return new AppError('network', { detail: networkDetail(error), cause: error });
}

// Node's fetch hides the useful part ("ECONNREFUSED", "bad port") in `cause`; browsers give only
// "Failed to fetch".
function networkDetail(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const cause = error.cause;
  if (cause instanceof Error) {
    const code = 'code' in cause && typeof cause.code === 'string' ? cause.code : undefined;
    return truncate(collapseWhitespace(code !== undefined ? `${code}: ${cause.message}` : cause.message));
  }
  return error.message === '' ? undefined : truncate(collapseWhitespace(error.message));
}

// The statuses fetch treats as redirects; a browser reports them, in manual mode, as an opaque
// response of status 0, Node as the 3xx itself.
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export function isRedirect(response: Response): boolean {
  return response.type === 'opaqueredirect' || REDIRECT_STATUSES.has(response.status);
}

/** Long enough to recognise an address, short enough for a sentence. */
const MAX_TARGET_LENGTH = 200;

export function redirectError(response: Response, requestUrl: string, redactor: KeyRedactor): AppError {
  const location = response.headers.get('location');
  let target: string | undefined;
  if (location !== null && location.trim() !== '') {
    let resolved = location.trim();
    try {
      resolved = new URL(resolved, requestUrl).href;
    } catch {
      // Not a URL at all; the raw value still tells the person what the service said.
    }
    target = truncate(collapseWhitespace(redactor.redact(resolved)), MAX_TARGET_LENGTH);
  }
  return new AppError('redirect', {
    ...(response.status === 0 ? {} : { status: response.status }),
    ...(target === undefined ? {} : { detail: target }),
  });
}

// The interface documents no error bodies or codes besides 401 (section 7), so insufficient credits is
// also recognised from the wording servers typically use.
const INSUFFICIENT_CREDITS =
  /\b(insufficient|not[\s_-]*enough|no[\s_-]*(remaining|more))[\s_-]*(\w+[\s_-]+){0,2}?(credits?|tokens?|balance|funds)\b|\b(credits?|tokens?|balance)[\s_-]+(is[\s_-]+)?(too[\s_-]+low|insufficient|exhausted)\b/i;

/** Whether an error body says the account lacks credits, in the words servers commonly use. */
export function mentionsInsufficientCredits(text: string): boolean {
  return INSUFFICIENT_CREDITS.test(text);
}

export function errorForStatus(response: Response, text: string, redactor: KeyRedactor): AppError {
  const status = response.status;
  const detail = summariseBody(text, response.headers.get('content-type'), redactor.redact);
  const data = { status, detail };

  if (status === 401) {
    return new AppError('unauthorized', data);
  }
  if (
    status === 402 ||
    (status >= 400 && status < 500 && status !== 429 && mentionsInsufficientCredits(text))
  ) {
    return new AppError('insufficient_credits', data);
  }
  if (status === 429) {
    return new AppError('rate_limited', {
      ...data,
      retryAfterMs: parseRetryAfter(response.headers.get('retry-after')),
    });
  }
  if (status >= 500) {
    // 503 often carries Retry-After too; keeping it lets a caller wait the right amount.
    const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
    return new AppError('server_error', { ...data, retryAfterMs });
  }
  return new AppError('http_error', data);
}
