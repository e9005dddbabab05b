/**
 * The prompt library in Firefox (issue #26): a prompt saved from the popup's form, then inserted again from the
 * keyboard alone, its `{{name}}` asked for first, and exactly the filled text sent once the person generates;
 * a `{{selection}}` prompt pinned to the context menu, kept through a restart.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_API_KEY, type ReferenceService, startReferenceService } from '../reference-service/server';
import { FirefoxUnderTest } from './support/firefox';
import { AddonState, LibraryPage, OptionsPage, PopupPage } from './support/pages';

let firefox: FirefoxUnderTest | undefined;
let service: ReferenceService | undefined;

afterEach(async () => {
  await firefox?.close();
  await service?.close();
});

const WAIT = { polling: 100, timeout: 20_000 };

const sentPrompts = (log: ReferenceService) =>
  log
    .requests()
    .filter((request) => request.method === 'POST' && request.path.endsWith('/images/generate'))
    .map((request) => (JSON.parse(request.body) as { prompt: string }).prompt);

describe('The prompt library in Firefox', () => {
  it('a prompt saved from the popup is inserted with / and Enter, its variable filled in before anything is sent', async () => {
    const addon = await FirefoxUnderTest.launch();
    firefox = addon;
    const started = await startReferenceService({ port: 0 });
    service = started;
    await OptionsPage.setUp(addon, started.url, DEMO_API_KEY);
    const popup = await PopupPage.open(addon);
    await popup.fill('Prompt', 'a {{animal|heron}} at dawn');
    await popup.press('Save to library');
    await popup.fill('Name', 'Dawn');
    await popup.page.keyboard.press('Enter');
    await popup.textOf('[role="status"]', 'Saved “Dawn” to the library.');

    const prompt = await popup.field('Prompt');
    await prompt.evaluate((element) => element.focus());
    await prompt.evaluate((element) => element.select());
    await popup.page.keyboard.press('Backspace');
    await popup.page.keyboard.press('/');
    await popup.page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'combobox', WAIT);
    await popup.page.keyboard.type('dawn');
    await popup.page.keyboard.press('Enter');
    const animal = await popup.field('animal');
    expect(await animal.evaluate((element) => element.value)).toBe('heron');
    await popup.textOf('[data-testid="template-preview"]', 'a heron at dawn');
    await popup.page.keyboard.press('Enter');
    await popup.page.waitForFunction(
      () => (document.getElementById('prompt') as HTMLTextAreaElement | null)?.value === 'a heron at dawn',
      WAIT,
    );
    expect(sentPrompts(started)).toEqual([]);

    await popup.press('Generate image');
    await popup.textOf('[role="status"]', 'Image ready.', 30_000);
    expect(sentPrompts(started)).toEqual(['a heron at dawn']);

    const library = await addon.openPage('library');
    await library.waitForFunction(
      () => document.querySelector('[data-testid="library-row"] h2')?.textContent === 'Dawn',
      WAIT,
    );
  });

  it('a {{selection}} prompt pinned on the library page is in the context menu after a restart, and wraps the selection', async () => {
    const addon = await FirefoxUnderTest.launch();
    firefox = addon;
    const started = await startReferenceService({ port: 0 });
    service = started;
    await OptionsPage.setUp(addon, started.url, DEMO_API_KEY);
    const library = await LibraryPage.open(addon);
    await library.press('New prompt');
    await library.fill('Name', 'Sketch');
    await library.fill('Prompt', 'A pencil sketch of {{selection}}');
    await library.page.waitForFunction(
      () => !(document.getElementById('library-pin') as HTMLSelectElement | null)?.disabled,
      WAIT,
    );
    await library.page.select('#library-pin', 'image');
    await library.press('Save');
    const entry = `promptcast-pin:${await library.promptId('Sketch')}`;
    await library.waitForMenuEntry(entry);
    expect(await library.hasMenuEntry('promptcast-pin:no-such-prompt')).toBe(false);

    await addon.restart();
    const after = await LibraryPage.open(addon);
    await after.waitForMenuEntry(entry);
    const state = await AddonState.open(addon);
    await state.clickContextMenu(entry, '  an owl\n on <i>a branch</i> ');
    const made = await state.waitForEntry(
      'A pencil sketch of an owl on <i>a branch</i>',
      (item) => item.status === 'completed',
    );
    expect(made).toMatchObject({ kind: 'image', source: 'context-menu' });
    expect(sentPrompts(started)).toEqual(['A pencil sketch of an owl on <i>a branch</i>']);
  });
});
