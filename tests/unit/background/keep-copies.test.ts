// @vitest-environment node
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { forgetAllCopies } from '../../../utils/copies/copies';
import { copiesItem } from '../../../utils/copies/copies-item';
import { readCopy } from '../../../utils/copies/copy-reader';
import { copyStatusKey } from '../../../utils/copies/copy-status';
import { usedBytes } from '../../../utils/copies/copy-store';
import { openMediaDb } from '../../../utils/copies/media-db';
import { once } from '../../../utils/idb/transaction';
import { DEFAULT_SETTINGS } from '../../../utils/settings/defaults';
import type { Settings } from '../../../utils/settings/schema';
import { type BackgroundHarness, makeBackgroundApp, startWorker } from '../support/background-app';
import { putFile } from '../support/media-db';
import { referenceServiceForFile } from '../support/reference-service';

/** Whether this worker is one that saves files itself (Firefox's); Chrome's leaves downloads to its pages. */
const build = vi.hoisted(() => ({ savesBlobs: false }));
vi.mock('../../../utils/downloads/saves-in-background', () => ({
  get backgroundSavesBlobs() {
    return build.savesBlobs;
  },
}));

const service = referenceServiceForFile({ filesOrigin: 'media', videoDurationMs: 0 });
const MB = 1024 * 1024;
const SLOW = { timeout: 15_000, interval: 20 };

async function worker(settings: Partial<Settings> = {}, mediaAccess = true): Promise<BackgroundHarness> {
  const harness = await makeBackgroundApp(service, settings);
  harness.media.access = mediaAccess;
  return harness;
}

const served = async (url: string) => Buffer.from(await (await fetch(url)).arrayBuffer());

async function keptBytes(entryId: string, index = 0): Promise<Buffer | undefined> {
  const blob = await readCopy(entryId, index);
  return blob ? Buffer.from(await blob.arrayBuffer()) : undefined;
}

const copyOf = async (entryId: string) => (await copiesItem.getValue()).entries[entryId];

async function image(harness: BackgroundHarness, prompt = 'a fox') {
  return harness.app.handlers.generateImage({ type: 'generateImage', prompt });
}

async function video(harness: BackgroundHarness, prompt = 'waves') {
  const entry = await harness.app.handlers.submitVideo({
    type: 'submitVideo',
    prompt,
    options: DEFAULT_SETTINGS.videoDefaults,
  });
  // Due at once rather than after the poll interval.
  await harness.app.tracker.pollAllNow();
  const done = (await harness.items.history.getValue()).find((item) => item.id === entry.id);
  expect(done?.status).toBe('completed');
  return done ?? entry;
}

beforeEach(async () => {
  fakeBrowser.reset();
  await forgetAllCopies();
});

describe('keeping copies of finished results', () => {
  it('a result both made and announced (popup closed) is fetched once: a failed copy keeps its reason', async () => {
    const elsewhere = `${service.url}/files/elsewhere.png`;
    service.configure({
      fileFaults: [
        { pathPrefix: '/files/images/', action: { type: 'redirect', status: 302, location: elsewhere } },
      ],
    });
    const harness = await worker();
    harness.popup.open = false;
    const entry = await image(harness, 'a fox told and made');
    await vi.waitFor(async () => expect((await copyOf(entry.id))?.state).toBe('failed'), SLOW);
    // The notice was told, so the copy was due twice over: once made, once announced.
    await vi.waitFor(() => expect(harness.notifications).toHaveLength(1), SLOW);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await copyOf(entry.id)).toMatchObject({
      state: 'failed',
      error: { kind: 'unsafe_media', detail: 'redirect_elsewhere' },
    });
    const fetched = service.fileRequests().filter((request) => request.path.startsWith('/files/images/'));
    expect(fetched).toHaveLength(1);
  });

  it('an image is kept after the command has answered, with the bytes the media host serves', async () => {
    const harness = await worker();
    const entry = await image(harness);
    const url = entry.urls[0] ?? '';
    expect(new URL(url).origin).toBe(service.mediaUrl);
    // The answer came before the file was fetched: keeping never holds up the popup.
    expect((await copyOf(entry.id))?.state).not.toBe('kept');
    await vi.waitFor(async () => expect((await copyOf(entry.id))?.state).toBe('kept'), SLOW);
    const bytes = await served(url);
    expect(await keptBytes(entry.id)).toEqual(bytes);
    expect(await copiesItem.getValue()).toEqual({
      entries: { [entry.id]: { state: 'kept', bytes: bytes.length, files: 1 } },
      usedBytes: bytes.length,
    });
    expect(copyStatusKey(await copyOf(entry.id), true)).toBe('copyKept');
  });

  it('a video job finishing through the tracker is kept', async () => {
    const harness = await worker();
    const entry = await video(harness);
    await vi.waitFor(async () => expect((await copyOf(entry.id))?.state).toBe('kept'), SLOW);
    expect(await keptBytes(entry.id)).toEqual(await served(entry.urls[0] ?? ''));
  });

  it('with keeping off, or without access to the media host, nothing is stored: "Only on the service"', async () => {
    const off = await worker({ keepCopies: false });
    const first = await image(off);
    const noAccess = await worker({}, false);
    const second = await image(noAccess);
    // A kept copy of the same image lands well within this (see the first test).
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await copiesItem.getValue()).toEqual({ entries: {}, usedBytes: 0 });
    expect(await usedBytes(await openMediaDb())).toBe(0);
    for (const entry of [first, second]) {
      expect(copyStatusKey(await copyOf(entry.id), false)).toBe('copyServiceOnly');
    }
  });

  it('removing an entry and clearing history free the space of their copies', async () => {
    const harness = await worker();
    const [a, b, c] = [
      await image(harness, 'one'),
      await image(harness, 'two'),
      await image(harness, 'three'),
    ];
    await vi.waitFor(async () => expect((await copyOf(c.id))?.state).toBe('kept'), SLOW);
    await vi.waitFor(async () => expect((await copyOf(a.id))?.state).toBe('kept'), SLOW);
    const before = (await copiesItem.getValue()).usedBytes;
    const aBytes = (await copyOf(a.id))?.bytes ?? 0;

    await harness.app.handlers.removeHistoryEntry({ type: 'removeHistoryEntry', id: a.id });
    expect(await keptBytes(a.id)).toBeUndefined();
    expect(await copyOf(a.id)).toBeUndefined();
    expect((await copiesItem.getValue()).usedBytes).toBe(before - aBytes);
    expect(await keptBytes(b.id)).toBeDefined();

    await harness.app.handlers.clearHistory({ type: 'clearHistory' });
    expect(await copiesItem.getValue()).toEqual({ entries: {}, usedBytes: 0 });
    expect(await usedBytes(await openMediaDb())).toBe(0);
  });

  it('Delete all copies empties the store and leaves the entries in history', async () => {
    const harness = await worker();
    const entry = await image(harness);
    await vi.waitFor(async () => expect((await copyOf(entry.id))?.state).toBe('kept'), SLOW);
    expect(await harness.app.handlers.deleteAllCopies({ type: 'deleteAllCopies' })).toEqual({
      deleted: true,
    });
    expect(await copiesItem.getValue()).toEqual({ entries: {}, usedBytes: 0 });
    expect(await keptBytes(entry.id)).toBeUndefined();
    expect((await harness.items.history.getValue()).map((item) => item.id)).toEqual([entry.id]);
  });

  it('past the cap the oldest copy is evicted first', async () => {
    service.configure({ videoMinBytes: 17 * MB });
    const harness = await worker({ copyCapMb: 50 });
    const ids: string[] = [];
    for (const prompt of ['oldest', 'middle', 'newest']) {
      const entry = await video(harness, prompt);
      ids.push(entry.id);
      await vi.waitFor(async () => expect((await copyOf(entry.id))?.state).toBe('kept'), SLOW);
    }
    const [oldest, middle, newest] = ids as [string, string, string];
    expect((await copyOf(oldest))?.state).toBe('evicted');
    expect(await keptBytes(oldest)).toBeUndefined();
    expect((await copyOf(middle))?.state).toBe('kept');
    expect((await copyOf(newest))?.state).toBe('kept');
    expect((await copiesItem.getValue()).usedBytes).toBe(34 * MB);
  }, 60_000);

  it("a favourite's copy is never evicted, neither by a lowered cap nor to make room", async () => {
    service.configure({ videoMinBytes: 17 * MB });
    const harness = await worker({ copyCapMb: 100 });
    const kept = async (prompt: string) => {
      const entry = await video(harness, prompt);
      await vi.waitFor(async () => expect((await copyOf(entry.id))?.state).toBe('kept'), SLOW);
      return entry.id;
    };
    const favourite = await kept('favourite');
    const middle = await kept('middle');
    const newest = await kept('newest');
    await harness.app.handlers.setFavourite({ type: 'setFavourite', ids: [favourite], favourite: true });
    const settings = await harness.items.settings.getValue();
    await harness.app.handlers.saveSettings({
      type: 'saveSettings',
      settings: { ...settings, copyCapMb: 50 },
    });
    expect((await copyOf(middle))?.state).toBe('evicted');
    expect((await copyOf(favourite))?.state).toBe('kept');
    await kept('last');
    expect((await copyOf(newest))?.state).toBe('evicted');
    expect((await copyOf(favourite))?.state).toBe('kept');
    expect(await keptBytes(favourite)).toBeDefined();
  }, 60_000);

  it('lowering the cap in the settings evicts at once', async () => {
    service.configure({ videoMinBytes: 30 * MB });
    const harness = await worker({ copyCapMb: 100 });
    const older = await video(harness, 'older');
    await vi.waitFor(async () => expect((await copyOf(older.id))?.state).toBe('kept'), SLOW);
    const newer = await video(harness, 'newer');
    await vi.waitFor(async () => expect((await copyOf(newer.id))?.state).toBe('kept'), SLOW);
    const settings = await harness.items.settings.getValue();
    await harness.app.handlers.saveSettings({
      type: 'saveSettings',
      settings: { ...settings, copyCapMb: 50 },
    });
    expect((await copyOf(older.id))?.state).toBe('evicted');
    expect((await copyOf(newer.id))?.state).toBe('kept');
  }, 60_000);

  it('a copy cut off by a stopped worker is taken up at the next start and kept whole', async () => {
    const first = await worker({}, false);
    const entry = await image(first);
    const url = entry.urls[0] ?? '';
    // What a worker stopped half way leaves: an incomplete file and a record still "keeping".
    await putFile(
      {
        entryId: entry.id,
        index: 0,
        url,
        contentType: 'image/png',
        bytes: 7,
        chunks: 1,
        complete: false,
        startedAt: 1,
      },
      [new Uint8Array(7).buffer],
    );
    await copiesItem.setValue({
      entries: { [entry.id]: { state: 'keeping', bytes: 0, files: 1 } },
      usedBytes: 7,
    });

    const next = startWorker();
    next.media.access = true;
    await next.app.resume();
    await vi.waitFor(async () => expect((await copyOf(entry.id))?.state).toBe('kept'), SLOW);
    expect(await keptBytes(entry.id)).toEqual(await served(url));
    expect((await copiesItem.getValue()).usedBytes).toBe((await served(url)).length);
  });

  it('while a copy runs, the copies alarm stands 30 s ahead to take it up if the worker stops; kept, it is cleared', async () => {
    service.configure({ videoMinBytes: 2 * MB, mediaBytesPerSec: 2 * MB });
    const harness = await worker();
    const entry = await video(harness);
    await vi.waitFor(async () => expect((await copyOf(entry.id))?.state).toBe('keeping'), SLOW);
    await vi.waitFor(async () => {
      const alarm = await fakeBrowser.alarms.get('promptcast-copies');
      expect(alarm?.scheduledTime).toBeGreaterThan(Date.now() + 20_000);
    }, SLOW);
    await vi.waitFor(async () => expect((await copyOf(entry.id))?.state).toBe('kept'), SLOW);
    await vi.waitFor(
      async () => expect(await fakeBrowser.alarms.get('promptcast-copies')).toBeUndefined(),
      SLOW,
    );
  });

  it('a copy waiting for its retry is left to the alarm at a worker start, then kept when the alarm fires', async () => {
    const first = await worker({}, false);
    const entry = await image(first);
    const retryAt = Date.now() + 60_000;
    await copiesItem.setValue({
      entries: { [entry.id]: { state: 'keeping', bytes: 0, files: 1, attempts: 1, retryAt } },
      usedBytes: 0,
    });
    const next = startWorker();
    next.media.access = true;
    await next.app.resume();
    expect((await fakeBrowser.alarms.get('promptcast-copies'))?.scheduledTime).toBe(retryAt);
    expect(service.fileRequests()).toEqual([]);

    vi.spyOn(Date, 'now').mockReturnValue(retryAt);
    await next.app.copies.resumePending();
    vi.restoreAllMocks();
    await vi.waitFor(async () => expect((await copyOf(entry.id))?.state).toBe('kept'), SLOW);
  });

  it('Keep a copy keeps an entry on request, and refuses without access to its host', async () => {
    const harness = await worker({ keepCopies: false });
    const entry = await image(harness);
    harness.media.access = false;
    await expect(
      harness.app.handlers.keepCopy({ type: 'keepCopy', entryId: entry.id }),
    ).rejects.toMatchObject({
      info: { kind: 'no_permission' },
    });
    harness.media.access = true;
    expect(await harness.app.handlers.keepCopy({ type: 'keepCopy', entryId: entry.id })).toEqual({
      keeping: true,
    });
    await vi.waitFor(async () => expect((await copyOf(entry.id))?.state).toBe('kept'), SLOW);
    await expect(harness.app.handlers.keepCopy({ type: 'keepCopy', entryId: 'nope' })).rejects.toMatchObject({
      info: { kind: 'invalid_input' },
    });
  });
});

describe('download command', () => {
  beforeEach(() => {
    build.savesBlobs = true;
    return () => {
      build.savesBlobs = false;
    };
  });

  it('is refused by a worker whose pages save files (Chrome), which then carries no download code', async () => {
    build.savesBlobs = false;
    const harness = await worker({ keepCopies: false });
    const entry = await image(harness, 'a fox');
    await expect(
      harness.app.handlers.download({ type: 'download', entryId: entry.id }),
    ).rejects.toMatchObject({
      info: { kind: 'invalid_request' },
    });
    expect(harness.downloads).toEqual([]);
  });

  const today = (time: number) => {
    const date = new Date(time);
    const pad = (value: number) => String(value).padStart(2, '0');
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  };

  it('saves the service URL under a recognisable name (Firefox)', async () => {
    const harness = await worker({ keepCopies: false });
    const entry = await image(harness, 'A fox, in the snow!');
    expect(await harness.app.handlers.download({ type: 'download', entryId: entry.id })).toEqual({
      started: 1,
    });
    expect(harness.downloads).toEqual([
      [{ url: entry.urls[0], filename: `promptcast-${today(entry.createdAt)}-a-fox-in-the-snow.png` }],
    ]);
  });

  it('saves one file or all files of a two-file job, numbered (Firefox)', async () => {
    const files = [`${service.mediaUrl}/files/videos/a.webm`, `${service.mediaUrl}/files/videos/b.webm`];
    service.configure({ videoUrlOverride: files });
    const harness = await worker({ keepCopies: false });
    const entry = await video(harness, 'two takes');
    const name = (n: number) => `promptcast-${today(entry.createdAt)}-two-takes-${n}.webm`;
    expect(await harness.app.handlers.download({ type: 'download', entryId: entry.id, index: 1 })).toEqual({
      started: 1,
    });
    expect(await harness.app.handlers.download({ type: 'download', entryId: entry.id })).toEqual({
      started: 2,
    });
    expect(harness.downloads).toEqual([
      [{ url: files[1], filename: name(2) }],
      [
        { url: files[0], filename: name(1) },
        { url: files[1], filename: name(2) },
      ],
    ]);
    await expect(
      harness.app.handlers.download({ type: 'download', entryId: entry.id, index: 2 }),
    ).rejects.toMatchObject({ info: { kind: 'invalid_input' } });
    await expect(harness.app.handlers.download({ type: 'download', entryId: 'gone' })).rejects.toMatchObject({
      info: { kind: 'invalid_input' },
    });
  });
  it('a kept file goes from its copy and the others from their URLs (Firefox)', async () => {
    const files = [`${service.mediaUrl}/files/videos/a.webm`, `${service.mediaUrl}/files/videos/b.webm`];
    service.configure({ videoUrlOverride: files });
    const harness = await worker();
    const entry = await video(harness, 'two takes');
    await vi.waitFor(async () => expect((await copyOf(entry.id))?.state).toBe('kept'), SLOW);
    // The second file's copy is gone, as after a damaged database: that one comes from the service.
    await once(await openMediaDb(), 'files', (files) => files.delete([entry.id, 1]), 'readwrite');

    expect(await harness.app.handlers.download({ type: 'download', entryId: entry.id })).toEqual({
      started: 2,
    });
    const [saved] = harness.downloads;
    const name = (n: number) => `promptcast-${today(entry.createdAt)}-two-takes-${n}.webm`;
    const [first, second] = saved ?? [];
    expect(first?.filename).toBe(name(1));
    expect(first && 'blob' in first && Buffer.from(await first.blob.arrayBuffer())).toEqual(
      await served(files[0] ?? ''),
    );
    expect(second).toEqual({ filename: name(2), url: files[1] });
  });
});
