// @vitest-environment node
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  forgetAllCopies,
  forgetCopies,
  keepEntry,
  MAX_COPY_ATTEMPTS,
  recoverInterruptedCopies,
  retryDelayMs,
} from '@/utils/copies/copies';
import { copiesItem } from '@/utils/copies/copies-item';
import { readCopy } from '@/utils/copies/copy-reader';
import { usedBytes } from '@/utils/copies/copy-store';
import { openMediaDb } from '@/utils/copies/media-db';
import { once } from '@/utils/idb/transaction';
import { DEFAULT_SETTINGS } from '@/utils/settings/defaults';
import { validSettingsItem } from '@/utils/settings/store';
import { DEMO_API_KEY } from '../../reference-service/server';
import { putFile } from '../support/media-db';
import { referenceServiceForFile } from '../support/reference-service';

const service = referenceServiceForFile({ filesOrigin: 'media', videoDurationMs: 0 });
const MB = 1024 * 1024;

async function post(path: string, body: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${service.url}${path}`, {
    method: 'POST',
    headers: { 'X-API-Key': DEMO_API_KEY, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Record<string, unknown>;
}

const imageUrl = async () => String((await post('/v1/images/generate', { prompt: 'a fox' })).url);

async function videoUrl(): Promise<string> {
  const { id } = await post('/v1/videos/generate', { prompt: 'waves' });
  const res = await fetch(`${service.url}/v1/videos/${String(id)}`, {
    headers: { 'X-API-Key': DEMO_API_KEY },
  });
  return ((await res.json()) as { videoUrls: string[] }).videoUrls[0] ?? '';
}

const served = async (url: string) => new Uint8Array(await (await fetch(url)).arrayBuffer());
const kept = async (entryId: string, index = 0) => {
  const blob = await readCopy(entryId, index);
  return blob ? new Uint8Array(await blob.arrayBuffer()) : undefined;
};

let clock = 0;
const now = () => ++clock;

beforeEach(async () => {
  fakeBrowser.reset();
  // The service is on loopback, which is what lets its loopback media hosts be fetched (media-request.ts).
  await validSettingsItem.setValue({ ...DEFAULT_SETTINGS, baseUrl: service.url });
  await forgetAllCopies();
});

describe('keeping copies of results', () => {
  it('keeps a file from a media origin without CORS, with no key, cookie or referrer sent', async () => {
    const url = await imageUrl();
    const copy = await keepEntry({ entryId: 'e1', urls: [url], capBytes: 10 * MB, spared: new Set(), now });
    const bytes = await served(url);
    expect(copy).toEqual({ state: 'kept', bytes: bytes.length, files: 1 });
    expect(await kept('e1')).toEqual(bytes);
    expect(await copiesItem.getValue()).toEqual({ entries: { e1: copy }, usedBytes: bytes.length });

    const trap = `${service.attacker.url}/files/images/trap.png`;
    await keepEntry({ entryId: 'e2', urls: [trap], capBytes: 10 * MB, spared: new Set(), now });
    const [request] = service.attacker.requests();
    expect(request?.headers).not.toHaveProperty('x-api-key');
    expect(request?.headers).not.toHaveProperty('cookie');
    expect(request?.headers).not.toHaveProperty('referer');
    expect(JSON.stringify(request)).not.toContain(DEMO_API_KEY);
  });

  it('stores a 20 MB video in 1 MB chunks and reads back the same bytes', async () => {
    service.configure({ videoMinBytes: 20 * MB });
    const url = await videoUrl();
    const copy = await keepEntry({ entryId: 'v', urls: [url], capBytes: 100 * MB, spared: new Set(), now });
    expect(copy.state).toBe('kept');
    expect(copy.bytes).toBe(20 * MB);
    const db = await openMediaDb();
    const chunks = await once(db, 'chunks', (store) => store.getAllKeys());
    expect(chunks.length).toBeGreaterThanOrEqual(19);
    const sizes = await once(db, 'chunks', (store) => store.getAll());
    // Blobs, so a page reading the copy gets handles rather than 20 MB to deserialize on its main thread.
    expect(sizes.every((chunk) => chunk instanceof Blob)).toBe(true);
    expect(
      Math.max(...sizes.map((chunk) => (chunk instanceof Blob ? chunk.size : chunk.byteLength))),
    ).toBeLessThan(2 * MB);
    // Compared as buffers: a deep equality over 20 MB of elements would exhaust the test's memory.
    const copyBytes = Buffer.from((await kept('v')) ?? []);
    expect(copyBytes.equals(Buffer.from(await served(url)))).toBe(true);
  });

  it('says so when the service no longer has the file, and keeps nothing', async () => {
    service.configure({ fileRetentionMs: 0 });
    const url = await imageUrl();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const copy = await keepEntry({
      entryId: 'gone',
      urls: [url],
      capBytes: 10 * MB,
      spared: new Set(),
      now,
    });
    // Nothing to retry: the entry says the file expired before a copy was kept.
    expect(copy.state).toBe('expired');
    expect(copy.error).toMatchObject({ kind: 'http_error', status: 404 });
    expect(await kept('gone')).toBeUndefined();
    expect((await copiesItem.getValue()).usedBytes).toBe(0);
  });

  it('keeps every file of a two-file job or none of them', async () => {
    const good = await imageUrl();
    const copy = await keepEntry({
      entryId: 'pair',
      urls: [good, `${service.mediaUrl}/files/missing.bin`],
      capBytes: 10 * MB,
      spared: new Set(),
      now,
    });
    expect(copy.state).toBe('expired');
    expect(await kept('pair', 0)).toBeUndefined();
    expect(await usedBytes(await openMediaDb())).toBe(0);
  });

  it('evicts the oldest finished copies first to stay under the cap, never a running job', async () => {
    // One file name, so every copy has the same size and the cap fits exactly three.
    const image = `${service.mediaUrl}/files/images/same.png`;
    const cap = Math.floor((await served(image)).length * 3.5);
    const running = new Set(['running']);
    for (const id of ['running', 'old', 'mid']) {
      await keepEntry({ entryId: id, urls: [image], capBytes: cap, spared: running, now });
    }
    const last = await keepEntry({ entryId: 'new', urls: [image], capBytes: cap, spared: running, now });
    expect(last.state).toBe('kept');
    const { entries, usedBytes: used } = await copiesItem.getValue();
    expect(entries.old?.state).toBe('evicted');
    expect(entries.running?.state).toBe('kept');
    expect(entries.mid?.state).toBe('kept');
    expect(await kept('old')).toBeUndefined();
    expect(await kept('running')).toBeDefined();
    expect(used).toBeLessThanOrEqual(cap);
  });

  it('frees the space of a removed entry and of all copies', async () => {
    await keepEntry({ entryId: 'a', urls: [await imageUrl()], capBytes: 10 * MB, spared: new Set(), now });
    await keepEntry({ entryId: 'b', urls: [await imageUrl()], capBytes: 10 * MB, spared: new Set(), now });
    const both = (await copiesItem.getValue()).usedBytes;
    await forgetCopies('a');
    const after = await copiesItem.getValue();
    expect(Object.keys(after.entries)).toEqual(['b']);
    expect(after.usedBytes).toBe(after.entries.b?.bytes);
    expect(after.usedBytes).toBeLessThan(both);
    await forgetAllCopies();
    expect(await copiesItem.getValue()).toEqual({ entries: {}, usedBytes: 0 });
    expect(await usedBytes(await openMediaDb())).toBe(0);
  });

  it('keeps the copy of an entry whose id is `__proto__` (an imported file names it) as its own record', async () => {
    await keepEntry({
      entryId: '__proto__',
      urls: [await imageUrl()],
      capBytes: 10 * MB,
      spared: new Set(),
      now,
    });
    await keepEntry({ entryId: 'b', urls: [await imageUrl()], capBytes: 10 * MB, spared: new Set(), now });
    const { entries } = await copiesItem.getValue();
    expect(Object.keys(entries)).toEqual(['__proto__', 'b']);
    expect(Object.getOwnPropertyDescriptor(entries, '__proto__')?.value.state).toBe('kept');
    expect(entries.other).toBeUndefined();
  });
});

/** Limits short enough for a test: the attempt ends after about `overallMs`, whatever the size. */
const cutAfter = (overallMs: number) => ({ stallMs: 5_000, baseMs: overallMs, minBytesPerSec: 1e12 });

describe('a copy cut off half way', () => {
  async function cutVideo(): Promise<string> {
    service.configure({ videoMinBytes: 3 * MB, mediaBytesPerSec: 2 * MB });
    const url = await videoUrl();
    const first = await keepEntry({
      entryId: 'cut',
      urls: [url],
      capBytes: 100 * MB,
      spared: new Set(),
      now,
      limits: cutAfter(900),
    });
    expect(first).toMatchObject({ state: 'keeping', attempts: 1, error: { kind: 'timeout' } });
    expect(first.retryAt).toBeGreaterThan(clock);
    // Never served half: the page finds no copy and shows the service's file.
    expect(await readCopy('cut', 0)).toBeUndefined();
    // A worker start keeps the chunks of an entry still keeping.
    await recoverInterruptedCopies();
    const stored = await once(await openMediaDb(), 'files', (files) => files.get(['cut', 0]));
    expect(stored?.bytes).toBeGreaterThanOrEqual(MB);
    service.configure({ mediaBytesPerSec: null });
    return url;
  }

  it('continues from the bytes already kept where the host answers the range', async () => {
    const url = await cutVideo();
    const again = await keepEntry({
      entryId: 'cut',
      urls: [url],
      capBytes: 100 * MB,
      spared: new Set(),
      now,
    });
    expect(again).toMatchObject({ state: 'kept', bytes: 3 * MB });
    expect(Buffer.from((await kept('cut')) ?? []).equals(Buffer.from(await served(url)))).toBe(true);
    const asked = service.fileRequests().map((request) => [request.range, request.status]);
    expect(asked[0]).toEqual([undefined, 200]);
    expect(asked[1]).toEqual([expect.stringMatching(/^bytes=[1-9]\d*-$/), 206]);
  });

  it('starts the file over where the host answers the whole file', async () => {
    const url = await cutVideo();
    service.configure({ mediaIgnoreRange: true });
    const again = await keepEntry({
      entryId: 'cut',
      urls: [url],
      capBytes: 100 * MB,
      spared: new Set(),
      now,
    });
    expect(again).toMatchObject({ state: 'kept', bytes: 3 * MB });
    // Buffer.equals: toEqual's element-wise diff of 3 MB takes seconds.
    expect(Buffer.from((await kept('cut')) ?? []).equals(Buffer.from(await served(url)))).toBe(true);
    expect(service.fileRequests()[1]?.status).toBe(200);
  });

  it('drops incomplete files no entry continues (an older build left them)', async () => {
    const db = await openMediaDb();
    const file = { entryId: 'orphan', index: 0, url: 'http://x/', contentType: '', bytes: 7, chunks: 1 };
    await putFile({ ...file, complete: false, startedAt: 1 }, [new Uint8Array(7).buffer]);
    await recoverInterruptedCopies();
    expect(await once(db, 'chunks', (store) => store.getAllKeys())).toEqual([]);
    expect(await usedBytes(db)).toBe(0);
  });
});

describe('time limits', () => {
  it('a host that sends headers and then nothing fails the attempt after the stall time, to be retried', async () => {
    service.configure({ mediaStallPaths: ['/files/videos/'] });
    const url = await videoUrl();
    const started = Date.now();
    const copy = await keepEntry({
      entryId: 'stalled',
      urls: [url],
      capBytes: 100 * MB,
      spared: new Set(),
      now,
      limits: { stallMs: 300, baseMs: 60_000, minBytesPerSec: 64 * 1024 },
    });
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(copy).toMatchObject({ state: 'keeping', attempts: 1, error: { kind: 'timeout' } });
  });

  it('a file refused as unsafe fails at its first attempt: it would be refused again on every retry', async () => {
    const url = await imageUrl();
    // A service on a public host: its results' files may not come from a private address.
    await validSettingsItem.setValue({ ...DEFAULT_SETTINGS, baseUrl: 'https://service.example' });
    const copy = await keepEntry({ entryId: 'u', urls: [url], capBytes: MB, spared: new Set(), now });
    expect(copy).toMatchObject({ state: 'failed', error: { kind: 'unsafe_media' } });
    expect(copy.retryAt).toBeUndefined();
  });

  it('gives up after the last attempt, freeing what was written', async () => {
    service.configure({ mediaStallPaths: ['/files/videos/'] });
    const url = await videoUrl();
    const limits = { stallMs: 100, baseMs: 60_000, minBytesPerSec: 64 * 1024 };
    let copy = await keepEntry({ entryId: 's', urls: [url], capBytes: MB, spared: new Set(), now, limits });
    for (let attempt = 2; attempt <= MAX_COPY_ATTEMPTS; attempt += 1) {
      copy = await keepEntry({ entryId: 's', urls: [url], capBytes: MB, spared: new Set(), now, limits });
    }
    expect(copy).toMatchObject({ state: 'failed', error: { kind: 'timeout' } });
    expect(copy.retryAt).toBeUndefined();
  });

  it('waits longer after each failed attempt', () => {
    expect([1, 2, 3, 9].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 15 * 60_000]);
  });
});

describe('the cap counts results', () => {
  async function twoFileVideo(fileBytes: number): Promise<string[]> {
    const files = ['a', 'b'].map((name) => `${service.mediaUrl}/files/videos/${name}.webm`);
    service.configure({ videoMinBytes: fileBytes, videoUrlOverride: files });
    await videoUrl();
    return files;
  }

  it('a result larger than the cap is not kept, and every earlier copy stays', async () => {
    await keepEntry({
      entryId: 'early',
      urls: [await imageUrl()],
      capBytes: 3 * MB,
      spared: new Set(),
      now,
    });
    const files = await twoFileVideo(2 * MB);
    const copy = await keepEntry({ entryId: 'big', urls: files, capBytes: 3 * MB, spared: new Set(), now });
    expect(copy).toMatchObject({ state: 'tooBig', bytes: 4 * MB, capBytes: 3 * MB });
    expect((await copiesItem.getValue()).entries.early?.state).toBe('kept');
    expect(await kept('early')).toBeDefined();
    expect(await kept('big', 0)).toBeUndefined();
    // Its announced sizes decided it: no body was read into the store.
    expect((await copiesItem.getValue()).usedBytes).toBe((await copiesItem.getValue()).entries.early?.bytes);
  });

  it('making room evicts whole earlier results, oldest first, never the one being kept', async () => {
    const files = await twoFileVideo(MB);
    for (const id of ['oldest', 'older']) {
      await keepEntry({ entryId: id, urls: files, capBytes: 10 * MB, spared: new Set(), now });
    }
    const copy = await keepEntry({ entryId: 'new', urls: files, capBytes: 5 * MB, spared: new Set(), now });
    expect(copy.state).toBe('kept');
    const { entries } = await copiesItem.getValue();
    expect(entries.oldest?.state).toBe('evicted');
    expect(entries.older?.state).toBe('kept');
    expect(await kept('oldest', 1)).toBeUndefined();
    expect(await kept('new', 1)).toBeDefined();
  });
});
