import type { Page, Request } from '@playwright/test';
import { FIRST_PROFILE_ID } from '../../../utils/profiles/first-profile';
import { DEFAULT_SETTINGS } from '../../../utils/settings/defaults';
import { readAllHistory } from '../../support/history-probe';
import { clickContextMenu, MENU_IMAGE, MENU_VIDEO } from '../pages/browser-ui';
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
import { ConsoleWatch, conclude, messenger, relaunch, VIDEO_OPTIONS } from '../support/reliability-observe';

// Distinctive, so that any occurrence anywhere is certainly this key and not a coincidence.
const KEY = 'pc-live-Zx81Qm4Tt7Kd2Wv9';
const WRONG_KEY = 'pc-live-Wrong0000Typed1111';

test('after a full run the key is nowhere but the X-API-Key header to the configured service', async ({
  extension,
  service,
}) => {
  test.setTimeout(120_000);
  service.configure({
    accounts: { [KEY]: 1_000 },
    videoDurationMs: 2_000,
    // One failed poll and one refused image, so error paths are part of the run too.
    faults: [
      { method: 'GET', pathPrefix: '/v1/videos/vid_', count: 1, action: { type: 'status', status: 500 } },
      { method: 'POST', pathPrefix: '/v1/images/', count: 1, action: { type: 'status', status: 400 } },
    ],
  });
  const consoles = new ConsoleWatch();
  consoles.attach(extension.context);
  // Requests the browser made (pages and, in this Playwright, the service worker too): the key may only
  // travel in the X-API-Key header of a request to the configured service.
  const browserRequests: string[] = [];
  const leakyRequests: string[] = [];
  const watchRequests = () =>
    extension.context.on('request', (request: Request) => {
      const url = request.url();
      browserRequests.push(url);
      const headers = request.headers();
      for (const key of [KEY, WRONG_KEY]) {
        if (url.includes(key)) leakyRequests.push(`${url}: in the URL`);
        if ((request.postData() ?? '').includes(key)) leakyRequests.push(`${url}: in the body`);
        for (const [name, value] of Object.entries(headers)) {
          if (!value.includes(key)) continue;
          const allowed = name.toLowerCase() === 'x-api-key' && url.startsWith(`${service.url}/`);
          if (!allowed) leakyRequests.push(`${url}: header ${name}`);
        }
      }
    });
  watchRequests();
  const responses: unknown[] = [];
  const contents: Record<string, string> = {};
  const notifications: unknown[] = [];
  const snapshot = async (label: string, page: Page) => {
    contents[`${label} ${Object.keys(contents).length}`] = await page.content();
  };

  // Proves the console watch hears both the worker and the pages (the extension itself logs little).
  const probeConsoles = async () => {
    await (await extension.worker()).evaluate(() => console.log('console probe from the worker'));
    const page = await extension.openPage('history');
    await page.evaluate(() => console.log('console probe from a page'));
    await page.close();
  };
  await probeConsoles();

  // 1. Set up through the options page, as a person would: wrong key first, then the right one.
  const options = await extension.openPage('options');
  await options.getByLabel('Service URL').fill(service.url);
  await options.getByLabel('API key', { exact: true }).fill(WRONG_KEY);
  await options.getByRole('button', { name: 'Test connection' }).click();
  await expect(options.getByRole('alert')).toContainText('rejected the API key');
  await options.getByLabel('API key', { exact: true }).fill(KEY);
  await options.getByRole('button', { name: 'Test connection' }).click();
  await expect(options.getByRole('status')).toContainText('Connected');
  // While typed, the key is in its field (the person's own input); it must not be echoed anywhere else.
  const typed = await options.content();
  contents['options, key typed, outside its field'] = typed.replace(new RegExp(`value="${KEY}"`, 'g'), '');
  await options.getByText('Advanced').click();
  await options.getByLabel('Poll interval (seconds)').fill('1');
  await options.getByRole('button', { name: 'Save' }).click();
  await expect(options.getByText(`Set, ending in ••••${KEY.slice(-4)}`)).toBeVisible();
  await snapshot('options, saved', options);
  await recordNotifications(extension);

  // 2. Every kind of request from an extension page, keeping every answer.
  const send = messenger(() => options, responses);
  await send({ type: 'ping' });
  await send({ type: 'refreshBalance' });
  await send({ type: 'testConnection', baseUrl: service.url });
  await send({ type: 'testConnection', baseUrl: service.url, apiKey: WRONG_KEY });
  await send({ type: 'testConnection', baseUrl: 'http://127.0.0.1:9' });
  await send({ type: 'generateImage', prompt: 'a refused image' });
  await send({ type: 'generateImage', prompt: `a key-shaped prompt that is not the key ${KEY.slice(0, 6)}` });
  await send({ type: 'submitVideo', prompt: 'a harbour crane', options: VIDEO_OPTIONS });
  await send({ type: 'submitVideo', prompt: 42, options: VIDEO_OPTIONS } as never);
  await send({
    type: 'saveSettings',
    settings: { ...DEFAULT_SETTINGS, baseUrl: service.url, pollIntervalSec: 1 },
  });

  // 3. The popup: balance, an image, a video; the context menu: a video, an image, a refused selection.
  const popup = await extension.openPage('popup');
  await expect(popup.getByTestId('balance')).toContainText('credits');
  await popup.getByRole('textbox', { name: 'Prompt' }).fill('a lighthouse in fog');
  await popup.getByRole('button', { name: 'Generate image' }).click();
  await expect(popup.getByTestId('result')).toBeVisible();
  await popup.getByRole('textbox', { name: 'Prompt' }).fill('a ship leaving port');
  await popup.getByRole('button', { name: 'Generate video' }).click();
  await expect(popup.getByRole('status')).toContainText('Video submitted');
  await clickContextMenu(extension, MENU_VIDEO, 'gulls over a pier');
  await clickContextMenu(extension, MENU_IMAGE, 'a rope on a bollard');
  await clickContextMenu(extension, MENU_IMAGE, 'x'.repeat(5_000));
  await snapshot('popup, working', popup);
  // Seven entries: two images and a video sent as messages, an image and a video from the popup, a
  // video and an image from the context menu (the over-long selection makes none).
  const created = 7;
  await expect.poll(async () => (await historyOf(extension)).length, EVENTUALLY).toBe(created);

  // 4. The worker is stopped mid-job, then the browser restarts; the jobs still finish.
  notifications.push(...(await recordedNotifications(extension)));
  await extension.stopWorker();
  await snapshot('popup, after worker stop', popup);
  await relaunch(extension);
  consoles.attach(extension.context);
  watchRequests();
  await recordNotifications(extension);
  await probeConsoles();
  const history = await settledHistory(extension, created, 40_000);
  await settled(
    extension,
    history.map((entry) => entry.id),
  );
  await quiet(service);
  notifications.push(...(await recordedNotifications(extension)));

  // 5. Every page once more, after all of it.
  for (const name of ['popup', 'options', 'history'] as const) {
    const page = await extension.openPage(name);
    await expect(page.locator('main')).toBeVisible();
    await page.waitForTimeout(700);
    await snapshot(name, page);
    // What a page reads from storage is what it could leak: the items, and the history in IndexedDB.
    responses.push(
      await page.evaluate(() => chrome.storage.local.get(['history', 'balance', 'keyStatus', 'settings'])),
      await page.evaluate(readAllHistory),
    );
  }
  const storage = await (await extension.worker()).evaluate(async () => ({
    local: await chrome.storage.local.get(null),
    session: await chrome.storage.session.get(null),
  }));
  const { serviceApiKey, ...otherItems } = storage.local as Record<string, unknown>;

  const log = service.requests();
  // Every text the run produced, by where it came from; `conclude` adds the service log and the history.
  const texts: Record<string, string> = {
    ...Object.fromEntries(Object.entries(contents).map(([label, html]) => [`page: ${label}`, html])),
    ...Object.fromEntries(responses.map((response, i) => [`response ${i}`, JSON.stringify(response)])),
    ...Object.fromEntries(consoles.lines.map((line, i) => [`console ${i}`, line])),
    ...Object.fromEntries(notifications.map((note, i) => [`notification ${i}`, JSON.stringify(note)])),
    ...Object.fromEntries(leakyRequests.map((request, i) => [`browser request ${i}`, request])),
    'storage.local (all but the key item)': JSON.stringify(otherItems),
    'storage.session': JSON.stringify(storage.session),
  };
  const { leaks, lost } = await conclude('key exposure after a full run', {
    extension,
    service,
    history,
    ids: history.map((entry) => entry.id),
    key: [KEY, WRONG_KEY],
    texts,
    note:
      `${log.length} service requests, ${responses.length} responses, ${Object.keys(contents).length} page ` +
      `snapshots, ${consoles.lines.length} console lines, ${notifications.length} notifications, ` +
      `${browserRequests.length} browser requests checked`,
  });

  expect(leaks).toEqual([]);
  expect(lost).toBe(0);
  // The one place the key belongs: the header of every request to the configured service.
  expect(serviceApiKey).toMatchObject({
    [FIRST_PROFILE_ID]: { key: KEY, origin: new URL(service.url).origin },
  });
  expect(log.every((entry) => [KEY, WRONG_KEY].includes(entry.headers['x-api-key'] ?? ''))).toBe(true);
  expect(log.filter((entry) => entry.headers['x-api-key'] === WRONG_KEY)).toHaveLength(2);
  expect(log.length).toBeGreaterThanOrEqual(10);
  // The checks above looked at something: pages, answers and notifications were all collected.
  expect(Object.keys(contents).length).toBeGreaterThanOrEqual(7);
  expect(
    consoles.lines.filter((line) => line.includes('probe from the worker')).length,
  ).toBeGreaterThanOrEqual(2);
  expect(consoles.lines.filter((line) => line.includes('probe from a page')).length).toBeGreaterThanOrEqual(
    2,
  );
  expect(responses.length).toBeGreaterThanOrEqual(13);
  expect(notifications.length).toBeGreaterThan(0);
});
