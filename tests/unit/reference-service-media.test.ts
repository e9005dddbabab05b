// @vitest-environment node
import { get } from 'node:https';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { parseConfigPatch } from '../reference-service/config';
import { C2PA_STAND_IN } from '../reference-service/image-file';
import { DEMO_API_KEY, startReferenceService } from '../reference-service/server';
import { testMediaTls } from '../reference-service/tls';
import { referenceServiceForFile } from './support/reference-service';

const service = referenceServiceForFile();
const auth = { 'X-API-Key': DEMO_API_KEY, 'Content-Type': 'application/json' };

async function generateImage(): Promise<string> {
  const res = await fetch(`${service.url}/v1/images/generate`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ prompt: 'a fox' }),
  });
  return ((await res.json()) as { url: string }).url;
}

async function finishedVideoUrl(): Promise<string> {
  const submitted = await fetch(`${service.url}/v1/videos/generate`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ prompt: 'waves' }),
  });
  const { id } = (await submitted.json()) as { id: string };
  const job = await fetch(`${service.url}/v1/videos/${id}`, { headers: auth });
  return ((await job.json()) as { videoUrls: string[] }).videoUrls[0] ?? '';
}

describe('reference service media files', () => {
  it('serves results from the second origin without CORS headers when asked', async () => {
    service.configure({ filesOrigin: 'media' });
    const url = await generateImage();
    expect(new URL(url).origin).toBe(service.mediaUrl);
    expect(new URL(url).hostname).toBe('127.0.0.2');
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.get('content-type')).toBe('image/png');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.subarray(1, 4)].map((b) => String.fromCharCode(b)).join('')).toBe('PNG');
    // The service's own origin still serves the same file with CORS open.
    const own = await fetch(`${service.url}${new URL(url).pathname}`);
    expect(own.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('serves images as JPEG or WebP when asked, with a C2PA manifest in each format when asked, on either origin', async () => {
    for (const [format, type, magic] of [
      ['jpg', 'image/jpeg', 'ffd8ff'],
      ['webp', 'image/webp', '52494646'],
      ['png', 'image/png', '89504e47'],
    ] as const) {
      service.configure({ imageFormat: format, c2paManifest: true, filesOrigin: 'media' });
      const url = await generateImage();
      expect(new URL(url).pathname).toMatch(new RegExp(`^/files/images/img_[^/]+\\.${format}$`));
      const res = await fetch(url);
      expect(res.headers.get('content-type')).toBe(type);
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.subarray(0, 4).toString('hex').startsWith(magic)).toBe(true);
      expect(bytes.indexOf(C2PA_STAND_IN)).toBeGreaterThan(0);
      // A real decoder reads the picture, and the same URL on the service's origin is the same file.
      expect(await sharp(bytes).metadata()).toMatchObject({ width: 256, height: 256 });
      expect(
        Buffer.from(await (await fetch(`${service.url}${new URL(url).pathname}`)).arrayBuffer()),
      ).toEqual(bytes);
    }
    service.configure({ imageFormat: null, c2paManifest: null });
    const plain = Buffer.from(await (await fetch(await generateImage())).arrayBuffer());
    expect(plain.indexOf(C2PA_STAND_IN)).toBe(-1);
  });

  it('answers 404 for files older than the retention time, on both origins', async () => {
    // Long enough that a loaded machine still fetches both files within it.
    service.configure({ filesOrigin: 'media', fileRetentionMs: 2_000, videoDurationMs: 0 });
    const image = await generateImage();
    const video = await finishedVideoUrl();
    expect((await fetch(image)).status).toBe(200);
    expect((await fetch(video)).status).toBe(200);
    // Each file's time runs from when its own URL was handed out, the video's a little after the image's.
    await expect.poll(async () => (await fetch(image)).status, { timeout: 5_000 }).toBe(404);
    await expect.poll(async () => (await fetch(video)).status, { timeout: 5_000 }).toBe(404);
    expect((await fetch(`${service.url}${new URL(image).pathname}`)).status).toBe(404);
  });

  it('pads the video to the asked size, keeping a WebM whose Segment spans the whole file', async () => {
    service.configure({ videoDurationMs: 0, videoMinBytes: 20 * 1024 * 1024 });
    const res = await fetch(await finishedVideoUrl());
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.length).toBe(20 * 1024 * 1024);
    expect(bytes.readUInt32BE(0)).toBe(0x1a45dfa3);
    const segment = bytes.indexOf(Buffer.from([0x18, 0x53, 0x80, 0x67]));
    const size = Number(bytes.readBigUInt64BE(segment + 4) & 0xffffffffffffffn);
    expect(segment + 12 + size).toBe(bytes.length);
    // Ranges, which media players use to seek, still work on the padded file.
    const tail = await fetch(res.url, { headers: { Range: 'bytes=-10' } });
    expect(tail.status).toBe(206);
    expect(tail.headers.get('content-range')).toBe(
      `bytes ${bytes.length - 10}-${bytes.length - 1}/${bytes.length}`,
    );
  });

  it('continues the padded video from a byte (bytes=N-), and logs what each file request asked for', async () => {
    service.configure({ filesOrigin: 'media', videoDurationMs: 0, videoMinBytes: 2 * 1024 * 1024 });
    const url = await finishedVideoUrl();
    const whole = Buffer.from(await (await fetch(url)).arrayBuffer());
    const rest = await fetch(url, { headers: { Range: 'bytes=1048576-' } });
    expect(rest.status).toBe(206);
    expect(rest.headers.get('content-range')).toBe(`bytes 1048576-${whole.length - 1}/${whole.length}`);
    // Buffer.equals, not toEqual: a deep compare of a megabyte blocks this file's event loop for seconds,
    // long enough for the in-process server to time out the next test's keep-alive connection.
    expect(Buffer.from(await rest.arrayBuffer()).equals(whole.subarray(1048576))).toBe(true);
    expect(service.fileRequests().map(({ origin, range, status }) => ({ origin, range, status }))).toEqual([
      { origin: 'media', range: undefined, status: 200 },
      { origin: 'media', range: 'bytes=1048576-', status: 206 },
    ]);
  });

  it('can ignore Range and answer the whole file, as hosts without range support do', async () => {
    service.configure({ videoDurationMs: 0, mediaIgnoreRange: true });
    const url = await finishedVideoUrl();
    const res = await fetch(url, { headers: { Range: 'bytes=100-' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-range')).toBeNull();
    expect(Buffer.from(await res.arrayBuffer()).readUInt32BE(0)).toBe(0x1a45dfa3);
  });

  it('sends files at the configured rate', async () => {
    service.configure({ videoDurationMs: 0, videoMinBytes: 1024 * 1024, mediaBytesPerSec: 1024 * 1024 });
    const url = await finishedVideoUrl();
    const started = Date.now();
    const bytes = await (await fetch(url)).arrayBuffer();
    expect(bytes.byteLength).toBe(1024 * 1024);
    // About a second for a megabyte at a megabyte a second (never at once).
    expect(Date.now() - started).toBeGreaterThan(800);
  });

  it('a stalling file sends its headers and then nothing, while other files are served', async () => {
    service.configure({ videoDurationMs: 0, mediaStallPaths: ['/files/videos/'] });
    const video = await finishedVideoUrl();
    const stalled = await fetch(video);
    expect(stalled.status).toBe(200);
    const reader = stalled.body?.getReader();
    const read = await Promise.race([
      reader?.read().then(() => 'data'),
      new Promise((resolve) => setTimeout(() => resolve('nothing'), 500)),
    ]);
    expect(read).toBe('nothing');
    await reader?.cancel();
    expect((await fetch(await generateImage())).status).toBe(200);
  });

  it('serves the media origin over https with the test certificate, still without CORS headers', async () => {
    const tls = testMediaTls();
    const secure = await startReferenceService({ port: 0, mediaTls: tls, config: { filesOrigin: 'media' } });
    try {
      expect(secure.mediaUrl).toMatch(/^https:\/\/127\.0\.0\.2:\d+$/);
      const res = await fetch(`${secure.url}/v1/images/generate`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ prompt: 'a fox' }),
      });
      const { url } = (await res.json()) as { url: string };
      expect(new URL(url).origin).toBe(secure.mediaUrl);
      // Trusting only the test certificate: the host really speaks TLS with it.
      const answer = await new Promise<{ status?: number; cors?: string; bytes: Buffer }>(
        (resolve, reject) => {
          get(url, { ca: tls.cert }, (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () =>
              resolve({
                status: response.statusCode,
                cors: response.headers['access-control-allow-origin'],
                bytes: Buffer.concat(chunks),
              }),
            );
          }).on('error', reject);
        },
      );
      expect(answer.status).toBe(200);
      expect(answer.cors).toBeUndefined();
      expect(answer.bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    } finally {
      await secure.close();
    }
  });

  it('answers file requests with a configured file fault: another body and type, or a redirect', async () => {
    service.configure({
      filesOrigin: 'media',
      fileFaults: [
        {
          pathPrefix: '/files/images/svg',
          action: {
            type: 'status',
            status: 200,
            body: '<svg/>',
            headers: { 'Content-Type': 'image/svg+xml' },
          },
        },
        {
          pathPrefix: '/files/images/hop',
          action: { type: 'redirect', status: 302, location: '/files/images/x.png' },
        },
      ],
    });
    const svg = await fetch(`${service.mediaUrl}/files/images/svg.png`);
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
    expect(await svg.text()).toBe('<svg/>');
    const hop = await fetch(`${service.url}/files/images/hop.png`, { redirect: 'manual' });
    expect(hop.status).toBe(302);
    expect(hop.headers.get('location')).toBe('/files/images/x.png');
    expect((await fetch(`${service.mediaUrl}/files/images/other.png`)).headers.get('content-type')).toBe(
      'image/png',
    );
    // A file fault answers at once: the file area has no hanging or slow faults.
    expect(() => parseConfigPatch({ fileFaults: [{ action: { type: 'hang' } }] })).toThrow(
      'fileFaults[0].action.type must be one of status, redirect',
    );
  });
});
