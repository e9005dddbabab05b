import { DEMO_API_KEY } from '../reference-service/server';
import { OptionsPage } from './pages/options';
import { PopupPage } from './pages/popup';
import { schemes, seriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import {
  EVENTUALLY,
  historyOf,
  recordedNotifications,
  recordNotifications,
  requestsTo,
} from './support/probes';
import { shot } from './support/screenshots';
import { configure } from './support/setup';

const imagesSent = (log: Parameters<typeof requestsTo>[0]) =>
  requestsTo(log, '/v1/images/generate', 'POST').length;

/** Makes an image from the popup and waits until what it cost is recorded (a status alone may be the last one's). */
async function costedImage(popup: PopupPage, extension: Parameters<typeof historyOf>[0], prompt: string) {
  await popup.page.bringToFront();
  await popup.generateImage(prompt);
  await expect
    .poll(async () => (await historyOf(extension)).find((entry) => entry.prompt === prompt)?.cost, EVENTUALLY)
    .toBe(40);
}

test('a daily budget set on the options page stops an image before it is sent; going on once sends it', async ({
  extension,
  service,
}) => {
  service.configure({ imageCost: 40 });
  await configure(extension, service);
  const popup = await PopupPage.open(extension);
  await popup.generateImage('a first lantern');
  await expect(popup.status('Image ready.')).toBeVisible();
  // Its cost (40) is what the next one is expected to take.
  await expect.poll(async () => (await historyOf(extension))[0]?.cost, EVENTUALLY).toBe(40);

  const options = await OptionsPage.open(extension);
  await options.page.getByLabel('Daily budget (credits)').fill('60');
  await options.save();
  await expect(options.status).toHaveText('Saved.');
  const spending = options.page.getByRole('region', { name: 'Spending' });
  for (const scheme of schemes) {
    expect(await seriousViolations(options.page, scheme)).toEqual([]);
    await spending.screenshot({ path: shot(`spending-options-${scheme}`) });
  }

  await popup.page.bringToFront();
  const sent = imagesSent(service.requests());
  await popup.generateImage('a second lantern');
  await expect(
    popup.alertSaying(
      'Stopped before spending: this would take today’s budget past its limit (40 credits of 60 credits spent, about 40 credits more).',
    ),
  ).toBeVisible();
  const goOn = popup.page.getByRole('button', { name: 'Go on this once' });
  await expect(goOn).toBeVisible();
  for (const scheme of schemes) {
    expect(await seriousViolations(popup.page, scheme)).toEqual([]);
    await popup.page.screenshot({ path: shot(`budget-stop-${scheme}`) });
  }
  expect(imagesSent(service.requests())).toBe(sent);
  expect((await historyOf(extension)).map((entry) => entry.prompt)).toEqual(['a first lantern']);

  await goOn.click();
  await expect(popup.status('Image ready.')).toBeVisible();
  expect(imagesSent(service.requests())).toBe(sent + 1);
  expect((await historyOf(extension)).map((entry) => entry.prompt)).toEqual([
    'a second lantern',
    'a first lantern',
  ]);
});

test('a balance falling below the level the person set is told once by a notification', async ({
  extension,
  service,
}) => {
  service.configure({ imageCost: 40 });
  // The demo account starts at 1,000 credits: one image leaves 960, below 970.
  await configure(extension, service, { lowBalanceBelow: 970 });
  await recordNotifications(extension);
  const popup = await PopupPage.open(extension);
  await popup.generateImage('a costly comet');
  await expect(popup.status('Image ready.')).toBeVisible();
  // The popup opened as a tab is no popup to the worker: each image is also told as ready.
  const lowBalance = async () =>
    (await recordedNotifications(extension))
      .filter((note) => note.title === 'Balance low')
      .map((note) => note.message);
  await expect.poll(lowBalance, EVENTUALLY).toEqual(['960 credits left, below the 970 credits you set.']);
  await popup.generateImage('another comet');
  await expect(popup.status('Image ready.')).toBeVisible();
  await expect.poll(async () => (await historyOf(extension))[0]?.cost, EVENTUALLY).toBe(40);
  expect(await lowBalance()).toHaveLength(1);
});

test('each profile has its own budgets: A’s spending stops A at its limit while Work, with none, goes on', async ({
  extension,
  service,
}) => {
  service.configure({ imageCost: 40 });
  const page = await configure(extension, service, { dailyBudget: 50 });
  await page.reload();
  const options = new OptionsPage(page);
  // The first profile is named after its host; the form says whose budgets it shows.
  const profileA = new URL(service.url).host;
  const daily = (profile: string) => options.budgetsOf(profile).getByLabel('Daily budget (credits)');
  await expect(daily(profileA)).toHaveValue('50');

  const popup = await PopupPage.open(extension);
  await costedImage(popup, extension, 'a lantern on A');

  // Work: the same account, added without budgets of its own.
  await page.bringToFront();
  await page.getByLabel('New profile').fill('Work');
  await page.getByRole('button', { name: 'Add profile' }).click();
  await expect(daily('Work')).toHaveValue('0');
  await options.save({ url: service.url, key: DEMO_API_KEY });
  await expect(options.status).toHaveText('Saved.');

  // 80 credits today with Work, past A's 50: Work's own (no) budget is what counts.
  await costedImage(popup, extension, 'a lantern on Work');
  await costedImage(popup, extension, 'another lantern on Work');

  // Switching shows each profile's own figures.
  await page.bringToFront();
  await options.useProfile(profileA);
  await expect(daily(profileA)).toHaveValue('50');
  for (const scheme of schemes) expect(await seriousViolations(page, scheme)).toEqual([]);
  await options.useProfile('Work');
  await expect(daily('Work')).toHaveValue('0');
  await options.useProfile(profileA);
  await expect(daily(profileA)).toHaveValue('50');

  // A spent 40 of its 50: its next image is stopped before anything is sent.
  await popup.page.bringToFront();
  const sent = imagesSent(service.requests());
  await popup.generateImage('another lantern on A');
  await expect(
    popup.alertSaying(
      'Stopped before spending: this would take today’s budget past its limit (40 credits of 50 credits spent, about 40 credits more).',
    ),
  ).toBeVisible();
  expect(imagesSent(service.requests())).toBe(sent);
});
