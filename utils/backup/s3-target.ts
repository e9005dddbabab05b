import { AwsV4Signer } from 'aws4fetch';
import {
  type BackupTarget,
  type PartsResume,
  type StoredObject,
  type TargetFailure,
  targetError,
} from './target';
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

/**
 * Objects larger than one part go in parts (S3 multipart): a single PUT is capped at 5 GB, and a part that
 * fails is sent again alone. 16 MiB is over S3's 5 MiB floor for every part but the last, and allows objects
 * of 160 GB in S3's 10,000 parts.
 */
export const PART_BYTES = 16 * 1024 * 1024;
/** What an answer to a multipart request (its upload id, its outcome) may take. */
const SMALL_ANSWER = 65_536;

/** What one listed object may take of a listing page before the page is refused as too large. */
const LISTING_BYTES_PER_OBJECT = 1024;
/** ListObjectsV2's own page size. */
const PAGE_KEYS = 1000;
/** Bounds on what an answer names: an upload's id, a part's ETag. */
const MAX_UPLOAD_ID = 1024;
const MAX_ETAG = 256;
/** Pages of unfinished uploads one run aborts at most (dropUnfinished). */
const UPLOAD_PAGES = 10;

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

  async function put(name: string, body: Blob, resume?: PartsResume): Promise<void> {
    if (body.size > PART_BYTES) return putInParts(urlOf(name), body, resume);
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

  /** `url` with this query added: a multipart step, a listing. */
  const withQuery = (url: URL, query: Record<string, string>) => {
    const step = new URL(url);
    for (const [key, value] of Object.entries(query)) step.searchParams.set(key, value);
    return step;
  };

  /** An answer's XML, bounded; S3 may answer 200 and still say <Error> in the body of a completion. */
  async function answerXml(response: Response, url: URL): Promise<string> {
    const xml = new TextDecoder().decode(await readBounded(response, SMALL_ANSWER, url));
    const code = xmlElements(xml, 'Error', 1).length > 0 ? (xmlText(xml, 'Code') ?? '') : undefined;
    if (code !== undefined)
      throw targetError(CODE_FAILURES[code] ?? 'http', { status: response.status, url: url.href });
    return xml;
  }

  /** Begins an upload in parts: its id. */
  async function beginUpload(url: URL): Promise<string> {
    const created = await send(withQuery(url, { uploads: '' }), {
      method: 'POST',
      headers: { 'Content-Type': 'application/octet-stream' },
    });
    if (created.status !== 200) return failed(created, url);
    const uploadId = xmlText(await answerXml(created, url), 'UploadId');
    if (!uploadId || uploadId.length > MAX_UPLOAD_ID) throw targetError('malformed', { url: url.href });
    return uploadId;
  }

  /**
   * The parts an upload a stopped run began holds, by number, as the completion names them; undefined when
   * the storage no longer has the upload (finished, aborted, or expired by a lifecycle rule).
   */
  async function heldParts(url: URL, uploadId: string, count: number) {
    const listUrl = withQuery(url, { uploadId, 'max-parts': String(count) });
    const response = await send(listUrl, { method: 'GET' });
    if (response.status === 404) {
      await response.body?.cancel();
      return undefined;
    }
    if (response.status !== 200) return failed(response, listUrl);
    const xml = new TextDecoder().decode(
      await readBounded(response, (count + 1) * LISTING_BYTES_PER_OBJECT, listUrl),
    );
    const parts = new Map<number, { etag: string; size: number }>();
    for (const part of xmlElements(xml, 'Part', count)) {
      const number = Number(xmlText(part, 'PartNumber'));
      const etag = xmlText(part, 'ETag');
      if (Number.isInteger(number) && etag && etag.length <= MAX_ETAG)
        parts.set(number, { etag, size: Number(xmlText(part, 'Size')) });
    }
    return parts;
  }

  /**
   * Sends each part and completes the upload. Given `resume`, an upload a stopped run began is continued:
   * the parts it holds whole are kept (the run sealed the object again under the same header, so they are
   * the same bytes), and a failure leaves the upload for the next run. Without, a failed upload is aborted,
   * not left to bill.
   */
  async function putInParts(url: URL, body: Blob, resume?: PartsResume): Promise<void> {
    const count = Math.ceil(body.size / PART_BYTES);
    const held = resume?.uploadId ? await heldParts(url, resume.uploadId, count) : undefined;
    let uploadId = held && resume?.uploadId;
    if (!uploadId) {
      uploadId = await beginUpload(url);
      await resume?.began(uploadId);
    }
    try {
      const parts: string[] = [];
      for (let at = 0, number = 1; at < body.size; at += PART_BYTES, number++) {
        const part = body.slice(at, at + PART_BYTES);
        const partUrl = withQuery(url, { partNumber: String(number), uploadId });
        let etag = held?.get(number)?.size === part.size ? held.get(number)?.etag : undefined;
        if (!etag) {
          const response = await send(partUrl, {
            method: 'PUT',
            body: part,
            timeoutMs: putTimeoutMs(deps.timeoutMs, part.size),
          });
          if (response.status !== 200) await failed(response, partUrl);
          await response.body?.cancel();
          etag = response.headers.get('etag') ?? undefined;
        }
        // The completion names each part by its ETag: without one, the upload cannot be finished.
        if (!etag || etag.length > MAX_ETAG) throw targetError('malformed', { url: partUrl.href });
        parts.push(
          `<Part><PartNumber>${number}</PartNumber><ETag>${etag.replace(/[<>&]/g, '')}</ETag></Part>`,
        );
      }
      const doneUrl = withQuery(url, { uploadId });
      const completed = await send(doneUrl, {
        method: 'POST',
        body: `<CompleteMultipartUpload>${parts.join('')}</CompleteMultipartUpload>`,
        headers: { 'Content-Type': 'application/xml' },
      });
      if (completed.status !== 200) await failed(completed, doneUrl);
      await answerXml(completed, doneUrl);
    } catch (error) {
      if (!resume)
        await send(withQuery(url, { uploadId }), { method: 'DELETE' })
          .then((response) => response.body?.cancel())
          .catch(() => undefined);
      throw error;
    }
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

  /** One page of a listing of the bucket (objects, or unfinished uploads) under the backup's prefix, bounded. */
  async function listingPage(query: Record<string, string>): Promise<{ xml: string; url: URL }> {
    const url = withQuery(bucket, prefix ? { ...query, prefix } : query);
    const response = await send(url, { method: 'GET' });
    if (response.status !== 200) return failed(response, url);
    const bytes = await readBounded(response, (PAGE_KEYS + 1) * LISTING_BYTES_PER_OBJECT, url);
    return { xml: new TextDecoder().decode(bytes), url };
  }

  /** A listed key's name in the backup; undefined for anything else the bucket holds, which is never touched. */
  const ownName = (key: string) =>
    key.startsWith(prefix) && !key.slice(prefix.length).includes('/') ? key.slice(prefix.length) : undefined;

  async function list(maxCount: number): Promise<StoredObject[]> {
    const objects: StoredObject[] = [];
    let token: string | undefined;
    do {
      const { xml, url } = await listingPage({
        'list-type': '2',
        'max-keys': String(Math.min(PAGE_KEYS, maxCount - objects.length + 1)),
        ...(token && { 'continuation-token': token }),
      });
      for (const contents of xmlElements(xml, 'Contents', PAGE_KEYS)) {
        const name = ownName(xmlText(contents, 'Key') ?? '');
        if (name === undefined) continue;
        if (objects.length === maxCount) throw targetError('malformed', { url: url.href });
        objects.push({ name, size: Number(xmlText(contents, 'Size') ?? 0) || 0 });
      }
      token = xmlText(xml, 'IsTruncated') === 'true' ? xmlText(xml, 'NextContinuationToken') : undefined;
    } while (token);
    return objects;
  }

  async function check(): Promise<void> {
    const url = withQuery(bucket, { 'list-type': '2', 'max-keys': '1' });
    const response = await send(url, { method: 'GET' });
    if (response.status !== 200) await failed(response, url);
    await response.body?.cancel();
    await writeReadRemove({ put, get, remove }, bucket);
  }

  /**
   * Aborts the multipart uploads a stopped worker left under the backup's prefix (it could send no abort),
   * page by page, up to UPLOAD_PAGES pages a run: the rest go at the next.
   */
  async function dropUnfinished(): Promise<void> {
    let markers: Record<string, string> = {};
    for (let page = 0; page < UPLOAD_PAGES; page++) {
      const { xml, url } = await listingPage({ uploads: '', ...markers });
      for (const upload of xmlElements(xml, 'Upload', PAGE_KEYS)) {
        const name = ownName(xmlText(upload, 'Key') ?? '');
        const uploadId = xmlText(upload, 'UploadId');
        if (name === undefined || !uploadId) continue;
        const aborted = await send(withQuery(urlOf(name), { uploadId }), { method: 'DELETE' });
        if (aborted.status !== 204 && aborted.status !== 404) await failed(aborted, url);
        await aborted.body?.cancel();
      }
      const keyMarker = xmlText(xml, 'NextKeyMarker');
      const uploadIdMarker = xmlText(xml, 'NextUploadIdMarker');
      if (xmlText(xml, 'IsTruncated') !== 'true' || !keyMarker) return;
      markers = { 'key-marker': keyMarker, ...(uploadIdMarker && { 'upload-id-marker': uploadIdMarker }) };
    }
  }

  return { check, partBytes: PART_BYTES, put, get, list, remove, dropUnfinished };
}

function failureOfStatus(status: number): TargetFailure {
  if (status === 401 || status === 403) return status === 401 ? 'unauthorized' : 'forbidden';
  return status === 404 ? 'missing' : 'http';
}
