import type { Page } from '@playwright/test';
import { DEMO_API_KEY } from '../reference-service/server';
import { HistoryPage } from './pages/history';
import { PopupPage } from './pages/popup';
import { expect, test } from './support/fixtures';
import { EVENTUALLY, historyOf, notificationsOf } from './support/probes';
import { shot } from './support/screenshots';
import { configure } from './support/setup';

/** Saves a light and a dark full-page screenshot under a fixed name. */
async function screenshots(page: Page, name: string) {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.screenshot({ path: shot(`${name}-light`), fullPage: true });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: shot(`${name}-dark`), fullPage: true });
  await page.emulateMedia({ colorScheme: 'light' });
}

function imageRequests(service: { requests(): Array<{ method: string; path: string }> }) {
  return service.requests().filter((entry) => entry.method === 'POST' && entry.path.includes('/images/'));
}

test('before set-up, the popup asks for the service and explains the disabled buttons', async ({
  extension,
}) => {
  const popup = await PopupPage.open(extension);
  await expect(popup.page.locator('html')).toHaveAttribute('lang', /^en/);
  await expect(popup.page.getByRole('heading', { name: 'The service is not set up yet' })).toBeVisible();
  for (const name of ['Generate image', 'Generate video']) {
    const button = popup.page.getByRole('button', { name });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAccessibleDescription(/needs the service URL and an API key/);
  }
  await expect(popup.page.getByText('Nothing generated yet.')).toBeVisible();
  await screenshots(popup.page, 'popup-setup');

  const opened = extension.context.waitForEvent('page');
  await popup.page.getByRole('button', { name: 'Set up the service' }).click();
  expect((await opened).url()).toBe(`${extension.origin}/options.html`);
});

test('an image is generated with progress, shown, linked, and paid for', async ({ extension, service }) => {
  await configure(extension, service);
  await extension.context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const popup = await PopupPage.open(extension);
  await expect(popup.balance).toContainText('1,000 credits');
  await screenshots(popup.page, 'popup-empty');

  service.configure({ latencyMs: 1200 });
  const prompt = 'a lighthouse at dusk, oil painting';
  await popup.prompt.fill(prompt);
  await expect(popup.page.getByText('34 / 4,000 characters')).toBeVisible();
  await popup.imageButton.click();
  await expect(popup.status(/^Generating image… \d:\d\d$/)).toBeVisible();
  await expect(popup.form).toHaveAttribute('aria-busy', 'true');
  await expect(popup.imageButton).toBeDisabled();

  await expect(popup.status('Image ready.')).toBeVisible();
  const image = popup.result.getByRole('img', { name: prompt });
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await expect(popup.form).toHaveAttribute('aria-busy', 'false');
  await expect(popup.balance).toContainText('999 credits');
  await expect(popup.prompt).toHaveValue(prompt);

  const [entry] = await historyOf(extension);
  const url = entry?.urls[0] ?? '';
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/files\/images\//);
  const result = popup.result;
  // Saving the file through this button is proven in media-ui.spec.ts.
  await expect(result.getByRole('button', { name: 'Download' })).toBeEnabled();

  await result.getByRole('button', { name: 'Copy link' }).click();
  await expect(result.getByRole('status')).toHaveText('Link copied.');
  expect(await popup.page.evaluate(() => navigator.clipboard.readText())).toBe(url);

  await screenshots(popup.page, 'popup-result');

  const opened = extension.context.waitForEvent('page');
  await result.getByRole('link', { name: 'Open' }).click();
  expect((await opened).url()).toBe(url);
});

test('a video job shows its status and elapsed time, survives reopening, and completes with links', async ({
  extension,
  service,
}) => {
  // Long enough to still be running after the screenshots and the reopening on a loaded machine.
  service.configure({ videoDurationMs: 10_000 });
  await configure(extension, service, { pollIntervalSec: 1 });
  let popup = await PopupPage.open(extension);
  await popup.prompt.fill('waves rolling onto a beach at sunrise');
  await popup.chooseVideo({ duration: 8, resolution: '1080p', aspectRatio: '9:16', audio: true });
  await popup.videoButton.click();
  await expect(popup.status('Video submitted.')).toBeVisible();

  const job = popup.job('waves rolling onto a beach');
  await expect(job).toHaveAttribute('data-status', 'running');
  await expect(job).toContainText('Status: queued');
  const elapsed = async () => (await job.getByText(/elapsed$/).textContent()) ?? '';
  const first = await elapsed();
  await expect.poll(elapsed).not.toBe(first);
  await screenshots(popup.page, 'popup-running-job');

  const submission = service.requests().find((entry) => entry.path === '/v1/videos/generate');
  expect(JSON.parse(submission?.body ?? '{}')).toMatchObject({
    duration: 8,
    resolution: '1080p',
    aspectRatio: '9:16',
    generateAudio: true,
  });

  // Closing and reopening the popup loses nothing: the job is still there, still running.
  await popup.page.close();
  popup = await PopupPage.open(extension);
  const reopened = popup.job('waves rolling onto a beach');
  await expect(reopened).toHaveAttribute('data-status', 'running');
  await expect(reopened).toContainText('Status: processing', { timeout: 15_000 });

  await expect(reopened).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
  await expect(reopened).toContainText(/took \d:\d\d/);
  const [entry] = await historyOf(extension);
  await expect(reopened.getByRole('link', { name: 'Open' })).toHaveAttribute(
    'href',
    entry?.urls[0] ?? 'missing',
  );
  await expect(reopened.getByRole('button', { name: 'Download' })).toBeEnabled();
  await expect.poll(() => notificationsOf(extension), EVENTUALLY).toContain(`open:${entry?.id}`);
  await expect(popup.balance).toContainText('995 credits');
});

test('an image still generating when the popup reopens shows as running, then finishes there', async ({
  extension,
  service,
}) => {
  await configure(extension, service);
  service.configure({ latencyMs: 3000 });
  let popup = await PopupPage.open(extension);
  await popup.generateImage('a paper boat on a puddle');
  await expect(popup.status('Generating image…')).toBeVisible();
  await popup.page.close();

  popup = await PopupPage.open(extension);
  const job = popup.job('a paper boat');
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
  const popup = await PopupPage.open(extension);
  await popup.generateImage('a calm lake');
  await expect(popup.result).toBeVisible();

  const prompt = 'a storm over the mountains';
  const recentLake = popup.recent.filter({ hasText: 'a calm lake' });
  const attempt = async (expected: string | RegExp) => {
    await popup.generateImage(prompt);
    const alert = popup.error;
    await expect(alert).toHaveText(expected);
    await expect(popup.prompt).toHaveValue(prompt);
    await expect(recentLake).toBeVisible();
    await expect(recentLake.getByRole('img', { name: 'a calm lake' })).toBeVisible();
  };

  // No credits left.
  service.configure({ accounts: { [DEMO_API_KEY]: 0 } });
  await attempt(/^Not enough credits: you have 0 credits\. The service said: “Insufficient credits/);
  await screenshots(popup.page, 'popup-error');

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
  const popup = await PopupPage.open(extension);
  const box = popup.prompt;

  await popup.imageButton.click();
  await expect(popup.alerts).toHaveText('Enter a prompt.');
  await expect(box).toBeFocused();
  await expect(box).toHaveAttribute('aria-invalid', 'true');
  await expect(box).toHaveAccessibleDescription(/Enter a prompt\./);

  await box.fill('x'.repeat(20_000));
  await expect(popup.alerts).toHaveText('The prompt is 20,000 characters long; the limit is 4,000.');
  await expect(popup.page.getByText('20,000 / 4,000 characters')).toBeVisible();
  await popup.imageButton.click();
  await popup.videoButton.click();
  await expect(popup.alerts).toHaveText('The prompt is 20,000 characters long; the limit is 4,000.');
  await expect(box).toHaveValue('x'.repeat(20_000));

  await box.fill('a valid prompt');
  await expect(popup.alerts).toHaveCount(0);
  await popup.chooseVideo({ duration: 0 });
  await popup.videoButton.click();
  await expect(popup.alerts).toHaveText('Duration must be a whole number of seconds from 1 to 60.');
  await expect(popup.page.getByLabel('Duration (seconds)')).toBeFocused();

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
  const popup = await PopupPage.open(extension);
  await popup.generateImage('an unsafe answer');
  await expect(popup.result.or(popup.error)).toBeVisible();

  const history = await HistoryPage.open(extension);
  await expect(history.entries()).toHaveCount(1);
  for (const { page } of [popup, history]) {
    const unsafe = await page.evaluate(() =>
      [...document.querySelectorAll('[src], [href]')]
        .map((element) => element.getAttribute('src') ?? element.getAttribute('href') ?? '')
        .filter((value) => !/^(https?:|\/|chrome-extension:)/.test(value)),
    );
    expect(unsafe).toEqual([]);
  }
});

test('"See all history" and "Options" open their pages in tabs', async ({ extension }) => {
  const popup = await PopupPage.open(extension);
  let opened = extension.context.waitForEvent('page');
  await popup.page.getByRole('link', { name: 'See all history' }).click();
  expect((await opened).url()).toBe(`${extension.origin}/history.html`);
  opened = extension.context.waitForEvent('page');
  await popup.page.getByRole('button', { name: 'Options' }).click();
  expect((await opened).url()).toBe(`${extension.origin}/options.html`);
});

test('a failed balance refresh says why and keeps the last known balance', async ({ extension, service }) => {
  await configure(extension, service);
  const popup = await PopupPage.open(extension);
  await expect(popup.balance).toContainText('1,000 credits');
  service.configure({
    faults: [
      { pathPrefix: '/v1/tokens', action: { type: 'status', status: 503 } },
      { pathPrefix: '/api/credits', action: { type: 'status', status: 503 } },
    ],
  });
  await popup.refreshBalance();
  await expect(popup.alerts).toHaveText(
    /^Could not update the balance: The service had a problem \(HTTP 503\)\. Try again later\./,
  );
  await expect(popup.balance).toContainText('1,000 credits');

  // Reopening shows the cached balance at once, with the reason it may be stale.
  await popup.page.close();
  const again = await PopupPage.open(extension);
  await expect(again.balance).toContainText('1,000 credits');
  await expect(again.alerts).toContainText('Could not update the balance');

  service.configure({ faults: [] });
  await again.refreshBalance();
  await expect(again.alerts).toHaveCount(0);
});
