import type { Page } from '@playwright/test';
import { readAllHistory } from '../../support/history-probe';
import { clickContextMenu, MENU_IMAGE } from '../pages/browser-ui';
import type { ExtensionUnderTest } from '../support/extension';
import { expect, test } from '../support/fixtures';
import {
  EVENTUALLY,
  historyOf,
  quiet,
  recordedNotifications,
  recordNotifications,
  settled,
  settledHistory,
} from '../support/probes';
import { ConsoleWatch, conclude } from '../support/reliability-observe';
import { configure } from '../support/setup';

test.describe.configure({ mode: 'parallel' });

// Distinctive, so that any occurrence anywhere is certainly this key and not a coincidence.
const KEY = 'pc-live-Hq72Rt5Vx9Lm3Nb8';
const JSON_TYPE = { 'Content-Type': 'application/json' };

async function generateImage(popup: Page, prompt: string): Promise<void> {
  await popup.getByRole('textbox', { name: 'Prompt' }).fill(prompt);
  await popup.getByRole('button', { name: 'Generate image' }).click();
}

/** The page's alert saying `text`; the popup may show two at once (the balance's and the result's). */
function alertSaying(page: Page, text: string) {
  return page.getByRole('alert').filter({ hasText: text }).first();
}

/** What each open extension page shows and keeps in its localStorage (the popup's snapshot lives there). */
async function pageTexts(extension: ExtensionUnderTest): Promise<Record<string, string>> {
  const texts: Record<string, string> = {};
  for (const [index, page] of extension.context.pages().entries()) {
    if (!page.url().startsWith(extension.origin)) continue;
    texts[`page ${index} ${page.url()}`] = await page.content();
    texts[`localStorage ${index} ${page.url()}`] = await page.evaluate(() =>
      JSON.stringify({ ...localStorage }),
    );
  }
  return texts;
}

async function storageTexts(extension: ExtensionUnderTest): Promise<Record<string, string>> {
  const worker = await extension.worker();
  const { local, session, shown } = await worker.evaluate(async () => ({
    local: await chrome.storage.local.get(null),
    session: await chrome.storage.session.get(null),
    shown: await chrome.notifications.getAll(),
  }));
  const { serviceApiKey, ...others } = local as Record<string, unknown>;
  return {
    'storage.local (all but the key item)': JSON.stringify(others),
    'history (IndexedDB)': JSON.stringify(await worker.evaluate(readAllHistory)),
    'storage.session': JSON.stringify(session),
    'notifications shown': JSON.stringify(shown),
    'key item holds the key': String(
      Object.values((serviceApiKey ?? {}) as Record<string, { key?: unknown }>).some(
        (item) => item.key === KEY,
      ),
    ),
  };
}

test('a 302 and a 307 to another origin never take the key there, and the person is told why', async ({
  extension,
  service,
}) => {
  service.configure({ accounts: { [KEY]: 100 } });
  const options = await configure(extension, service, {}, KEY);
  const attacker = `${service.attacker.url}/harvest`;
  service.configure({
    faults: [
      { method: 'GET', action: { type: 'redirect', status: 302, location: attacker } },
      { method: 'POST', action: { type: 'redirect', status: 307, location: attacker } },
    ],
  });
  const redirectMessage = 'The service answered with a redirect to another address; check the service URL.';

  // The options page tests the connection (a GET answered with 302).
  await options.reload();
  await options.getByRole('button', { name: 'Test connection' }).click();
  // Soft, here and below: a missing message must not hide whether the key leaked, which is recorded last.
  await expect.soft(alertSaying(options, redirectMessage)).toBeVisible();

  // The popup generates an image (a POST answered with 307), and its balance is refreshed (302).
  const popup = await extension.openPage('popup');
  await generateImage(popup, 'a lighthouse in fog');
  await expect.soft(alertSaying(popup, redirectMessage)).toBeVisible();
  const history = await settledHistory(extension, 1);
  await quiet(service);

  const log = service.requests();
  const reached = service.attacker.requests();
  const { leaks, lost, failedWithMessage } = await conclude('redirects to another origin (302, 307)', {
    extension,
    service,
    history,
    ids: history.map((entry) => entry.id),
    key: KEY,
    texts: {
      ...Object.fromEntries(reached.map((entry, i) => [`attacker request ${i}`, JSON.stringify(entry)])),
    },
    note: `${log.filter((entry) => entry.status === 302).length} answered 302, ${
      log.filter((entry) => entry.status === 307).length
    } answered 307, ${reached.length} requests reached the other origin`,
  });
  // Nothing at all reached the other origin: not the key, not even a preflight.
  expect(reached).toEqual([]);
  expect(leaks).toEqual([]);
  expect(lost).toBe(0);
  expect(failedWithMessage).toBe(1);
  expect(history[0]?.error?.kind).toBe('redirect');
  expect(log.some((entry) => entry.status === 302)).toBe(true);
  expect(log.some((entry) => entry.status === 307)).toBe(true);
});

test('a service that echoes the key in 401/402/500 bodies, a status word and a URL leaves no trace of it', async ({
  extension,
  service,
}) => {
  test.setTimeout(90_000);
  service.configure({ accounts: { [KEY]: 100 }, videoDurationMs: 3_000 });
  const consoles = new ConsoleWatch();
  consoles.attach(extension.context);
  await configure(extension, service, {}, KEY);
  await recordNotifications(extension);
  const probe = await extension.worker();
  await probe.evaluate(() => console.log('console probe from the worker'));

  service.configure({
    jobStatusOverride: 'queued for {{apiKey}}',
    imageUrlOverride: `${service.attacker.url}/img/{{apiKey}}.png`,
    faults: [
      {
        method: 'GET',
        pathPrefix: '/v1/tokens/',
        count: 1,
        action: { type: 'status', status: 401, body: 'Unauthorized: {{apiKey}} is not a valid key' },
      },
      {
        method: 'POST',
        pathPrefix: '/v1/images/',
        count: 1,
        action: {
          type: 'status',
          status: 402,
          body: '{"error":"Insufficient credits on the account of {{apiKey}}"}',
          headers: JSON_TYPE,
        },
      },
      {
        method: 'POST',
        pathPrefix: '/v1/images/',
        count: 1,
        action: { type: 'status', status: 500, body: 'Internal error while serving key {{apiKey}}' },
      },
    ],
  });

  // The options page tests the connection: 401 with the key in its body.
  const options = await extension.openPage('options');
  await options.getByRole('button', { name: 'Test connection' }).click();
  await expect(alertSaying(options, 'rejected the API key')).toBeVisible();

  // The popup: 402 with the key in a JSON body, then a URL carrying the key, then a video whose status
  // word quotes the key while it runs; the context menu: 500 with the key in its text body.
  const popup = await extension.openPage('popup');
  await generateImage(popup, 'an empty purse');
  await expect.soft(alertSaying(popup, 'enough credits')).toContainText('••••');
  await clickContextMenu(extension, MENU_IMAGE, 'a broken server');
  await settledHistory(extension, 2);
  await generateImage(popup, 'a leaky link');
  await expect.soft(alertSaying(popup, 'could not understand')).toBeVisible();
  await popup.getByRole('textbox', { name: 'Prompt' }).fill('a chatty job');
  await popup.getByRole('button', { name: 'Generate video' }).click();
  await expect(popup.getByRole('status')).toContainText('Video submitted');
  await expect.soft(popup.getByText('queued for ••••')).toBeVisible();
  await expect.poll(async () => (await historyOf(extension)).length, EVENTUALLY).toBe(4);
  const all = await historyOf(extension);
  const history = await settled(
    extension,
    all.map((entry) => entry.id),
  );
  await quiet(service);
  const historyPage = await extension.openPage('history');
  await expect(historyPage.getByRole('list', { name: 'History' }).getByText('a chatty job')).toBeVisible();
  await historyPage.waitForTimeout(500);
  await popup.reload();
  await expect(popup.locator('main')).toBeVisible();
  await popup.waitForTimeout(500);

  const notes = await recordedNotifications(extension);
  const texts = {
    ...(await pageTexts(extension)),
    ...(await storageTexts(extension)),
    ...Object.fromEntries(notes.map((note, i) => [`notification ${i}`, JSON.stringify(note)])),
    ...Object.fromEntries(consoles.lines.map((line, i) => [`console ${i}`, line])),
  };
  const echoes = service
    .requests()
    .filter((entry) => entry.status !== 200 || entry.path.startsWith('/v1/videos/'));
  const { leaks, lost, completed, failedWithMessage } = await conclude('service echoes the key', {
    extension,
    service,
    history,
    ids: history.map((entry) => entry.id),
    key: KEY,
    texts,
    note: `${echoes.length} answers quoting the key, ${Object.keys(texts).length} texts checked, ${notes.length} notifications, ${consoles.lines.length} console lines`,
  });
  // The key is still where it belongs, so the checks above had something to find.
  expect(texts['key item holds the key']).toBe('true');
  expect(leaks).toEqual([]);
  expect([lost, completed, failedWithMessage]).toEqual([0, 1, 3]);
  expect(notes.length).toBeGreaterThan(0);
  expect(consoles.lines.some((line) => line.includes('console probe from the worker'))).toBe(true);
  expect(service.attacker.requests()).toEqual([]);
});
