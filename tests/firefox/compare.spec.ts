/**
 * Comparing two models in Firefox: the popup sends one prompt to both, one after the other, and shows each
 * model's picture and cost side by side.
 */
import { describe, expect, it } from 'vitest';
import type { Browser } from 'webextension-polyfill';
import { DEMO_API_KEY } from '../reference-service/server';
import { OptionsPage, PopupPage } from './support/pages';
import { TestBed } from './support/test-bed';

// The page's own `browser`: this declaration types the callbacks that run inside extension pages.
declare const browser: Browser;

const bed = TestBed.forEachTest(
  {},
  {
    models: {
      'studio-pro': { imageCost: 7.5, latencyMs: 600, swatch: '#eb5757' },
      'sketch-fast': { imageCost: 0.5, latencyMs: 100, swatch: '#2f80ed' },
    },
  },
);

const sentModels = () =>
  bed.service
    .requests()
    .filter((entry) => entry.method === 'POST' && entry.path === '/v1/images/generate')
    .map((entry) => (JSON.parse(entry.body) as { model?: string }).model);

/** Each tile of the comparison: its model's name, the colour at its picture's centre, and its cost. */
const tiles = (popup: PopupPage) =>
  popup.page.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLElement>('section[aria-label="Comparison of models"] [role="group"]'),
    ].map((tile) => {
      const image = tile.querySelector('img');
      let rgb = '';
      if (image?.complete && image.naturalWidth > 0) {
        const canvas = document.createElement('canvas');
        canvas.width = image.naturalWidth;
        canvas.height = image.naturalHeight;
        const context = canvas.getContext('2d');
        context?.drawImage(image, 0, 0);
        const pixel = context?.getImageData(canvas.width >> 1, canvas.height >> 1, 1, 1).data;
        rgb = pixel
          ? [...pixel.slice(0, 3)].map((value) => value.toString(16).padStart(2, '0')).join('')
          : '';
      }
      return {
        model: tile.getAttribute('aria-label'),
        rgb,
        cost: tile.querySelector('[data-testid="compare-cost"]')?.textContent ?? '',
      };
    }),
  );

describe('comparing models in Firefox', () => {
  it('one prompt to two models: each tile shows that model’s picture and its own cost', async () => {
    const options = await OptionsPage.setUp(bed.firefox, bed.service.url, DEMO_API_KEY);
    const listed = await options.page.evaluate(async () => {
      const { profiles } = (await browser.storage.local.get('profiles')) as {
        profiles: { activeId: string };
      };
      return browser.runtime.sendMessage({
        type: 'setProfileModels',
        id: profiles.activeId,
        models: [
          { id: 'studio-pro', name: 'Studio' },
          { id: 'sketch-fast', name: 'Quick sketch' },
        ],
      });
    });
    expect(listed).toMatchObject({ ok: true });

    const popup = await PopupPage.open(bed.firefox);
    await popup.page.waitForSelector('summary');
    await popup.page.$$eval('summary', (items) =>
      items.find((item) => item.textContent?.includes('Compare models'))?.click(),
    );
    for (const name of ['Studio', 'Quick sketch']) await (await popup.field(name)).click();
    await popup.generateImage('a kite over dunes in Firefox');

    await expect.poll(sentModels, { timeout: 30_000 }).toEqual(['studio-pro', 'sketch-fast']);
    await expect
      .poll(() => tiles(popup), { timeout: 30_000, interval: 200 })
      .toEqual([
        { model: 'Studio', rgb: 'eb5757', cost: '7.5 credits' },
        { model: 'Quick sketch', rgb: '2f80ed', cost: '0.5 credits' },
      ]);
  });
});
