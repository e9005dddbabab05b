// @vitest-environment node
import 'fake-indexeddb/auto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { forgetAllCopies, forgetCopies, keepEntry, recoverInterruptedCopies } from '@/utils/media/copies';
import { copiesItem } from '@/utils/media/copies-item';
import { readCopy } from '@/utils/media/copy-reader';
import { usedBytes } from '@/utils/media/copy-store';
import { openMediaDb } from '@/utils/media/media-db';
import { DEFAULT_SETTINGS } from '@/utils/settings/defaults';
import { validSettingsItem } from '@/utils/settings/store';
import { DEMO_API_KEY } from '../../reference-service/server';
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
    const copy = await keepEntry({ entryId: 'e1', urls: [url], capBytes: 10 * MB, running: new Set(), now });
    const bytes = await served(url);
    expect(copy).toEqual({ state: 'kept', bytes: bytes.length, files: 1 });
    expect(await kept('e1')).toEqual(bytes);
    expect(await copiesItem.getValue()).toEqual({ entries: { e1: copy }, usedBytes: bytes.length });

    const trap = `${service.attacker.url}/files/images/trap.png`;
    await keepEntry({ entryId: 'e2', urls: [trap], capBytes: 10 * MB, running: new Set(), now });
    const [request] = service.attacker.requests();
    expect(request?.headers).not.toHaveProperty('x-api-key');
    expect(request?.headers).not.toHaveProperty('cookie');
    expect(request?.headers).not.toHaveProperty('referer');
    expect(JSON.stringify(request)).not.toContain(DEMO_API_KEY);
  });

  it('stores a 20 MB video in 1 MB chunks and reads back the same bytes', async () => {
    service.configure({ videoMinBytes: 20 * MB });
    const url = await videoUrl();
    const copy = await keepEntry({ entryId: 'v', urls: [url], capBytes: 100 * MB, running: new Set(), now });
    expect(copy.state).toBe('kept');
    expect(copy.bytes).toBe(20 * MB);
    const db = await openMediaDb();
    const chunks = await db.getAllKeys('chunks');
    expect(chunks.length).toBeGreaterThanOrEqual(19);
    const sizes = await db.getAll('chunks');
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
      running: new Set(),
      now,
    });
    expect(copy.state).toBe('failed');
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
      running: new Set(),
      now,
    });
    expect(copy.state).toBe('failed');
    expect(await kept('pair', 0)).toBeUndefined();
    expect(await usedBytes(await openMediaDb())).toBe(0);
  });

  it('evicts the oldest finished copies first to stay under the cap, never a running job', async () => {
    // One file name, so every copy has the same size and the cap fits exactly three.
    const image = `${service.mediaUrl}/files/images/same.png`;
    const cap = Math.floor((await served(image)).length * 3.5);
    const running = new Set(['running']);
    for (const id of ['running', 'old', 'mid']) {
      await keepEntry({ entryId: id, urls: [image], capBytes: cap, running, now });
    }
    const last = await keepEntry({ entryId: 'new', urls: [image], capBytes: cap, running, now });
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
    await keepEntry({ entryId: 'a', urls: [await imageUrl()], capBytes: 10 * MB, running: new Set(), now });
    await keepEntry({ entryId: 'b', urls: [await imageUrl()], capBytes: 10 * MB, running: new Set(), now });
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
});

describe('a copy cut off half way', () => {
  // A media host that sends 3 MB and then stalls, as when the worker is stopped mid-download.
  let stalling: Server;
  let stallUrl = '';
  beforeAll(async () => {
    stalling = createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'video/webm', 'Content-Length': String(20 * MB) });
      res.write(Buffer.alloc(3 * MB, 7));
    });
    await new Promise<void>((resolve) => stalling.listen(0, '127.0.0.1', resolve));
    stallUrl = `http://127.0.0.1:${(stalling.address() as AddressInfo).port}/v.webm`;
  });
  afterAll(async () => {
    stalling.closeAllConnections();
    await new Promise((resolve) => stalling.close(resolve));
  });

  it('is never served, and is discarded on the next start so it can be kept again', async () => {
    void keepEntry({ entryId: 'cut', urls: [stallUrl], capBytes: 100 * MB, running: new Set(), now });
    const db = await openMediaDb();
    await expect
      .poll(async () => (await db.get('files', ['cut', 0]))?.bytes ?? 0, { timeout: 5000 })
      .toBeGreaterThan(MB);
    expect((await copiesItem.getValue()).entries.cut?.state).toBe('keeping');
    expect(await readCopy('cut', 0)).toBeUndefined();

    // The worker "restarts": whatever was half written is dropped and the entry handed back for keeping.
    expect(await recoverInterruptedCopies()).toEqual(['cut']);
    expect(await db.getAllKeys('chunks')).toEqual([]);
    expect(await usedBytes(db)).toBe(0);
    expect((await copiesItem.getValue()).entries.cut).toBeUndefined();
  });
});
