// @vitest-environment node
import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { forgetAllCopies } from '../../../utils/copies/copies';
import type { HistoryEntry } from '../../../utils/history/schema';
import { promptsOfLibraryFile } from '../../../utils/library/file';
import type { LibraryPrompt } from '../../../utils/library/schema';
import { libraryItem } from '../../../utils/storage/items';
import { historyFileText } from '../../support/history-file-text';
import { makeBackgroundApp } from '../support/background-app';
import { imageEntry as entry, libraryPrompt as prompt } from '../support/fixtures';
import { importFile } from '../support/import-file';
import { referenceServiceForFile } from '../support/reference-service';

/**
 * The history file with the prompt library in it: made with the library, read back whole, the library part
 * checked by the library file's own check, and files made before it (entries only) still read.
 */

const service = referenceServiceForFile({});

/** An export made by the release before the library went with the history (version 1, entries only). */
const versionOne: unknown = JSON.parse(
  readFileSync(path.join(import.meta.dirname, '../fixtures/history-v1.json'), 'utf8'),
);

beforeEach(async () => {
  fakeBrowser.reset();
  await forgetAllCopies();
});

/** The export file as the history page makes it, parsed as an import reads it. */
const exported = (entries: HistoryEntry[], library?: LibraryPrompt[]) =>
  JSON.parse(historyFileText(entries, Date.now(), library)) as Record<string, unknown>;

const storedPromptIds = async () => (await libraryItem.getValue()).prompts.map((item) => item.id);

describe('the history file with the prompt library', () => {
  it('a version 1 file, made before the library went with it, still imports and leaves the library alone', async () => {
    const { app, items } = await makeBackgroundApp(service);
    await libraryItem.setValue({ v: 1, prompts: [prompt('mine')] });
    expect(await importFile(app, { file: versionOne })).toEqual({
      imported: true,
      added: 2,
      skipped: 0,
      removed: 0,
    });
    const history = await items.history.getValue();
    expect(history.map((item) => item.id)).toEqual(['v1-video', 'v1-image']);
    expect(history[1]).toMatchObject({ favourite: true, collections: ['Trips'], cost: 40 });
    expect(await storedPromptIds()).toEqual(['mine']);
  });

  it('is written as version 2 with the library as a library file, and reads back whole', async () => {
    const library = [prompt('a', { tags: ['x'], kind: 'video', pin: 'image' }), prompt('b')];
    const file = exported([entry('e1')], library);
    expect(file).toMatchObject({ format: 'promptcast-history', version: 2 });
    // The part is the library page's own file: cut out, it imports there as it is.
    expect(promptsOfLibraryFile(file.library)).toEqual(library);
    expect(exported([entry('e1')])).not.toHaveProperty('library');
  });

  it('imports the entries, then merges the prompts as a library file does (same id replaced, new ones after)', async () => {
    const { app, items } = await makeBackgroundApp(service);
    await libraryItem.setValue({ v: 1, prompts: [prompt('shared', { name: 'Old name' }), prompt('mine')] });
    const file = exported([entry('e1', { createdAt: 2000 }), entry('e2')], [prompt('new'), prompt('shared')]);
    expect(await importFile(app, { file })).toMatchObject({ imported: true, added: 2 });
    expect((await items.history.getValue()).map((item) => item.id)).toEqual(['e1', 'e2']);
    const stored = (await libraryItem.getValue()).prompts;
    expect(stored.map((item) => [item.id, item.name])).toEqual([
      ['shared', 'Prompt shared'],
      ['mine', 'Prompt mine'],
      ['new', 'Prompt new'],
    ]);
  });

  it('refuses the whole file when its library part is malformed, saying so, and changes nothing', async () => {
    const { app, items } = await makeBackgroundApp(service);
    const before = [entry('keep')];
    await items.history.setValue(before);
    await libraryItem.setValue({ v: 1, prompts: [prompt('mine')] });
    const good = exported([entry('new', { createdAt: 2000 })], [prompt('p')]);
    const withLibrary = (library: unknown) => ({ ...good, library });
    const refusals: Array<[unknown, string]> = [
      [withLibrary('not a library'), 'library: Invalid input'],
      [withLibrary({ format: 'promptcast-library', v: 1 }), 'library.prompts: Invalid input'],
      [withLibrary({ format: 'something-else', v: 1, prompts: [] }), 'library.format: Invalid input'],
      [
        withLibrary({ format: 'promptcast-library', v: 1, prompts: [prompt('p', { name: 'n'.repeat(81) })] }),
        'library.prompts.0.name: Too big',
      ],
      [
        withLibrary({
          format: 'promptcast-library',
          v: 1,
          prompts: [prompt('ok'), prompt('p', { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) })],
        }),
        'library.prompts.1.tags: Too big',
      ],
      [
        withLibrary({
          format: 'promptcast-library',
          v: 1,
          prompts: Array.from({ length: 1001 }, (_, i) => prompt(`p${i}`)),
        }),
        'library.prompts: Too big',
      ],
    ];
    for (const [file, reason] of refusals) {
      const refused = importFile(app, { file });
      await expect(refused).rejects.toMatchObject({ info: { kind: 'invalid_input' } });
      const detail = await refused.catch((failure: { info: { detail: string } }) => failure.info.detail);
      expect(detail).toMatch(/^its prompt library is not valid \(library[.:]/);
      expect(detail).toContain(reason);
    }
    expect(await items.history.getValue()).toEqual(before);
    expect(await storedPromptIds()).toEqual(['mine']);
  });

  it('refuses the whole file when its prompts would take the library past 1,000; ids already stored count once', async () => {
    const { app, items } = await makeBackgroundApp(service);
    const stored = Array.from({ length: 995 }, (_, i) => prompt(`s${i}`));
    await libraryItem.setValue({ v: 1, prompts: stored });
    const tooMany = exported(
      [entry('new', { createdAt: 2000 })],
      Array.from({ length: 6 }, (_, i) => prompt(`f${i}`)),
    );
    await expect(importFile(app, { file: tooMany })).rejects.toMatchObject({
      info: {
        kind: 'invalid_input',
        detail: 'with its prompts the library would hold 1,001, more than 1,000',
      },
    });
    expect(await items.history.getValue()).toEqual([]);
    expect(await storedPromptIds()).toHaveLength(995);

    const fits = exported(
      [entry('new', { createdAt: 2000 })],
      [...stored.slice(0, 10), ...Array.from({ length: 5 }, (_, i) => prompt(`f${i}`))],
    );
    expect(await importFile(app, { file: fits })).toMatchObject({ imported: true, added: 1 });
    expect(await storedPromptIds()).toHaveLength(1000);
  });

  it('refuses a version it does not know', async () => {
    const { app } = await makeBackgroundApp(service);
    await expect(importFile(app, { file: { ...exported([entry('e')]), version: 3 } })).rejects.toMatchObject({
      info: { kind: 'invalid_input', detail: 'version: Invalid option: expected one of 1|2' },
    });
  });
});
