import { AwsV4Signer } from 'aws4fetch';
import { type BackupTarget, type StoredObject, type TargetFailure, targetError } from './target';
import {
  putTimeoutMs,
  readBounded,
  type TargetDeps,
  type TargetRequest,
  targetFetch,
  xmlElements,
  xmlText,
} from './target-http';
import { writeReadRemove } from './webdav-target';

/**
 * A bucket (and a prefix in it) of an S3-compatible storage: AWS S3, Backblaze B2, Cloudflare R2, MinIO.
 * `endpoint` is the storage's address without the bucket (`https://s3.eu-central-1.amazonaws.com`,
 * `https://<account>.r2.cloudflarestorage.com`, `https://s3.us-west-004.backblazeb2.com`).
 */
export interface S3Config {
  endpoint: string;
  region: string;
  bucket: string;
  /** Where in the bucket the backup's objects go, `promptcast/` say; empty for the bucket's root. */
  prefix: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** What one listed object may take of a listing page before the page is refused as too large. */
const LISTING_BYTES_PER_OBJECT = 1024;
/** ListObjectsV2's own page size. */
const PAGE_KEYS = 1000;

/** S3's error codes, as its XML error body names them, by what the person should check. */
const CODE_FAILURES: Record<string, TargetFailure> = {
  InvalidAccessKeyId: 'unauthorized',
  SignatureDoesNotMatch: 'unauthorized',
  AccessDenied: 'forbidden',
  AllAccessDisabled: 'forbidden',
  NoSuchBucket: 'missing',
  RequestTimeTooSkewed: 'clock_skew',
  QuotaExceeded: 'full',
  // Backblaze B2's words for a cap reached.
  StorageCapExceeded: 'full',
};

export function s3Target(config: S3Config, deps: TargetDeps): BackupTarget {
  // Path-style addressing (endpoint/bucket/key): what B2, R2 and MinIO take, and AWS still serves.
  const bucket = new URL(
    `${encodeURIComponent(config.bucket)}/`,
    config.endpoint.endsWith('/') ? config.endpoint : `${config.endpoint}/`,
  );
  const prefix = config.prefix === '' || config.prefix.endsWith('/') ? config.prefix : `${config.prefix}/`;
  const urlOf = (name: string) =>
    new URL(`${prefix}${name}`.split('/').map(encodeURIComponent).join('/'), bucket);

  async function send(url: URL, { headers, ...request }: TargetRequest): Promise<Response> {
    // Signed for UNSIGNED-PAYLOAD: the body is not read twice, and AES-GCM (sealed-object.ts) already
    // authenticates every byte of it.
    const signed = await new AwsV4Signer({
      method: request.method,
      url: url.href,
      headers: new Headers(headers),
      accessKeyId: config.accessKeyId,
      secretAccessKey: config.secretAccessKey,
      service: 's3',
      region: config.region,
      datetime: new Date((deps.now ?? Date.now)()).toISOString().replace(/[:-]|\.\d{3}/g, ''),
    }).sign();
    return targetFetch(deps, signed.url, { ...request, headers: signed.headers });
  }

  /** S3 says why in an XML body: read (bounded) for its code. */
  async function failed(response: Response, url: URL): Promise<never> {
    const body = await readBounded(response, 65_536, url).catch(() => new Uint8Array(0));
    const code = xmlText(new TextDecoder().decode(body), 'Code') ?? '';
    throw targetError(CODE_FAILURES[code] ?? failureOfStatus(response.status), {
      status: response.status,
      url: url.href,
    });
  }

  async function put(name: string, body: Blob): Promise<void> {
    const url = urlOf(name);
    const response = await send(url, {
      method: 'PUT',
      body,
      headers: { 'Content-Type': 'application/octet-stream' },
      timeoutMs: putTimeoutMs(deps.timeoutMs, body.size),
    });
    if (response.status !== 200) await failed(response, url);
    await response.body?.cancel();
  }

  async function get(name: string, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | undefined> {
    const url = urlOf(name);
    const response = await send(url, { method: 'GET' });
    if (response.status === 404) {
      const body = await readBounded(response, 65_536, url).catch(() => new Uint8Array(0));
      // A missing bucket is a setting to fix; a missing object is just not there.
      if (xmlText(new TextDecoder().decode(body), 'Code') === 'NoSuchBucket')
        throw targetError('missing', { status: 404, url: url.href });
      return undefined;
    }
    if (response.status !== 200) return failed(response, url);
    return readBounded(response, maxBytes, url);
  }

  async function remove(name: string): Promise<void> {
    const url = urlOf(name);
    const response = await send(url, { method: 'DELETE' });
    if (response.status !== 204 && response.status !== 200) await failed(response, url);
    await response.body?.cancel();
  }

  async function list(maxCount: number): Promise<StoredObject[]> {
    const objects: StoredObject[] = [];
    let token: string | undefined;
    do {
      const url = new URL(bucket);
      url.searchParams.set('list-type', '2');
      url.searchParams.set('max-keys', String(Math.min(PAGE_KEYS, maxCount - objects.length + 1)));
      if (prefix) url.searchParams.set('prefix', prefix);
      if (token) url.searchParams.set('continuation-token', token);
      const response = await send(url, { method: 'GET' });
      if (response.status !== 200) return failed(response, url);
      const xml = new TextDecoder().decode(
        await readBounded(response, (PAGE_KEYS + 1) * LISTING_BYTES_PER_OBJECT, url),
      );
      for (const contents of xmlElements(xml, 'Contents', PAGE_KEYS)) {
        const key = xmlText(contents, 'Key') ?? '';
        if (!key.startsWith(prefix) || key.slice(prefix.length).includes('/')) continue;
        if (objects.length === maxCount) throw targetError('malformed', { url: url.href });
        objects.push({ name: key.slice(prefix.length), size: Number(xmlText(contents, 'Size') ?? 0) || 0 });
      }
      token = xmlText(xml, 'IsTruncated') === 'true' ? xmlText(xml, 'NextContinuationToken') : undefined;
    } while (token);
    return objects;
  }

  async function check(): Promise<void> {
    const url = new URL(bucket);
    url.searchParams.set('list-type', '2');
    url.searchParams.set('max-keys', '1');
    const response = await send(url, { method: 'GET' });
    if (response.status !== 200) await failed(response, url);
    await response.body?.cancel();
    await writeReadRemove({ put, get, remove }, bucket);
  }

  return { check, put, get, list, remove };
}

function failureOfStatus(status: number): TargetFailure {
  if (status === 401 || status === 403) return status === 401 ? 'unauthorized' : 'forbidden';
  return status === 404 ? 'missing' : 'http';
}
