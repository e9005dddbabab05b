import { BatchForm } from './pages/batch';
import { OptionsPage } from './pages/options';
import { PopupPage } from './pages/popup';
import { schemes, seriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import {
  EVENTUALLY,
  historyOf,
  notificationsOf,
  recordedNotifications,
  recordNotifications,
  requestsTo,
  settledHistory,
  submissionsOf,
} from './support/probes';
import { configure } from './support/setup';

const lines = (count: number, what: string) =>
  Array.from({ length: count }, (_, index) => `${what} number ${index + 1}`);

/** The batches below take up to 40 s to end on a loaded 2-core machine. */
const BATCH_TIMEOUT = 40_000;

test('five lines of images: five entries, waiting ones say so, and exactly one summary notification', async ({
  extension,
  service,
}) => {
  await configure(extension, service);
  await recordNotifications(extension);
  service.configure({ latencyMs: 1_000 });
  const popup = await PopupPage.open(extension);
  const form = new BatchForm(popup.page);
  const prompts = lines(5, 'a paper boat');

  await form.onePerLine.check();
  await form.prompt.fill(prompts.join('\n\n'));
  await expect(form.count).toHaveText('5 images or 5 videos will be made, one per line.');
  await form.generate('image');
  await expect(form.question).toHaveCount(0);
  await expect(
    popup.status('5 images on their way; one notification tells when all are done.'),
  ).toBeVisible();
  // Two are sent at a time: the others are shown as what they are.
  await expect(popup.jobs.filter({ hasText: 'Waiting to be sent' }).first()).toBeVisible();

  const history = await settledHistory(extension, 5, BATCH_TIMEOUT);
  expect(history.map((entry) => [entry.prompt, entry.status])).toEqual(
    prompts.map((prompt) => [prompt, 'completed']),
  );
  expect(new Set(history.map((entry) => entry.batchId)).size).toBe(1);
  expect(requestsTo(service.requests(), '/v1/images/generate', 'POST')).toHaveLength(5);
  await expect
    .poll(async () => (await recordedNotifications(extension)).map((note) => note.title), EVENTUALLY)
    .toEqual(['5 images ready']);
  // Nothing more comes later (no per-entry notice, no second summary).
  await popup.page.waitForTimeout(1_500);
  expect(await recordedNotifications(extension)).toHaveLength(1);
});

test('above the threshold the person set, the form asks first: cancelling sends nothing, too many lines are refused, confirming sends six', async ({
  extension,
  service,
}) => {
  await configure(extension, service);
  // The default asks above 10; the person lowers it to 5 on the options page.
  const options = await OptionsPage.open(extension);
  await options.page.getByLabel('Ask before sending more than this many prompts at once').fill('5');
  await options.save();
  await expect(options.status).toHaveText('Saved.');
  const popup = await PopupPage.open(extension);
  const form = new BatchForm(popup.page);

  await form.send('image', lines(6, 'a glass owl'));
  await expect(form.question).toBeVisible();
  await expect(form.question).toContainText('Make 6 images now? Each one spends credits.');
  await expect(form.confirm).toBeFocused();
  for (const scheme of schemes) expect(await seriousViolations(popup.page, scheme)).toEqual([]);
  await form.cancel.click();
  await expect(form.question).toHaveCount(0);
  await expect(form.button('image')).toBeFocused();
  await popup.page.waitForTimeout(500);
  expect(requestsTo(service.requests(), '/v1/images/generate', 'POST')).toHaveLength(0);
  expect(await historyOf(extension)).toEqual([]);

  await form.prompt.fill(lines(21, 'a glass owl').join('\n'));
  await form.generate('image');
  await expect(form.question).toHaveCount(0);
  await expect(form.problem).toHaveText('21 prompts are too many for one batch; the limit is 20.');
  await expect(form.prompt).toBeFocused();
  await expect(form.prompt).toHaveAttribute('aria-invalid', 'true');

  await form.prompt.fill(lines(6, 'a glass owl').join('\n'));
  await form.generate('image');
  await form.confirm.click();
  const history = await settledHistory(extension, 6, BATCH_TIMEOUT);
  expect(history.map((entry) => [entry.prompt, entry.status, entry.error?.message])).toEqual(
    lines(6, 'a glass owl').map((prompt) => [prompt, 'completed', undefined]),
  );
  expect(requestsTo(service.requests(), '/v1/images/generate', 'POST')).toHaveLength(6);
});

test('five lines of videos: five jobs and one summary notification', async ({ extension, service }) => {
  service.configure({ videoDurationMs: 1_500 });
  await configure(extension, service);
  await recordNotifications(extension);
  const popup = await PopupPage.open(extension);
  const form = new BatchForm(popup.page);

  await form.send('video', lines(5, 'a slow tide'));
  await expect(
    popup.status('5 videos on their way; one notification tells when all are done.'),
  ).toBeVisible();
  const history = await settledHistory(extension, 5, BATCH_TIMEOUT);
  expect(history.map((entry) => entry.status)).toEqual(Array(5).fill('completed'));
  expect(submissionsOf(service)).toHaveLength(5);
  await expect
    .poll(async () => (await recordedNotifications(extension)).map((note) => note.title), EVENTUALLY)
    .toEqual(['5 videos ready']);
});

test('a worker stopped mid-batch: the next worker ends it and tells it once', async ({
  extension,
  service,
}) => {
  // Slow answers leave time to stop the worker with both requests in flight, even on a busy machine.
  await configure(extension, service, { requestTimeoutSec: 20 });
  service.configure({ latencyMs: 4_000 });
  const popup = await PopupPage.open(extension);
  const form = new BatchForm(popup.page);
  await form.send('image', lines(5, 'a brass key'));
  await expect(popup.status(/5 images on their way/)).toBeVisible();
  await popup.page.close();

  // Stopped with two requests in flight and three waiting to be sent.
  await expect.poll(() => requestsTo(service.requests(), '/v1/images/generate', 'POST').length).toBe(2);
  await extension.stopWorker();

  // The next worker (woken here by reading the history) settles all five.
  const history = await settledHistory(extension, 5, BATCH_TIMEOUT);
  expect(history.map((entry) => entry.status).sort()).toEqual([
    'completed',
    'completed',
    'completed',
    'failed',
    'failed',
  ]);
  expect(history.filter((entry) => entry.status === 'failed').map((entry) => entry.error?.kind)).toEqual([
    'interrupted',
    'interrupted',
  ]);
  expect(requestsTo(service.requests(), '/v1/images/generate', 'POST')).toHaveLength(5);
  await expect
    .poll(
      async () => (await notificationsOf(extension)).filter((id) => id.startsWith('history:batch-')),
      EVENTUALLY,
    )
    .toHaveLength(1);
  expect(await notificationsOf(extension)).toHaveLength(1);
});
