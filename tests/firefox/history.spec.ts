/**
 * The history at scale in Firefox (issue #24): a history the previous release kept as one storage.local array
 * is taken into IndexedDB by today's add-on, installed over it on the same profile as an update is.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Copies } from '../../utils/copies/copies-schema';
import type { HistoryEntry } from '../../utils/history/schema';
import { previousReleaseBuild } from '../e2e/support/previous-release';
import { DEMO_API_KEY, type ReferenceService, startReferenceService } from '../reference-service/server';
import { historyFileText } from '../support/history-file-text';
import { olderEntry } from '../support/older-entry';
import { FirefoxUnderTest } from './support/firefox';
import { AddonState, HistoryPage, OptionsPage, PopupPage } from './support/pages';

const SETTLE = { timeout: 30_000, interval: 200 };

let firefox: FirefoxUnderTest | undefined;
let service: ReferenceService | undefined;

afterEach(async () => {
  await firefox?.close();
  await service?.close();
});

async function copyStates(state: AddonState): Promise<string[]> {
  const { copies } = (await state.storedValues()) as { copies?: Copies };
  return Object.values(copies?.entries ?? {}).map((copy) => copy.state);
}

describe('The history in Firefox', () => {
  it('a history the previous release stored is all there after the update, with its kept copy', async () => {
    const addon = await FirefoxUnderTest.launch({ releaseBuild: previousReleaseBuild('firefox') });
    firefox = addon;
    const started = await startReferenceService({
      port: 0,
      mediaHost: '127.0.0.1',
      config: { filesOrigin: 'media', videoDurationMs: 0, fileRetentionMs: 8_000 },
    });
    service = started;
    await OptionsPage.setUp(addon, started.url, DEMO_API_KEY);
    let state = await AddonState.open(addon);
    const popup = await PopupPage.open(addon);
    await popup.generateImage('a kept heron');
    const made = await state.waitForEntry('a kept heron', (entry) => entry.status === 'completed');
    await expect.poll(() => copyStates(state), SETTLE).toEqual(['kept']);
    const now = Date.now() - 3_600_000;
    await state.page.evaluate(
      async (older) => {
        const { history } = await browser.storage.local.get('history');
        await browser.storage.local.set({ history: [...(history as unknown[]), ...older] });
      },
      Array.from({ length: 49 }, (_, index) => olderEntry(index, now)),
    );
    const stored = (await state.storedValues()).history as HistoryEntry[];
    expect(stored).toHaveLength(50);

    await addon.upgrade();

    state = await AddonState.open(addon);
    await expect.poll(async () => 'history' in (await state.storedValues()), SETTLE).toBe(false);
    expect((await state.history()).map((entry) => entry.id)).toEqual(stored.map((entry) => entry.id));
    expect(await state.history()).toEqual(stored);
    expect(await copyStates(state)).toEqual(['kept']);

    const url = made.urls[0] ?? '';
    await expect.poll(async () => (await fetch(url)).status, SETTLE).toBe(404);
    const history = await HistoryPage.open(addon);
    expect(await history.cellText(1)).toContain('a kept heron');
    const image = await history.loadedImage(`${HistoryPage.cell(1)} img`);
    expect(image.src).toMatch(/^blob:moz-extension:/);
  });

  it('a history file imported: its entries are read off the page, handed over as a Blob and merged once', async () => {
    const addon = await FirefoxUnderTest.launch();
    firefox = addon;
    const started = await startReferenceService({ port: 0 });
    service = started;
    await OptionsPage.setUp(addon, started.url, DEMO_API_KEY);
    const state = await AddonState.open(addon);
    const popup = await PopupPage.open(addon);
    await popup.generateImage('a made heron');
    const made = await state.waitForEntry('a made heron', (entry) => entry.status === 'completed');

    // The file holds the entry made here and one from elsewhere: only that one is new.
    const other: HistoryEntry = {
      ...made,
      id: 'from-another-browser',
      prompt: 'an imported heron',
      createdAt: 1000,
    };
    const text = historyFileText([made, other], Date.now());
    const history = await HistoryPage.open(addon);
    // Chosen as the picker hands a file over: a change of the input holding it.
    await history.page.evaluate((contents) => {
      const input = [...document.querySelectorAll('label')].find(
        (label) => label.textContent?.trim() === 'Import',
      )?.control as HTMLInputElement;
      const files = new DataTransfer();
      files.items.add(new File([contents], 'promptcast-history.json', { type: 'application/json' }));
      input.files = files.files;
      input.dispatchEvent(new Event('change', { bubbles: true }));
    }, text);
    await history.textOf('[role="status"]', /^Imported 1 entr.*1 .*already in the history/);
    const prompts = async () => (await state.history()).map((entry) => entry.prompt).sort();
    expect(await prompts()).toEqual(['a made heron', 'an imported heron']);
    expect((await state.history()).find((entry) => entry.id === 'from-another-browser')).toMatchObject({
      prompt: 'an imported heron',
      urls: made.urls,
      createdAt: 1000,
    });
  });

  it('the gallery: a star, a Shift range and one bulk delete that frees the kept copies', async () => {
    const addon = await FirefoxUnderTest.launch();
    firefox = addon;
    const started = await startReferenceService({
      port: 0,
      mediaHost: '127.0.0.1',
      config: { filesOrigin: 'media', videoDurationMs: 0 },
    });
    service = started;
    await OptionsPage.setUp(addon, started.url, DEMO_API_KEY);
    const state = await AddonState.open(addon);
    const popup = await PopupPage.open(addon);
    const prompts = ['a red fox', 'a grey wolf', 'a brown bear'];
    for (const prompt of prompts) {
      await popup.generateImage(prompt);
      await state.waitForEntry(prompt, (entry) => entry.status === 'completed');
    }
    await expect.poll(() => copyStates(state), SETTLE).toEqual(['kept', 'kept', 'kept']);

    const history = await HistoryPage.open(addon);
    await history.press('Favourite: a grey wolf');
    await history.page.waitForSelector('button[aria-label="Unfavourite: a grey wolf"][aria-pressed="true"]');
    await expect
      .poll(
        async () => (await state.history()).find((entry) => entry.prompt === 'a grey wolf')?.favourite,
        SETTLE,
      )
      .toBe(true);

    // Newest first: the bear, the wolf, the fox. A click on the bear, Shift+click on the fox: all three.
    const tick = async (prompt: string, shift: boolean) => {
      const box = await history.page.waitForSelector(`input[aria-label="Select: ${prompt}"]`);
      if (shift) await history.page.keyboard.down('Shift');
      await box?.click();
      if (shift) await history.page.keyboard.up('Shift');
    };
    await tick('a brown bear', false);
    await tick('a red fox', true);
    await history.textOf('[role="toolbar"]', /3 selected/);
    await history.press('Delete', { selector: '[role="toolbar"]', text: 'selected' });
    await history.press('Delete entries');
    await expect.poll(async () => (await state.history()).length, SETTLE).toBe(0);
    await expect.poll(() => copyStates(state), SETTLE).toEqual([]);
    await history.textOf('p', 'Nothing generated yet.');
  });
});
