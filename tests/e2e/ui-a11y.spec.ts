import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { DEMO_API_KEY } from '../reference-service/server';
import type { ExtensionUnderTest } from './support/extension';
import { expect, test } from './support/fixtures';
import { configure } from './support/setup';

const schemes = ['light', 'dark'] as const;

/** Serious and critical axe violations (WCAG 2.1 A/AA and best practices), as readable lines. */
async function seriousViolations(page: Page, scheme: (typeof schemes)[number]): Promise<string[]> {
  await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

async function openPopup(extension: ExtensionUnderTest): Promise<Page> {
  const page = await extension.openPage('popup');
  await page.setViewportSize({ width: 380, height: 600 });
  return page;
}

/** A popup showing everything at once: a result, a running job, an error, and history. */
async function busyPopup(extension: ExtensionUnderTest, service: Parameters<typeof configure>[1]) {
  service.configure({ videoDurationMs: 60_000 });
  await configure(extension, service, { pollIntervalSec: 1 });
  const popup = await openPopup(extension);
  await popup.getByLabel('Prompt').fill('a fox in the snow');
  await popup.getByRole('button', { name: 'Generate video' }).click();
  await expect(popup.getByTestId('job')).toBeVisible();
  await popup.getByRole('button', { name: 'Generate image' }).click();
  await expect(popup.getByTestId('result').getByRole('img')).toBeVisible();
  service.configure({ accounts: { [DEMO_API_KEY]: 0 } });
  await popup.getByRole('button', { name: 'Generate image' }).click();
  await expect(popup.locator('main > [role="alert"]')).toBeVisible();
  await popup.getByRole('button', { name: 'Generate video' }).click();
  await popup.getByLabel('Duration (seconds)').fill('0');
  await popup.getByRole('button', { name: 'Generate video' }).click();
  await expect(popup.getByText('Duration must be a whole number')).toBeVisible();
  return popup;
}

for (const scheme of schemes) {
  test(`axe finds nothing serious on the popup before set-up (${scheme})`, async ({ extension }) => {
    const popup = await openPopup(extension);
    await expect(popup.getByRole('button', { name: 'Set up the service' })).toBeVisible();
    expect(await seriousViolations(popup, scheme)).toEqual([]);
  });

  test(`axe finds nothing serious on a busy popup (${scheme})`, async ({ extension, service }) => {
    const popup = await busyPopup(extension, service);
    expect(await seriousViolations(popup, scheme)).toEqual([]);
  });

  test(`axe finds nothing serious on the options page (${scheme})`, async ({ extension, service }) => {
    const options = await configure(extension, service);
    await options.reload();
    // The demo key is short: its last characters would give too much of it away.
    await expect(options.getByTestId('api-key-status')).toHaveText('Set');
    expect(await seriousViolations(options, scheme)).toEqual([]);
    await options.getByText('Advanced').click();
    await options.getByLabel('Poll interval (seconds)').fill('0');
    await options.getByLabel('Service URL').fill('http://example.com');
    await options.getByRole('button', { name: 'Save' }).click();
    await expect(options.getByText('Fix the marked fields first.')).toBeVisible();
    expect(await seriousViolations(options, scheme)).toEqual([]);
  });

  test(`axe finds nothing serious on the history page (${scheme})`, async ({ extension, service }) => {
    const popup = await busyPopup(extension, service);
    await popup.close();
    const history = await extension.openPage('history');
    await expect(history.getByTestId('history-entry')).toHaveCount(4);
    expect(await seriousViolations(history, scheme)).toEqual([]);
    await history.getByRole('button', { name: 'Clear history' }).click();
    await expect(history.getByRole('button', { name: 'Delete all' })).toBeVisible();
    expect(await seriousViolations(history, scheme)).toEqual([]);
  });
}

test('the popup works from the keyboard alone, with a visible focus ring', async ({ extension, service }) => {
  await configure(extension, service);
  const popup = await openPopup(extension);
  await expect(popup.getByTestId('balance')).toContainText('credits');
  const box = popup.getByLabel('Prompt');
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
  const options = await extension.openPage('options');
  const url = options.getByLabel('Service URL');
  for (let i = 0; i < 5 && !(await url.evaluate((element) => element === document.activeElement)); i++) {
    await options.keyboard.press('Tab');
  }
  await expect(url).toBeFocused();
  await options.keyboard.type(service.url);
  await options.keyboard.press('Tab');
  await expect(options.getByLabel('API key', { exact: true })).toBeFocused();
  await options.keyboard.type(DEMO_API_KEY);
  // Enter in a field submits the form (Save).
  await options.keyboard.press('Enter');
  await expect(options.getByRole('status')).toHaveText('Saved.');
  // The demo key is short: its last characters would give too much of it away.
  await expect(options.getByTestId('api-key-status')).toHaveText('Set');
});
