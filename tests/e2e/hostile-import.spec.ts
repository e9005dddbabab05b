import type { Page } from '@playwright/test';
import type { Copies } from '../../utils/copies/copies-schema';
import { HistoryPage } from './pages/history';
import { expect, test } from './support/fixtures';
import { EVENTUALLY, historyOf } from './support/probes';
import { configure, sendFrom } from './support/setup';

/**
 * History files a person may be handed: one with absurd text and a date centuries ahead, and one that would
 * push most of their history out at the cap. The first is refused whole with the field named; the second is
 * a question, and nothing leaves the history without a yes.
 */

const HOUR = 60 * 60 * 1000;

function fileEntry(id: string, createdAt: number, patch: Record<string, unknown> = {}) {
  return {
    id,
    kind: 'image',
    prompt: `imported ${id}`,
    model: 'm1',
    source: 'popup',
    status: 'completed',
    urls: [],
    createdAt,
    ...patch,
  };
}

const historyFile = (entries: unknown[]) =>
  JSON.stringify({ format: 'promptcast-history', version: 1, exportedAt: Date.now(), entries });

/** `count` entries dated after everything already stored (an hour ahead at most: a clock, not a forgery). */
const batch = (prefix: string, count: number, from: number) =>
  Array.from({ length: count }, (_, i) => fileEntry(`${prefix}-${i}`, from + i));

async function copyState(page: Page, entryId: string): Promise<string | undefined> {
  const stored = await page.evaluate(() => chrome.storage.local.get('copies'));
  return (stored.copies as Copies | undefined)?.entries[entryId]?.state;
}

test('a hostile history file is refused or asked about, and nothing is lost without consent', async ({
  extension,
  service,
}) => {
  // A cap of 200 entries, so a file of a few hundred reaches it.
  const setup = await configure(extension, service, { historyLimit: 200 });
  const generated = await sendFrom(setup, { type: 'generateImage', prompt: 'a kept fox' });
  if (!generated.ok) throw new Error(generated.error.message);
  const fox = generated.data;
  // The service's files are on loopback, which the extension reads: the result is kept.
  await expect.poll(() => copyState(setup, fox.id), EVENTUALLY).toBe('kept');
  const history = await HistoryPage.open(extension);
  await expect(history.entries()).toHaveCount(1);

  const huge = 'A'.repeat(200_000);
  const failed = fileEntry('failed', Date.now(), {
    status: 'failed',
    error: { kind: 'job_failed', message: huge, detail: huge },
  });
  await history.importFile(
    'hostile.json',
    historyFile([failed, fileEntry('far-future', Date.UTC(2500, 0, 1))]),
  );
  await expect(history.alert).toHaveText(
    '“hostile.json” was not imported: entries.1.createdAt: later than a day from now. Nothing was changed.',
  );
  expect((await historyOf(extension)).map((entry) => entry.id)).toEqual([fox.id]);

  // The same error text alone is imported, cut to what the service's own summaries may say.
  await history.importFile('failed.json', historyFile([failed]));
  await expect(history.statusSaying('Imported 1 entries; 0 were already in the history.')).toBeVisible();
  const stored = (await historyOf(extension)).find((entry) => entry.id === 'failed');
  expect(Array.from(stored?.error?.detail ?? '')).toHaveLength(300);
  expect(Array.from(stored?.error?.message ?? '')).toHaveLength(300);

  // Filling the history to its cap of 200 pushes nothing out: no question.
  const start = Date.now() + HOUR / 2;
  await history.importFile('fill.json', historyFile(batch('fill', 198, start)));
  await expect(history.statusSaying('Imported 198 entries; 0 were already in the history.')).toBeVisible();
  expect(await historyOf(extension)).toHaveLength(200);

  // 150 newer entries would push out the 150 oldest, the kept fox among them: asked first.
  const flood = historyFile(batch('flood', 150, start + 1000));
  await history.importFile('flood.json', flood);
  const question =
    'Importing adds 150 entries; the 150 oldest of your history would be removed, with their kept copies. Import anyway?';
  await expect(history.page.getByText(question)).toBeVisible();
  const before = await historyOf(extension);
  expect(before).toHaveLength(200);
  expect(before.some((entry) => entry.id === fox.id)).toBe(true);
  await history.page.getByRole('button', { name: 'Cancel' }).click();
  await expect(history.statusSaying('Nothing was imported; the history is as it was.')).toBeVisible();
  expect(await historyOf(extension)).toEqual(before);
  expect(await copyState(setup, fox.id)).toBe('kept');

  await history.importFile('flood.json', flood);
  await history.page.getByRole('button', { name: 'Import anyway' }).click();
  await expect(
    history.statusSaying(
      'Imported 150 entries; 0 were already in the history. The 150 oldest entries were removed, with their kept copies.',
    ),
  ).toBeVisible();
  const after = await historyOf(extension);
  expect(after).toHaveLength(200);
  expect(after.some((entry) => entry.id === fox.id)).toBe(false);
  expect(await copyState(setup, fox.id)).toBeUndefined();
});
