import type { ExtensionUnderTest } from './support/extension';
import { expect, served, test } from './support/media-lab';

/**
 * Downloads of results as the background will start them (utils/downloads/download.ts), in real Chromium:
 * files on a second origin without CORS, and a kept copy handed over as a blob: URL by the page.
 */

/** Starts a download from the worker and waits until the browser reports it complete or interrupted. */
async function downloadFromWorker(
  extension: ExtensionUnderTest,
  url: string,
): Promise<{ state: string; error?: string; bytes: number }> {
  const worker = await extension.worker();
  return worker.evaluate(async (target) => {
    const id = await chrome.downloads.download({ url: target, filename: 'promptcast-test.bin' });
    for (;;) {
      const [item] = await chrome.downloads.search({ id });
      if (item && item.state !== 'in_progress')
        return { state: item.state, error: item.error, bytes: item.bytesReceived };
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }, url);
}

test('the worker saves a file from a media origin without CORS or host permission', async ({ lab }) => {
  const { extension } = lab;
  const service = await lab.startService();
  const res = await fetch(`${service.url}/v1/images/generate`, {
    method: 'POST',
    headers: { 'X-API-Key': 'demo-key-1234', 'Content-Type': 'application/json' },
    body: JSON.stringify({ prompt: 'a fox' }),
  });
  const { url } = (await res.json()) as { url: string };
  expect(new URL(url).origin).toBe(service.mediaUrl);
  const bytes = await served(url);
  // The extension cannot read it from its pages (no CORS, no host permission)…
  const page = await extension.openPage('history');
  const readable = await page.evaluate(
    (target) =>
      fetch(target).then(
        () => true,
        () => false,
      ),
    url,
  );
  expect(readable).toBe(false);
  // …yet the downloads API saves the real bytes.
  expect(await downloadFromWorker(extension, url)).toMatchObject({ state: 'complete', bytes: bytes.length });
  expect(lab.savedFiles()).toEqual([bytes]);
});

test('a failed download reports the browser reason', async ({ lab }) => {
  const { extension } = lab;
  const service = await lab.startService();
  expect(await downloadFromWorker(extension, `${service.mediaUrl}/files/images/missing.gif`)).toMatchObject({
    state: 'interrupted',
    error: 'SERVER_BAD_CONTENT',
  });
});

test('a kept copy handed over as a blob: URL is saved whole, even when the page closes at once', async ({
  lab,
}) => {
  const { extension } = lab;
  // What saveKeptCopy does in a page: service workers have no URL.createObjectURL.
  const worker = await extension.worker();
  expect(await worker.evaluate(() => typeof URL.createObjectURL)).toBe('undefined');
  const page = await extension.openPage('history');
  const id = await page.evaluate(async () => {
    const bytes = new Uint8Array(20 * 1024 * 1024).map((_, i) => i % 251);
    const url = URL.createObjectURL(new Blob([bytes], { type: 'video/webm' }));
    const started = await chrome.downloads.download({ url, filename: 'promptcast-copy.webm' });
    URL.revokeObjectURL(url);
    return started;
  });
  await page.close();
  const result = await worker.evaluate(async (downloadId) => {
    for (;;) {
      const [item] = await chrome.downloads.search({ id: downloadId });
      if (item && item.state !== 'in_progress') return { state: item.state, bytes: item.bytesReceived };
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }, id);
  expect(result).toEqual({ state: 'complete', bytes: 20 * 1024 * 1024 });
  const [saved] = lab.savedFiles();
  expect(saved?.length).toBe(20 * 1024 * 1024);
  expect(saved?.every((byte, i) => byte === i % 251)).toBe(true);
});
