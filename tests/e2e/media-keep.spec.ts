import type { Page } from '@playwright/test';
import type { Copies } from '../../utils/copies/copies-schema';
import type { HistoryEntry } from '../../utils/history/schema';
import { DEFAULT_SETTINGS } from '../../utils/settings/defaults';
import { HistoryPage } from './pages/history';
import { expect, extensionDocument, served, test } from './support/media-lab';
import { EVENTUALLY, settled } from './support/probes';
import { configure, sendFrom } from './support/setup';

/**
 * The background keeping and downloading results, driven by commands only (no page UI), in real Chromium.
 *
 * Media host with access: the reference service's media origin listens on 127.0.0.1 (another port than
 * the API), a separate origin without CORS headers. The manifest grants loopback on any port, so this is
 * the state after a person granted access to the media host. 127.0.0.2 cannot stand in for it: the
 * manifest may only ask for https hosts at run time, and a test cannot answer Chrome's permission prompt.
 * Media host without access: the default 127.0.0.2 origin.
 */

async function copiesOf(page: Page): Promise<Copies['entries']> {
  const stored = await page.evaluate(() => chrome.storage.local.get('copies'));
  return ((stored.copies as Copies | undefined) ?? { entries: {} }).entries;
}

async function keptState(page: Page, entryId: string): Promise<string | undefined> {
  return (await copiesOf(page))[entryId]?.state;
}

/** The kept file's bytes read straight from the extension's IndexedDB, as a page would show it. */
async function keptBytes(page: Page, entryId: string, index: number): Promise<number[] | null> {
  return page.evaluate(
    async ({ id, at }) => {
      const db = await new Promise<IDBDatabase | null>((resolve) => {
        const open = indexedDB.open('promptcast-media');
        // No store yet: creating an empty one here would keep the extension from creating its own.
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => resolve(null);
      });
      if (!db) return null;
      const read = <T>(store: string, query: IDBValidKey | IDBKeyRange, all: boolean) =>
        new Promise<T>((resolve, reject) => {
          const objects = db.transaction(store, 'readonly').objectStore(store);
          const request = all ? objects.getAll(query) : objects.get(query);
          request.onsuccess = () => resolve(request.result as T);
          request.onerror = () => reject(request.error);
        });
      const file = await read<{ complete: boolean } | undefined>('files', [id, at], false);
      if (!file?.complete) return null;
      const chunks = await read<ArrayBuffer[]>(
        'chunks',
        IDBKeyRange.bound([id, at, 0], [id, at, Number.MAX_SAFE_INTEGER]),
        true,
      );
      db.close();
      return [...new Uint8Array(await new Blob(chunks).arrayBuffer())];
    },
    { id: entryId, at: index },
  );
}

/**
 * Presses an entry's download button on a history page, as a person does (Chrome's pages save the files),
 * and leaves the page open while they are saved.
 */
async function pressOnHistory(
  extension: Parameters<typeof HistoryPage.open>[0],
  prompt: string,
  button: string,
): Promise<void> {
  const history = await HistoryPage.open(extension);
  await history.entry(prompt).getByRole('button', { name: button, exact: true }).click();
}

async function generateImage(page: Page, prompt: string): Promise<HistoryEntry> {
  const response = await sendFrom(page, { type: 'generateImage', prompt });
  if (!response.ok) throw new Error(`generateImage refused: ${response.error.message}`);
  return response.data;
}

test('an image is kept, downloaded from the history page, and still readable after the service forgot it', async ({
  lab,
}) => {
  const { extension } = lab;
  const service = await lab.startService('127.0.0.1');
  // The bytes as served: a PNG saved with its prompt written in is png-metadata.spec.ts's subject.
  await configure(extension, service, { promptInFiles: false });
  // Long enough to keep and download the file first on a loaded machine.
  service.configure({ fileRetentionMs: 10_000 });
  const page = await extensionDocument(extension);
  const entry = await generateImage(page, 'a fox in the snow');
  const url = entry.urls[0] ?? '';
  expect(new URL(url).origin).toBe(service.mediaUrl);
  expect(new URL(url).origin).not.toBe(service.url);
  const bytes = await served(url);

  await expect.poll(() => keptState(page, entry.id), EVENTUALLY).toBe('kept');
  expect(Buffer.from((await keptBytes(page, entry.id, 0)) ?? [])).toEqual(bytes);

  await pressOnHistory(extension, 'a fox in the snow', 'Download');
  await expect.poll(() => lab.savedFiles(), EVENTUALLY).toEqual([bytes]);

  // Past the service's retention its URL is dead; the kept copy is whole.
  await expect.poll(async () => (await fetch(url)).status, { timeout: 20_000 }).toBe(404);
  expect(Buffer.from((await keptBytes(page, entry.id, 0)) ?? [])).toEqual(bytes);
});

test('a two-file video: both files kept, one or all downloaded, copies survive a worker stop and a restart', async ({
  lab,
}) => {
  const { extension } = lab;
  const service = await lab.startService('127.0.0.1');
  const files = [
    `${service.mediaUrl}/files/videos/take-1.webm`,
    `${service.mediaUrl}/files/images/take-2.png`,
  ];
  service.configure({ videoUrlOverride: files });
  await configure(extension, service, { promptInFiles: false });
  let page = await extensionDocument(extension);
  const response = await sendFrom(page, {
    type: 'submitVideo',
    prompt: 'two takes',
    options: DEFAULT_SETTINGS.videoDefaults,
  });
  if (!response.ok) throw new Error(response.error.message);
  const [done] = await settled(extension, [response.data.id]);
  expect(done).toMatchObject({ status: 'completed', urls: files });
  const bytes = await Promise.all(files.map(served));

  await expect.poll(() => keptState(page, response.data.id), EVENTUALLY).toBe('kept');

  await pressOnHistory(extension, 'two takes', 'Download 2');
  await expect.poll(() => lab.savedFiles(), EVENTUALLY).toEqual([bytes[1]]);
  await pressOnHistory(extension, 'two takes', 'Download all');
  await expect.poll(() => lab.savedFiles().length, EVENTUALLY).toBe(3);
  const saved = lab.savedFiles();
  for (const file of bytes) expect(saved).toContainEqual(file);

  await extension.stopWorker();
  await extension.restartBrowser();
  page = await extensionDocument(extension);
  expect(await keptState(page, response.data.id)).toBe('kept');
  for (const [index, file] of bytes.entries()) {
    expect(Buffer.from((await keptBytes(page, response.data.id, index)) ?? [])).toEqual(file);
  }
});

test('a file the service deleted before its copy was kept: the entry says it expired, and shows no broken image', async ({
  lab,
}) => {
  const { extension } = lab;
  const service = await lab.startService('127.0.0.1');
  await configure(extension, service);
  service.configure({ fileRetentionMs: 0 });
  const page = await extensionDocument(extension);
  const entry = await generateImage(page, 'a fox gone too soon');
  await expect.poll(() => keptState(page, entry.id), EVENTUALLY).toBe('expired');
  const history = await HistoryPage.open(extension);
  const shown = history.entry('a fox gone too soon');
  await expect(
    shown.getByText('The file expired on the service before a copy was kept').first(),
  ).toBeVisible();
  await expect(history.page.locator('img')).toHaveCount(0);
});

test('without access to the media host nothing is kept, and Download still saves the file', async ({
  lab,
}) => {
  const { extension } = lab;
  const service = await lab.startService();
  await configure(extension, service);
  const page = await extensionDocument(extension);
  const entry = await generateImage(page, 'a lighthouse');
  const url = entry.urls[0] ?? '';
  expect(new URL(url).hostname).toBe('127.0.0.2');
  await pressOnHistory(extension, 'a lighthouse', 'Download');
  const bytes = await served(url);
  await expect.poll(() => lab.savedFiles(), EVENTUALLY).toEqual([bytes]);
  // "Only on the service": no copy record, nothing in IndexedDB.
  expect(await copiesOf(page)).toEqual({});
  expect(await keptBytes(page, entry.id, 0)).toBeNull();
});
