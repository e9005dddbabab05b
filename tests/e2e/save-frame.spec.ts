import { pngTexts } from '../../utils/downloads/png-text';
import { HistoryPage } from './pages/history';
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
