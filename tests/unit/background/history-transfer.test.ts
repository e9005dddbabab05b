// @vitest-environment node
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { forgetAllCopies } from '../../../utils/copies/copies';
import { copiesItem } from '../../../utils/copies/copies-item';
import { readCopy } from '../../../utils/copies/copy-reader';
import type { HistoryEntry } from '../../../utils/history/schema';
import { historyFileWriter } from '../../../utils/history/transfer';
import type { LibraryPrompt } from '../../../utils/library/schema';
import { historyFileText } from '../../support/history-file-text';
import { type BackgroundHarness, makeBackgroundApp } from '../support/background-app';
import { imageEntry as entry } from '../support/fixtures';
import { importFile } from '../support/import-file';
import { referenceServiceForFile } from '../support/reference-service';

const service = referenceServiceForFile({});
/** The smallest cap the settings allow, so a full history stays quick to build. */
const HISTORY_LIMIT = 100;
const DAY = 24 * 60 * 60 * 1000;
type BackgroundApp = BackgroundHarness['app'];

beforeEach(async () => {
  fakeBrowser.reset();
  await forgetAllCopies();
});

const fileOf = (entries: unknown[]) => ({ format: 'promptcast-history', version: 1, exportedAt: 0, entries });

/** `count` finished entries, all newer than anything the tests store themselves. */
const newer = (count: number, prefix = 'file') =>
  Array.from({ length: count }, (_, i) => entry(`${prefix}-${i}`, { createdAt: Date.now() - i }));

/** The export file of these entries, as the page makes it (newest first, as the history reads). */
const exported = (entries: readonly HistoryEntry[]) => JSON.parse(historyFileText(entries, Date.now()));

describe('history export and import', () => {
  it('exports what a person needs of each entry, without polling state', () => {
    const video = entry('v1', {
      kind: 'video',
      status: 'failed',
      options: { duration: 5, resolution: '720p', aspectRatio: '16:9', generateAudio: false },
      finishedAt: 2000,
      error: { kind: 'job_failed', message: 'failed', detail: 'no' },
      poll: { jobId: 'j', baseUrl: service.url, attempts: 1, failures: 0, nextPollAt: 0 },
      notifyPending: true,
      urls: [],
    });
    const file = exported([video, entry('i1', { createdAt: 500 })]) as { format: string; entries: unknown[] };
    expect(file.format).toBe('promptcast-history');
    const { poll: _poll, notifyPending: _notify, ...wanted } = video;
    expect(file.entries).toEqual([wanted, entry('i1', { createdAt: 500 })]);
  });

  it('writes the file a batch at a time, the batches joined being the whole file stringified', () => {
    const many = newer(1201);
    const library = [
      // A prompt whose text is the entries' stand-in in the skeleton changes nothing.
      { id: 'p', name: 'odd', text: '\u0000', tags: ['\u0000'], createdAt: 1, updatedAt: 1 },
    ] as unknown as LibraryPrompt[];
    for (const [entries, prompts] of [
      [many, undefined],
      [many.slice(0, 1), library],
      [many.slice(0, 3), library],
    ] as const) {
      const writer = historyFileWriter(7, prompts);
      const batches = [entries.slice(0, 1), entries.slice(1, 500), entries.slice(500)].filter(
        (b) => b.length,
      );
      const text = `${writer.head}${batches.map((batch, i) => writer.entries(batch, i === 0)).join('')}${writer.tail}`;
      const file = {
        format: 'promptcast-history',
        version: 2,
        exportedAt: 7,
        entries: JSON.parse(historyFileText(entries, 7)).entries,
      };
      const whole = JSON.parse(text) as unknown;
      expect(text).toBe(JSON.stringify(whole, null, 2));
      expect(whole).toEqual(
        prompts ? { ...file, library: { format: 'promptcast-library', v: 1, prompts } } : file,
      );
      expect((whole as { entries: unknown[] }).entries).toHaveLength(entries.length);
    }
    for (const prompts of [library, undefined]) {
      const { empty } = historyFileWriter(7, prompts);
      expect(JSON.parse(empty)).toMatchObject({ entries: [] });
      expect(empty).toBe(JSON.stringify(JSON.parse(empty), null, 2));
    }
  });

  it('imports into a cleared history, newest first, and adds nothing twice', async () => {
    const { app, items } = await makeBackgroundApp(service);
    const saved = [entry('a', { createdAt: 300 }), entry('b', { createdAt: 200 })];
    await items.history.setValue(saved);
    const file = exported(saved);
    await items.history.setValue([entry('c', { createdAt: 250 })]);
    expect(await importFile(app, { file })).toEqual({
      imported: true,
      added: 2,
      skipped: 0,
      removed: 0,
    });
    expect(await importFile(app, { file })).toEqual({
      imported: true,
      added: 0,
      skipped: 2,
      removed: 0,
    });
    expect((await items.history.getValue()).map((item) => item.id)).toEqual(['a', 'c', 'b']);
  });

  it('never overwrites a stored entry, a running job least of all; an imported running job is interrupted', async () => {
    const { app, items } = await makeBackgroundApp(service);
    const running = entry('job', { kind: 'video', status: 'running', urls: [] });
    await items.history.setValue([running]);
    const file = {
      format: 'promptcast-history',
      version: 1,
      exportedAt: 0,
      entries: [
        { ...running, status: 'failed', prompt: 'changed' },
        { ...entry('other', { status: 'running', urls: [] }), poll: undefined },
        { ...entry('other'), prompt: 'the same id twice' },
      ],
    };
    expect(await importFile(app, { file })).toEqual({
      imported: true,
      added: 1,
      skipped: 2,
      removed: 0,
    });
    const stored = await items.history.getValue();
    expect(stored.find((item) => item.id === 'job')).toEqual(running);
    expect(stored.find((item) => item.id === 'other')).toMatchObject({
      status: 'failed',
      error: { kind: 'interrupted' },
    });
  });

  it('refuses a file that is not an export, or carries unsafe URLs, and changes nothing', async () => {
    const { app, items } = await makeBackgroundApp(service);
    const before = [entry('keep')];
    await items.history.setValue(before);
    const good = { format: 'promptcast-history', version: 1, exportedAt: 0, entries: [entry('new')] };
    for (const file of [
      null,
      [entry('new')],
      { ...good, format: 'something-else' },
      { ...good, entries: [entry('new', { urls: ['javascript:alert(1)'] })] },
      { ...good, entries: [entry('new'), { id: 'x', prompt: 'no kind' }] },
    ]) {
      await expect(importFile(app, { file })).rejects.toMatchObject({
        info: { kind: 'invalid_input' },
      });
    }
    expect(await items.history.getValue()).toEqual(before);
  });

  it('refuses URLs longer than a service answer may carry, and dates more than a day ahead, naming the field', async () => {
    const { app, items } = await makeBackgroundApp(service);
    const before = [entry('keep')];
    await items.history.setValue(before);
    const longUrl = `https://media.test/${'a'.repeat(2048)}.png`;
    const refusals: Array<[unknown[], string]> = [
      [[entry('new', { urls: [longUrl] })], 'entries.0.urls.0: longer than 2048 characters'],
      [
        [entry('ok'), entry('new', { createdAt: Date.UTC(2500, 0, 1) })],
        'entries.1.createdAt: later than a day from now',
      ],
      [
        [entry('new', { finishedAt: Date.now() + 2 * DAY })],
        'entries.0.finishedAt: later than a day from now',
      ],
    ];
    for (const [entries, detail] of refusals) {
      await expect(importFile(app, { file: fileOf(entries) })).rejects.toMatchObject({
        info: { kind: 'invalid_input', detail },
      });
    }
    expect(await items.history.getValue()).toEqual(before);
    // A clock a few hours ahead is still a clock.
    const ahead = entry('ahead', { createdAt: Date.now() + 3 * 60 * 60 * 1000 });
    await importFile(app, { file: fileOf([ahead]) });
    expect((await items.history.getValue()).map((item) => item.id)).toEqual(['ahead', 'keep']);
  });

  it('cuts an error text to the 300 characters the service summaries get', async () => {
    const { app, items } = await makeBackgroundApp(service);
    const huge = 'x'.repeat(100_000);
    const failed = entry('f', {
      status: 'failed',
      urls: [],
      error: { kind: 'job_failed', message: huge, detail: huge },
    });
    await importFile(app, { file: fileOf([failed]) });
    const [stored] = await items.history.getValue();
    expect(Array.from(stored?.error?.message ?? '')).toHaveLength(300);
    expect(Array.from(stored?.error?.detail ?? '')).toHaveLength(300);
    expect(stored?.error?.message.endsWith('…')).toBe(true);
  });

  it('an import that would push entries out at the cap only says how many until the person agrees', async () => {
    const { app, items } = await makeBackgroundApp(service, { historyLimit: HISTORY_LIMIT });
    const stored = Array.from({ length: HISTORY_LIMIT }, (_, i) =>
      entry(`old-${i}`, { createdAt: 1000 - i }),
    );
    await items.history.setValue(stored);
    const file = fileOf(newer(60));
    expect(await importFile(app, { file })).toEqual({
      imported: false,
      adding: 60,
      removing: 60,
    });
    expect(await items.history.getValue()).toEqual(stored);
    // Agreeing to fewer than that changes nothing either.
    expect(await importFile(app, { file, removeUpTo: 59 })).toMatchObject({
      imported: false,
    });
    expect(await items.history.getValue()).toEqual(stored);
    expect(await importFile(app, { file, removeUpTo: 60 })).toEqual({
      imported: true,
      added: 60,
      skipped: 0,
      removed: 60,
    });
    const after = await items.history.getValue();
    expect(after).toHaveLength(HISTORY_LIMIT);
    expect(after.slice(60).map((item) => item.id)).toEqual(stored.slice(0, 40).map((item) => item.id));
  });

  /** Keeps a copy of a new image's result and answers with its entry once the copy is kept. */
  async function keptImage(app: BackgroundApp, prompt: string): Promise<HistoryEntry> {
    const made = await app.handlers.generateImage({ type: 'generateImage', prompt });
    await vi.waitFor(async () => expect((await copiesItem.getValue()).entries[made.id]?.state).toBe('kept'), {
      timeout: 15_000,
    });
    return made;
  }

  async function copyGone(id: string): Promise<void> {
    expect((await copiesItem.getValue()).entries[id]).toBeUndefined();
    expect(await readCopy(id, 0)).toBeUndefined();
  }

  it('copies of entries pushed out by an import or a trim are freed; a favourite and its copy stay', async () => {
    const harness = await makeBackgroundApp(service, { historyLimit: HISTORY_LIMIT });
    harness.media.access = true;
    const { app, items } = harness;
    const first = await keptImage(app, 'first');
    const keptFirst = (await items.history.getValue())[0];
    if (!keptFirst) throw new Error('no entry');
    // The kept entry becomes the oldest of a full history.
    await items.history.setValue([...newer(HISTORY_LIMIT - 1, 'full'), { ...keptFirst, createdAt: 1 }]);
    await importFile(app, {
      file: fileOf(newer(1, 'import')),
      removeUpTo: 1,
    });
    expect((await items.history.getValue()).some((item) => item.id === first.id)).toBe(false);
    await copyGone(first.id);

    const second = await keptImage(app, 'second');
    const favourite = await keptImage(app, 'favourite');
    await app.handlers.setFavourite({ type: 'setFavourite', ids: [favourite.id], favourite: true });
    const history = await items.history.getValue();
    const oldest = (id: string, createdAt: number) => {
      const found = history.find((item) => item.id === id);
      if (!found) throw new Error('no entry');
      return { ...found, createdAt };
    };
    const rest = history.filter((item) => item.id !== second.id && item.id !== favourite.id);
    await items.history.setValue([...rest, oldest(favourite.id, 2), oldest(second.id, 1)]);
    // Past the cap by 2: the oldest and the oldest after the favourite. Agreed to fewer, nothing goes.
    expect(await app.handlers.trimHistory({ type: 'trimHistory', removeUpTo: 1 })).toEqual({ removed: 0 });
    expect(await items.history.getValue()).toHaveLength(HISTORY_LIMIT + 2);
    expect(await app.handlers.trimHistory({ type: 'trimHistory', removeUpTo: 2 })).toEqual({ removed: 2 });
    await copyGone(second.id);
    expect((await copiesItem.getValue()).entries[favourite.id]?.state).toBe('kept');
    expect((await items.history.getValue()).some((item) => item.id === favourite.id)).toBe(true);
  });

  it('removing entries in bulk frees exactly their copies', async () => {
    const harness = await makeBackgroundApp(service);
    harness.media.access = true;
    const { app, items } = harness;
    const gone = await keptImage(app, 'gone');
    const stays = await keptImage(app, 'stays');
    expect(await app.handlers.removeEntries({ type: 'removeEntries', ids: [gone.id, 'unknown'] })).toEqual({
      removed: 1,
    });
    await copyGone(gone.id);
    expect((await copiesItem.getValue()).entries[stays.id]?.state).toBe('kept');
    expect((await items.history.getValue()).map((item) => item.id)).toEqual([stays.id]);
  });
});
