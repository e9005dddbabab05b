// @vitest-environment node
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { HistoryEntry } from '../../../utils/history/schema';
import type { RequestOf } from '../../../utils/messaging/protocol';
import { historyChangesItem } from '../../../utils/storage/items';
import { historyFileText } from '../../support/history-file-text';
import { freshProfile, makeBackgroundApp, startWorker } from '../support/background-app';
import { imageEntry as entry } from '../support/fixtures';
import { importFile } from '../support/import-file';
import { referenceServiceForFile } from '../support/reference-service';

const service = referenceServiceForFile({});
const DAY = 24 * 60 * 60 * 1000;

const fileOf = (entries: unknown[]) => ({ format: 'promptcast-history', version: 1, exportedAt: 0, entries });

describe('favourites and collections', () => {
  it('marks and unmarks favourites, rewriting only the entries that change', async () => {
    const { app, items } = await makeBackgroundApp(service);
    await items.history.setValue([entry('a'), entry('b', { favourite: true })]);
    expect(
      await app.handlers.setFavourite({ type: 'setFavourite', ids: ['a', 'b', 'gone'], favourite: true }),
    ).toEqual({ changed: 1 });
    expect((await items.history.getValue()).map((item) => item.favourite)).toEqual([true, true]);
    expect(await app.handlers.setFavourite({ type: 'setFavourite', ids: ['a'], favourite: false })).toEqual({
      changed: 1,
    });
    expect((await items.history.getValue()).find((item) => item.id === 'a')).not.toHaveProperty('favourite');
  });

  it("makes a frame a video file's thumbnail and gives it back its own first frame, only for a video's file", async () => {
    const { app, items } = await makeBackgroundApp(service);
    const video = entry('v', {
      kind: 'video',
      urls: ['https://cdn.example/a.webm', 'https://cdn.example/b.webm'],
    });
    await items.history.setValue([video, entry('img')]);
    const image = 'data:image/webp;base64,UklGRg==';
    const thumbnail = { index: 1, image };
    const set = (patch: Partial<RequestOf<'setThumbnail'>>) =>
      app.handlers.setThumbnail({ type: 'setThumbnail', entryId: 'v', thumbnail, ...patch });
    expect(await set({})).toEqual({ changed: 1 });
    const byId = async (id: string) => (await items.history.getValue()).find((item) => item.id === id);
    expect(await byId('v')).toEqual({ ...video, thumbnail });
    // An image entry, a file the video does not have: nothing to write.
    expect(await set({ entryId: 'img', thumbnail: { index: 0, image } })).toEqual({ changed: 0 });
    expect(await set({ thumbnail: { index: 2, image } })).toEqual({ changed: 0 });
    expect(await byId('img')).not.toHaveProperty('thumbnail');
    expect(await byId('v')).toEqual({ ...video, thumbnail });
    expect(await app.handlers.setThumbnail({ type: 'setThumbnail', entryId: 'v' })).toEqual({ changed: 1 });
    expect(await byId('v')).toEqual(video);
  });

  it('adds a collection once, takes it out again, and never past 50 collections', async () => {
    const { app, items } = await makeBackgroundApp(service);
    const full = Array.from({ length: 50 }, (_, i) => `c${i}`);
    await items.history.setValue([
      entry('a', { collections: ['Trips'] }),
      entry('b'),
      entry('full', { collections: full }),
    ]);
    const add: RequestOf<'setCollection'> = {
      type: 'setCollection',
      ids: ['a', 'b', 'full'],
      collection: 'Trips',
      member: true,
    };
    expect(await app.handlers.setCollection(add)).toEqual({ changed: 1 });
    const byId = async (id: string) => (await items.history.getValue()).find((item) => item.id === id);
    expect((await byId('a'))?.collections).toEqual(['Trips']);
    expect((await byId('b'))?.collections).toEqual(['Trips']);
    expect((await byId('full'))?.collections).toEqual(full);
    expect(await app.handlers.setCollection({ ...add, ids: ['a', 'full'], member: false })).toEqual({
      changed: 1,
    });
    expect((await byId('a'))?.collections).toBeUndefined();
    expect(
      await app.handlers.setCollection({ ...add, ids: ['full'], collection: 'c0', member: false }),
    ).toEqual({
      changed: 1,
    });
    expect((await byId('full'))?.collections).toHaveLength(49);
  });
});

describe('export and import of favourites and collections', () => {
  it('exports an entry with its mark and collections, and reads them back', async () => {
    const { app, items } = await makeBackgroundApp(service);
    const starred = entry('starred', { favourite: true, collections: ['Trips', 'Cats'] });
    await items.history.setValue([entry('other'), starred]);
    const file = JSON.parse(historyFileText([starred], Date.now())) as { entries: HistoryEntry[] };
    expect(file.entries).toEqual([starred]);
    await items.history.setValue([]);
    await importFile(app, { file });
    expect(await items.history.getValue()).toEqual([starred]);
  });

  it('an import keeps a collection named twice once, and refuses names or lists past their bounds', async () => {
    const { app, items } = await makeBackgroundApp(service);
    await importFile(app, {
      file: fileOf([entry('a', { collections: ['Trips', 'Trips'] })]),
    });
    expect((await items.history.getValue())[0]?.collections).toEqual(['Trips']);
    for (const collections of [['x'.repeat(61)], Array.from({ length: 51 }, (_, i) => `c${i}`)]) {
      await expect(importFile(app, { file: fileOf([entry('b', { collections })]) })).rejects.toMatchObject({
        info: { kind: 'invalid_input' },
      });
    }
    await expect(
      importFile(app, {
        file: fileOf([{ ...entry('c'), favourite: false }]),
      }),
    ).rejects.toMatchObject({ info: { kind: 'invalid_input' } });
  });
});

describe('the drop rule', () => {
  // One "now" per test: entries of the same age made a millisecond apart on a busy machine would otherwise
  // change places in the history's newest-first order.
  let now = Date.now();
  beforeEach(() => {
    now = Date.now();
  });
  const aged = (id: string, days: number, patch: Partial<HistoryEntry> = {}) =>
    entry(id, { createdAt: now - days * DAY, ...patch });

  it('applies at worker start, never to favourites or running jobs', async () => {
    await freshProfile(service, { historyDropAfterDays: 30 });
    const { app, items } = startWorker();
    await items.history.setValue([
      aged('new', 1),
      aged('old', 40),
      aged('old-fav', 40, { favourite: true }),
      aged('old-run', 40, {
        status: 'running',
        kind: 'video',
        poll: { jobId: 'j', baseUrl: service.url, attempts: 0, failures: 0, nextPollAt: Date.now() + DAY },
      }),
    ]);
    await app.resume();
    expect((await items.history.getValue()).map((item) => item.id)).toEqual(['new', 'old-fav', 'old-run']);
  });

  it('applies after each new entry, and at once when the settings tighten it', async () => {
    const { app, items } = await makeBackgroundApp(service, { historyDropAfterDays: 100 });
    await items.history.setValue([aged('recent', 10), aged('old', 50), aged('ancient', 200)]);
    await app.handlers.generateImage({ type: 'generateImage', prompt: 'a kite' });
    expect((await items.history.getValue()).map((item) => item.id).slice(1)).toEqual(['recent', 'old']);
    const settings = await items.settings.getValue();
    await app.handlers.saveSettings({
      type: 'saveSettings',
      settings: { ...settings, historyDropAfterDays: 30 },
    });
    expect((await items.history.getValue()).map((item) => item.id).slice(1)).toEqual(['recent']);
  });
});

describe('the migration at worker start', () => {
  it('takes the storage.local array in and tells open pages to read the history again', async () => {
    await freshProfile(service);
    await fakeBrowser.storage.local.set({ history: [entry('b'), entry('a', { createdAt: 1 })] });
    const { app, items } = startWorker();
    await app.resume();
    expect((await items.history.getValue()).map((item) => item.id)).toEqual(['b', 'a']);
    expect(await fakeBrowser.storage.local.get('history')).toEqual({});
    expect(await historyChangesItem.getValue()).toMatchObject({ cleared: true });
  });
});
