import { DEMO_API_KEY } from '../reference-service/server';
import { BatchControls, BatchForm } from './pages/batch';
import { costOf } from './pages/entry-actions';
import { HistoryPage } from './pages/history';
import { PopupPage } from './pages/popup';
import { expect, test } from './support/fixtures';
import { EVENTUALLY, historyOf, requestsTo } from './support/probes';
import { configure, sendFrom } from './support/setup';

/** A service that prices in fractions, as real ones do (0.04, 2.5, 7.5). */
const PRICE = 7.5;
const START = 1000;
const IMAGES = '/v1/images/generate';

type Log = Parameters<typeof requestsTo>[0];
const imagesSent = (log: Log) => requestsTo(log, IMAGES, 'POST').length;

/** Today's row of the spend table: images, videos, ran together, total. */
async function todaysSpend(history: HistoryPage): Promise<number[] | undefined> {
  const today = await history.page.evaluate(() => {
    const now = new Date();
    const pad = (value: number) => String(value).padStart(2, '0');
    return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  });
  return (await history.spendRows())[today];
}

/** Waits until the entry with this prompt has its cost recorded. */
async function costRecorded(extension: Parameters<typeof historyOf>[0], prompt: string): Promise<void> {
  await expect
    .poll(async () => (await historyOf(extension)).find((entry) => entry.prompt === prompt)?.cost, {
      ...EVENTUALLY,
      message: `no cost was recorded for “${prompt}”`,
    })
    .toBe(PRICE);
}

test('fractional prices: the image shows “cost 7.5 credits”, the next one is stopped by a 10-credit day, and tidying the history gives nothing back', async ({
  extension,
  service,
}) => {
  service.configure({ imageCost: PRICE, accounts: { [DEMO_API_KEY]: START } });
  await configure(extension, service, { dailyBudget: 10 });
  const popup = await PopupPage.open(extension);

  await popup.generateImage('a paper crane');
  await expect(popup.status('Image ready.')).toBeVisible();
  await expect(costOf(popup.result)).toHaveText('cost 7.5 credits');

  const sent = imagesSent(service.requests());
  await popup.generateImage('a second paper crane');
  await expect(
    popup.alertSaying(
      'Stopped before spending: this would take today’s budget past its limit (7.5 credits of 10 credits spent, about 7.5 credits more).',
    ),
  ).toBeVisible();
  expect(imagesSent(service.requests())).toBe(sent);

  // Gone on once: now 15 of 10.
  await popup.page.getByRole('button', { name: 'Go on this once' }).click();
  await expect(popup.status('Image ready.')).toBeVisible();
  await expect(costOf(popup.result)).toHaveText('cost 7.5 credits');

  // The chart's table sums to what the service charged.
  const history = await HistoryPage.open(extension);
  await history.openSpending();
  const charged = START - (service.balanceOf(DEMO_API_KEY) ?? START);
  expect(charged).toBe(15);
  await expect.poll(() => todaysSpend(history), EVENTUALLY).toEqual([15, 0, 0, 15]);
  await expect(history.spendTotals()).toHaveText(['15', '0', '0', '15']);

  // Removing an entry and clearing the rest leave today's spending where it was.
  await history.remove('a paper crane');
  await expect(history.entry('a paper crane')).toHaveCount(0);
  await history.clear(true);
  await expect(history.entries()).toHaveCount(0);
  expect(await historyOf(extension)).toEqual([]);
  await history.page.reload();
  await history.openSpending();
  await expect.poll(() => todaysSpend(history), EVENTUALLY).toEqual([15, 0, 0, 15]);

  // And the budget still stops the next image, the history being empty.
  await popup.page.bringToFront();
  await popup.generateImage('a third paper crane');
  await expect(
    popup.alertSaying('Stopped before spending: today’s budget is used up (15 credits of 10 credits).'),
  ).toBeVisible();
  expect(imagesSent(service.requests())).toBe(sent + 1);
});

test('a paused batch resumed after its budget was spent is stopped prompt by prompt, and nothing more is sent', async ({
  extension,
  service,
}) => {
  service.configure({ imageCost: PRICE, accounts: { [DEMO_API_KEY]: START } });
  await configure(extension, service, { dailyBudget: 20 });
  service.configure({ faults: [{ pathPrefix: IMAGES, action: { type: 'latency', ms: 3_000 } }] });
  const popup = await PopupPage.open(extension);
  const prompts = ['a brass owl 1', 'a brass owl 2', 'a brass owl 3', 'a brass owl 4'];
  await new BatchForm(popup.page).send('image', prompts);
  const batch = new BatchControls(popup.page);
  // Two are sent at a time: pause while the other two wait.
  await expect.poll(() => imagesSent(service.requests())).toBe(2);
  await batch.pause.click();
  await expect(batch.group).toHaveAccessibleName('Batch paused: 2 not sent yet');
  // The two sent end and are charged 7.5 each: 15 of the day's 20.
  for (const prompt of prompts.slice(0, 2)) await costRecorded(extension, prompt);

  await batch.resume.click();
  const stopped =
    'Stopped before spending: this would take today’s budget past its limit (15 credits of 20 credits spent, about 7.5 credits more).';
  for (const prompt of prompts.slice(2)) {
    await expect(popup.job(prompt).getByText(stopped)).toBeVisible(EVENTUALLY);
  }
  expect(imagesSent(service.requests())).toBe(2);
  const entries = await historyOf(extension);
  expect(entries.filter((entry) => entry.status === 'failed').map((entry) => entry.error?.kind)).toEqual([
    'over_budget',
    'over_budget',
  ]);
});

test('two generations that overlap are counted in the day’s total as one charge of the two', async ({
  extension,
  service,
}) => {
  service.configure({ imageCost: PRICE, accounts: { [DEMO_API_KEY]: START } });
  const setup = await configure(extension, service, { dailyBudget: 15 });
  service.configure({ faults: [{ pathPrefix: IMAGES, action: { type: 'latency', ms: 2_000 } }] });
  // Both asked for at once: the second starts while the first is still being made.
  const [first, second] = await Promise.all([
    sendFrom(setup, { type: 'generateImage', prompt: 'a glass fox' }),
    sendFrom(setup, { type: 'generateImage', prompt: 'a glass hare' }),
  ]);
  expect([first.ok, second.ok]).toEqual([true, true]);
  expect(START - (service.balanceOf(DEMO_API_KEY) ?? START)).toBe(15);

  const history = await HistoryPage.open(extension);
  await history.openSpending();
  // Neither alone can be told apart on the balance, so neither shows a cost; together they are 15.
  await expect.poll(() => todaysSpend(history), EVENTUALLY).toEqual([15, 0, 0, 15]);
  await expect(costOf(history.entries())).toHaveCount(0);

  // 15 of 15: the next image is stopped.
  const popup = await PopupPage.open(extension);
  const sent = imagesSent(service.requests());
  await popup.generateImage('a glass owl');
  await expect(
    popup.alertSaying('Stopped before spending: today’s budget is used up (15 credits of 15 credits).'),
  ).toBeVisible();
  expect(imagesSent(service.requests())).toBe(sent);
});
