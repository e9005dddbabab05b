import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LibraryPrompt } from '../../utils/library/schema';
import { DEMO_API_KEY } from '../reference-service/server';
import { finishedFiles } from '../support/files';
import { HistoryPage } from './pages/history';
import { LibraryPage } from './pages/library';
import { expect, test } from './support/fixtures';
import { historyOf, settledHistoryOf, storageOf } from './support/probes';
import { configure, sendFrom } from './support/setup';

const downloads = mkdtempSync(path.join(os.tmpdir(), 'promptcast-export-'));
test.use({ extensionLaunch: { downloadsPath: downloads } });
// One worker, in order: in parallel mode each test runs the afterAll below, which would remove the folder
// that the file's next test in the same worker saves into.
test.describe.configure({ mode: 'default' });
test.afterAll(() => rmSync(downloads, { recursive: true, force: true }));

/** The files the browser has finished saving (under GUID names: Playwright overrides the file name). */
function savedTexts(): string[] {
  return finishedFiles(downloads, ['.crdownload']).map((bytes) => bytes.toString('utf8'));
}

const storedLibrary = async (extension: Parameters<typeof storageOf>[0]) =>
  ((await storageOf(extension)).local.library as { prompts: LibraryPrompt[] } | undefined)?.prompts ?? [];

test('the history page finds entries, exports them with the prompt library to a file, and imports both back without duplicates', async ({
  extension,
  service,
}) => {
  const setup = await configure(extension, service);
  for (const prompt of ['a red kite over hills', 'a blue door']) {
    expect((await sendFrom(setup, { type: 'generateImage', prompt })).ok).toBe(true);
  }
  service.configure({ accounts: { [DEMO_API_KEY]: 0 } });
  expect((await sendFrom(setup, { type: 'generateImage', prompt: 'a red balloon, refused' })).ok).toBe(false);
  const stored = await settledHistoryOf(extension);
  for (const [name, tags] of [
    ['Kite at dawn', ['sky']],
    ['Door in {{colour|blue}}', []],
  ] as const) {
    const saved = await sendFrom(setup, {
      type: 'savePrompt',
      prompt: { name, text: `${name.toLowerCase()}, wide shot`, tags: [...tags] },
    });
    expect(saved.ok).toBe(true);
  }
  const library = await storedLibrary(extension);
  expect(library).toHaveLength(2);

  const history = await HistoryPage.open(extension);
  const { page } = history;
  await expect(history.entries()).toHaveCount(3);

  // Search: every word, any case.
  await history.search('RED');
  await expect(history.entries()).toHaveCount(2);
  await expect(page.getByText('2 found', { exact: true })).toBeVisible();
  await history.search('kite red');
  await expect(history.entries()).toHaveText([/a red kite over hills/]);
  await history.search('');

  // Filters and order.
  await history.choose('Status', 'Failed');
  await expect(history.entries()).toHaveText([/a red balloon, refused/]);
  await history.choose('Status', 'All');
  await history.choose('Kind', 'Video');
  await expect(history.entries()).toHaveCount(0);
  await expect(page.getByText('No entries match.')).toBeVisible();
  await history.choose('Kind', 'All');
  await history.choose('Date', 'Oldest first');
  await expect(history.entries()).toHaveText([/a red kite/, /a blue door/, /a red balloon/]);

  // Export: the file on disk holds every entry as it is stored, and nothing of its polling state, and the
  // library's prompts as they are stored.
  await history.exportHistory();
  await expect(history.statusSaying('Exported 3 entries and 2 library prompts.')).toBeVisible();
  // The page says so once the browser has the file; writing it may end a moment later.
  await expect.poll(() => savedTexts().length).toBe(1);
  const [text, ...others] = savedTexts();
  expect(others).toHaveLength(0);
  const file = JSON.parse(text ?? '') as {
    format: string;
    version: number;
    entries: Record<string, unknown>[];
    library: { prompts: LibraryPrompt[] };
  };
  expect(file).toMatchObject({ format: 'promptcast-history', version: 2 });
  expect(file.library.prompts).toEqual(library);
  expect(file.entries.map((entry) => [entry.id, entry.prompt, entry.status, entry.urls])).toEqual(
    stored.map((entry) => [entry.id, entry.prompt, entry.status, entry.urls]),
  );
  const failed = stored.find((entry) => entry.status === 'failed');
  expect(file.entries.find((entry) => entry.id === failed?.id)).toMatchObject({
    error: { kind: 'insufficient_credits' },
    model: failed?.model,
  });
  expect(text).not.toContain(DEMO_API_KEY);

  // Export selected: those entries alone, in the order shown (oldest first here), and no library.
  await history.select('a red kite over hills');
  await history.select('a red balloon, refused', 'ControlOrMeta');
  await history.bulk('Export selected');
  await expect(history.statusSaying('Exported 2 entries.')).toBeVisible();
  await expect.poll(() => savedTexts().length).toBe(2);
  const picked = JSON.parse(savedTexts().find((saved) => saved !== text) ?? '') as typeof file;
  expect(picked.entries.map((entry) => entry.prompt)).toEqual([
    'a red kite over hills',
    'a red balloon, refused',
  ]);
  expect(picked).not.toHaveProperty('library');
  await history.clearSelection();

  // Re-import into a cleared history and an emptied library restores both; importing again adds nothing twice.
  await history.clear(true);
  await expect(history.page.getByText('Nothing generated yet.')).toBeVisible();
  await expect.poll(async () => (await historyOf(extension)).length).toBe(0);
  const emptied = await sendFrom(setup, { type: 'removePrompts', ids: library.map((item) => item.id) });
  expect(emptied).toMatchObject({ ok: true, data: { removed: 2 } });
  await history.importFile('promptcast-history.json', text ?? '');
  await expect(
    history.statusSaying(
      'Imported 3 entries and 2 library prompts (2 new); 0 entries were already in the history.',
    ),
  ).toBeVisible();
  await expect(history.entries()).toHaveCount(3);
  await history.importFile('promptcast-history.json', text ?? '');
  await expect(
    history.statusSaying(
      'Imported 0 entries and 2 library prompts (0 new); 3 entries were already in the history.',
    ),
  ).toBeVisible();
  const restored = await historyOf(extension);
  expect(restored).toEqual(stored.map(({ notifyPending: _, ...entry }) => entry));
  expect(await storedLibrary(extension)).toEqual(library);

  // The library page shows the prompts back, in their order.
  const libraryPage = await LibraryPage.open(extension);
  await expect(libraryPage.count).toHaveText('2 prompts');
  await expect(libraryPage.rows.getByRole('heading')).toHaveText(library.map((item) => item.name));
});

test('a file that is not a history export, or carries a malformed library, shows a clear message and changes nothing', async ({
  extension,
  service,
}) => {
  const setup = await configure(extension, service);
  expect((await sendFrom(setup, { type: 'generateImage', prompt: 'a quiet lake' })).ok).toBe(true);
  const before = await settledHistoryOf(extension);
  const history = await HistoryPage.open(extension);
  await expect(history.entries()).toHaveCount(1);

  await history.importFile('notes.json', 'this is not JSON');
  await expect(history.alert).toHaveText(
    '“notes.json” is not a Promptcast history export. Nothing was changed.',
  );
  await history.importFile(
    'evil.json',
    JSON.stringify({
      format: 'promptcast-history',
      version: 1,
      exportedAt: 0,
      entries: [{ ...before[0], id: 'new', urls: ['javascript:alert(1)'] }],
    }),
  );
  await expect(history.alert).toHaveText(
    '“evil.json” was not imported: entries.0.urls.0: not an http(s) URL. Nothing was changed.',
  );
  // Good entries with a library part that is not one: the whole file is refused, saying it was the library.
  await history.importFile(
    'bad-library.json',
    JSON.stringify({
      format: 'promptcast-history',
      version: 2,
      exportedAt: 0,
      entries: [{ ...before[0], id: 'new' }],
      library: {
        format: 'promptcast-library',
        v: 1,
        prompts: [{ id: 'p', name: 'n'.repeat(81), text: 't', tags: [], createdAt: 0, updatedAt: 0 }],
      },
    }),
  );
  await expect(history.alert).toHaveText(
    '“bad-library.json” was not imported: its prompt library is not valid (library.prompts.0.name: Too big: expected string to have <=80 characters). Nothing was changed.',
  );
  await expect(history.entries()).toHaveCount(1);
  expect(await historyOf(extension)).toEqual(before);
  expect(await storedLibrary(extension)).toEqual([]);
});
