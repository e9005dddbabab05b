import { FIRST_PROFILE_ID } from '../../utils/profiles/first-profile';
import { DEMO_API_KEY } from '../reference-service/server';
import { olderEntry } from '../support/older-entry';
import { HistoryPage } from './pages/history';
import { LibraryPage } from './pages/library';
import { OptionsPage } from './pages/options';
import { PopupPage } from './pages/popup';
import { schemes, seriousViolations } from './support/axe';
import type { ExtensionUnderTest } from './support/extension';
import { expect, test } from './support/fixtures';
import { chargesOf, seedCharges, seedHistory } from './support/history-seed';
import { configure, sendFrom } from './support/setup';

/** A popup showing everything at once: a result, a running job, an error, and history. */
async function busyPopup(
  extension: ExtensionUnderTest,
  service: Parameters<typeof configure>[1],
): Promise<PopupPage> {
  service.configure({ videoDurationMs: 60_000 });
  await configure(extension, service, { pollIntervalSec: 1 });
  const popup = await PopupPage.open(extension);
  await popup.generateVideo('a fox in the snow');
  await expect(popup.page.getByTestId('job')).toBeVisible();
  await popup.imageButton.click();
  await expect(popup.result.getByRole('img')).toBeVisible();
  service.configure({ accounts: { [DEMO_API_KEY]: 0 } });
  await popup.imageButton.click();
  await expect(popup.error).toBeVisible();
  await popup.videoButton.click();
  await popup.chooseVideo({ duration: 0 });
  await popup.videoButton.click();
  await expect(popup.page.getByText('Duration must be a whole number')).toBeVisible();
  return popup;
}

for (const scheme of schemes) {
  test(`axe finds nothing serious on the popup before set-up (${scheme})`, async ({ extension }) => {
    const { page } = await PopupPage.open(extension);
    await expect(page.getByRole('button', { name: 'Set up the service' })).toBeVisible();
    expect(await seriousViolations(page, scheme)).toEqual([]);
  });

  test(`axe finds nothing serious on a busy popup (${scheme})`, async ({ extension, service }) => {
    const popup = await busyPopup(extension, service);
    expect(await seriousViolations(popup.page, scheme)).toEqual([]);
  });

  test(`axe finds nothing serious on the options page (${scheme})`, async ({ extension, service }) => {
    await configure(extension, service);
    const options = await OptionsPage.open(extension);
    // The demo key is short: its last characters would give too much of it away.
    await expect(options.keyStatus).toHaveText('Set');
    // The backup section loads after the rest, with its restore form open.
    await options.page.getByText('Restore from a backup').click();
    await expect(options.page.getByRole('form', { name: 'Restore from a backup' })).toBeVisible();
    expect(await seriousViolations(options.page, scheme)).toEqual([]);
    await options.save({ pollIntervalSec: 0, url: 'http://example.com' });
    await expect(options.page.getByText('Fix the marked fields first.')).toBeVisible();
    expect(await seriousViolations(options.page, scheme)).toEqual([]);
  });

  test(`axe finds nothing serious on the history page (${scheme})`, async ({ extension, service }) => {
    const popup = await busyPopup(extension, service);
    await popup.page.close();
    const history = await HistoryPage.open(extension);
    await expect(history.entries()).toHaveCount(4);
    expect(await seriousViolations(history.page, scheme)).toEqual([]);
    await history.page.getByRole('button', { name: 'Clear history' }).click();
    await expect(history.page.getByRole('button', { name: 'Delete all' })).toBeVisible();
    expect(await seriousViolations(history.page, scheme)).toEqual([]);
  });

  test(`axe finds nothing serious on the spend chart and its table (${scheme})`, async ({
    extension,
    service,
  }) => {
    const setup = await configure(extension, service);
    // Two profiles: the chart then offers the choice of whose spend it shows.
    expect((await sendFrom(setup, { type: 'addProfile', name: 'Work' })).ok).toBe(true);
    expect((await sendFrom(setup, { type: 'switchProfile', id: FIRST_PROFILE_ID })).ok).toBe(true);
    const now = Date.now();
    const entries = Array.from({ length: 40 }, (_, index) => olderEntry(index, now));
    await seedHistory(extension, entries);
    await seedCharges(extension, chargesOf(entries));
    const history = await HistoryPage.open(extension);
    await history.openSpending();
    await expect(history.spendTable).toBeVisible();
    await expect(history.spending.getByTestId('model-figures')).toBeVisible();
    await expect(history.spendChart.locator('rect').first()).toBeVisible();
    expect(await seriousViolations(history.page, scheme)).toEqual([]);
  });

  test(`axe finds nothing serious on the library page (${scheme})`, async ({ extension, service }) => {
    const options = await configure(extension, service);
    await sendFrom(options, {
      type: 'savePrompt',
      prompt: { name: 'Kite', text: 'a {{colour|red}} kite', tags: ['sky'], kind: 'video' },
    });
    const library = await LibraryPage.open(extension);
    await expect(library.rows).toHaveCount(1);
    expect(await seriousViolations(library.page, scheme)).toEqual([]);
    await library.action('Kite', 'Edit').click();
    await library.page.getByLabel('Keep video options with this prompt').check();
    await library.page.getByLabel('Name', { exact: true }).fill('');
    await library.page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(library.page.getByText('Give the prompt a name.')).toBeVisible();
    await library.action('Kite', 'Delete').click();
    expect(await seriousViolations(library.page, scheme)).toEqual([]);
  });
}

test('the popup works from the keyboard alone, with a visible focus ring', async ({ extension, service }) => {
  await configure(extension, service);
  const { page: popup, balance, prompt: box } = await PopupPage.open(extension);
  await expect(balance).toContainText('credits');
  for (let i = 0; i < 10 && !(await box.evaluate((element) => element === document.activeElement)); i++) {
    await popup.keyboard.press('Tab');
  }
  await expect(box).toBeFocused();
  await popup.keyboard.type('a kite over the dunes');
  // Tab through the video options to the first button, and press it.
  const generate = popup.getByRole('button', { name: 'Generate image' });
  for (
    let i = 0;
    i < 10 && !(await generate.evaluate((element) => element === document.activeElement));
    i++
  ) {
    await popup.keyboard.press('Tab');
  }
  await expect(generate).toBeFocused();
  const ring = await generate.evaluate((element) => {
    const style = getComputedStyle(element);
    return { style: style.outlineStyle, width: Number.parseFloat(style.outlineWidth) };
  });
  expect(ring.style).not.toBe('none');
  expect(ring.width).toBeGreaterThanOrEqual(2);
  await popup.keyboard.press('Enter');
  await expect(popup.getByTestId('result').getByRole('img', { name: 'a kite over the dunes' })).toBeVisible();

  // The result's actions are reachable too.
  const copy = popup.getByRole('button', { name: 'Copy link' });
  for (let i = 0; i < 20 && !(await copy.evaluate((element) => element === document.activeElement)); i++) {
    await popup.keyboard.press('Tab');
  }
  await expect(copy).toBeFocused();
});

test('the options page works from the keyboard alone', async ({ extension, service }) => {
  const { page: options, url, key } = await OptionsPage.open(extension);
  // Past the profile's row first: Rename, Models, Duplicate.
  for (let i = 0; i < 6 && !(await url.evaluate((element) => element === document.activeElement)); i++) {
    await options.keyboard.press('Tab');
  }
  await expect(url).toBeFocused();
  await options.keyboard.type(service.url);
  await options.keyboard.press('Tab');
  await expect(key).toBeFocused();
  await options.keyboard.type(DEMO_API_KEY);
  // Enter in a field submits the form (Save).
  await options.keyboard.press('Enter');
  await expect(options.getByRole('status')).toHaveText('Saved.');
  // The demo key is short: its last characters would give too much of it away.
  await expect(options.getByTestId('api-key-status')).toHaveText('Set');
});
