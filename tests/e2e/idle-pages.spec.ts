import type { Page } from '@playwright/test';
import { clickContextMenu, MENU_VIDEO } from './pages/browser-ui';
import { HistoryPage } from './pages/history';
import { PopupPage } from './pages/popup';
import type { ExtensionUnderTest } from './support/extension';
import { expect, test } from './support/fixtures';
import { WorkerStatus } from './support/probes';
import { configure } from './support/setup';

const IDLE_MS = 8_000;

/**
 * Configures the service, closes every extension page, then opens the page under test on its own and
 * lets it settle: what happens afterwards is the page's doing alone.
 */
async function openAlone<T extends { page: Page }>(
  extension: ExtensionUnderTest,
  open: () => Promise<T>,
  shown: (opened: T) => Promise<void>,
): Promise<{ opened: T; status: WorkerStatus }> {
  for (const page of extension.context.pages())
    if (page.url().startsWith(extension.origin)) await page.close();
  // The CDP session lives on a blank tab that sends nothing, so watching the worker wakes nothing.
  const status = await WorkerStatus.watch(extension, await extension.context.newPage());
  const opened = await open();
  await shown(opened);
  return { opened, status };
}

/** Stops the worker, keeps the page open for IDLE_MS, and returns the moments anything started it again. */
async function wakesWhileIdle(status: WorkerStatus): Promise<number[]> {
  const stoppedAt = await status.stop();
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
  return status.startsSince(stoppedAt).map((at) => at - stoppedAt);
}

test('an open popup with nothing running never wakes the stopped worker, and still shows a job live', {
  tag: '@waits',
}, async ({ extension, service }) => {
  test.setTimeout(90_000);
  service.configure({ videoDurationMs: 3_000 });
  await configure(extension, service);
  const { opened: popup, status } = await openAlone(
    extension,
    () => PopupPage.open(extension),
    async (shown) => {
      await expect(shown.balance).toContainText('1,000 credits');
    },
  );

  expect(await wakesWhileIdle(status), 'ms after the stop at which the worker was started').toEqual([]);

  await popup.generateVideo('a heron standing in a river');
  const job = popup.job('a heron standing in a river');
  await expect(job).toHaveAttribute('data-status', 'running');
  await expect(job).toHaveAttribute('data-status', 'completed', { timeout: 20_000 });
  await expect(job.getByRole('link', { name: 'Open' })).toHaveAttribute('href', /\/files\/videos\//);
});

test('an open history page with nothing running never wakes the stopped worker, and still shows a job live', {
  tag: '@waits',
}, async ({ extension, service }) => {
  test.setTimeout(90_000);
  service.configure({ videoDurationMs: 3_000 });
  await configure(extension, service);
  const { opened: history, status } = await openAlone(
    extension,
    () => HistoryPage.open(extension),
    async (shown) => {
      await expect(shown.page.getByText('Nothing generated yet.')).toBeVisible();
    },
  );

  expect(await wakesWhileIdle(status), 'ms after the stop at which the worker was started').toEqual([]);

  // A job started elsewhere (the context menu) appears, runs and completes on the open page.
  await clickContextMenu(extension, MENU_VIDEO, 'a tram crossing a bridge');
  const entry = history.entry('a tram crossing a bridge');
  await expect(entry).toHaveAttribute('data-status', 'running');
  await expect(entry).toHaveAttribute('data-status', 'completed', { timeout: 20_000 });
  await expect(entry.getByRole('link', { name: 'Open' })).toHaveAttribute('href', /\/files\/videos\//);
});
