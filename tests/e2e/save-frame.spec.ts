import type { Locator } from '@playwright/test';
import { pngTexts } from '../../utils/downloads/png-text';
import { HistoryPage } from './pages/history';
import { PopupPage } from './pages/popup';
import { schemes, seriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { EVENTUALLY, quietCopiesOf, settled } from './support/probes';
import { submitVideo } from './support/reliability-observe';
import { configure } from './support/setup';

declare global {
  interface Window {
    savedFrame?: { filename: string; bytes: number[] };
  }
}

test('a paused video’s frame is saved as a PNG at the video’s own size, with its prompt, showing the pixels shown', async ({
  extension,
  service,
}) => {
  service.configure({ videoDurationMs: 300 });
  const options = await configure(extension, service);
  const { id } = await submitVideo(options, 'a wave at the pier');
  await settled(extension, [id]);
  // Kept in the extension, so the page may read its frames (a host without CORS would taint them).
  await expect.poll(async () => (await quietCopiesOf(extension))[id]?.state, EVENTUALLY).toBe('kept');

  const history = await HistoryPage.open(extension);
  await history.gridCells().filter({ hasText: 'a wave at the pier' }).getByRole('button').click();
  const video = history.viewer.locator('video');
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), EVENTUALLY)
    .toBeGreaterThanOrEqual(2);
  // Paused somewhere in the middle, as a person would stop at the frame they want.
  await video.evaluate(async (element: HTMLVideoElement) => {
    element.pause();
    const seeked = new Promise((resolve) => element.addEventListener('seeked', resolve, { once: true }));
    element.currentTime = element.duration / 2;
    await seeked;
  });
  // What the page hands the browser to save, read before the browser takes it.
  await history.page.evaluate(() => {
    const download = chrome.downloads.download.bind(chrome.downloads);
    chrome.downloads.download = (async (asked: chrome.downloads.DownloadOptions) => {
      const bytes = new Uint8Array(await (await fetch(asked.url)).arrayBuffer());
      window.savedFrame = { filename: asked.filename ?? '', bytes: [...bytes] };
      return download(asked);
    }) as typeof chrome.downloads.download;
  });
  await history.viewer.getByRole('button', { name: 'Save frame' }).click();
  await expect(history.viewer.getByText('Frame saved as a PNG.')).toBeVisible(EVENTUALLY);
  for (const scheme of schemes) expect(await seriousViolations(history.page, scheme)).toEqual([]);

  const saved = await history.page.evaluate(() => window.savedFrame);
  if (!saved) throw new Error('nothing was saved');
  const file = Buffer.from(saved.bytes);
  expect(saved.filename).toMatch(/a-wave-at-the-pier\.png$/);
  const size = await video.evaluate((element: HTMLVideoElement) => [element.videoWidth, element.videoHeight]);
  expect([file.readUInt32BE(16), file.readUInt32BE(20)]).toEqual(size);
  expect(size[0]).toBeGreaterThan(0);
  expect(pngTexts(file).get('parameters')?.split('\n')[0]).toBe('a wave at the pier');
  expect(JSON.parse(pngTexts(file).get('promptcast') ?? '{}')).toMatchObject({ kind: 'video' });

  // Decoded, the file is the frame the video shows: each channel of each pixel within a small tolerance.
  const difference = await history.page.evaluate(async (bytes) => {
    const shown = document.querySelector('dialog video') as HTMLVideoElement;
    const [width, height] = [shown.videoWidth, shown.videoHeight];
    const draw = (source: CanvasImageSource) => {
      const context = new OffscreenCanvas(width, height).getContext('2d');
      if (!context) throw new Error('no 2D context');
      context.drawImage(source, 0, 0);
      return context.getImageData(0, 0, width, height).data;
    };
    const frame = draw(shown);
    const file = draw(await createImageBitmap(new Blob([new Uint8Array(bytes)], { type: 'image/png' })));
    let total = 0;
    let most = 0;
    for (let i = 0; i < frame.length; i++) {
      const each = Math.abs((frame[i] ?? 0) - (file[i] ?? 0));
      total += each;
      most = Math.max(most, each);
    }
    return { mean: total / frame.length, most };
  }, saved.bytes);
  expect(difference.mean).toBeLessThan(1);
  expect(difference.most).toBeLessThanOrEqual(8);
});

test('a paused frame used as the thumbnail is the video’s picture in the grid and the list, after a reload too, until its first frame is asked back', async ({
  extension,
  service,
}) => {
  service.configure({ videoDurationMs: 300 });
  const options = await configure(extension, service);
  const { id } = await submitVideo(options, 'a lighthouse at dusk');
  await settled(extension, [id]);
  await expect.poll(async () => (await quietCopiesOf(extension))[id]?.state, EVENTUALLY).toBe('kept');

  const history = await HistoryPage.open(extension);
  const cell = history.gridCells().filter({ hasText: 'a lighthouse at dusk' });
  await expect(cell.locator('video')).toHaveCount(1);
  await cell.getByRole('button').click();
  const video = history.viewer.locator('video');
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), EVENTUALLY)
    .toBeGreaterThanOrEqual(2);
  // The first frame and the one chosen, as a thumbnail's size holds them: the picture must be the chosen one.
  const frames = await video.evaluate(async (element: HTMLVideoElement) => {
    const seek = async (time: number) => {
      const seeked = new Promise((resolve) => element.addEventListener('seeked', resolve, { once: true }));
      element.currentTime = time;
      await seeked;
    };
    const scale = Math.min(1, 480 / Math.max(element.videoWidth, element.videoHeight));
    const [width, height] = [Math.round(element.videoWidth * scale), Math.round(element.videoHeight * scale)];
    const pixels = () => {
      const context = new OffscreenCanvas(width, height).getContext('2d');
      if (!context) throw new Error('no 2D context');
      context.drawImage(element, 0, 0, width, height);
      return [...context.getImageData(0, 0, width, height).data];
    };
    element.pause();
    await seek(0);
    const first = pixels();
    await seek(element.duration * 0.6);
    return { width, height, first, chosen: pixels() };
  });
  await history.viewer.getByRole('button', { name: 'Use as thumbnail' }).click();
  await expect(
    history.viewer.getByText('This frame is now the video’s picture in lists and grids.'),
  ).toBeVisible(EVENTUALLY);
  for (const scheme of schemes) expect(await seriousViolations(history.page, scheme)).toEqual([]);
  await history.viewer.getByRole('button', { name: 'Close' }).click();

  const meanDifference = (a: number[], b: number[]) =>
    a.reduce((total, value, i) => total + Math.abs(value - (b[i] ?? 0)), 0) / a.length;
  const pictureIn = async (picture: Locator) => {
    await expect(picture).toBeVisible();
    return picture.evaluate(async (element: HTMLImageElement | HTMLVideoElement, { width, height }) => {
      const source = element instanceof HTMLImageElement ? element.src : element.poster;
      const bitmap = await createImageBitmap(await (await fetch(source)).blob());
      const context = new OffscreenCanvas(width, height).getContext('2d');
      if (!context) throw new Error('no 2D context');
      context.drawImage(bitmap, 0, 0, width, height);
      return [...context.getImageData(0, 0, width, height).data];
    }, frames);
  };
  // Sanity: the two frames differ, so matching the chosen one says something.
  expect(meanDifference(frames.first, frames.chosen)).toBeGreaterThan(8);
  for (const reload of [false, true]) {
    if (reload) await history.page.reload();
    // The grid shows the picture instead of loading the video.
    const inGrid = await pictureIn(cell.locator('img'));
    expect(await cell.locator('video').count()).toBe(0);
    expect(meanDifference(inGrid, frames.chosen)).toBeLessThan(4);
  }
  // The popup's list (the history page's rows leave files to its grid): its player shows the picture until played.
  const popup = await PopupPage.open(extension);
  const row = popup.recent.filter({ hasText: 'a lighthouse at dusk' }).locator('video');
  expect(meanDifference(await pictureIn(row), frames.chosen)).toBeLessThan(4);

  await cell.getByRole('button').click();
  await history.viewer.getByRole('button', { name: 'Use its first frame' }).click();
  await expect(history.viewer.getByText('The video’s own first frame is its picture again.')).toBeVisible(
    EVENTUALLY,
  );
  await history.viewer.getByRole('button', { name: 'Close' }).click();
  await expect(cell.locator('video')).toHaveCount(1);
  await expect(cell.locator('img')).toHaveCount(0);
  await expect(row).not.toHaveAttribute('poster');
});
