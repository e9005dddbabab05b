import type { Locator, Page } from '@playwright/test';
import { DEFAULT_SETTINGS } from '../../utils/settings/defaults';
import { HistoryPage } from './pages/history';
import { OptionsPage } from './pages/options';
import { PopupPage } from './pages/popup';
import { schemes, seriousViolations } from './support/axe';
import type { ExtensionUnderTest } from './support/extension';
import { expect, served, test } from './support/media-lab';
import { EVENTUALLY, settled } from './support/probes';
import { configure, sendFrom } from './support/setup';

/**
 * The results in the pages, in real Chromium, with the files on a second origin that sends no CORS headers.
 *
 * "No access": the default media origin 127.0.0.2, which the extension may not read, so nothing is kept and
 * downloads go through the downloads API. "Kept": the media origin on 127.0.0.1 at another port, still a
 * separate origin without CORS, but one the manifest's loopback access covers, which stands in for a media
 * host the person granted (a test cannot answer Chrome's permission prompt, and runtime requests are for
 * https hosts only).
 */

/** The video really loaded: metadata read and no media error. */
async function playable(video: Locator): Promise<{ ready: number; error: unknown; src: string }> {
  return video.evaluate((element: HTMLVideoElement) => ({
    ready: element.readyState,
    error: element.error,
    src: element.currentSrc,
  }));
}

async function expectPlays(video: Locator, from: 'blob:' | 'http'): Promise<void> {
  await expect.poll(async () => (await playable(video)).ready, EVENTUALLY).toBeGreaterThanOrEqual(1);
  const state = await playable(video);
  expect(state.error).toBeNull();
  expect(state.src.startsWith(from)).toBe(true);
}

async function submitVideo(extension: ExtensionUnderTest, page: Page, prompt: string): Promise<string> {
  const response = await sendFrom(page, {
    type: 'submitVideo',
    prompt,
    options: DEFAULT_SETTINGS.videoDefaults,
  });
  if (!response.ok) throw new Error(response.error.message);
  await settled(extension, [response.data.id]);
  return response.data.id;
}

test('Download in the popup saves the file from a host without CORS, and the popup stays on its page', async ({
  lab,
}) => {
  const { extension } = lab;
  const service = await lab.startService();
  await configure(extension, service);
  const popup = await PopupPage.open(extension);
  const popupUrl = popup.page.url();
  await popup.generateImage('a lighthouse at night');
  const image = popup.result.getByRole('img', { name: 'a lighthouse at night' });
  await expect(image).toBeVisible();
  const url = (await image.getAttribute('src')) ?? '';
  expect(new URL(url).hostname).toBe('127.0.0.2');
  await expect(popup.result.getByText('Only on the service')).toBeVisible();

  await popup.result.getByRole('button', { name: 'Download' }).click();
  await expect.poll(() => lab.savedFiles(), EVENTUALLY).toEqual([await served(url)]);
  expect(popup.page.url()).toBe(popupUrl);
  await expect(popup.result).toBeVisible();
  // No access to that host, and a plain-http host cannot be asked for: no Keep a copy that could only fail.
  // Checked once the file is saved, long after the browser answered whether the host is granted: the
  // button would show by then.
  await expect(popup.result.getByRole('button', { name: 'Keep a copy' })).toHaveCount(0);
});

test('a two-file video plays in the popup and the viewer; history downloads one file and both', async ({
  lab,
}) => {
  const { extension } = lab;
  const service = await lab.startService();
  const files = [
    `${service.mediaUrl}/files/videos/take-1.webm`,
    `${service.mediaUrl}/files/videos/take-2.webm`,
  ];
  service.configure({ videoUrlOverride: files });
  await configure(extension, service);
  const popup = await PopupPage.open(extension);
  await popup.generateVideo('two takes of the sea');
  const job = popup.jobs.filter({ hasText: 'two takes of the sea' });
  const popupVideo = job.locator('video');
  await expect(popupVideo).toHaveAttribute('controls', '');
  await expect(popupVideo).toHaveAttribute('preload', 'metadata');
  await expectPlays(popupVideo, 'http');
  expect(await seriousViolations(popup.page, 'light')).toEqual([]);
  expect(await seriousViolations(popup.page, 'dark')).toEqual([]);

  const history = await HistoryPage.open(extension);
  const entry = history.entry('two takes of the sea');
  await entry.getByRole('button', { name: 'Download 2' }).click();
  const bytes = await Promise.all(files.map(served));
  await expect.poll(() => lab.savedFiles(), EVENTUALLY).toEqual([bytes[1]]);
  await entry.getByRole('button', { name: 'Download all' }).click();
  await expect.poll(() => lab.savedFiles().length, EVENTUALLY).toBe(3);
  for (const file of bytes) expect(lab.savedFiles()).toContainEqual(file);

  await expect(history.gridCells()).toHaveCount(2);
  for (const scheme of schemes) expect(await seriousViolations(history.page, scheme)).toEqual([]);
  await history.gridCells().first().getByRole('button').click();
  await expect(history.viewer).toBeVisible();
  await expectPlays(history.viewer.locator('video'), 'http');
  for (const scheme of schemes) expect(await seriousViolations(history.page, scheme)).toEqual([]);
  await history.page.keyboard.press('Escape');
  await expect(history.viewer).toBeHidden();
});

test('after the service forgot the files, history shows the kept image and plays the kept video; clearing frees the space', async ({
  lab,
}) => {
  const { extension } = lab;
  const service = await lab.startService('127.0.0.1');
  service.configure({ fileRetentionMs: 3_000 });
  await configure(extension, service);
  const options = await OptionsPage.open(extension);
  const imageResponse = await sendFrom(options.page, { type: 'generateImage', prompt: 'a kept fox' });
  if (!imageResponse.ok) throw new Error(imageResponse.error.message);
  const videoId = await submitVideo(extension, options.page, 'a kept wave');
  const used = options.page.getByTestId('copies-used');
  await expect.poll(async () => Number(await used.getAttribute('data-bytes')), EVENTUALLY).toBeGreaterThan(0);

  const imageUrl = imageResponse.data.urls[0] ?? '';
  await expect.poll(async () => (await fetch(imageUrl)).status, { timeout: 15_000 }).toBe(404);

  const history = await HistoryPage.open(extension);
  await expect(history.entry('a kept fox').getByText('Kept in the extension')).toBeVisible();
  const image = history.gridCells().filter({ hasText: 'a kept fox' }).locator('img');
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth), EVENTUALLY)
    .toBeGreaterThan(0);
  expect(await image.getAttribute('src')).toMatch(/^blob:/);
  await history.gridCells().filter({ hasText: 'a kept wave' }).getByRole('button').click();
  await expectPlays(history.viewer.locator('video'), 'blob:');
  expect(videoId).toBeTruthy();
  await history.page.keyboard.press('Escape');

  await history.clear(true);
  await options.page.reload();
  await expect(options.page.getByTestId('copies-used')).toHaveAttribute('data-bytes', '0');
  await expect(options.page.getByTestId('copies-used')).toHaveText('Space used: 0 MB');
});

test('with keeping off, a file past retention says it is no longer available, with no broken image', async ({
  lab,
}) => {
  const { extension } = lab;
  const service = await lab.startService('127.0.0.1');
  service.configure({ fileRetentionMs: 1_500 });
  const page = await configure(extension, service, { keepCopies: false });
  const response = await sendFrom(page, { type: 'generateImage', prompt: 'a lost fox' });
  if (!response.ok) throw new Error(response.error.message);
  const url = response.data.urls[0] ?? '';
  await expect.poll(async () => (await fetch(url)).status, { timeout: 15_000 }).toBe(404);

  const history = await HistoryPage.open(extension);
  const cell = history.gridCells().filter({ hasText: 'a lost fox' });
  await expect(cell.getByText('No longer available on the service, and no copy was kept')).toBeVisible();
  await expect(cell.locator('img')).toHaveCount(0);
});

test('past the space cap, the oldest kept copy makes room and the options page shows the space used', async ({
  lab,
}) => {
  const { extension } = lab;
  test.setTimeout(120_000);
  const service = await lab.startService('127.0.0.1');
  // Three 20 MB videos against the smallest cap (50 MB): the third cannot fit beside the other two.
  service.configure({ videoMinBytes: 20 * 1024 * 1024 });
  await configure(extension, service, { copyCapMb: 50 });
  const options = await OptionsPage.open(extension);
  const copyState = (id: string) =>
    options.page.evaluate(async (entryId) => {
      const { copies } = await chrome.storage.local.get('copies');
      return (copies as { entries?: Record<string, { state: string }> } | undefined)?.entries?.[entryId]
        ?.state;
    }, id);
  const ids: string[] = [];
  for (const prompt of ['the first tide', 'the second tide', 'the third tide']) {
    const id = await submitVideo(extension, options.page, prompt);
    await expect.poll(() => copyState(id), { timeout: 30_000 }).toBe('kept');
    ids.push(id);
  }
  const [oldest, second, newest] = ids as [string, string, string];
  await expect.poll(() => copyState(oldest), EVENTUALLY).toBe('evicted');
  expect([await copyState(second), await copyState(newest)]).toEqual(['kept', 'kept']);
  const used = Number(await options.page.getByTestId('copies-used').getAttribute('data-bytes'));
  expect(used).toBeGreaterThanOrEqual(40 * 1024 * 1024);
  expect(used).toBeLessThanOrEqual(50 * 1024 * 1024);

  // The person sees it too: the evicted result is back to living on the service only.
  const history = await HistoryPage.open(extension);
  await expect(history.entry('the first tide').getByText('Only on the service')).toBeVisible();
  await expect(history.entry('the third tide').getByText('Kept in the extension')).toBeVisible();
});
