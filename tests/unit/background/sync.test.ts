// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { SYNC_LIBRARY_LIMIT } from '../../../utils/library/limits';
import type { Library } from '../../../utils/library/schema';
import { readProfiles } from '../../../utils/profiles/background/profile-store';
import { FIRST_PROFILE_ID } from '../../../utils/profiles/first-profile';
import { serviceOf } from '../../../utils/profiles/repair';
import { DEFAULT_SETTINGS } from '../../../utils/settings/defaults';
import { libraryItem, syncStateItem } from '../../../utils/storage/items';
import { chunksOf, startSync, syncDone } from '../../../utils/sync/background/sync';
import { DEMO_API_KEY } from '../../reference-service/server';
import { makeBackgroundApp } from '../support/background-app';
import { cpuMsOf } from '../support/cpu-time';
import { libraryPrompt } from '../support/fixtures';
import { referenceServiceForFile } from '../support/reference-service';

const service = referenceServiceForFile({});

/** A worker with the sync mirror running, as the background starts it. */
async function syncingWorker() {
  const harness = await makeBackgroundApp(service);
  startSync();
  await settled();
  return harness;
}

/** A sync task may queue another (a pull's local write, its push): waits for a few rounds. */
async function settled() {
  for (let round = 0; round < 5; round++) await syncDone();
}

const syncItems = () => fakeBrowser.storage.sync.get(null);
const documents = async () => new Set(Object.keys(await syncItems()).map((key) => key.split('.')[0]));

/** The size storage.sync counts for an item: its key and its value's JSON, in UTF-8. */
const itemBytes = (key: string, value: unknown) =>
  new TextEncoder().encode(key + JSON.stringify(value)).length;

/** A document as another browser writes it, in chunks of its own size. */
async function writeFromElsewhere(name: string, value: unknown, at = Date.now() + 60_000, slice = 500) {
  const text = JSON.stringify(value);
  const n = Math.ceil(text.length / slice);
  const items: Record<string, unknown> = { [name]: { at, n } };
  for (let i = 0; i < n; i++) items[`${name}.${i}`] = text.slice(i * slice, (i + 1) * slice);
  await fakeBrowser.storage.sync.set(items);
  await settled();
}

const localState = async () => ({
  library: await libraryItem.getValue(),
  ...(await readProfiles()),
});

describe('sync', () => {
  it('holds the settings, profiles and library, and never the key, the history, copies or balances', async () => {
    const { app, items } = await syncingWorker();
    await app.handlers.saveSettings({
      type: 'saveSettings',
      settings: { ...(await items.settings.getValue()), modelId: 'model-synced', historyLimit: 321 },
      apiKey: DEMO_API_KEY,
    });
    await settled();
    // Only what changed is written: a library this browser has not received yet is not overwritten.
    expect(await documents()).toEqual(new Set(['profiles', 'settings']));
    const entry = await app.handlers.generateImage({ type: 'generateImage', prompt: 'a private teapot' });
    await app.handlers.savePrompt({
      type: 'savePrompt',
      prompt: { name: 'Cats', text: 'a cat in a hat', tags: ['pets'] },
    });
    await expect.poll(async () => (await items.balance.getValue()).balance?.value).toBe(999);
    await settled();

    expect(await documents()).toEqual(new Set(['library', 'profiles', 'settings']));
    const whole = JSON.stringify(await syncItems());
    expect(whole).toContain('a cat in a hat');
    expect(whole).toContain('model-synced');
    expect(whole).toContain('321');
    for (const secret of [DEMO_API_KEY, 'a private teapot', entry.id]) {
      expect(whole).not.toContain(secret);
    }
    // Every other local item (key, key status, balance, path forms, lock, copies) stays out.
    const local = await fakeBrowser.storage.local.get(null);
    for (const [key, value] of Object.entries(local)) {
      if (['library', 'profiles', 'settings', 'syncState'].includes(key)) continue;
      expect(whole, key).not.toContain(JSON.stringify(value).replaceAll('"', '\\"'));
    }
    expect((await syncStateItem.getValue()).at).toMatchObject({
      library: expect.any(Number),
      settings: expect.any(Number),
    });
  });

  it("takes another browser's newer documents: a prompt, a profile's service, settings; the active profile stays", async () => {
    const { app } = await syncingWorker();
    const before = await readProfiles();
    await app.handlers.addProfile({ type: 'addProfile', name: 'Work' });
    await app.handlers.switchProfile({ type: 'switchProfile', id: FIRST_PROFILE_ID });
    await settled();
    const [first, work] = (await readProfiles()).profiles.list;

    await writeFromElsewhere('library', {
      v: 1,
      prompts: [libraryPrompt('elsewhere', { text: 'from afar' })],
    });
    await writeFromElsewhere('profiles', [
      { ...first, service: { ...first?.service, modelId: 'remote-model' } },
      { ...work, name: 'Work (renamed)' },
      { id: 'new-there', name: 'Laptop', service: serviceOf(DEFAULT_SETTINGS) },
    ]);
    const { baseUrl, modelId, modelField, videoDefaults, ...rest } = before.settings;
    await writeFromElsewhere('settings', { ...rest, historyLimit: 777 });

    const after = await localState();
    expect(after.library.prompts.map((prompt) => prompt.text)).toEqual(['from afar']);
    expect(after.profiles.activeId).toBe(FIRST_PROFILE_ID);
    expect(after.profiles.list.map((profile) => profile.name)).toEqual([
      first?.name,
      'Work (renamed)',
      'Laptop',
    ]);
    expect(after.settings).toMatchObject({
      modelId: 'remote-model',
      baseUrl: service.url,
      historyLimit: 777,
    });
    // Applying them wrote nothing back as a change of this browser's.
    expect((await syncStateItem.getValue()).at.library).toBeGreaterThan(Date.now());

    // The active profile deleted elsewhere: the first of the list becomes active here.
    await writeFromElsewhere(
      'profiles',
      [{ id: 'new-there', name: 'Laptop', service: { ...serviceOf(DEFAULT_SETTINGS), modelId: 'laptop-m' } }],
      Date.now() + 120_000,
    );
    const last = await readProfiles();
    expect(last.profiles.activeId).toBe('new-there');
    expect(last.settings).toMatchObject({ baseUrl: '', modelId: 'laptop-m', historyLimit: 777 });
  });

  it('ignores a damaged or foreign sync copy: nothing local changes', async () => {
    const { app } = await syncingWorker();
    await app.handlers.savePrompt({ type: 'savePrompt', prompt: { name: 'Mine', text: 'kept', tags: [] } });
    await settled();
    const before = await localState();

    await fakeBrowser.storage.sync.set({
      library: { at: Date.now() + 60_000, n: 2 },
      'library.0': '{"v":1,',
    });
    await settled();
    await writeFromElsewhere('library', { v: 1, prompts: [{ id: 'x', text: 42 }] });
    await writeFromElsewhere('profiles', [{ id: '', name: 'No id', service: {} }]);
    await writeFromElsewhere('settings', { pollIntervalSec: -5, keepCopies: 'yes' });
    await writeFromElsewhere('settings', 'not settings at all');

    expect(await localState()).toEqual(before);
  });

  it('keeps a library too large for sync in this browser, says so, and syncs it again once it shrinks', async () => {
    await syncingWorker();
    const big: Library = {
      v: 1,
      prompts: Array.from({ length: 25 }, (_, i) => libraryPrompt(`p${i}`, { text: 'x'.repeat(4000) })),
    };
    await libraryItem.setValue(big);
    await settled();
    const { tooBig } = await syncStateItem.getValue();
    expect(tooBig).toBeGreaterThan(SYNC_LIBRARY_LIMIT);
    expect(JSON.stringify(await syncItems())).not.toContain('xxxx');

    // Another browser's older, smaller library does not replace the large one.
    await writeFromElsewhere('library', { v: 1, prompts: [libraryPrompt('small')] });
    expect(await libraryItem.getValue()).toEqual(big);

    const smaller = { v: 1 as const, prompts: big.prompts.slice(0, 5) };
    await libraryItem.setValue(smaller);
    await settled();
    expect((await syncStateItem.getValue()).tooBig).toBeUndefined();
    expect(JSON.stringify(await syncItems())).toContain('xxxx');
  });

  it('splits a large library into chunks under the per-item limit and another browser gets it exactly', async () => {
    await syncingWorker();
    // Characters of 2, 3 and 4 UTF-8 bytes, quotes and control characters, which JSON writes longer.
    const text = 'Grüße "aus" Köln 東京 😀\u0001\n\\'.repeat(120).slice(0, 3000);
    const library: Library = {
      v: 1,
      prompts: Array.from({ length: 6 }, (_, i) => libraryPrompt(`p${i}`, { text, name: `Prompt ü ${i}` })),
    };
    await libraryItem.setValue(library);
    await settled();
    const stored = await syncItems();
    const header = stored.library as { n: number };
    expect(header.n).toBeGreaterThan(5);
    for (const [key, value] of Object.entries(stored)) expect(itemBytes(key, value), key).toBeLessThan(8192);
    const total = Object.entries(stored).reduce((sum, [key, value]) => sum + itemBytes(key, value), 0);
    expect(total).toBeLessThan(102_400);

    // Fewer chunks after a shrink: the stale ones go.
    await libraryItem.setValue({ v: 1, prompts: library.prompts.slice(0, 1) });
    await settled();
    const shrunk = await syncItems();
    const n = (shrunk.library as { n: number }).n;
    expect(Object.keys(shrunk).filter((key) => key.startsWith('library.'))).toHaveLength(n);
    await libraryItem.setValue(library);
    await settled();

    // Another browser: its own empty profile, the same sync.
    const copy = await syncItems();
    await makeBackgroundApp(service);
    await fakeBrowser.storage.sync.set(copy);
    startSync();
    await settled();
    expect(await libraryItem.getValue()).toEqual(library);
  });

  it('records a write the browser refused and retries it with the next change', async () => {
    await syncingWorker();
    vi.spyOn(fakeBrowser.storage.sync, 'set').mockRejectedValueOnce(
      new Error('MAX_WRITE_OPERATIONS_PER_MINUTE'),
    );
    await libraryItem.setValue({ v: 1, prompts: [libraryPrompt('a')] });
    await settled();
    expect((await syncStateItem.getValue()).paused).toBe(true);
    await libraryItem.setValue({ v: 1, prompts: [libraryPrompt('a'), libraryPrompt('b')] });
    await settled();
    expect((await syncStateItem.getValue()).paused).toBeUndefined();
    expect(JSON.stringify(await syncItems())).toContain('text b');
  });
});

/** A document split into exactly `n` chunks, as a damaged or hostile browser might write it. */
function inChunks(
  name: string,
  value: unknown,
  n: number,
  at = Date.now() + 60_000,
): Record<string, unknown> {
  const text = JSON.stringify(value);
  const size = Math.ceil(text.length / n);
  const items: Record<string, unknown> = { [name]: { at, n } };
  for (let i = 0; i < n; i++) items[`${name}.${i}`] = text.slice(i * size, (i + 1) * size);
  return items;
}

/** Whether a string holds half of a surrogate pair on its own. */
const hasLoneSurrogate = (text: string) => /[\uD800-\uDFFF]/u.test(text);

describe('sync: what comes from other browsers is untrusted', () => {
  const DAY = 24 * 60 * 60 * 1000;

  it('believes no header before bounding it: 50,000,000 chunks, more than sync holds, a far future, no number', async () => {
    const { app } = await syncingWorker();
    await app.handlers.savePrompt({ type: 'savePrompt', prompt: { name: 'Mine', text: 'kept', tags: [] } });
    await settled();
    const before = await localState();
    const seen = (await syncStateItem.getValue()).at;
    const theirs = { v: 1, prompts: [libraryPrompt('theirs', { text: 't'.repeat(2000) })] };
    const at = Date.now() + 60_000;

    const spent = await cpuMsOf(async () => {
      for (const header of [
        { at, n: 50_000_000 },
        { at, n: 1.5 },
        { at, n: -1 },
        { at: Number.NaN, n: 1 },
        { at: String(at), n: 1 },
        { at: Date.now() + DAY + 60_000, n: 1 },
      ]) {
        await fakeBrowser.storage.sync.set({ ...inChunks('library', theirs, 1), library: header });
        await settled();
      }
      // 512 items at most, three of them headers: a document has at most 509 chunks, even all present.
      await fakeBrowser.storage.sync.set(inChunks('library', theirs, 510));
      await settled();
    });
    expect(spent).toBeLessThan(1000);
    expect(await localState()).toEqual(before);
    expect((await syncStateItem.getValue()).at).toEqual(seen);

    // The same document within the bounds is taken: 509 chunks, a clock up to a day ahead.
    await fakeBrowser.storage.sync.clear();
    await fakeBrowser.storage.sync.set(inChunks('library', theirs, 509, Date.now() + DAY - 60_000));
    await settled();
    expect((await libraryItem.getValue()).prompts.map((prompt) => prompt.id)).toEqual(['theirs']);
  });

  it('marks a document seen only once it is taken: a damaged one changes nothing, its repair is taken', async () => {
    const { app } = await syncingWorker();
    await app.handlers.savePrompt({ type: 'savePrompt', prompt: { name: 'Mine', text: 'kept', tags: [] } });
    await settled();
    const before = await localState();
    const seen = (await syncStateItem.getValue()).at;
    const at = Date.now() + 60_000;

    // Its last chunk not arrived yet, then the chunk: the same document, the same time.
    const library = inChunks(
      'library',
      { v: 1, prompts: [libraryPrompt('fixed', { text: 'repaired' })] },
      2,
      at,
    );
    const { 'library.1': last, ...first } = library;
    await fakeBrowser.storage.sync.set(first);
    await settled();
    expect(await localState()).toEqual(before);
    expect((await syncStateItem.getValue()).at).toEqual(seen);
    await fakeBrowser.storage.sync.set({ 'library.1': last });
    await settled();
    expect((await libraryItem.getValue()).prompts.map((prompt) => prompt.text)).toEqual(['repaired']);
    expect((await syncStateItem.getValue()).at.library).toBe(at);

    // Refused by the schema (an id every object has), then a fixed copy written earlier than that one.
    const [mine] = before.profiles.list;
    await writeFromElsewhere('profiles', [{ ...mine, id: '__proto__', name: 'Hostile' }], at + 1000);
    expect(await readProfiles()).toEqual({ profiles: before.profiles, settings: before.settings });
    await writeFromElsewhere('profiles', [{ ...mine, name: 'Renamed there' }], at + 500);
    expect((await readProfiles()).profiles.list.map((profile) => profile.name)).toEqual(['Renamed there']);

    // Settings refused, then repaired in place.
    const { baseUrl, modelId, modelField, videoDefaults, ...rest } = before.settings;
    await writeFromElsewhere('settings', { ...rest, historyLimit: -1 }, at);
    expect((await readProfiles()).settings.historyLimit).toBe(before.settings.historyLimit);
    await writeFromElsewhere('settings', { ...rest, historyLimit: 432 }, at);
    expect((await readProfiles()).settings.historyLimit).toBe(432);
  });

  it('cuts chunks between characters, never inside an emoji, within the item limit for any text', () => {
    for (const text of ['😀'.repeat(3000), `a${'😀'.repeat(3000)}`, `ab🏳️‍🌈${'𝄞x'.repeat(2000)}`]) {
      const chunks = chunksOf(text);
      expect(chunks.join('')).toBe(text);
      for (const chunk of chunks) {
        expect(hasLoneSurrogate(chunk)).toBe(false);
        expect(chunk.length).toBeLessThanOrEqual(1300);
      }
    }
    // One of them had a pair across the cut, which went whole into the next chunk.
    expect(chunksOf(`a${'😀'.repeat(3000)}`)[0]).toHaveLength(1299);

    // What JSON writes longest: 6 bytes a character; with the quotes and the longest key, still within 8,192.
    for (const char of ['\u0001', '\ud800', '\udfff', '"', '\\']) {
      for (const chunk of chunksOf(char.repeat(5000))) {
        expect(itemBytes('profiles.508', chunk)).toBeLessThanOrEqual(8192);
      }
    }
  });

  it('writes emoji across chunk boundaries whole, and another browser gets them exactly', async () => {
    await syncingWorker();
    const library: Library = {
      v: 1,
      prompts: Array.from({ length: 4 }, (_, i) =>
        libraryPrompt(`p${i}`, { text: `${'x'.repeat(i)}${'😀🎨'.repeat(900)}` }),
      ),
    };
    await libraryItem.setValue(library);
    await settled();
    const stored = await syncItems();
    const chunks = Object.entries(stored).filter(([key]) => key.startsWith('library.'));
    expect(chunks.length).toBeGreaterThan(4);
    for (const [key, chunk] of chunks) {
      expect(typeof chunk === 'string' && !hasLoneSurrogate(chunk), key).toBe(true);
      expect(itemBytes(key, chunk)).toBeLessThanOrEqual(8192);
    }

    await makeBackgroundApp(service);
    await fakeBrowser.storage.sync.set(stored);
    startSync();
    await settled();
    expect(await libraryItem.getValue()).toEqual(library);
  });
});
