import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_API_KEY } from '../reference-service/server';
import { HistoryPage } from './pages/history';
import { expect, test } from './support/fixtures';
import { historyOf, settledHistoryOf } from './support/probes';
import { configure, sendFrom } from './support/setup';

const downloads = mkdtempSync(path.join(os.tmpdir(), 'promptcast-export-'));
test.use({ extensionLaunch: { downloadsPath: downloads } });
test.afterAll(() => rmSync(downloads, { recursive: true, force: true }));

/** The files the browser saved (under GUID names: Playwright overrides the file name). */
function savedTexts(): string[] {
  return readdirSync(downloads).map((name) => readFileSync(path.join(downloads, name), 'utf8'));
}

test('the history page finds entries, exports them to a file, and imports it back without duplicates', async ({
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

  // Export: the file on disk holds every entry as it is stored, and nothing of its polling state.
  await history.exportHistory();
  await expect(history.statusSaying('Exported 3 entries.')).toBeVisible();
  const [text, ...others] = savedTexts();
  expect(others).toHaveLength(0);
  const file = JSON.parse(text ?? '') as { format: string; entries: Record<string, unknown>[] };
  expect(file.format).toBe('promptcast-history');
  expect(file.entries.map((entry) => [entry.id, entry.prompt, entry.status, entry.urls])).toEqual(
    stored.map((entry) => [entry.id, entry.prompt, entry.status, entry.urls]),
  );
  const failed = stored.find((entry) => entry.status === 'failed');
  expect(file.entries.find((entry) => entry.id === failed?.id)).toMatchObject({
    error: { kind: 'insufficient_credits' },
    model: failed?.model,
  });
  expect(text).not.toContain(DEMO_API_KEY);

  // Re-import into a cleared history restores the entries; importing again adds nothing twice.
  await history.clear(true);
  await expect(history.page.getByText('Nothing generated yet.')).toBeVisible();
  await expect.poll(async () => (await historyOf(extension)).length).toBe(0);
  await history.importFile('promptcast-history.json', text ?? '');
  await expect(history.statusSaying('Imported 3 entries; 0 were already in the history.')).toBeVisible();
  await expect(history.entries()).toHaveCount(3);
  await history.importFile('promptcast-history.json', text ?? '');
  await expect(history.statusSaying('Imported 0 entries; 3 were already in the history.')).toBeVisible();
  const restored = await historyOf(extension);
  expect(restored).toEqual(stored.map(({ notifyPending: _, ...entry }) => entry));
});

test('a file that is not a history export shows a clear message and changes nothing', async ({
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
  await expect(history.entries()).toHaveCount(1);
  expect(await historyOf(extension)).toEqual(before);
});
