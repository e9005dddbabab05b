import type { Page } from '@playwright/test';
import type { HistoryEntry } from '../../utils/history/schema';
import { olderEntry } from '../support/older-entry';
import { expect, test } from './support/fixtures';
import { copiesIn, keptImages } from './support/kept-results';
import { previousReleaseBuild } from './support/previous-release';
import { EVENTUALLY, historyOf, quietStored, settledHistoryOf } from './support/probes';
import { configure, sendFrom } from './support/setup';

/**
 * The history leaves the storage.local array of earlier releases for IndexedDB (issue #24). These tests
 * upgrade a real profile: the release before the change stores the history, today's build takes it over.
 */

test.use({ extensionLaunch: { releaseBuild: previousReleaseBuild() } });

/** How many entries the history database holds, read from a page that wakes no worker (0 without a database). */
async function storedCount(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const names = (await indexedDB.databases()).map((db) => db.name);
    if (!names.includes('promptcast-history')) return 0;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('promptcast-history');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    try {
      if (!db.objectStoreNames.contains('entries')) return 0;
      return await new Promise<number>((resolve, reject) => {
        const request = db.transaction('entries').objectStore('entries').count();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    } finally {
      db.close();
    }
  });
}

test('a 200-entry history the previous release stored is all there after the upgrade, its kept copies attached', async ({
  extension,
  service,
}) => {
  test.setTimeout(120_000);
  const options = await configure(extension, service);
  // The service forgets its files soon: after the upgrade only the kept copies can show them.
  service.configure({ fileRetentionMs: 15_000 });
  const made = await keptImages(options, ['a kept lighthouse', 'a kept lantern', 'a kept lagoon']);
  await settledHistoryOf(extension);

  // The rest of a long-used history, older than the three, written beside them in the release's own shape.
  const worker = await extension.worker();
  const now = Date.now() - 3_600_000;
  await worker.evaluate(
    async (older) => {
      const { history } = await chrome.storage.local.get('history');
      await chrome.storage.local.set({ history: [...(history as unknown[]), ...older] });
    },
    Array.from({ length: 197 }, (_, index) => olderEntry(index, now)),
  );
  const stored = (await quietStored(extension, 'history')) as HistoryEntry[];
  expect(stored).toHaveLength(200);
  const keptBefore = await copiesIn(options);

  await extension.upgrade();

  // The array goes only once every entry is in the database.
  await expect.poll(() => quietStored(extension, 'history'), EVENTUALLY).toBeUndefined();
  const page = await extension.openPage('history');
  expect(await storedCount(page)).toBe(200);
  const migrated = await historyOf(extension);
  const byId = (entries: readonly HistoryEntry[]) => [...entries].sort((a, b) => a.id.localeCompare(b.id));
  expect(byId(migrated)).toEqual(byId(stored));
  // Newest first, as the release listed them.
  expect(migrated.map((entry) => entry.id)).toEqual(stored.map((entry) => entry.id));
  expect(await copiesIn(page)).toEqual(keptBefore);
  const url = made[0]?.urls[0] ?? '';
  await expect.poll(async () => (await fetch(url)).status, { timeout: 30_000 }).toBe(404);
  await page.reload();
  await expect(page.getByText(/200 entries|Entries: 200/).first()).toBeVisible();
  for (const entry of made) {
    const image = page
      .getByRole('button', { name: new RegExp(entry.prompt) })
      .locator('img')
      .first();
    await expect(image).toBeVisible();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth), EVENTUALLY)
      .toBeGreaterThan(0);
  }

  // That release's one configuration is today's first profile, named after its host, with its key.
  const setup = await extension.openPage('options');
  const profile = setup.getByRole('listitem').filter({ hasText: new URL(service.url).host });
  await expect(profile).toContainText('Active');
  await expect(setup.getByTestId('api-key-status')).toHaveText('Set');
  const balance = await sendFrom(setup, { type: 'refreshBalance' });
  expect(balance.ok).toBe(true);
});

test('a worker stopped in the middle of the migration leaves a history the next worker finishes', async ({
  extension,
}) => {
  test.setTimeout(120_000);
  const total = 20_000;
  await extension.upgrade();
  // What the release left behind, as large as an array history can get, so moving it takes a moment.
  const now = Date.now();
  const legacy = Array.from({ length: total }, (_, index) => ({
    ...olderEntry(index, now),
    prompt: `${olderEntry(index, now).prompt} ${'in a long and detailed scene '.repeat(10)}`,
  }));
  await (await extension.worker()).evaluate((history) => chrome.storage.local.set({ history }), legacy);
  await extension.stopWorker();

  const watcher = await extension.context.newPage();
  await watcher.goto(`${extension.origin}/manifest.json`);
  const waker = await extension.context.newPage();
  await waker.goto(`${extension.origin}/manifest.json`);
  // The next worker start takes the array in, in chunks; stop that worker once some but not all are in.
  void waker.evaluate(() => chrome.runtime.sendMessage({ type: 'ping' })).catch(() => undefined);
  let seen = 0;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    seen = await storedCount(watcher);
    if (seen > 0) break;
  }
  expect(seen, 'the migration began').toBeGreaterThan(0);
  await extension.stopWorker();
  const afterStop = await storedCount(watcher);
  expect(afterStop, 'the worker was stopped before it finished').toBeLessThan(total);
  expect(await quietStored(extension, 'history'), 'the array stays until every entry is in').toHaveLength(
    total,
  );

  // The next worker (woken by the probe) finishes: every entry once, in the array's order, the array gone.
  await extension.worker();
  await expect.poll(() => quietStored(extension, 'history'), { timeout: 60_000 }).toBeUndefined();
  expect(await storedCount(watcher)).toBe(total);
  const history = await historyOf(extension);
  expect(history.map((entry) => entry.id)).toEqual(legacy.map((entry) => entry.id));
});
