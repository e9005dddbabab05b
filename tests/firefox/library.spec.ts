/**
 * The prompt library in Firefox (issue #26): a prompt saved from the popup's form, then inserted again from the
 * keyboard alone, its `{{name}}` asked for first, and exactly the filled text sent once the person generates.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_API_KEY, type ReferenceService, startReferenceService } from '../reference-service/server';
import { FirefoxUnderTest } from './support/firefox';
import { OptionsPage, PopupPage } from './support/pages';

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
});
