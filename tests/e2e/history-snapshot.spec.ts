import { DEMO_API_KEY } from '../reference-service/server';
import { HistoryPage } from './pages/history';
import { expect, test } from './support/fixtures';
import { historyOf } from './support/probes';
import { configure, sendFrom } from './support/setup';

const SNAPSHOT = 'promptcast:history-snapshot:v1';

test('the history page opens with its last view at once, then shows what storage holds', async ({
  extension,
  service,
}) => {
  const setup = await configure(extension, service);
  for (const prompt of ['kept in view: a red kite', 'removed while closed: a blue door']) {
    expect((await sendFrom(setup, { type: 'generateImage', prompt })).ok).toBe(true);
  }
  const first = await HistoryPage.open(extension);
  await expect(first.entries()).toHaveCount(2);
  // The page keeps what it showed for the next open, and nothing of the key.
  const snapshot = () => first.page.evaluate((key) => localStorage.getItem(key) ?? '', SNAPSHOT);
  await expect.poll(snapshot).toContain('a blue door');
  expect(await snapshot()).not.toContain(DEMO_API_KEY);
  expect(await snapshot()).not.toContain('last4');
  await first.page.close();

  const door = (await historyOf(extension)).find((entry) => entry.prompt.includes('a blue door'));
  expect((await sendFrom(setup, { type: 'removeHistoryEntry', id: door?.id ?? '' })).ok).toBe(true);

  // How many rows the page's first frame with rows had, recorded before its own scripts run.
  const page = await extension.context.newPage();
  await page.addInitScript(() => {
    new MutationObserver((_changes, observer) => {
      const rows = document.querySelectorAll('[data-testid="history-entry"]').length;
      if (rows === 0) return;
      (window as unknown as { firstRows: number }).firstRows = rows;
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(`${extension.origin}/history.html`);
  const history = new HistoryPage(page);
  // Storage replaces the stale view: the entry removed while the page was closed is gone.
  await expect(history.entries()).toHaveCount(1);
  await expect(history.entry('a blue door')).toHaveCount(0);
  await expect(page.getByText('Entries: 1')).toBeVisible();
  // The first frame came from the snapshot, before storage answered.
  expect(await page.evaluate(() => (window as unknown as { firstRows?: number }).firstRows)).toBe(2);
});
