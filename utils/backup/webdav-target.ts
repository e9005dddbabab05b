import { bytesToBase64 } from '../keys/lock/base64';
import { type BackupTarget, type StoredObject, targetError } from './target';
import {
  putTimeoutMs,
  readBounded,
  refuse,
  type TargetDeps,
  type TargetRequest,
  targetFetch,
  xmlElements,
  xmlText,
} from './target-http';

/** A WebDAV folder: Nextcloud's or ownCloud's `remote.php/dav/files/<user>/<folder>/`, Synology's, Apache's. */
export interface WebdavConfig {
  url: string;
  username: string;
  password: string;
}

/** What one listed object may take of a PROPFIND answer before the listing is refused as too large. */
const LISTING_BYTES_PER_OBJECT = 2048;

const PROPFIND_BODY =
  '<?xml version="1.0" encoding="utf-8"?><propfind xmlns="DAV:"><prop><resourcetype/><getcontentlength/></prop></propfind>';

export function webdavTarget(config: WebdavConfig, deps: TargetDeps): BackupTarget {
  const folder = new URL(config.url.endsWith('/') ? config.url : `${config.url}/`);
  const credentials = new TextEncoder().encode(`${config.username}:${config.password}`);
  const authorization = `Basic ${bytesToBase64(credentials)}`;
  const urlOf = (name: string) => new URL(encodeURIComponent(name), folder);
  const send = (url: URL, { headers, ...request }: TargetRequest) =>
    targetFetch(deps, url, { ...request, headers: { Authorization: authorization, ...headers } });

  async function put(name: string, body: Blob): Promise<void> {
    const url = urlOf(name);
    const response = await send(url, {
      method: 'PUT',
      body,
      headers: { 'Content-Type': 'application/octet-stream' },
      timeoutMs: putTimeoutMs(deps.timeoutMs, body.size),
    });
    if (![200, 201, 204].includes(response.status)) await refuse(response, url);
    await response.body?.cancel();
  }

  async function get(name: string, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | undefined> {
    const url = urlOf(name);
    const response = await send(url, { method: 'GET' });
    if (response.status === 404) {
      await response.body?.cancel();
      return undefined;
    }
    if (response.status !== 200) return refuse(response, url);
    return readBounded(response, maxBytes, url);
  }

  async function remove(name: string): Promise<void> {
    const url = urlOf(name);
    const response = await send(url, { method: 'DELETE' });
    // Already gone is what was asked for.
    if (![200, 204, 404].includes(response.status)) await refuse(response, url);
    await response.body?.cancel();
  }

  async function list(maxCount: number): Promise<StoredObject[]> {
    const response = await send(folder, {
      method: 'PROPFIND',
      headers: { Depth: '1', 'Content-Type': 'application/xml; charset=utf-8' },
      body: PROPFIND_BODY,
    });
    if (response.status !== 207) return refuse(response, folder);
    const body = await readBounded(response, (maxCount + 2) * LISTING_BYTES_PER_OBJECT, folder);
    return listedObjects(new TextDecoder().decode(body), folder, maxCount);
  }

  async function check(): Promise<void> {
    const found = await send(folder, { method: 'PROPFIND', headers: { Depth: '0' } });
    if (found.status !== 207) await refuse(found, folder);
    await found.body?.cancel();
    await writeReadRemove({ put, get, remove }, folder);
  }

  // A PUT that was cut off leaves nothing to drop: the server keeps the file whole or not at all.
  return { check, put, get, list, remove, dropUnfinished: async () => undefined };
}

/**
 * Written, read back and removed, under a name no backup uses: a place that lists but refuses writes fails
 * *Test*, not the first backup.
 */
export async function writeReadRemove(
  target: Pick<BackupTarget, 'put' | 'get' | 'remove'>,
  where: URL,
): Promise<void> {
  const random = globalThis.crypto.getRandomValues(new Uint8Array(9));
  const probe = `check-${[...random].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`;
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(32));
  await target.put(probe, new Blob([bytes]));
  const back = await target.get(probe, 64);
  await target.remove(probe);
  if (!back || bytesToBase64(back) !== bytesToBase64(bytes))
    throw targetError('malformed', { url: where.href });
}

/**
 * The objects of a PROPFIND multistatus: each response's href and length, the folder itself and any
 * subfolder left out. Names are the last path segment, decoded. Refused past `maxCount`.
 */
export function listedObjects(xml: string, folder: URL, maxCount: number): StoredObject[] {
  const objects: StoredObject[] = [];
  for (const response of xmlElements(xml, 'response', Number.POSITIVE_INFINITY)) {
    if (/<(?:[\w.-]+:)?collection\b/.test(response)) continue;
    const href = xmlText(response, 'href');
    if (!href) continue;
    let path: string;
    let name: string;
    try {
      path = new URL(href.replaceAll('&amp;', '&'), folder).pathname;
      name = decodeURIComponent(path.slice(folder.pathname.length));
    } catch {
      continue;
    }
    if (!path.startsWith(folder.pathname) || name === '' || name.includes('/')) continue;
    if (objects.length === maxCount) throw targetError('malformed', { url: folder.href });
    objects.push({ name, size: Number(xmlText(response, 'getcontentlength') ?? 0) || 0 });
  }
  return objects;
}
