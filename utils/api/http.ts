import { AppError } from '../error-info';
import { collapseWhitespace, truncate } from '../text';
import type { KeyRedactor } from './redact';
import { parseRetryAfter } from './retry-after';
import { looksLikeHtml, summariseBody } from './text';
import { joinUrl } from './urls';

/** Successful answers larger than this are refused: none of the documented responses comes close. */
export const MAX_RESPONSE_BYTES = 1024 * 1024;
// Error bodies only feed a 300-character summary, so there is no point reading much of them.
const MAX_ERROR_BODY_BYTES = 64 * 1024;

export interface Transport {
  fetch: typeof fetch;
  baseUrl: URL;
  apiKey: string;
  /** Built for `apiKey`: every piece of service text passes through it before it leaves this module. */
  redactor: KeyRedactor;
  timeoutMs: number;
  signal?: AbortSignal;
}

export interface RequestSpec {
  method: 'GET' | 'POST';
  path: string;
  body?: Record<string, unknown>;
  signal?: AbortSignal;
}

/**
 * Performs one request and returns the parsed JSON body of a 2xx answer; every other outcome becomes a
 * ServiceError. The timeout covers reading the body too, so a server that stalls mid-body cannot hang
 * the caller.
 */
export async function requestJson(transport: Transport, spec: RequestSpec): Promise<unknown> {
  const url = joinUrl(transport.baseUrl, spec.path);
  const headers: Record<string, string> = { Accept: 'application/json', 'X-API-Key': transport.apiKey };
  let body: string | undefined;
  if (spec.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(spec.body);
  }

  const abort = linkAbort(transport.timeoutMs, [transport.signal, spec.signal]);
  try {
    const response = await transport.fetch(url, {
      method: spec.method,
      headers,
      body,
      signal: abort.signal,
      // Authentication is by key only; ambient cookies for the service's site must not ride along.
      credentials: 'omit',
      // Balances and job states change between calls; an HTTP cache must never answer for the service.
      cache: 'no-store',
      // Fetch would follow a redirect to any host and send X-API-Key along (it strips only
      // Authorization). A browser hides where a manual redirect points, so even a same-origin one
      // cannot be proven to keep the key at home: every redirect is refused.
      redirect: 'manual',
    });
    if (isRedirect(response)) {
      void response.body?.cancel().catch(() => undefined);
      throw redirectError(response, url, transport.redactor);
    }
    if (response.status < 200 || response.status > 299) {
      const { text } = await readText(response, MAX_ERROR_BODY_BYTES);
      throw errorForStatus(response, transport.redactor.redact(text), transport.redactor);
    }
    return await parseSuccessBody(response, transport.redactor);
  } catch (error) {
    throw abort.classify(error, transport);
  } finally {
    abort.dispose();
  }
}

interface LinkedAbort {
  signal: AbortSignal;
  classify(error: unknown, transport: Transport): AppError;
  dispose(): void;
}

/**
 * One controller fed by our timer and the callers' signals. A hand-made link is used rather than
 * AbortSignal.any/timeout so that the cause of an abort is known exactly and no listener outlives the
 * request.
 */
function linkAbort(timeoutMs: number, external: readonly (AbortSignal | undefined)[]): LinkedAbort {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new Error(`Timed out after ${timeoutMs} ms`));
  }, timeoutMs);
  const signals = external.filter((signal): signal is AbortSignal => signal !== undefined);
  const onAbort = (event: Event): void => {
    const source = event.target;
    controller.abort(source instanceof AbortSignal ? source.reason : undefined);
  };
  for (const signal of signals) {
    if (signal.aborted) controller.abort(signal.reason);
    else signal.addEventListener('abort', onAbort, { once: true });
  }

  return {
    signal: controller.signal,
    classify(error, transport) {
      if (error instanceof AppError) return error;
      if (timedOut) {
        return new AppError('timeout', `The service did not answer within ${formatSeconds(timeoutMs)} s.`, {
          cause: error,
        });
      }
      if (signals.some((signal) => signal.aborted)) {
        return new AppError('aborted', 'The request was cancelled.', { cause: error });
      }
      return networkError(error, transport.baseUrl);
    },
    dispose() {
      clearTimeout(timer);
      for (const signal of signals) signal.removeEventListener('abort', onAbort);
    },
  };
}

function networkError(error: unknown, baseUrl: URL): AppError {
  return new AppError(
    'network',
    `Could not reach the service at ${baseUrl.origin}. Check the service URL, your connection, and that ` +
      'the extension is allowed to access that site.',
    { detail: networkDetail(error), cause: error },
  );
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

function isRedirect(response: Response): boolean {
  return response.type === 'opaqueredirect' || REDIRECT_STATUSES.has(response.status);
}

/** Long enough to recognise an address, short enough for a sentence. */
const MAX_TARGET_LENGTH = 200;

function redirectError(response: Response, requestUrl: string, redactor: KeyRedactor): AppError {
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
  return new AppError(
    'redirect',
    `The service answered with a redirect to ${target ?? 'another address'}; check the service URL.`,
    {
      ...(response.status === 0 ? {} : { status: response.status }),
      ...(target === undefined ? {} : { detail: target }),
    },
  );
}

function formatSeconds(ms: number): string {
  return String(Number((ms / 1000).toFixed(2)));
}

async function parseSuccessBody(response: Response, redactor: KeyRedactor): Promise<unknown> {
  const declared = Number(response.headers.get('content-length'));
  const { text, overLimit } =
    declared > MAX_RESPONSE_BYTES
      ? { text: '', overLimit: true }
      : await readText(response, MAX_RESPONSE_BYTES);
  if (overLimit) {
    if (declared > MAX_RESPONSE_BYTES) void response.body?.cancel().catch(() => undefined);
    throw new AppError(
      'invalid_response',
      `The service's answer is larger than ${MAX_RESPONSE_BYTES / (1024 * 1024)} MB, far beyond any expected answer.`,
      { status: response.status },
    );
  }
  const contentType = response.headers.get('content-type');
  if (text.trim() === '') {
    throw new AppError(
      'invalid_response',
      `The service answered with an empty body (HTTP ${response.status}).`,
      {
        status: response.status,
      },
    );
  }
  if (looksLikeHtml(text, contentType)) {
    throw new AppError(
      'invalid_response',
      `The service answered with an HTML page instead of JSON (HTTP ${response.status}). The service URL may ` +
        'point at a website rather than the API.',
      { status: response.status, detail: summariseBody(redactor.redact(text), contentType, redactor.redact) },
    );
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError(
      'invalid_response',
      `The service answered with something that is not JSON (HTTP ${response.status}).`,
      {
        status: response.status,
        detail: truncate(redactor.redact(collapseWhitespace(redactor.redact(text)))),
      },
    );
  }
}

/** Reads at most `limit` bytes of the body as UTF-8; `overLimit` says whether there was more. */
async function readText(response: Response, limit: number): Promise<{ text: string; overLimit: boolean }> {
  if (response.body === null) return { text: '', overLimit: false };
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const room = limit - size;
    size += value.byteLength;
    if (value.byteLength > room) {
      text += decoder.decode(value.subarray(0, room));
      // Not awaited: a misbehaving server must not be able to stall us while we give up on it.
      void reader.cancel().catch(() => undefined);
      return { text, overLimit: true };
    }
    text += decoder.decode(value, { stream: true });
  }
  return { text: text + decoder.decode(), overLimit: false };
}

// The interface documents no error bodies or codes besides 401 (section 7), so insufficient credits is
// also recognised from the wording servers typically use.
const INSUFFICIENT_CREDITS =
  /\b(insufficient|not[\s_-]*enough|no[\s_-]*(remaining|more))[\s_-]*(\w+[\s_-]+){0,2}?(credits?|tokens?|balance|funds)\b|\b(credits?|tokens?|balance)[\s_-]+(is[\s_-]+)?(too[\s_-]+low|insufficient|exhausted)\b/i;

/** Whether an error body says the account lacks credits, in the words servers commonly use. */
export function mentionsInsufficientCredits(text: string): boolean {
  return INSUFFICIENT_CREDITS.test(text);
}

function errorForStatus(response: Response, text: string, redactor: KeyRedactor): AppError {
  const status = response.status;
  const detail = summariseBody(text, response.headers.get('content-type'), redactor.redact);
  const data = { status, detail };

  if (status === 401) {
    return new AppError(
      'unauthorized',
      'The service rejected the API key (401). Check the key in the options.',
      data,
    );
  }
  if (
    status === 402 ||
    (status >= 400 && status < 500 && status !== 429 && mentionsInsufficientCredits(text))
  ) {
    return new AppError(
      'insufficient_credits',
      withDetail(
        `The account does not have enough credits for this request (HTTP ${status}). Buy credits in the ` +
          "account area of the service's website.",
        detail,
      ),
      data,
    );
  }
  if (status === 429) {
    const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
    const when =
      retryAfterMs === undefined ? 'Try again later.' : `Try again in ${formatWait(retryAfterMs)}.`;
    return new AppError('rate_limited', `The service is receiving too many requests (HTTP 429). ${when}`, {
      ...data,
      retryAfterMs,
    });
  }
  if (status >= 500) {
    // 503 often carries Retry-After too; keeping it lets a caller wait the right amount.
    const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
    return new AppError(
      'server_error',
      withDetail(`The service had an internal problem (HTTP ${status}). Try again later.`, detail),
      { ...data, retryAfterMs },
    );
  }
  return new AppError(
    'http_error',
    withDetail(`The service refused the request (HTTP ${status}).`, detail),
    data,
  );
}

function withDetail(message: string, detail: string | undefined): string {
  return detail === undefined ? message : `${message} The service said: ${detail}`;
}

function formatWait(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  if (seconds < 120) return `${seconds} s`;
  return `${Math.ceil(seconds / 60)} min`;
}
