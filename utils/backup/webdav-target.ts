import { AppError } from '../error-info';
import { bytesToBase64 } from '../keys/lock/base64';
import { type BackupTarget, type StoredObject, type TargetFailure, targetError } from './target';

/** A WebDAV folder: Nextcloud's or ownCloud's `remote.php/dav/files/<user>/<folder>/`, Synology's, Apache's. */
export interface WebdavConfig {
  url: string;
  username: string;
  password: string;
}

export interface TargetDeps {
  fetch: typeof fetch;
  /** One request's limit, its body included: a large PUT is given this per megabyte on top (`putTimeoutMs`). */
  timeoutMs: number;
}

/** What one listed object costs of a PROPFIND answer, at most, before the listing is refused as too large. */
const LISTING_BYTES_PER_OBJECT = 2048;

/** A PUT of `size` bytes may take this long: the base time-out, plus 1 s per 64 KB (a 64 KB/s line). */
export const putTimeoutMs = (timeoutMs: number, size: number) => timeoutMs + Math.ceil(size / 65_536) * 1000;

const STATUS_FAILURES: Record<number, TargetFailure> = {
  401: 'unauthorized',
  403: 'forbidden',
  404: 'missing',
  // A PUT into a folder that is not there.
  409: 'missing',
  413: 'full',
  507: 'full',
};

export function webdavTarget(config: WebdavConfig, deps: TargetDeps): BackupTarget {
  const folder = new URL(config.url.endsWith('/') ? config.url : `${config.url}/`);
  const authorization = `Basic ${bytesToBase64(new TextEncoder().encode(`${config.username}:${config.password}`))}`;
  const urlOf = (name: string) => new URL(encodeURIComponent(name), folder);

  async function request(
    method: string,
    url: URL,
    init: { body?: Blob | string; headers?: Record<string, string>; timeoutMs?: number } = {},
  ): Promise<Response> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), init.timeoutMs ?? deps.timeoutMs);
    try {
      const response = await deps.fetch(url, {
        method,
        headers: { Authorization: authorization, ...init.headers },
        ...(init.body !== undefined ? { body: init.body } : {}),
        signal: controller.signal,
        // The credentials go to this folder's origin and nowhere else: a redirect is refused, not followed.
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
      throw targetError('unreachable', { url: url.href, cause: error });
    } finally {
      clearTimeout(timer);
    }
  }

  /** Any answer but the ones `ok` names ends here, its body unread (it may be large, or say anything). */
  async function refuse(response: Response, url: URL): Promise<never> {
    await response.body?.cancel();
    const reason = STATUS_FAILURES[response.status] ?? 'http';
    throw targetError(reason, { status: response.status, url: url.href });
  }

  async function put(name: string, body: Blob): Promise<void> {
    const url = urlOf(name);
    const response = await request('PUT', url, {
      body,
      headers: { 'Content-Type': 'application/octet-stream' },
      timeoutMs: putTimeoutMs(deps.timeoutMs, body.size),
    });
    if (![200, 201, 204].includes(response.status)) await refuse(response, url);
    await response.body?.cancel();
  }

  async function get(name: string, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | undefined> {
    const url = urlOf(name);
    const response = await request('GET', url);
    if (response.status === 404) {
      await response.body?.cancel();
      return undefined;
    }
    if (response.status !== 200) return refuse(response, url);
    return readBounded(response, maxBytes, url);
  }

  async function remove(name: string): Promise<void> {
    const url = urlOf(name);
    const response = await request('DELETE', url);
    // Already gone is what was asked for.
    if (![200, 204, 404].includes(response.status)) await refuse(response, url);
    await response.body?.cancel();
  }

  async function list(maxCount: number): Promise<StoredObject[]> {
    const response = await request('PROPFIND', folder, {
      headers: { Depth: '1', 'Content-Type': 'application/xml; charset=utf-8' },
      body: '<?xml version="1.0" encoding="utf-8"?><propfind xmlns="DAV:"><prop><resourcetype/><getcontentlength/></prop></propfind>',
    });
    if (response.status !== 207) return refuse(response, folder);
    const body = await readBounded(response, (maxCount + 1) * LISTING_BYTES_PER_OBJECT + 65_536, folder);
    return listedObjects(new TextDecoder().decode(body), folder, maxCount);
  }

  async function check(): Promise<void> {
    const found = await request('PROPFIND', folder, { headers: { Depth: '0' } });
    if (found.status !== 207) await refuse(found, folder);
    await found.body?.cancel();
    // Written, read back and removed: a folder that lists but refuses writes fails here, not mid-backup.
    const probe = `check-${bytesToBase64(globalThis.crypto.getRandomValues(new Uint8Array(9))).replace(/[+/]/g, '_')}`;
    const bytes = globalThis.crypto.getRandomValues(new Uint8Array(32));
    await put(probe, new Blob([bytes]));
    const back = await get(probe, 64);
    await remove(probe);
    if (!back || bytesToBase64(back) !== bytesToBase64(bytes))
      throw targetError('malformed', { url: folder.href });
  }

  return { check, put, get, list, remove };
}

/** The body, refused by its declared length or as soon as it passes `maxBytes`. */
async function readBounded(response: Response, maxBytes: number, url: URL): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  const tooLarge = () => targetError('malformed', { status: response.status, url: url.href });
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw tooLarge();
  }
  const out = new Uint8Array(Number.isFinite(declared) ? declared : Math.min(maxBytes, 1 << 20));
  let buffer = out;
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

const tag = (name: string) => `<(?:[\\w.-]+:)?${name}\\b[^>]*>`;
const RESPONSE = new RegExp(`${tag('response')}([\\s\\S]*?)</(?:[\\w.-]+:)?response>`, 'g');
const HREF = new RegExp(`${tag('href')}([^<]*)<`);
const LENGTH = new RegExp(`${tag('getcontentlength')}\\s*(\\d{1,15})\\s*<`);
const COLLECTION = /<(?:[\w.-]+:)?collection\b/;

/**
 * The objects of a PROPFIND multistatus, without a DOM parser (a service worker has none): each response's
 * href and length, the folder itself and any subfolder left out. Names are the last path segment, decoded.
 */
export function listedObjects(xml: string, folder: URL, maxCount: number): StoredObject[] {
  const objects: StoredObject[] = [];
  for (const [, inner = ''] of xml.matchAll(RESPONSE)) {
    if (COLLECTION.test(inner)) continue;
    const href = HREF.exec(inner)?.[1]?.trim();
    if (!href) continue;
    let path: string;
    let name: string;
    try {
      path = new URL(href.replaceAll('&amp;', '&'), folder).pathname;
      name = decodeURIComponent(path.slice(folder.pathname.length));
    } catch {
      continue;
    }
    if (!path.startsWith(folder.pathname) || path === folder.pathname) continue;
    if (name.includes('/')) continue;
    if (objects.length === maxCount) throw targetError('malformed', { url: folder.href });
    objects.push({ name, size: Number(LENGTH.exec(inner)?.[1] ?? 0) });
  }
  return objects;
}
