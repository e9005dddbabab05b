import { AppError } from '../error-info';
import { type FailureWatch, isTlsFailure } from '../network-failure';
import { type TargetFailure, targetError } from './target';

export interface TargetDeps {
  fetch: typeof fetch;
  /** One request's limit, its body included; a PUT gets more for its size (`putTimeoutMs`). */
  timeoutMs: number;
  /** The clock requests are dated with (S3 signs the time): the platform's, a skewed one in a test. */
  now?: () => number;
  /** The browser's reason should a request fail, so a certificate is told apart from a dead address. */
  watchFailure?: ((url: URL) => FailureWatch) | undefined;
}

/** A PUT of `size` bytes may take this long: the base time-out, plus 1 s per 64 KB (a 64 KB/s line). */
export const putTimeoutMs = (timeoutMs: number, size: number) => timeoutMs + Math.ceil(size / 65_536) * 1000;

export interface TargetRequest {
  method: string;
  headers?: HeadersInit;
  body?: Blob | string;
  timeoutMs?: number;
}

/**
 * One request to a backup target, carrying its credentials: to this URL's origin and nowhere else, so a
 * redirect is refused, not followed. A time-out, a certificate and a network failure become their own
 * reasons.
 */
export async function targetFetch(deps: TargetDeps, url: URL, request: TargetRequest): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), request.timeoutMs ?? deps.timeoutMs);
  const watch = deps.watchFailure?.(url);
  try {
    const response = await deps.fetch(url, {
      method: request.method,
      ...(request.headers ? { headers: request.headers } : {}),
      ...(request.body !== undefined ? { body: request.body } : {}),
      signal: controller.signal,
      redirect: 'manual',
      credentials: 'omit',
      cache: 'no-store',
    });
    if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
      await response.body?.cancel();
      throw targetError('redirect', { status: response.status, url: url.href });
    }
    return response;
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (controller.signal.aborted) throw targetError('timeout', { url: url.href, cause: error });
    const reason = isTlsFailure(await watch?.cause(), url) ? 'tls' : 'unreachable';
    throw targetError(reason, { url: url.href, cause: error });
  } finally {
    clearTimeout(timer);
    watch?.stop();
  }
}

const STATUS_FAILURES: Record<number, TargetFailure> = {
  401: 'unauthorized',
  403: 'forbidden',
  404: 'missing',
  // WebDAV's answer to a PUT into a folder that is not there.
  409: 'missing',
  507: 'full',
};

/** An answer that is not the one asked for, as its reason: `reason` where the caller read a better one. */
export async function refuse(response: Response, url: URL, reason?: TargetFailure): Promise<never> {
  await response.body?.cancel().catch(() => undefined);
  throw targetError(reason ?? STATUS_FAILURES[response.status] ?? 'http', {
    status: response.status,
    url: url.href,
  });
}

/** The body, refused by its declared length or as soon as it passes `maxBytes`. */
export async function readBounded(
  response: Response,
  maxBytes: number,
  url: URL,
): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  const tooLarge = () => targetError('malformed', { status: response.status, url: url.href });
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw tooLarge();
  }
  let buffer = new Uint8Array(Number.isFinite(declared) ? declared : Math.min(maxBytes, 1 << 20));
  let size = 0;
  const reader = response.body?.getReader();
  for (;;) {
    const next = await reader?.read();
    if (!next || next.done) break;
    if (size + next.value.length > maxBytes) {
      await reader?.cancel();
      throw tooLarge();
    }
    if (size + next.value.length > buffer.length) {
      const grown = new Uint8Array(Math.min(maxBytes, Math.max(buffer.length * 2, size + next.value.length)));
      grown.set(buffer.subarray(0, size));
      buffer = grown;
    }
    buffer.set(next.value, size);
    size += next.value.length;
  }
  return buffer.slice(0, size);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** XML's escapes undone: S3 writes an ETag's quotes as `&quot;`, and a key or token may hold `&amp;`. */
const unescaped = (text: string) =>
  text.replace(/&(?:#(\d{1,7})|#x([0-9a-f]{1,6})|(amp|lt|gt|quot|apos));/gi, (whole, dec, hex, name) => {
    if (name) return ENTITIES[String(name).toLowerCase()] ?? whole;
    const code = dec ? Number(dec) : Number.parseInt(String(hex), 16);
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });

/** The text of an element in XML answers, whatever its namespace prefix: WebDAV's and S3's, read without a DOM. */
export const xmlText = (xml: string, name: string): string | undefined => {
  const text = new RegExp(`<(?:[\\w.-]+:)?${name}\\b[^>]*>([^<]*)<`).exec(xml)?.[1];
  return text === undefined ? undefined : unescaped(text).trim();
};

/** Each element of a kind, its inner XML, at most `max` + 1 of them (the caller refuses the one too many). */
export function xmlElements(xml: string, name: string, max: number): string[] {
  const pattern = new RegExp(`<(?:[\\w.-]+:)?${name}\\b[^>]*>([\\s\\S]*?)</(?:[\\w.-]+:)?${name}>`, 'g');
  const found: string[] = [];
  for (const match of xml.matchAll(pattern)) {
    found.push(match[1] ?? '');
    if (found.length > max) break;
  }
  return found;
}
