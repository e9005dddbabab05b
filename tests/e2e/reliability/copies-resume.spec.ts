import type { Page } from '@playwright/test';
import { paddedVideo } from '../../reference-service/assets';
import type { ReferenceService } from '../../reference-service/server';
import { HistoryPage } from '../pages/history';
import type { ExtensionUnderTest } from '../support/extension';
import { expect, test } from '../support/media-lab';
import { EVENTUALLY, quietCopiesOf, settled } from '../support/probes';
import { conclude, submitVideo } from '../support/reliability-observe';
import { configure, sendFrom } from '../support/setup';

/**
 * Copies finish by themselves: a copy cut off by a stopped worker is continued by the copies alarm with no
 * page open, and a host that stalls costs one attempt, never the copies after it. The media origin listens on
 * 127.0.0.1 (another port than the API), the state after a person granted access to it (see media-keep.spec).
 */
const MB = 1024 * 1024;

/** The requests for one file the service saw, oldest first. */
const requestsFor = (service: ReferenceService, url: string) =>
  service.fileRequests().filter((request) => request.path === new URL(url).pathname);

async function videoResult(
  extension: ExtensionUnderTest,
  page: Page,
  prompt: string,
): Promise<{ id: string; url: string }> {
  const entry = await submitVideo(page, prompt);
  const [done] = await settled(extension, [entry.id]);
  return { id: entry.id, url: done?.urls[0] ?? '' };
}

test('a 20 MB video on a 1 MB/s line, its worker stopped twice mid-copy, is kept with no page open and downloads whole after the service forgot it', {
  tag: '@waits',
}, async ({ lab }) => {
  const { extension } = lab;
  test.setTimeout(150_000);
  const service = await lab.startService('127.0.0.1');
  service.configure({ videoMinBytes: 20 * MB, mediaBytesPerSec: MB });
  const page = await configure(extension, service);
  const video = await videoResult(extension, page, 'a slow river');
  for (const open of extension.context.pages()) await open.close();

  // Watched on the service side only: after each stop, nothing but the copies alarm can wake the worker.
  for (let stop = 1; stop <= 2; stop++) {
    await expect.poll(() => requestsFor(service, video.url).length, { timeout: 45_000 }).toBe(stop);
    // About 5 MB in at 1 MB/s: several 1 MB chunks are stored.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    await extension.stopWorker();
  }
  await expect
    .poll(async () => (await quietCopiesOf(extension))[video.id]?.state, {
      timeout: 80_000,
      intervals: [1_000],
    })
    .toBe('kept');

  const requests = requestsFor(service, video.url);
  expect(requests.length).toBe(3);
  expect(requests[0]).toMatchObject({ range: undefined, status: 200 });
  // Each resumed attempt asked only for the rest.
  for (const resumed of requests.slice(1)) {
    expect(resumed).toMatchObject({ range: expect.stringMatching(/^bytes=[1-9]\d*-$/), status: 206 });
  }

  service.configure({ fileRetentionMs: 0 });
  expect((await fetch(video.url)).status).toBe(404);
  const history = await HistoryPage.open(extension);
  await history.entry('a slow river').getByRole('button', { name: 'Download' }).click();
  await expect.poll(() => lab.savedFiles().length, EVENTUALLY).toBe(1);
  const [saved] = lab.savedFiles();
  expect(saved?.length).toBe(20 * MB);
  expect(saved?.equals(paddedVideo(20 * MB))).toBe(true);
  await conclude('copy continued after two worker stops', {
    extension,
    service,
    ids: [video.id],
    note: `kept in ${requests.length} requests, downloaded whole after the service forgot it`,
  });
});

test('a host that sends headers and then stalls costs that copy one attempt; later copies are kept', {
  tag: '@waits',
}, async ({ lab }) => {
  const { extension } = lab;
  test.setTimeout(100_000);
  const service = await lab.startService('127.0.0.1');
  service.configure({ mediaStallPaths: ['/files/videos/'] });
  const page = await configure(extension, service);
  const stalled = await videoResult(extension, page, 'a stalled wave');
  const later: string[] = [];
  for (const prompt of ['a kept fox', 'a kept owl']) {
    const response = await sendFrom(page, { type: 'generateImage', prompt });
    if (!response.ok) throw new Error(response.error.message);
    later.push(response.data.id);
  }
  // Past the 30 s stall limit of the video's attempt, the images queued behind it are kept.
  await expect
    .poll(
      async () => {
        const copies = await quietCopiesOf(extension);
        return later.map((id) => copies[id]?.state);
      },
      { timeout: 60_000 },
    )
    .toEqual(['kept', 'kept']);
  // The stalled one is left for a later attempt, saying why this one failed.
  expect((await quietCopiesOf(extension))[stalled.id]).toMatchObject({
    state: 'keeping',
    attempts: 1,
    error: { kind: 'timeout' },
  });
  await conclude('stalling media host', {
    extension,
    service,
    ids: [stalled.id, ...later],
    note: 'later copies kept; the stalled one waits for its next attempt',
  });
});
