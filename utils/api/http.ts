import { AppError } from '../error-info';
import { parseSuccessBody, readText } from './body';
import { errorForStatus, isRedirect, networkError, redirectError } from './failures';
import type { KeyRedactor } from './redact';
import { joinUrl } from './urls';

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
  /** This request's own time-out, instead of the transport's. */
  timeoutMs?: number;
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

  const abort = linkAbort(spec.timeoutMs ?? transport.timeoutMs, [transport.signal, spec.signal]);
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
    throw tried(abort.classify(error), transport.redactor.redact(url));
  } finally {
    abort.dispose();
  }
}

/** Names the address that failed, so a diagnosis can say what was tried. */
function tried(error: AppError, url: string): AppError {
  if (error.info.url === undefined) Object.assign(error.info, { url });
  return error;
}

interface LinkedAbort {
  signal: AbortSignal;
  classify(error: unknown): AppError;
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
    classify(error) {
      if (error instanceof AppError) return error;
      if (timedOut) return new AppError('timeout', { cause: error });
      if (signals.some((signal) => signal.aborted)) {
        return new AppError('aborted', { cause: error });
      }
      return networkError(error);
    },
    dispose() {
      clearTimeout(timer);
      for (const signal of signals) signal.removeEventListener('abort', onAbort);
    },
  };
}
