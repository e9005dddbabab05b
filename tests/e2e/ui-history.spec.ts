import { DEMO_API_KEY } from '../reference-service/server';
import { HistoryPage } from './pages/history';
import { expect, test } from './support/fixtures';
import { historyOf } from './support/probes';
import { shot } from './support/screenshots';
import { configure, sendFrom } from './support/setup';

test('the history page lists everything, removes one entry, and clears all after confirming', async ({
  extension,
  service,
}) => {
  const setup = await configure(extension, service, { pollIntervalSec: 1 });
  for (const prompt of ['first image: a red kite', 'second image: a blue door']) {
    const made = await sendFrom(setup, { type: 'generateImage', prompt });
    expect(made.ok).toBe(true);
  }
  service.configure({ accounts: { [DEMO_API_KEY]: 0 } });
  expect((await sendFrom(setup, { type: 'generateImage', prompt: 'third image: no credits' })).ok).toBe(
    false,
  );

  const historyPage = await HistoryPage.open(extension);
  const { page: history } = historyPage;
  await expect(history).toHaveTitle('Promptcast history');
  await expect(history.getByRole('heading', { name: 'History', level: 1 })).toBeVisible();
  const entries = historyPage.entries();
  await expect(entries).toHaveCount(3);
  await expect(history.getByText('Entries: 3')).toBeVisible();

  const failed = historyPage.entry('third image');
  await expect(failed).toHaveAttribute('data-status', 'failed');
  await expect(failed).toContainText('Failed: Not enough credits: you have 0 credits.');
  const kite = historyPage.entry('a red kite');
  // The files are in the results grid; the list keeps the entry's actions.
  const thumb = historyPage.gridCells().filter({ hasText: 'first image: a red kite' }).locator('img');
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(kite.getByRole('link', { name: 'Open' })).toHaveAttribute('href', /\/files\/images\//);
  await expect(kite.getByRole('button', { name: 'Download' })).toBeEnabled();
  await history.setViewportSize({ width: 900, height: 700 });
  await history.screenshot({ path: shot('history-light'), fullPage: true });
  await history.emulateMedia({ colorScheme: 'dark' });
  await history.screenshot({ path: shot('history-dark'), fullPage: true });
  await history.emulateMedia({ colorScheme: 'light' });

  // New work shows up while the page is open.
  service.configure({ accounts: { [DEMO_API_KEY]: 1000 }, videoDurationMs: 2000 });
  expect(
    (
      await sendFrom(setup, {
        type: 'submitVideo',
        prompt: 'fourth: a video of rain',
        options: { duration: 5, resolution: '720p', aspectRatio: '16:9', generateAudio: false },
      })
    ).ok,
  ).toBe(true);
  const video = historyPage.entry('a video of rain');
  await expect(video).toBeVisible();
  await expect(video).toHaveAttribute('data-status', 'completed', { timeout: 20_000 });
  await expect(video.getByRole('link', { name: 'Open' })).toHaveAttribute('href', /\/files\/videos\//);

  await historyPage.remove('second image: a blue door');
  await expect(historyPage.status).toHaveText('Entry removed.');
  await expect(entries).toHaveCount(3);
  await expect(historyPage.entry('a blue door')).toHaveCount(0);
  expect((await historyOf(extension)).map((entry) => entry.prompt)).not.toContain(
    'second image: a blue door',
  );

  await history.getByRole('button', { name: 'Clear history' }).click();
  await expect(history.getByText('Delete all 3 entries? This cannot be undone.')).toBeVisible();
  await expect(history.getByRole('button', { name: 'Delete all' })).toBeFocused();
  await history.getByRole('button', { name: 'Cancel' }).click();
  await expect(history.getByRole('button', { name: 'Clear history' })).toBeFocused();
  await expect(entries).toHaveCount(3);

  await historyPage.clear(true);
  await expect(historyPage.status).toHaveText('History cleared.');
  await expect(history.getByText('Nothing generated yet.')).toBeVisible();
  expect(await historyOf(extension)).toEqual([]);
});
