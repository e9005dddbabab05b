import path from 'node:path';
import type { Page } from '@playwright/test';
import { DEMO_API_KEY } from '../reference-service/server';
import type { ExtensionUnderTest } from './support/extension';
import { expect, test } from './support/fixtures';
import { historyOf, notificationsOf } from './support/observe';
import { configure } from './support/setup';

const shots = path.join(import.meta.dirname, 'screenshots');

/** The popup page at the size Chrome gives it. */
async function openPopup(extension: ExtensionUnderTest): Promise<Page> {
  const page = await extension.openPage('popup');
  await page.setViewportSize({ width: 380, height: 600 });
  return page;
}

/** Saves a light and a dark full-page screenshot under a fixed name. */
async function screenshots(page: Page, name: string) {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.screenshot({ path: path.join(shots, `${name}-light.png`), fullPage: true });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: path.join(shots, `${name}-dark.png`), fullPage: true });
  await page.emulateMedia({ colorScheme: 'light' });
}

function imageRequests(service: { requests(): Array<{ method: string; path: string }> }) {
  return service.requests().filter((entry) => entry.method === 'POST' && entry.path.includes('/images/'));
}

test('before set-up, the popup asks for the service and explains the disabled buttons', async ({
  extension,
}) => {
  const popup = await openPopup(extension);
  await expect(popup.locator('html')).toHaveAttribute('lang', /^en/);
  await expect(popup.getByRole('heading', { name: 'The service is not set up yet' })).toBeVisible();
  for (const name of ['Generate image', 'Generate video']) {
    const button = popup.getByRole('button', { name });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAccessibleDescription(/needs the service URL and an API key/);
  }
  await expect(popup.getByText('Nothing generated yet.')).toBeVisible();
  await screenshots(popup, 'popup-setup');

  const opened = extension.context.waitForEvent('page');
  await popup.getByRole('button', { name: 'Set up the service' }).click();
  expect((await opened).url()).toBe(`${extension.origin}/options.html`);
});

test('an image is generated with progress, shown, linked, and paid for', async ({ extension, service }) => {
  await configure(extension, service);
  await extension.context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const popup = await openPopup(extension);
  await expect(popup.getByTestId('balance')).toContainText('1,000 credits');
  await screenshots(popup, 'popup-empty');

  service.configure({ latencyMs: 1200 });
  const prompt = 'a lighthouse at dusk, oil painting';
  await popup.getByLabel('Prompt').fill(prompt);
  await expect(popup.getByText('34 / 4,000 characters')).toBeVisible();
  await popup.getByRole('button', { name: 'Generate image' }).click();
  await expect(popup.getByRole('status').filter({ hasText: /^Generating image… \d:\d\d$/ })).toBeVisible();
  await expect(popup.locator('form')).toHaveAttribute('aria-busy', 'true');
  await expect(popup.getByRole('button', { name: 'Generate image' })).toBeDisabled();

  await expect(popup.getByRole('status').filter({ hasText: 'Image ready.' })).toBeVisible();
  const image = popup.getByTestId('result').getByRole('img', { name: prompt });
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await expect(popup.locator('form')).toHaveAttribute('aria-busy', 'false');
  await expect(popup.getByTestId('balance')).toContainText('999 credits');
  await expect(popup.getByLabel('Prompt')).toHaveValue(prompt);

  const [entry] = await historyOf(extension);
  const url = entry?.urls[0] ?? '';
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/files\/images\//);
  const result = popup.getByTestId('result');
  await expect(result.getByRole('link', { name: 'Download' })).toHaveAttribute('href', url);
  await expect(result.getByRole('link', { name: 'Download' })).toHaveAttribute('download', /\.png$/);

  await result.getByRole('button', { name: 'Copy link' }).click();
  await expect(result.getByRole('status')).toHaveText('Link copied.');
  expect(await popup.evaluate(() => navigator.clipboard.readText())).toBe(url);

  await screenshots(popup, 'popup-result');

  const opened = extension.context.waitForEvent('page');
  await result.getByRole('link', { name: 'Open' }).click();
  expect((await opened).url()).toBe(url);
});

test('a video job shows its status and elapsed time, survives reopening, and completes with links', async ({
  extension,
  service,
}) => {
  service.configure({ videoDurationMs: 4000 });
  await configure(extension, service, { pollIntervalSec: 1 });
  let popup = await openPopup(extension);
  await popup.getByLabel('Prompt').fill('waves rolling onto a beach at sunrise');
  await popup.getByLabel('Duration (seconds)').fill('8');
  await popup.getByLabel('Resolution').selectOption('1080p');
  await popup.getByLabel('Aspect ratio').selectOption('9:16');
  await popup.getByLabel('Audio').check();
  await popup.getByRole('button', { name: 'Generate video' }).click();
  await expect(popup.getByRole('status').filter({ hasText: 'Video submitted.' })).toBeVisible();

  const jobs = popup.getByRole('list', { name: 'Jobs' });
  const job = jobs.getByTestId('job').filter({ hasText: 'waves rolling onto a beach' });
  await expect(job).toHaveAttribute('data-status', 'running');
  await expect(job).toContainText('Status: queued');
  const elapsed = async () => (await job.getByText(/elapsed$/).textContent()) ?? '';
  const first = await elapsed();
  await expect.poll(elapsed).not.toBe(first);
  await screenshots(popup, 'popup-running-job');

  const submission = service.requests().find((entry) => entry.path === '/v1/videos/generate');
  expect(JSON.parse(submission?.body ?? '{}')).toMatchObject({
    duration: 8,
    resolution: '1080p',
    aspectRatio: '9:16',
    generateAudio: true,
  });

  // Closing and reopening the popup loses nothing: the job is still there, still running.
  await popup.close();
  popup = await openPopup(extension);
  const reopened = popup
    .getByRole('list', { name: 'Jobs' })
    .getByTestId('job')
    .filter({ hasText: 'waves rolling onto a beach' });
  await expect(reopened).toHaveAttribute('data-status', 'running');
  await expect(reopened).toContainText('Status: processing', { timeout: 15_000 });

  await expect(reopened).toHaveAttribute('data-status', 'completed', { timeout: 20_000 });
  await expect(reopened).toContainText(/took \d:\d\d/);
  const [entry] = await historyOf(extension);
  await expect(reopened.getByRole('link', { name: 'Open' })).toHaveAttribute(
    'href',
    entry?.urls[0] ?? 'missing',
  );
  await expect(reopened.getByRole('link', { name: 'Download' })).toHaveAttribute('download', /\.webm$/);
  await expect.poll(() => notificationsOf(extension)).toContain(`open:${entry?.id}`);
  await expect(popup.getByTestId('balance')).toContainText('995 credits');
});

test('an image still generating when the popup reopens shows as running, then finishes there', async ({
  extension,
  service,
}) => {
  await configure(extension, service);
  service.configure({ latencyMs: 3000 });
  let popup = await openPopup(extension);
  await popup.getByLabel('Prompt').fill('a paper boat on a puddle');
  await popup.getByRole('button', { name: 'Generate image' }).click();
  await expect(popup.getByRole('status').filter({ hasText: 'Generating image…' })).toBeVisible();
  await popup.close();

  popup = await openPopup(extension);
  const job = popup
    .getByRole('list', { name: 'Jobs' })
    .getByTestId('job')
    .filter({ hasText: 'a paper boat' });
  await expect(job).toHaveAttribute('data-status', 'running');
  await expect(job).toContainText('Image');
  await expect(job).toHaveAttribute('data-status', 'completed', { timeout: 15_000 });
  const thumb = job.getByRole('img', { name: 'a paper boat on a puddle' });
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});

test('failures are explained specifically, and neither the prompt nor the history is lost', async ({
  extension,
  service,
}) => {
  await configure(extension, service);
  const popup = await openPopup(extension);
  await popup.getByLabel('Prompt').fill('a calm lake');
  await popup.getByRole('button', { name: 'Generate image' }).click();
  await expect(popup.getByTestId('result')).toBeVisible();

  const prompt = 'a storm over the mountains';
  const recentLake = popup
    .getByRole('list', { name: 'Recent' })
    .getByTestId('history-entry')
    .filter({ hasText: 'a calm lake' });
  const attempt = async (expected: string | RegExp) => {
    await popup.getByLabel('Prompt').fill(prompt);
    await popup.getByRole('button', { name: 'Generate image' }).click();
    const alert = popup.locator('main > [role="alert"]');
    await expect(alert).toHaveText(expected);
    await expect(popup.getByLabel('Prompt')).toHaveValue(prompt);
    await expect(recentLake).toBeVisible();
    await expect(recentLake.getByRole('img', { name: 'a calm lake' })).toBeVisible();
  };

  // No credits left.
  service.configure({ accounts: { [DEMO_API_KEY]: 0 } });
  await attempt(/^Not enough credits: you have 0 credits\. The service said: “Insufficient credits/);
  await screenshots(popup, 'popup-error');

  // The service fails.
  service.configure({
    accounts: { [DEMO_API_KEY]: 1000 },
    faults: [
      { pathPrefix: '/v1/images', action: { type: 'status', status: 500 } },
      { pathPrefix: '/api/images', action: { type: 'status', status: 500 } },
    ],
  });
  await attempt(/^The service had a problem \(HTTP 500\)\. Try again later\./);

  // A key the service does not know.
  service.configure({ faults: [] });
  await configure(extension, service, {}, 'not-a-real-key');
  await attempt('The service rejected the API key. Check it in the options.');

  const history = await historyOf(extension);
  expect(history.some((entry) => entry.prompt === 'a calm lake' && entry.status === 'completed')).toBe(true);
});

test('empty, over-long prompts and bad durations are refused before anything is sent', async ({
  extension,
  service,
}) => {
  await configure(extension, service);
  const popup = await openPopup(extension);
  const box = popup.getByLabel('Prompt');

  await popup.getByRole('button', { name: 'Generate image' }).click();
  await expect(popup.getByRole('alert')).toHaveText('Enter a prompt.');
  await expect(box).toBeFocused();
  await expect(box).toHaveAttribute('aria-invalid', 'true');
  await expect(box).toHaveAccessibleDescription(/Enter a prompt\./);

  await box.fill('x'.repeat(20_000));
  await expect(popup.getByRole('alert')).toHaveText(
    'The prompt is 20,000 characters long; the limit is 4,000.',
  );
  await expect(popup.getByText('20,000 / 4,000 characters')).toBeVisible();
  await popup.getByRole('button', { name: 'Generate image' }).click();
  await popup.getByRole('button', { name: 'Generate video' }).click();
  await expect(popup.getByRole('alert')).toHaveText(
    'The prompt is 20,000 characters long; the limit is 4,000.',
  );
  await expect(box).toHaveValue('x'.repeat(20_000));

  await box.fill('a valid prompt');
  await expect(popup.getByRole('alert')).toHaveCount(0);
  await popup.getByLabel('Duration (seconds)').fill('0');
  await popup.getByRole('button', { name: 'Generate video' }).click();
  await expect(popup.getByRole('alert')).toHaveText(
    'Duration must be a whole number of seconds from 1 to 60.',
  );
  await expect(popup.getByLabel('Duration (seconds)')).toBeFocused();

  expect(imageRequests(service)).toHaveLength(0);
  expect(service.requests().filter((entry) => entry.path.includes('/videos'))).toHaveLength(0);
  expect(await historyOf(extension)).toHaveLength(0);
});

test('service URLs that are not http(s) are never rendered as links or images', async ({
  extension,
  service,
}) => {
  await configure(extension, service);
  service.configure({ imageUrlOverride: 'javascript:alert(document.domain)' });
  const popup = await openPopup(extension);
  await popup.getByLabel('Prompt').fill('an unsafe answer');
  await popup.getByRole('button', { name: 'Generate image' }).click();
  await expect(popup.getByTestId('result').or(popup.locator('main > [role="alert"]'))).toBeVisible();

  const history = await extension.openPage('history');
  await expect(history.getByTestId('history-entry')).toHaveCount(1);
  for (const page of [popup, history]) {
    const unsafe = await page.evaluate(() =>
      [...document.querySelectorAll('[src], [href]')]
        .map((element) => element.getAttribute('src') ?? element.getAttribute('href') ?? '')
        .filter((value) => !/^(https?:|\/|chrome-extension:)/.test(value)),
    );
    expect(unsafe).toEqual([]);
  }
});

test('"See all history" and "Options" open their pages in tabs', async ({ extension }) => {
  const popup = await openPopup(extension);
  let opened = extension.context.waitForEvent('page');
  await popup.getByRole('link', { name: 'See all history' }).click();
  expect((await opened).url()).toBe(`${extension.origin}/history.html`);
  opened = extension.context.waitForEvent('page');
  await popup.getByRole('button', { name: 'Options' }).click();
  expect((await opened).url()).toBe(`${extension.origin}/options.html`);
});

test('a failed balance refresh says why and keeps the last known balance', async ({ extension, service }) => {
  await configure(extension, service);
  const popup = await openPopup(extension);
  await expect(popup.getByTestId('balance')).toContainText('1,000 credits');
  service.configure({
    faults: [
      { pathPrefix: '/v1/tokens', action: { type: 'status', status: 503 } },
      { pathPrefix: '/api/credits', action: { type: 'status', status: 503 } },
    ],
  });
  await popup.getByRole('button', { name: 'Refresh balance' }).click();
  await expect(popup.getByRole('alert')).toHaveText(
    /^Could not update the balance: The service had a problem \(HTTP 503\)\. Try again later\./,
  );
  await expect(popup.getByTestId('balance')).toContainText('1,000 credits');

  // Reopening shows the cached balance at once, with the reason it may be stale.
  await popup.close();
  const again = await openPopup(extension);
  await expect(again.getByTestId('balance')).toContainText('1,000 credits');
  await expect(again.getByRole('alert')).toContainText('Could not update the balance');

  service.configure({ faults: [] });
  await again.getByRole('button', { name: 'Refresh balance' }).click();
  await expect(again.getByRole('alert')).toHaveCount(0);
});
