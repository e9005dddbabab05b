/**
 * Promptcast in a Firefox shown the German translation: the worker points the toolbar popup and the sidebar
 * at the first frames built in German (utils/background/translated-frames.ts), which paint German before any
 * script and work once React has hydrated them; an English page opened anyway ends up showing German.
 */
import { describe, expect, it } from 'vitest';
import type { Browser } from 'webextension-polyfill';
import { DEMO_API_KEY } from '../reference-service/server';
import { AddonState, OptionsPage, PopupPage } from './support/pages';
import { TestBed } from './support/test-bed';

// The page's own `browser`: it types the callbacks that run inside extension pages.
declare const browser: Browser;

const bed = TestBed.forEachTest({ locale: 'de' });

/** A page's built frame as its file holds it: what the browser paints before any script of the page runs. */
interface FrameAtParse {
  lang: string;
  hidden: boolean;
  text: string;
}

/** Where the worker pointed the toolbar button and the sidebar, once it has. */
async function translatedPages(state: AddonState): Promise<{ popup: string; panel: string }> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const pages = await state.page.evaluate(async () => ({
      popup: await browser.browserAction.getPopup({}),
      panel: await browser.sidebarAction.getPanel({}),
    }));
    if (pages.popup.endsWith('.de.html') || Date.now() > deadline) return pages;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The frame of `file`, fetched and parsed apart from any page, so no script of its own has touched it. */
async function frameAtParse(state: AddonState, file: string): Promise<FrameAtParse> {
  return state.page.evaluate(async (url) => {
    const text = await (await fetch(url)).text();
    const parsed = new DOMParser().parseFromString(text, 'text/html');
    return {
      lang: parsed.documentElement.lang,
      hidden: parsed.documentElement.hasAttribute('data-frame-hidden'),
      text: parsed.querySelector('#root')?.textContent ?? '',
    };
  }, `${bed.firefox.origin}/${file}`);
}

describe('Promptcast in a German Firefox', () => {
  it('the toolbar popup and the sidebar open German first frames, which make an image once set up in German', async () => {
    const state = await AddonState.open(bed.firefox);
    const pages = await translatedPages(state);
    expect(pages).toEqual({
      popup: `${bed.firefox.origin}/popup.de.html`,
      panel: `${bed.firefox.origin}/sidepanel.de.html`,
    });
    for (const file of ['popup.de.html', 'sidepanel.de.html']) {
      const frame = await frameAtParse(state, file);
      expect(frame).toMatchObject({ lang: 'de', hidden: false });
      expect(frame.text).toContain('Bild erzeugen');
      expect(frame.text).not.toContain('Generate');
    }

    // Set up as a German-speaking person does, on the options page in German.
    const options = new OptionsPage(await bed.firefox.openPage('options'));
    await options.fill('Dienst-URL', bed.service.url);
    await options.fill('API-Schlüssel', DEMO_API_KEY);
    await options.press('Speichern');
    await options.outcome('Gespeichert.');

    for (const name of ['popup.de', 'sidepanel.de'] as const) {
      const page = new PopupPage(await bed.firefox.openPage(name));
      await page.textOf('html[data-hydrated] button[data-generate="image"]', 'Bild erzeugen');
      await page.fill('Prompt', `ein Drachen über den Dünen (${name})`);
      await page.press('Bild erzeugen');
      await page.textOf('[role="status"]', 'Bild fertig.', 30_000);
      expect((await page.renderedResultImage()).width).toBeGreaterThan(0);
    }
    const images = bed.service.requests().filter((request) => request.path.endsWith('/images/generate'));
    expect(images.map((request) => request.method)).toEqual(['POST', 'POST']);
  });

  it('the English popup, opened anyway, shows the page in German, not its English frame', async () => {
    const state = await AddonState.open(bed.firefox);
    const frame = await frameAtParse(state, 'popup.html');
    expect(frame.text).toContain('Generate image');
    const popup = new PopupPage(await bed.firefox.openPage('popup'));
    await popup.textOf('html[data-hydrated] button[data-generate="image"]', 'Bild erzeugen');
    expect(await popup.page.evaluate(() => document.documentElement.hasAttribute('data-frame-hidden'))).toBe(
      false,
    );
    expect(await popup.page.evaluate(() => document.body.textContent?.includes('Generate'))).toBe(false);
  });
});
