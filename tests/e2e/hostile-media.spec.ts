import type { Page } from '@playwright/test';
import type { Copies } from '../../utils/copies/copies-schema';
import type { HistoryEntry } from '../../utils/history/schema';
import { HistoryPage } from './pages/history';
import { expect, extensionDocument, served, test } from './support/media-lab';
import { EVENTUALLY } from './support/probes';
import { configure, sendFrom } from './support/setup';

/**
 * A media host that answers with something other than the file: a redirect to a loopback server the
 * extension may read, or an SVG (a document that runs script when opened on its own) labelled as the image.
 * The media host listens on 127.0.0.1 at its own port (see media-keep.spec.ts): an origin the extension
 * may read, so copies are kept without a permission prompt.
 */

async function copyOf(page: Page, entryId: string): Promise<Copies['entries'][string] | undefined> {
  const stored = await page.evaluate(() => chrome.storage.local.get('copies'));
  return (stored.copies as Copies | undefined)?.entries[entryId];
}

/** What the extension's IndexedDB holds for an entry: its file records and how many chunks. */
async function storedFor(page: Page, entryId: string): Promise<{ files: unknown[]; chunks: number }> {
  return page.evaluate(async (id) => {
    const db = await new Promise<IDBDatabase | null>((resolve) => {
      const open = indexedDB.open('promptcast-media');
      open.onupgradeneeded = () => open.transaction?.abort();
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => resolve(null);
    });
    if (!db) return { files: [], chunks: 0 };
    const all = <T>(store: string, range: IDBKeyRange) =>
      new Promise<T[]>((resolve, reject) => {
        const request = db.transaction(store, 'readonly').objectStore(store).getAll(range);
        request.onsuccess = () => resolve(request.result as T[]);
        request.onerror = () => reject(request.error);
      });
    const files = await all<unknown>('files', IDBKeyRange.bound([id, 0], [id, Number.MAX_SAFE_INTEGER]));
    const chunks = await all<unknown>(
      'chunks',
      IDBKeyRange.bound([id, 0, 0], [id, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER]),
    );
    db.close();
    return { files, chunks: chunks.length };
  }, entryId);
}

async function generateImage(page: Page, prompt: string): Promise<HistoryEntry> {
  const response = await sendFrom(page, { type: 'generateImage', prompt });
  if (!response.ok) throw new Error(`generateImage refused: ${response.error.message}`);
  return response.data;
}

test('a media host redirecting to a loopback server: nothing is kept, and the copy says why', async ({
  lab,
}) => {
  const { extension } = lab;
  const service = await lab.startService('127.0.0.1');
  // The service's own files stand for a local server the extension may read (the manifest grants loopback).
  const secret = `${service.url}/files/images/local-secret.png`;
  service.configure({
    imageUrlOverride: `${service.mediaUrl}/files/images/hop.png`,
    fileFaults: [
      { pathPrefix: '/files/images/hop', action: { type: 'redirect', status: 302, location: secret } },
    ],
  });
  await configure(extension, service);
  const page = await extensionDocument(extension);
  const entry = await generateImage(page, 'a harbour at dawn');

  await expect.poll(async () => (await copyOf(page, entry.id))?.state, EVENTUALLY).toBe('failed');
  expect((await copyOf(page, entry.id))?.error).toMatchObject({
    kind: 'unsafe_media',
    detail: 'redirect_elsewhere',
  });
  expect(await storedFor(page, entry.id)).toEqual({ files: [], chunks: 0 });
});

test('an SVG served as the image is kept as inert bytes, never shown, and Download still saves it', async ({
  lab,
}) => {
  const { extension } = lab;
  const service = await lab.startService('127.0.0.1');
  const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>document.title="ran"</script></svg>';
  service.configure({
    fileFaults: [
      {
        pathPrefix: '/files/images/',
        action: { type: 'status', status: 200, body: svg, headers: { 'Content-Type': 'image/svg+xml' } },
      },
    ],
  });
  await configure(extension, service);
  const page = await extensionDocument(extension);
  const entry = await generateImage(page, 'a vector fox');
  await expect.poll(async () => (await copyOf(page, entry.id))?.state, EVENTUALLY).toBe('kept');
  const { files } = await storedFor(page, entry.id);
  expect(files).toMatchObject([{ contentType: 'application/octet-stream', complete: true }]);

  const notShown = 'This file is not an image or video the extension shows. Download still saves it.';
  const history = await HistoryPage.open(extension);
  const shown = history.entry('a vector fox');
  await expect(shown).toContainText('Kept in the extension');
  await expect(history.gridCells().first()).toContainText(notShown);
  await history.gridCells().first().getByRole('button').click();
  await expect(history.viewer.getByText(notShown)).toBeVisible();
  // No picture anywhere on the page, and no blob: URL made of the copy.
  await expect(history.page.locator('img, video')).toHaveCount(0);
  expect(await history.page.evaluate(() => document.documentElement.outerHTML.includes('blob:'))).toBe(false);
  await history.page.keyboard.press('Escape');

  await shown.getByRole('button', { name: 'Download' }).click();
  const bytes = await served(entry.urls[0] ?? '');
  expect(bytes.toString()).toBe(svg);
  await expect.poll(() => lab.savedFiles(), EVENTUALLY).toEqual([bytes]);
  // Nothing opened the copy in a tab.
  expect(
    extension.context
      .pages()
      .map((tab) => tab.url())
      .filter((url) => url.startsWith('blob:')),
  ).toEqual([]);
});
