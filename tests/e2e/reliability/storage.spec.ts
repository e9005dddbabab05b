import type { Worker } from '@playwright/test';
import type { HistoryEntry } from '../../../utils/history/schema';
import { DEFAULT_SETTINGS } from '../../../utils/settings/defaults';
import { clickContextMenu, MENU_IMAGE } from '../pages/browser-ui';
import { expect, test } from '../support/fixtures';
import { seedHistory, seedLegacyHistory } from '../support/history-seed';
import { EVENTUALLY, entryOf, historyOf, quietHistoryOf } from '../support/probes';
import { conclude, submitVideo } from '../support/reliability-observe';
import { configure, FAST_SETTINGS } from '../support/setup';

/** Writes straight into storage.local from the worker, as a damaged profile or an older build left it. */
async function writeStorage(worker: Worker, values: Record<string, unknown>): Promise<void> {
  await worker.evaluate((items) => chrome.storage.local.set(items), values);
}

/**
 * Fills storage.local with junk under a key of its own until only `room` bytes of its real quota are
 * left (no `unlimitedStorage` in the manifest), so the browser itself refuses bigger writes.
 */
async function fillStorage(worker: Worker, room: number): Promise<void> {
  await worker.evaluate(async (left) => {
    await chrome.storage.local.remove('junk');
    // The worker may store a running job's progress between the measure and the write, leaving fewer
    // bytes than measured: measure again and retry rather than fail on the browser's quota error.
    for (let attempt = 1; ; attempt++) {
      const used = await chrome.storage.local.getBytesInUse(null);
      // Chrome counts a value as the key's length plus its JSON (a string's two quotes).
      const size = chrome.storage.local.QUOTA_BYTES - used - left - 'junk'.length - 2;
      try {
        await chrome.storage.local.set({ junk: 'x'.repeat(size) });
        return;
      } catch (error) {
        if (attempt >= 10 || !String(error).includes('quota')) throw error;
      }
    }
  }, room);
}

function finished(id: string, prompt: string, createdAt: number): HistoryEntry {
  return {
    id,
    kind: 'image',
    prompt,
    model: '',
    source: 'popup',
    status: 'completed',
    urls: [`http://127.0.0.1:9/${id}.png`],
    createdAt,
    finishedAt: createdAt + 1,
  };
}

test('corrupted storage (malformed and old-shaped entries, future-version settings): the pages show what is valid and an image still generates', async ({
  extension,
  service,
}) => {
  await configure(extension, service);
  const now = Date.now();
  await seedLegacyHistory(extension, [
    finished('valid-1', 'a valid lighthouse', now - 3_000),
    // A prompt that is not text: rendered as is, it would take the whole page down.
    { ...finished('bad-prompt', 'x', now - 2_500), prompt: { html: '<b>x</b>' } },
    { ...finished('bad-urls', 'x', now - 2_400), urls: 'not-a-list', status: 'finished-ish' },
    'junk',
    null,
    // An entry written by hand or another tool: one url, a status word Promptcast never wrote, no source or model.
    {
      id: 'old-1',
      kind: 'image',
      prompt: 'an old windmill',
      status: 'done',
      url: 'http://127.0.0.1:9/old.png',
      createdAt: now - 4_000,
    },
  ]);
  await writeStorage(await extension.worker(), {
    settings: {
      ...DEFAULT_SETTINGS,
      ...FAST_SETTINGS,
      baseUrl: service.url,
      pollIntervalSec: 'often',
      videoDefaults: { duration: 'long' },
      themeFromTheFuture: 'dark',
    },
    settings$: { v: 7 },
    balance: 'lots',
    pathForms: ['v1'],
  });
  await extension.stopWorker();

  const popup = await extension.openPage('popup');
  await expect(popup.getByText('a valid lighthouse')).toBeVisible();
  await expect(popup.getByText('an old windmill')).toBeVisible();
  await expect(popup.getByTestId('balance')).toContainText('credits');
  const prompt = 'a fresh image after the repair';
  await popup.getByRole('textbox', { name: 'Prompt' }).fill(prompt);
  await popup.getByRole('button', { name: 'Generate image' }).click();
  await expect(popup.getByRole('status').filter({ hasText: 'Image ready' })).toBeVisible({ timeout: 15_000 });

  const history = await extension.openPage('history');
  await expect(history.getByTestId('history-entry')).toHaveCount(4);
  await expect(history.getByRole('list', { name: 'History' }).getByText('an old windmill')).toBeVisible();
  const options = await extension.openPage('options');
  await expect(options.getByRole('textbox', { name: /service url/i })).toHaveValue(service.url);

  const stored = await historyOf(extension);
  const fresh = stored.find((entry) => entry.prompt === prompt);
  const { lost, keyLeaks } = await conclude('corrupted storage: repaired on read, image generated', {
    extension,
    service,
    history: stored,
    ids: [fresh?.id ?? 'missing', 'valid-1', 'old-1'],
    texts: { popup: await popup.content(), history: await history.content() },
  });
  expect([lost, keyLeaks]).toEqual([0, 0]);
  expect(entryOf(stored, 'old-1')).toMatchObject({
    status: 'completed',
    urls: ['http://127.0.0.1:9/old.png'],
  });
});

test('a history that is not a list: the popup opens and an image still generates', async ({
  extension,
  service,
}) => {
  await configure(extension, service);
  await seedLegacyHistory(extension, { 0: finished('kept', 'a kept kettle', Date.now()), oops: 42 });
  const popup = await extension.openPage('popup');
  await expect(popup.getByText('a kept kettle')).toBeVisible();
  await popup.getByRole('textbox', { name: 'Prompt' }).fill('an image over a broken history');
  await popup.getByRole('button', { name: 'Generate image' }).click();
  await expect(popup.getByRole('status').filter({ hasText: 'Image ready' })).toBeVisible({ timeout: 15_000 });
  const stored = await historyOf(extension);
  expect(Array.isArray(stored)).toBe(true);
  const { lost, keyLeaks } = await conclude('non-array history: salvaged, image generated', {
    extension,
    service,
    history: stored,
    ids: stored.map((entry) => entry.id),
  });
  expect([lost, keyLeaks]).toEqual([0, 0]);
  expect(stored.map((entry) => entry.prompt)).toEqual(['an image over a broken history', 'a kept kettle']);
});

test.describe("with the browser's storage quota", () => {
  // The shipped manifest asks for unlimitedStorage (results are kept in IndexedDB), which lifts
  // storage.local's 10 MB quota; this copy of the build leaves it out so the browser's own quota error,
  // which a full disk still raises with the permission, can be reached for real.
  test.use({ extensionLaunch: { withoutPermissions: ['unlimitedStorage'] } });

  test('a full storage.local: the history, in its own database, loses nothing; images and a video still complete', async ({
    extension,
    service,
  }) => {
    service.configure({ videoDurationMs: 2_000 });
    const page = await configure(extension, service);
    const now = Date.now();
    const old = Array.from({ length: 12 }, (_, i) =>
      finished(`old-${i}`, `old ${i} ${'·'.repeat(3_000)}`, now - 100_000 + i),
    );
    await seedHistory(extension, old.reverse());
    const video = await submitVideo(page, 'a video in a full storage');
    await fillStorage(await extension.worker(), 0);

    // storage.local has no byte left; the history is not in it, so nothing old is dropped to make room.
    const popup = await extension.openPage('popup');
    await popup.getByRole('textbox', { name: 'Prompt' }).fill('an image in a full storage');
    await popup.getByRole('button', { name: 'Generate image' }).click();
    await expect(popup.getByRole('status').filter({ hasText: 'Image ready' })).toBeVisible({
      timeout: 15_000,
    });
    await expect
      .poll(async () => (await quietHistoryOf(extension)).find((entry) => entry.id === video.id)?.status, {
        timeout: 30_000,
      })
      .toBe('completed');
    const stored = await quietHistoryOf(extension);
    expect(stored).toHaveLength(14);
    expect(stored.find((entry) => entry.prompt === 'an image in a full storage')?.status).toBe('completed');
    for (const entry of old) expect(stored.some((item) => item.id === entry.id)).toBe(true);

    // Once there is room again, pages learn of changes as before.
    await (await extension.worker()).evaluate(() => chrome.storage.local.remove('junk'));
    const history = await extension.openPage('history');
    await expect(history.getByTestId('history-entry').first()).toContainText('an image in a full storage');
    const { lost, keyLeaks } = await conclude('full storage.local: history intact, jobs finished', {
      extension,
      service,
      history: stored,
      ids: [video.id],
      texts: { popup: await popup.content() },
    });
    expect([lost, keyLeaks]).toEqual([0, 0]);
  });
});

test('an owed image notification survives a worker stopped between storing the image and notifying', async ({
  extension,
  service,
}) => {
  await configure(extension, service);
  for (const page of extension.context.pages())
    if (page.url().startsWith(extension.origin)) await page.close();
  // The system's notification call never returns in this worker: it is stopped right there.
  await (await extension.worker()).evaluate(() => {
    const scope = globalThis as unknown as { __asked?: number };
    scope.__asked = 0;
    (chrome.notifications as unknown as { create: () => Promise<string> }).create = () => {
      scope.__asked = (scope.__asked ?? 0) + 1;
      return new Promise(() => undefined);
    };
  });
  await clickContextMenu(extension, MENU_IMAGE, 'a snowy owl');
  await expect
    .poll(async () => {
      const worker = await extension.worker();
      return worker.evaluate(() => (globalThis as unknown as { __asked?: number }).__asked ?? 0);
    }, EVENTUALLY)
    .toBeGreaterThan(0);
  const [entry] = await quietHistoryOf(extension);
  expect(entry).toMatchObject({ status: 'completed', notifyPending: true });

  // The next worker (woken by an extension page) finds the owed notification and gives it, once.
  await extension.stopWorker();
  // An extension page wakes the next worker (with a command: an idle page sends nothing) and can list
  // notifications itself, which the stopped worker's lingering handle could not.
  const page = await extension.openPage('history');
  await page.evaluate(() => chrome.runtime.sendMessage({ type: 'ping' }));
  await expect(page.getByTestId('history-entry')).toHaveCount(1);
  await expect
    .poll(async () => Object.keys(await page.evaluate(() => chrome.notifications.getAll())), EVENTUALLY)
    .toEqual([`open:${entry?.id}`]);
  // Noted as told, so no later worker announces it again.
  await expect
    .poll(async () => (await quietHistoryOf(extension))[0]?.notifyPending, EVENTUALLY)
    .toBeUndefined();
  const stored = await quietHistoryOf(extension);
  const { lost, keyLeaks } = await conclude('owed image notification across a worker stop', {
    extension,
    service,
    history: stored,
    ids: [entry?.id ?? 'missing'],
  });
  expect([lost, keyLeaks]).toEqual([0, 0]);
  expect(stored[0]?.notifyPending).toBeUndefined();
});

test('a page that fails to render shows a message and ways out instead of a blank page', async ({
  extension,
  service,
}) => {
  await configure(extension, service);
  await seedHistory(extension, [finished('one', 'a listed entry', Date.now())]);
  const popup = await extension.context.newPage();
  // Wording an entry's age throws in this page: a stand-in for any render bug.
  await popup.addInitScript(() => {
    Intl.RelativeTimeFormat.prototype.format = () => {
      throw new Error('render failure');
    };
  });
  await popup.goto(`${extension.origin}/popup.html`);
  await expect(popup.getByRole('heading', { name: 'Something went wrong on this page' })).toBeVisible();
  await expect(popup.getByRole('alert')).toContainText('history and settings are kept');
  await expect(popup.getByRole('button', { name: 'Reload' })).toBeVisible();
  const opened = extension.context.waitForEvent('page');
  await popup.getByRole('button', { name: 'Open history' }).click();
  expect((await opened).url()).toContain('/history.html');
  const { lost, keyLeaks } = await conclude('a page that fails to render', {
    extension,
    service,
    ids: ['one'],
    texts: { 'crashed page': await popup.locator('body').innerText() },
  });
  expect([lost, keyLeaks]).toEqual([0, 0]);
});

test('clearing the history also clears the popup snapshot', async ({ extension, service }) => {
  await configure(extension, service);
  const popup = await extension.openPage('popup');
  await popup.getByRole('textbox', { name: 'Prompt' }).fill('a photo to forget');
  await popup.getByRole('button', { name: 'Generate image' }).click();
  await expect(popup.getByRole('status').filter({ hasText: 'Image ready' })).toBeVisible({ timeout: 15_000 });
  const snapshotPrompts = (page: typeof popup) =>
    page.evaluate(() =>
      (
        JSON.parse(localStorage.getItem('promptcast:popup-snapshot:v1') ?? '{"history":[]}')
          .history as Array<{ prompt: string }>
      ).map((entry) => entry.prompt),
    );
  await expect.poll(() => snapshotPrompts(popup)).toContain('a photo to forget');
  await popup.close();

  const history = await extension.openPage('history');
  await history.getByRole('button', { name: 'Clear history' }).click();
  await history.getByRole('button', { name: 'Delete all' }).click();
  await expect(history.getByRole('status')).toContainText(/cleared/i);
  expect(await snapshotPrompts(history)).toEqual([]);
  const { lost, keyLeaks } = await conclude('clearing the history clears the popup snapshot', {
    extension,
    service,
    ids: [],
    texts: {
      'popup snapshot': await history.evaluate(
        () => localStorage.getItem('promptcast:popup-snapshot:v1') ?? '',
      ),
    },
  });
  expect([lost, keyLeaks]).toEqual([0, 0]);
});
