import type { RequestLogEntry } from '../reference-service/server';
import { BatchControls, BatchForm } from './pages/batch';
import { HistoryPage } from './pages/history';
import { PopupPage } from './pages/popup';
import { schemes, seriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import {
  EVENTUALLY,
  recordedNotifications,
  recordNotifications,
  requestsTo,
  settledHistory,
} from './support/probes';
import { shot } from './support/screenshots';
import { configure } from './support/setup';

const IMAGES = '/v1/images/generate';
const lines = (count: number, what: string) =>
  Array.from({ length: count }, (_, index) => `${what} number ${index + 1}`);

/** The batches below take up to 40 s to end on a loaded 2-core machine. */
const BATCH_TIMEOUT = 40_000;

type Log = { requests(): RequestLogEntry[] };
/** The prompts the service was asked to make images of. */
const promptsSent = (service: Log) =>
  requestsTo(service.requests(), IMAGES, 'POST').map(
    (entry) => (JSON.parse(entry.body) as { prompt: string }).prompt,
  );

test('cancelling the prompts not sent: the service receives none of them and the page says they were cancelled', async ({
  extension,
  service,
}) => {
  await configure(extension, service);
  await recordNotifications(extension);
  // The images are answered only once the page has been looked at and the rest cancelled: two are sent at a
  // time, so the other three wait. (A 5-s latency let the first two end, and the rest go out, while the axe
  // passes and screenshots ran on a loaded machine: the Cancel button was gone before its click.)
  service.configure({ faults: [{ pathPrefix: IMAGES, action: { type: 'hold' } }] });
  const popup = await PopupPage.open(extension);
  const form = new BatchForm(popup.page);
  const batch = new BatchControls(popup.page);
  const prompts = lines(5, 'a tin lantern');

  await form.send('image', prompts);
  await expect(batch.group).toHaveAccessibleName('Batch: 3 not sent yet');
  await expect.poll(() => promptsSent(service).length).toBe(2);
  // The two already sent say why they have no Cancel; the three waiting have one each.
  for (const prompt of prompts.slice(0, 2)) {
    await expect(popup.job(prompt).getByTestId('already-sent')).toHaveText(
      'Already sent: the service has no way to cancel it, so its answer is still awaited.',
    );
    await expect(batch.cancel(prompt)).toHaveCount(0);
  }
  for (const prompt of prompts.slice(2)) await expect(batch.cancel(prompt)).toBeVisible();
  for (const scheme of schemes) {
    expect(await seriousViolations(popup.page, scheme)).toEqual([]);
    await popup.page.screenshot({ path: shot(`batch-control-${scheme}`), fullPage: true });
  }

  await batch.cancelRest(3).click();
  const notice = batch.notice('Cancelled, never sent: 3 images. Nothing was spent on them.');
  await expect(notice).toBeVisible();
  // The button went with the prompts it cancelled: focus is on what the click did.
  await expect(notice).toBeFocused();
  await expect(batch.group).toHaveCount(0);
  for (const prompt of prompts.slice(2)) {
    const job = popup.job(prompt);
    await expect(job.getByText('Cancelled', { exact: true })).toBeVisible();
    await expect(job.getByText('Cancelled before it was sent; nothing was spent.')).toBeVisible();
  }
  service.release();

  const history = await settledHistory(extension, 5, BATCH_TIMEOUT);
  expect(history.map((entry) => [entry.prompt, entry.status, entry.error?.kind])).toEqual([
    [prompts[0], 'completed', undefined],
    [prompts[1], 'completed', undefined],
    [prompts[2], 'failed', 'cancelled'],
    [prompts[3], 'failed', 'cancelled'],
    [prompts[4], 'failed', 'cancelled'],
  ]);
  // The lanes the first two freed found the rest cancelled: nothing more went out.
  await popup.page.waitForTimeout(1_000);
  expect(promptsSent(service)).toEqual(prompts.slice(0, 2));
  await expect
    .poll(async () => (await recordedNotifications(extension)).map((note) => note.title), EVENTUALLY)
    .toEqual(['2 images ready, 3 cancelled']);
});

test('pause holds what is not sent, one prompt is cancelled from the history page, resume sends the rest', async ({
  extension,
  service,
}) => {
  await configure(extension, service);
  service.configure({ faults: [{ pathPrefix: IMAGES, action: { type: 'latency', ms: 1_500 } }] });
  const popup = await PopupPage.open(extension);
  const form = new BatchForm(popup.page);
  const batch = new BatchControls(popup.page);
  const prompts = lines(5, 'a cork boat');

  await form.send('image', prompts);
  await expect.poll(() => promptsSent(service).length).toBe(2);
  await batch.pause.click();
  await expect(batch.notice('Paused: nothing more of this batch is sent until you resume it.')).toBeVisible();
  await expect(batch.group).toHaveAccessibleName('Batch paused: 3 not sent yet');
  await expect(batch.resume).toBeFocused();
  await expect(popup.jobs.filter({ hasText: 'Paused, not sent' })).toHaveCount(3);

  // The first two end; the lanes they free find the rest paused.
  await expect(popup.jobs.filter({ hasText: 'Completed' })).toHaveCount(2, { timeout: BATCH_TIMEOUT });
  await popup.page.waitForTimeout(2_000);
  expect(promptsSent(service)).toEqual(prompts.slice(0, 2));

  // The history page offers the same, row by row.
  const history = await HistoryPage.open(extension);
  const rows = new BatchControls(history.page);
  await expect(rows.group).toHaveAccessibleName('Batch paused: 3 not sent yet');
  await rows.cancel(prompts[3] ?? '').click();
  const row = history.entry(prompts[3] ?? '');
  await expect(row.getByText('Cancelled before it was sent; nothing was spent.')).toBeFocused();
  await expect(rows.group).toHaveAccessibleName('Batch paused: 2 not sent yet');
  for (const scheme of schemes) expect(await seriousViolations(history.page, scheme)).toEqual([]);

  await popup.page.bringToFront();
  await expect(batch.group).toHaveAccessibleName('Batch paused: 2 not sent yet');
  await batch.resume.click();
  await expect(batch.notice('Resumed: the prompts not sent yet are being sent.')).toBeVisible();
  const settled = await settledHistory(extension, 5, BATCH_TIMEOUT);
  expect(settled.map((entry) => [entry.prompt, entry.status, entry.error?.kind])).toEqual(
    prompts.map((prompt, index) =>
      index === 3 ? [prompt, 'failed', 'cancelled'] : [prompt, 'completed', undefined],
    ),
  );
  expect(promptsSent(service).sort()).toEqual(prompts.filter((_, index) => index !== 3).sort());
});
