import type { Locator } from '@playwright/test';
import type { ReferenceService } from '../../reference-service/server';
import { HistoryPage } from '../pages/history';
import { PanelPage } from '../pages/panel';
import { PopupPage } from '../pages/popup';
import type { ExtensionUnderTest } from '../support/extension';
import { expect, test } from '../support/fixtures';
import {
  EVENTUALLY,
  historyOf,
  quietCopiesOf,
  requestsTo,
  settled,
  someNotifications,
} from '../support/probes';
import { conclude, relaunch } from '../support/reliability-observe';
import { configure } from '../support/setup';

/** What the service takes for one image in the case a person reported (longer than Chrome's 30 s). */
const IMAGE_MS = 45_000;
const IMAGE_PATH = '/v1/images/';
const CHARGE_WARNING = /may still have charged for it: check your balance/;

const imagePosts = (service: ReferenceService) => requestsTo(service.requests(), IMAGE_PATH, 'POST');

/** The image is asked for from the popup, which the person closes as soon as the request is out. */
async function startSlowImage(extension: ExtensionUnderTest, service: ReferenceService, prompt: string) {
  service.configure({
    faults: [{ method: 'POST', pathPrefix: IMAGE_PATH, action: { type: 'latency', ms: IMAGE_MS } }],
  });
  // The settings a person has after an update: the image time-out at its default, the others short.
  const options = await configure(extension, service);
  await options.close();
  const popup = await PopupPage.open(extension);
  await expect(popup.balance).toContainText('credits');
  await popup.generateImage(prompt);
  await expect(popup.status('Generating image')).toBeVisible();
  await expect.poll(() => imagePosts(service).filter((r) => r.status === 0).length, EVENTUALLY).toBe(1);
  return popup;
}

/** The running-time text of a job row, which must tick while the service works. */
async function expectTicking(job: Locator): Promise<void> {
  await expect(job).toHaveAttribute('data-status', 'running');
  const elapsed = job.getByText(/^\d+:\d\d elapsed$/);
  const first = await elapsed.textContent();
  await expect.poll(() => elapsed.textContent()).not.toBe(first);
}

test('an image the service answers after 45 s, popup closed at once: it completes, is shown and notified', {
  tag: '@waits',
}, async ({ extension, service }) => {
  test.setTimeout(150_000);
  const prompt = 'a lighthouse keeper reading by lamplight';
  const popup = await startSlowImage(extension, service, prompt);
  await expect(popup.status('Generating image')).toContainText(/\d:\d\d/);
  await popup.page.close();
  const entry = (await historyOf(extension)).find((item) => item.prompt === prompt);
  expect(entry).toMatchObject({ kind: 'image', status: 'running' });
  const id = entry?.id ?? '';

  // Reopened while the service still works: popup and side panel both show the image running, with a clock.
  const reopened = await PopupPage.open(extension);
  await expectTicking(reopened.job(prompt));
  const panel = await PanelPage.openTab(extension);
  await expectTicking(panel.job(prompt));
  // Closed again before the answer, so it comes when nobody looks.
  await reopened.page.close();
  await panel.page.close();

  const history = await settled(extension, [id], IMAGE_MS + 30_000);
  const ids = await someNotifications(extension);
  const { lost, keyLeaks } = await conclude('an image answered after 45 s, popup closed', {
    extension,
    service,
    history,
    ids: [id],
    note: `answered ${((history[0]?.finishedAt ?? 0) - (history[0]?.createdAt ?? 0)) / 1000} s after the request`,
  });
  expect([lost, keyLeaks]).toEqual([0, 0]);
  expect(history).toHaveLength(1);
  expect(history[0]).toMatchObject({ id, status: 'completed' });
  expect(history[0]?.urls).toHaveLength(1);
  expect(ids).toEqual([`open:${id}`]);
  // Nothing was asked twice: the one request the person paid for brought the image home, and it is kept.
  expect(imagePosts(service)).toHaveLength(1);
  await expect.poll(async () => (await quietCopiesOf(extension))[id]?.state, EVENTUALLY).toBe('kept');

  const after = await PopupPage.open(extension);
  await expect(after.page.getByRole('img', { name: prompt })).toBeVisible();
  const grid = await HistoryPage.open(extension);
  await expect(grid.gridCells().locator('img')).toHaveCount(1);
});

test('the same image cut off by a browser quit: it ends interrupted, warns of the charge, and Try again sends it anew', async ({
  extension,
  service,
}) => {
  test.setTimeout(120_000);
  const prompt = 'a night ferry crossing a fjord';
  const popup = await startSlowImage(extension, service, prompt);
  await popup.page.close();

  await relaunch(extension);

  const [entry] = await settled(
    extension,
    (await historyOf(extension)).map((item) => item.id),
  );
  expect(entry).toMatchObject({ prompt, status: 'failed', error: { kind: 'interrupted' } });
  const ids = await someNotifications(extension);
  expect(ids).toEqual([`history:failed-${entry?.id}`]);

  // Wherever the person looks, the entry says it was cut off and that it may have been paid for.
  const history = await HistoryPage.open(extension);
  const row = history.entry(prompt);
  await expect(row).toHaveAttribute('data-status', 'failed');
  await expect(row).toContainText(CHARGE_WARNING);
  const panel = await PanelPage.openTab(extension);
  await expect(panel.recent.filter({ hasText: prompt })).toContainText(CHARGE_WARNING);
  await panel.page.close();
  const reopened = await PopupPage.open(extension);
  await expect(reopened.recent.filter({ hasText: prompt })).toContainText(CHARGE_WARNING);
  await expect(reopened.entryAction('Try again', prompt)).toBeVisible();

  const { lost, keyLeaks } = await conclude('an image cut off by a browser quit', {
    extension,
    service,
    ids: [entry?.id ?? ''],
    texts: { history: await history.page.content(), popup: await reopened.page.content() },
  });
  expect([lost, keyLeaks]).toEqual([0, 0]);
  expect(imagePosts(service)).toHaveLength(1);

  // Only the person's click asks again: one more request, as a new running entry beside the interrupted one.
  await history.entryAction('Try again', prompt).click();
  await expect.poll(() => imagePosts(service).length, EVENTUALLY).toBe(2);
  await expect
    .poll(async () => (await historyOf(extension)).map((item) => [item.prompt, item.status]), EVENTUALLY)
    .toEqual([
      [prompt, 'running'],
      [prompt, 'failed'],
    ]);
});
