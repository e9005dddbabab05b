import type { Page } from '@playwright/test';
import { matching, SHOW_ALL } from '../../utils/history/page/history-find';
import { olderEntry } from '../support/older-entry';
import { HistoryPage } from './pages/history';
import { OptionsPage } from './pages/options';
import { expect, test } from './support/fixtures';
import { seedHistory } from './support/history-seed';
import { copiesIn, keptImages } from './support/kept-results';
import { EVENTUALLY, historyOf } from './support/probes';
import { configure } from './support/setup';

/** Issue #24: a history of ten thousand results, used through its pages as a person would. */

const SEEDED = 10_000;

/** The kept files of an entry in the media database, counted from a page. */
async function keptFiles(page: Page, entryId: string): Promise<number> {
  return page.evaluate(async (id) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('promptcast-media');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    try {
      return await new Promise<number>((resolve, reject) => {
        const request = db
          .transaction('files')
          .objectStore('files')
          .count(IDBKeyRange.bound([id, 0], [id, Number.MAX_SAFE_INTEGER]));
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    } finally {
      db.close();
    }
  }, entryId);
}

test('10,000 entries: newest first, scrolled to the end, searched, a favourite the cap spares, a bulk delete that frees copies', async ({
  extension,
  service,
}) => {
  // Scrolling 10,000 rows into the page takes about 50 s on a loaded 2-core machine (the rendering of the
  // pages of rows), the rest of the test about 30; on a machine loaded twenty times over the whole test
  // took more than 200 s.
  test.setTimeout(300_000);
  const options = await configure(extension, service);
  const now = Date.now() - 3_600_000;
  await seedHistory(
    extension,
    Array.from({ length: SEEDED }, (_, index) => olderEntry(index, now)),
  );
  // Two results made now, the newest of the history, with their copies kept.
  const made = await keptImages(options, ['a kept osprey', 'a kept otter']);
  const total = SEEDED + made.length;

  const history = await HistoryPage.open(extension);
  await expect(history.entries().first()).toContainText('a kept otter');
  await expect(history.count).toContainText(/10,?002/);
  const firstScreen = await history.entries().count();
  expect(firstScreen).toBeLessThan(200);

  // Search reaches the oldest entry without loading the others.
  const oldest = `an older result number ${SEEDED - 1}`;
  await history.search(`number ${SEEDED - 1}`);
  await expect(history.entries()).toHaveCount(1);
  await expect(history.entries().first()).toContainText(oldest);
  await history.toggleFavourite(oldest);
  await expect(history.star(oldest)).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => (await historyOf(extension)).at(-1)?.favourite, EVENTUALLY).toBe(true);
  await history.search('');
  await expect(history.entries()).toHaveCount(firstScreen);

  // Scrolling to the end loads every entry, the oldest last, and keyboard focus is not lost on the way.
  await history.scrollToEnd();
  await expect(history.entries()).toHaveCount(total);
  await expect(history.entries().last()).toContainText(oldest);

  // Past a cap of 100 the options page offers to remove the oldest; the favourite stays.
  const settings = await OptionsPage.open(extension);
  await settings.toggleAdvanced();
  await settings.page.getByLabel('History entries to keep').fill('100');
  await settings.save();
  const past = settings.page.getByTestId('history-past-cap');
  // Counted again for the saved cap: every entry past the newest 100, the favourite never among them.
  const removable = total - 100;
  await expect(past).toHaveAttribute('data-count', String(removable));
  const shown = removable.toLocaleString('en-US');
  await settings.page.getByRole('button', { name: `Remove ${shown} oldest` }).click();
  await settings.page.getByRole('button', { name: 'Remove entries' }).click();
  await expect(settings.page.getByText(`Entries removed: ${shown}.`)).toBeVisible();
  const trimmed = await historyOf(extension);
  expect(trimmed).toHaveLength(total - removable);
  expect(trimmed.find((entry) => entry.prompt === oldest)?.favourite).toBe(true);
  expect(trimmed.slice(0, 2).map((entry) => entry.id)).toEqual(made.map((entry) => entry.id).reverse());

  // A bulk delete of the two kept results: one confirmation, both entries and their kept files gone.
  await history.page.reload();
  await history.select('a kept otter');
  await history.select('a kept osprey', 'ControlOrMeta');
  await expect(history.bulkBar).toContainText('2 selected');
  await history.deleteSelected(true);
  await expect(history.entry('a kept osprey')).toHaveCount(0);
  await expect(history.entry('a kept otter')).toHaveCount(0);
  const after = await historyOf(extension);
  expect(after).toHaveLength(trimmed.length - 2);
  for (const entry of made) {
    expect(after.some((item) => item.id === entry.id)).toBe(false);
    await expect.poll(async () => (await copiesIn(options))[entry.id], EVENTUALLY).toBeUndefined();
    await expect.poll(() => keptFiles(options, entry.id), EVENTUALLY).toBe(0);
  }
  await expect(history.count).toContainText(String(after.length));
});

test('a search typed right after the history page opens with 10,000 entries shows its first rows without waiting for a full read', async ({
  extension,
  service,
}) => {
  await configure(extension, service);
  const now = Date.now() - 3_600_000;
  const seeded = Array.from({ length: SEEDED }, (_, index) => olderEntry(index, now));
  await seedHistory(extension, seeded);

  const page = await extension.context.newPage();
  // Counts the history records the page reads in batches (the search's reads of the whole history; the
  // list's screenful is read by a cursor), and notes the count when the first row shows `__expected`.
  await page.addInitScript(() => {
    const seen = { records: 0, atFirstRow: -1, expected: '' };
    Object.assign(window, { __reads: seen });
    const getAll = IDBIndex.prototype.getAll;
    IDBIndex.prototype.getAll = function (...args: Parameters<typeof getAll>) {
      const request = getAll.apply(this, args);
      request.addEventListener('success', () => {
        seen.records += request.result.length;
      });
      return request;
    };
    new MutationObserver(() => {
      const first = document.querySelector('[data-testid="history-entry"]');
      if (seen.expected && seen.atFirstRow < 0 && first?.textContent?.includes(seen.expected))
        seen.atFirstRow = seen.records;
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  await page.goto(`${extension.origin}/history.html`);
  const history = new HistoryPage(page);
  await expect(history.entries().first()).toContainText('an older result number 0');

  const text = 'number 1';
  const matches = seeded.filter(matching({ ...SHOW_ALL, text })).map((entry) => entry.prompt);
  await page.evaluate((expected) => {
    (window as unknown as { __reads: { expected: string } }).__reads.expected = expected;
  }, matches[0] ?? '');
  await history.search(text);
  await expect(history.entries().first()).toContainText(`${matches[0]}`);
  const reads = () =>
    page.evaluate(() => (window as unknown as { __reads: { records: number; atFirstRow: number } }).__reads);
  // The first rows came from the newest records, long before all of them were read.
  const { atFirstRow } = await reads();
  expect(atFirstRow).toBeGreaterThan(0);
  expect(atFirstRow).toBeLessThan(SEEDED / 2);
  const shown = await history.entries().allTextContents();
  for (const [at, prompt] of matches.slice(0, 20).entries())
    expect(shown[at]).toMatch(new RegExp(`${prompt}(?!\\d)`));
  // The rest of the history is read all the same, and the next keystroke answers from it, exactly.
  await expect.poll(async () => (await reads()).records, EVENTUALLY).toBeGreaterThanOrEqual(SEEDED);
  await history.search('number 9999');
  await expect(history.entries()).toHaveCount(1);
  await expect(history.entries().first()).toContainText('an older result number 9999');
});
