import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { DEFAULT_SETTINGS } from '../../../utils/settings/defaults';
import { clickContextMenu, MENU_IMAGE, MENU_VIDEO } from '../pages/browser-ui';
import type { ExtensionUnderTest } from '../support/extension';
import { expect, test } from '../support/fixtures';
import {
  EVENTUALLY,
  entryOf,
  historyOf,
  recordedNotifications,
  recordNotifications,
  settled,
  settledHistory,
  storageOf,
} from '../support/probes';
import { conclude, VIDEO_OPTIONS } from '../support/reliability-observe';
import { configure } from '../support/setup';

test.describe.configure({ mode: 'parallel' });

/** Every dialog (alert, confirm, prompt) any page of the browser opens, dismissed and counted. */
function watchDialogs(extension: ExtensionUnderTest): string[] {
  const dialogs: string[] = [];
  const watch = (page: Page) =>
    page.on('dialog', (dialog) => {
      dialogs.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.dismiss();
    });
  for (const page of extension.context.pages()) watch(page);
  extension.context.on('page', watch);
  return dialogs;
}

/** Links, images and media whose address is not http(s) (the extension's own files excepted). */
async function unsafeElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const attributes: Array<[string, string]> = [
      ['a', 'href'],
      ['img', 'src'],
      ['video', 'src'],
      ['source', 'src'],
      ['iframe', 'src'],
      ['object', 'data'],
      ['embed', 'src'],
    ];
    for (const [tag, attribute] of attributes) {
      for (const element of document.querySelectorAll(`${tag}[${attribute}]`)) {
        const value = element.getAttribute(attribute) ?? '';
        if (/^\s*(javascript|data|vbscript):/i.test(value)) found.push(`<${tag} ${attribute}="${value}">`);
      }
    }
    return found;
  });
}

async function typeAndGenerate(popup: Page, prompt: string, button: 'Generate image' | 'Generate video') {
  await popup.getByRole('textbox', { name: 'Prompt' }).fill(prompt);
  await popup.getByRole('button', { name: button }).click();
}

test('javascript: and data: result URLs are never rendered as links or images, and fail as invalid responses', async ({
  extension,
  service,
}) => {
  const dialogs = watchDialogs(extension);
  service.configure({
    videoDurationMs: 1_000,
    imageUrlOverride: 'javascript:alert(document.domain)',
    videoUrlOverride: ['javascript:alert(1)', 'data:text/html,<script>alert(2)</script>'],
  });
  await configure(extension, service);
  const popup = await extension.openPage('popup');

  await typeAndGenerate(popup, 'a script kiddie', 'Generate image');
  await expect(popup.getByRole('alert')).toContainText('could not understand');
  service.configure({
    imageUrlOverride: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg" onload="alert(3)"/>',
  });
  await typeAndGenerate(popup, 'a data smuggler', 'Generate image');
  // The offending address is shown as text, for the curious, and nowhere else.
  await expect(popup.getByRole('alert')).toContainText(
    'Details: Not an http(s) image URL: data:image/svg+xml',
  );
  await typeAndGenerate(popup, 'a rogue film', 'Generate video');
  await expect(popup.getByRole('status')).toContainText('Video submitted');
  const all = await settledHistory(extension, 3);
  // One good URL among bad ones: only the good one is kept.
  service.configure({ videoUrlOverride: ['javascript:alert(4)', `${service.url}/files/videos/ok.webm`] });
  await typeAndGenerate(popup, 'a mixed reel', 'Generate video');
  await expect.poll(async () => (await historyOf(extension)).length, EVENTUALLY).toBe(4);
  const mixedId = (await historyOf(extension))[0]?.id as string;
  const history = await settled(extension, [mixedId]);

  await expect(
    popup.getByText(/Failed: The service sent an answer the extension could not understand/),
  ).toHaveCount(3);
  const historyPage = await extension.openPage('history');
  await expect(historyPage.getByRole('list', { name: 'History' }).getByText('a mixed reel')).toBeVisible();
  await popup.waitForTimeout(500);
  const unsafe = [...(await unsafeElements(popup)), ...(await unsafeElements(historyPage))];
  const { lost, keyLeaks, completed, failedWithMessage } = await conclude('javascript:/data: result URLs', {
    extension,
    service,
    history,
    ids: history.map((entry) => entry.id),
    texts: { popup: await popup.content(), history: await historyPage.content() },
    note: `${unsafe.length} unsafe elements, ${dialogs.length} dialogs`,
  });
  expect([lost, keyLeaks, completed, failedWithMessage]).toEqual([0, 0, 1, 3]);
  expect(unsafe).toEqual([]);
  expect(dialogs).toEqual([]);
  for (const entry of all) {
    expect(entryOf(history, entry.id)).toMatchObject({
      status: 'failed',
      urls: [],
      error: { kind: 'invalid_response' },
    });
    // The refused URL is named in the detail the person sees after "Details:".
    expect(entryOf(history, entry.id).error?.detail).toMatch(/^Not an http\(s\) (video|image) URL: /);
  }
  expect(entryOf(history, mixedId)).toMatchObject({
    status: 'completed',
    urls: [`${service.url}/files/videos/ok.webm`],
  });
  await expect(popup.locator(`a[href="${service.url}/files/videos/ok.webm"]`).first()).toBeVisible();
});

test('a prompt with HTML and script is shown as text everywhere and runs nothing', async ({
  extension,
  service,
}) => {
  const dialogs = watchDialogs(extension);
  const hostile = '<img src=x onerror=alert(1)><script>alert(2)</script>';
  service.configure({ videoDurationMs: 1_000 });
  await configure(extension, service);
  await recordNotifications(extension);
  const popup = await extension.openPage('popup');
  await typeAndGenerate(popup, hostile, 'Generate image');
  await expect(popup.getByTestId('result')).toBeVisible();
  await expect(popup.getByTestId('result').getByText(hostile, { exact: true })).toBeVisible();
  await typeAndGenerate(popup, hostile, 'Generate video');
  await expect
    .poll(async () => (await historyOf(extension)).map((entry) => entry.status), EVENTUALLY)
    .toEqual(['completed', 'completed']);
  const history = await historyOf(extension);
  await clickContextMenu(extension, MENU_IMAGE, hostile);
  const withMenu = await settledHistory(extension, 3);
  const historyPage = await extension.openPage('history');
  await expect(
    historyPage.getByRole('list', { name: 'History' }).getByText(hostile, { exact: true }),
  ).toHaveCount(3);
  await popup.waitForTimeout(500);

  const injected = async (page: Page) =>
    page.evaluate(() => ({
      images: document.querySelectorAll('img[src="x"], img[onerror]').length,
      scripts: [...document.scripts].filter((script) => script.textContent?.includes('alert(2)')).length,
    }));
  const notes = await recordedNotifications(extension);
  const { lost, keyLeaks, completed } = await conclude('prompt with HTML and script', {
    extension,
    service,
    history: withMenu,
    ids: withMenu.map((entry) => entry.id),
    texts: { popup: await popup.content(), history: await historyPage.content() },
  });
  expect([lost, keyLeaks, completed]).toEqual([0, 0, 3]);
  expect(dialogs).toEqual([]);
  expect(await injected(popup)).toEqual({ images: 0, scripts: 0 });
  expect(await injected(historyPage)).toEqual({ images: 0, scripts: 0 });
  // The prompt travelled as data: stored and sent exactly as typed.
  expect(history.every((entry) => entry.prompt === hostile)).toBe(true);
  expect(service.jobs()[0]?.prompt).toBe(hostile);
  // Notifications are plain text: the context-menu image's says "ready" and quotes the prompt literally.
  expect(notes.some((note) => note.message.includes(hostile))).toBe(true);
});

test('a 20,000-character selection gets a clear length message and sends nothing', async ({
  extension,
  service,
}) => {
  await configure(extension, service);
  await recordNotifications(extension);
  const selection = 'lorem ipsum '.repeat(2_000).slice(0, 20_000);
  await clickContextMenu(extension, MENU_VIDEO, selection);
  await clickContextMenu(extension, MENU_IMAGE, selection);
  await expect.poll(async () => (await recordedNotifications(extension)).length, EVENTUALLY).toBe(2);
  const notes = await recordedNotifications(extension);
  await new Promise((resolve) => setTimeout(resolve, 500));
  const history = await historyOf(extension);
  const { lost, keyLeaks } = await conclude('20,000-character selection from the context menu', {
    extension,
    service,
    history,
    ids: [],
    texts: { notifications: JSON.stringify(notes) },
    note: `message: ${notes[0]?.message}`,
  });
  expect([lost, keyLeaks]).toEqual([0, 0]);
  for (const note of notes) {
    expect(note.title).toBe('Cannot use this selection');
    // The cleaned selection's length and the limit, so the person knows how much to cut.
    expect(note.message).toMatch(/20,?000 characters/);
    expect(note.message).toMatch(/limit is 4,?000/);
  }
  expect(history).toEqual([]);
  expect(service.requests()).toEqual([]);
});

test('malformed payloads from an extension page are answered invalid_request and do nothing', async ({
  extension,
  service,
}) => {
  const page = await configure(extension, service);
  const before = await historyOf(extension);
  const malformed: unknown[] = [
    {},
    'getState',
    [1, 2, 3],
    { type: 'launchMissiles' },
    { type: 'generateImage' },
    { type: 'generateImage', prompt: { toString: 'x' } },
    { type: 'submitVideo', prompt: 42, options: VIDEO_OPTIONS },
    { type: 'submitVideo', prompt: 'ok', options: { ...VIDEO_OPTIONS, duration: '5; rm -rf /' } },
    { type: 'getState', historyLimit: -1 },
    { type: 'saveSettings', settings: { ...DEFAULT_SETTINGS, baseUrl: 'javascript:alert(1)' } },
    { type: 'saveSettings', settings: { ...DEFAULT_SETTINGS, baseUrl: 'http://evil.example' }, apiKey: 'k' },
    { type: 'saveSettings', settings: { ...DEFAULT_SETTINGS, pollIntervalSec: 0 } },
    { type: 'removeHistoryEntry', id: { $ne: null } },
  ];
  const answers = [];
  for (const message of malformed) {
    answers.push(await page.evaluate((payload) => chrome.runtime.sendMessage(payload), message));
  }
  const kinds = answers.map((answer) => (answer as { ok: boolean; error?: { kind: string } }).error?.kind);
  const after = await historyOf(extension);
  const { local } = await storageOf(extension);
  const { lost, keyLeaks } = await conclude('malformed payloads from an extension page', {
    extension,
    service,
    history: after,
    ids: [],
    texts: { responses: JSON.stringify(answers) },
    note: `${kinds.filter((kind) => kind === 'invalid_request').length}/${malformed.length} refused as invalid_request`,
  });
  expect([lost, keyLeaks]).toEqual([0, 0]);
  expect(kinds).toEqual(malformed.map(() => 'invalid_request'));
  expect(answers.every((answer) => (answer as { ok: boolean }).ok === false)).toBe(true);
  expect(after).toEqual(before);
  expect(service.requests()).toEqual([]);
  // The saved settings are untouched by the refused saveSettings.
  expect(local.settings).toMatchObject({ baseUrl: service.url, pollIntervalSec: 1 });
});

test('an arbitrary web page cannot message the extension nor load its pages', async ({
  extension,
  service,
}) => {
  await configure(extension, service);
  const server: Server = createServer((_req, res) => {
    res.setHeader('content-type', 'text/html');
    res.end('<!doctype html><title>hostile</title><p>hello</p>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const page = await extension.context.newPage();
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    const attempts = await page.evaluate(async (id) => {
      const results: Record<string, string> = {};
      const runtime = (globalThis as { chrome?: { runtime?: Record<string, unknown> } }).chrome?.runtime;
      const send = runtime?.sendMessage as ((id: string, message: unknown) => Promise<unknown>) | undefined;
      if (typeof send !== 'function') results.sendMessage = 'no runtime';
      else {
        try {
          results.sendMessage = `answered: ${JSON.stringify(await send(id, { type: 'getState' }))}`;
        } catch (error) {
          results.sendMessage = `rejected: ${String(error)}`;
        }
      }
      const connect = runtime?.connect as ((id: string) => unknown) | undefined;
      if (typeof connect !== 'function') results.connect = 'no runtime';
      else {
        try {
          connect(id);
          results.connect = 'connected';
        } catch (error) {
          results.connect = `rejected: ${String(error)}`;
        }
      }
      try {
        const response = await fetch(`chrome-extension://${id}/popup.html`);
        results.fetch = `fetched ${response.status}`;
      } catch (error) {
        results.fetch = `rejected: ${String(error)}`;
      }
      window.postMessage({ type: 'generateImage', prompt: 'from a web page' }, '*');
      return results;
    }, extension.id);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const history = await historyOf(extension);
    const { lost, keyLeaks } = await conclude('web page tries to message the extension', {
      extension,
      service,
      history,
      ids: [],
      texts: { attempts: JSON.stringify(attempts) },
      note: Object.entries(attempts)
        .map(([name, result]) => `${name}: ${result.split(':')[0]}`)
        .join(', '),
    });
    expect([lost, keyLeaks]).toEqual([0, 0]);
    expect(attempts.sendMessage === 'no runtime' || attempts.sendMessage?.startsWith('rejected')).toBe(true);
    expect(attempts.connect === 'no runtime' || attempts.connect?.startsWith('rejected')).toBe(true);
    expect(attempts.fetch).toMatch(/^rejected/);
    expect(history).toEqual([]);
    expect(service.requests()).toEqual([]);
  } finally {
    server.close();
  }
});
