import { clickContextMenu, MENU_IMAGE } from '../pages/browser-ui';
import { expect, test } from '../support/fixtures';
import {
  EVENTUALLY,
  entryOf,
  historyOf,
  notificationsOf,
  pollsOf,
  quietHistoryOf,
  requestsTo,
  settled,
  someNotifications,
  submissionsOf,
} from '../support/probes';
import { conclude, submitVideo } from '../support/reliability-observe';
import { configure } from '../support/setup';

test('the worker is stopped mid-poll three times during one job: it completes once, with one notification', async ({
  extension,
  service,
}) => {
  const durationMs = 5_000;
  // Every poll stays unanswered for a while, so each stop below lands while a poll is in flight.
  service.configure({
    videoDurationMs: durationMs,
    faults: [{ method: 'GET', pathPrefix: '/v1/videos/', action: { type: 'latency', ms: 700 } }],
  });
  const page = await configure(extension, service);
  const entry = await submitVideo(page, 'a tram in the rain');
  const jobId = entry.poll?.jobId ?? '';
  await page.close();

  const stops: number[] = [];
  for (let i = 0; i < 3; i++) {
    const since = stops.at(-1) ?? 0;
    // Watched on the service side only: nothing here wakes the worker but its own alarm or timer.
    await expect
      .poll(() => pollsOf(service, jobId).filter((poll) => poll.status === 0 && poll.time > since).length, {
        timeout: 20_000,
        intervals: [50],
      })
      .toBeGreaterThan(0);
    await extension.stopWorker();
    stops.push(Date.now());
  }
  // After the last stop only the alarm can start the worker again: the history is read from a page that
  // sends no message, so the test itself wakes nothing until the job is home.
  await expect
    .poll(async () => (await quietHistoryOf(extension))[0]?.status, { timeout: 30_000, intervals: [300] })
    .toBe('completed');
  await settled(extension, [entry.id]);
  await someNotifications(extension);
  const notifications = await notificationsOf(extension);
  const { history, lost, keyLeaks } = await conclude('worker stopped mid-poll 3 times during one job', {
    extension,
    service,
    ids: [entry.id],
    note: `${pollsOf(service, jobId).length} polls, ${stops.length} stops`,
  });

  expect([lost, keyLeaks]).toEqual([0, 0]);
  expect(history).toHaveLength(1);
  expect(entryOf(history, entry.id)).toMatchObject({ status: 'completed', kind: 'video' });
  expect(entryOf(history, entry.id).urls).toHaveLength(1);
  expect(notifications).toEqual([`open:${entry.id}`]);
  expect(submissionsOf(service)).toHaveLength(1);
  // Each stop cut a poll short: the service saw polls it never answered to the extension.
  expect(pollsOf(service, jobId).length).toBeGreaterThanOrEqual(4);
});

test('the worker is stopped while an image request is in flight: the entry fails as interrupted and the popup says so', async ({
  extension,
  service,
}) => {
  service.configure({
    faults: [{ method: 'POST', pathPrefix: '/v1/images/', action: { type: 'latency', ms: 8_000 } }],
  });
  await configure(extension, service);
  const popup = await extension.openPage('popup');
  await expect(popup.getByTestId('balance')).toContainText('credits');
  const prompt = 'a glass of water on a windowsill';
  await popup.getByRole('textbox', { name: 'Prompt' }).fill(prompt);
  await popup.getByRole('button', { name: 'Generate image' }).click();
  await expect(popup.getByRole('status')).toContainText('Generating image');
  await expect
    .poll(
      () => requestsTo(service.requests(), '/v1/images/', 'POST').filter((r) => r.status === 0).length,
      EVENTUALLY,
    )
    .toBe(1);

  await extension.stopWorker();

  // The popup's request is cut short with the worker: it says so and starts a fresh worker, which finds
  // the image it cannot finish and ends it with a reason. What counts is the entry itself failing, at
  // once, not when the request's alarm (10 min after it was sent, by default) wakes a worker.
  await expect(popup.getByText(/^Failed: .*interrupted/i).first()).toBeVisible({ timeout: 15_000 });
  await expect(popup.getByRole('status').filter({ hasText: 'Generating image' })).toHaveCount(0);
  await expect(popup.locator('form')).toHaveAttribute('aria-busy', 'false');
  await expect(popup.getByRole('button', { name: 'Generate image' })).toBeEnabled();

  const history = await historyOf(extension);
  const images = history.filter((item) => item.kind === 'image');
  const { lost, keyLeaks } = await conclude('worker stopped during an image request (popup open)', {
    extension,
    service,
    history,
    ids: images.map((item) => item.id),
    texts: { popup: await popup.content() },
  });
  expect([lost, keyLeaks]).toEqual([0, 0]);
  expect(images).toHaveLength(1);
  expect(images[0]).toMatchObject({ status: 'failed', prompt, error: { kind: 'interrupted' } });
  const ids = await someNotifications(extension);
  expect(ids).toEqual([`history:failed-${images[0]?.id}`]);
  // Nobody asked for the image again behind the person's back.
  expect(requestsTo(service.requests(), '/v1/images/', 'POST')).toHaveLength(1);
});

test('an image from the context menu whose worker is stopped mid-request is settled by the alarm alone', {
  tag: '@waits',
}, async ({ extension, service }) => {
  service.configure({
    faults: [{ method: 'POST', pathPrefix: '/v1/images/', action: { type: 'latency', ms: 30_000 } }],
  });
  // The alarm that settles the entry is set from the image time-out: short here, so it fires soon.
  await configure(extension, service, { imageTimeoutSec: 2 });
  for (const page of extension.context.pages())
    if (page.url().startsWith(extension.origin)) await page.close();
  await clickContextMenu(extension, MENU_IMAGE, 'a kettle on a stove');
  await expect.poll(() => requestsTo(service.requests(), '/v1/images/', 'POST').length, EVENTUALLY).toBe(1);
  await extension.stopWorker();
  const stoppedAt = Date.now();

  // No page is open and nothing messages the worker: only the alarm set for this request can start it.
  await expect
    .poll(async () => (await quietHistoryOf(extension))[0]?.status, { timeout: 20_000, intervals: [250] })
    .toBe('failed');
  const history = await quietHistoryOf(extension);
  const settledAfterMs = (history[0]?.finishedAt ?? 0) - stoppedAt;
  const ids = await someNotifications(extension);
  const { lost, keyLeaks } = await conclude('worker stopped during a context-menu image, no page open', {
    extension,
    service,
    history,
    ids: history.map((item) => item.id),
    note: `settled by the alarm ${settledAfterMs} ms after the stop`,
  });
  expect([lost, keyLeaks]).toEqual([0, 0]);
  expect(history).toHaveLength(1);
  expect(history[0]).toMatchObject({ kind: 'image', source: 'context-menu', error: { kind: 'interrupted' } });
  expect(settledAfterMs).toBeGreaterThan(0);
  expect(ids).toEqual([`history:failed-${history[0]?.id}`]);
  expect(requestsTo(service.requests(), '/v1/images/', 'POST')).toHaveLength(1);
});
