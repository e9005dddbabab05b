import type { Page } from '@playwright/test';
import { swatchRgb } from '../reference-service/models';
import { PopupPage } from './pages/popup';
import { schemes, seriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { pixelSeen } from './support/pixels';
import { EVENTUALLY, requestsTo } from './support/probes';
import { configure, sendFrom } from './support/setup';

// Three models of the reference service, each its own picture, time and price (one a fraction of a credit).
const MODELS = {
  'studio-pro': { imageCost: 7.5, latencyMs: 1500, swatch: '#eb5757' },
  'sketch-fast': { imageCost: 0.5, latencyMs: 100, swatch: '#2f80ed' },
  'film-grain': { imageCost: 3, latencyMs: 700, swatch: '#27ae60' },
};

async function listModels(options: Page): Promise<void> {
  const { profiles } = (await options.evaluate(() => chrome.storage.local.get('profiles'))) as {
    profiles: { activeId: string };
  };
  await sendFrom(options, {
    type: 'setProfileModels',
    id: profiles.activeId,
    models: [
      { id: 'studio-pro', name: 'Studio' },
      { id: 'sketch-fast', name: 'Quick sketch' },
      { id: 'film-grain', name: 'Film' },
    ],
  });
}

const sentModels = (service: { requests(): Parameters<typeof requestsTo>[0] }) =>
  requestsTo(service.requests(), '/v1/images/generate', 'POST').map(
    (request) => (JSON.parse(request.body) as { model?: string }).model,
  );

test('one prompt compared across three models: each tile has that model’s picture, time and cost', async ({
  extension,
  service,
}) => {
  service.configure({ models: MODELS });
  const options = await configure(extension, service, { modelId: 'house-default' });
  await listModels(options);

  const popup = await PopupPage.open(extension);
  await popup.page.getByText('Compare models').click();
  for (const name of ['Studio', 'Quick sketch', 'Film'])
    await popup.page.getByRole('checkbox', { name }).check();
  await popup.generateImage('a lighthouse at dusk');

  const comparison = popup.page.getByRole('region', { name: 'Comparison of models' });
  const tile = (name: string) => comparison.getByRole('group', { name, exact: true });
  // One at a time, in the order ticked, each once the one before has ended and its cost is read.
  await expect
    .poll(() => sentModels(service), EVENTUALLY)
    .toEqual(['studio-pro', 'sketch-fast', 'film-grain']);
  for (const [name, swatch, cost] of [
    ['Studio', 'eb5757', '7.5 credits'],
    ['Quick sketch', '2f80ed', '0.5 credits'],
    ['Film', '27ae60', '3 credits'],
  ] as const) {
    await expect(tile(name)).toContainText(cost, EVENTUALLY);
    await expect
      .poll(() => pixelSeen(tile(name).getByRole('img', { name: 'a lighthouse at dusk' })), EVENTUALLY)
      .toEqual(swatchRgb(swatch));
  }
  // The time to each result is the model's own: the slow one took over a second, the quick one less.
  const seconds = async (name: string) => {
    const text = (await tile(name).textContent()) ?? '';
    const [, minutes = '0', secs = '0'] = /Time to result(\d+):(\d\d)/.exec(text) ?? [];
    return Number(minutes) * 60 + Number(secs);
  };
  expect(await seconds('Studio')).toBeGreaterThanOrEqual(1);
  expect(await seconds('Quick sketch')).toBe(0);
  for (const scheme of schemes) expect(await seriousViolations(popup.page, scheme)).toEqual([]);

  // Keep this one stars the entry; Use this model makes it the profile's model.
  await tile('Film').getByRole('button', { name: 'Keep this one' }).click();
  await expect(tile('Film').getByRole('button', { name: 'Keep this one' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await tile('Quick sketch').getByRole('button', { name: 'Use this model' }).click();
  await expect
    .poll(async () => {
      const { settings } = (await options.evaluate(() => chrome.storage.local.get('settings'))) as {
        settings: { modelId: string };
      };
      return settings.modelId;
    })
    .toBe('sketch-fast');

  // The arrow keys walk the tiles, each named by its model.
  await tile('Studio').focus();
  await popup.page.keyboard.press('ArrowRight');
  await expect(tile('Quick sketch')).toBeFocused();
});

test('a batch of two prompts × two models: four generations, each prompt’s tiles side by side', async ({
  extension,
  service,
}) => {
  service.configure({ models: MODELS });
  const options = await configure(extension, service);
  await listModels(options);

  const popup = await PopupPage.open(extension);
  await popup.page.getByText('Compare models').click();
  for (const name of ['Quick sketch', 'Film']) await popup.page.getByRole('checkbox', { name }).check();
  await popup.page.getByRole('checkbox', { name: 'One per line' }).check();
  await popup.generateImage('red kite\nblue kite');

  const comparison = popup.page.getByRole('region', { name: 'Comparison of models' });
  await expect.poll(() => sentModels(service).length, EVENTUALLY).toBe(4);
  expect(sentModels(service)).toEqual(['sketch-fast', 'film-grain', 'sketch-fast', 'film-grain']);
  for (const prompt of ['red kite', 'blue kite'])
    for (const [name, cost] of [
      ['Quick sketch', '0.5 credits'],
      ['Film', '3 credits'],
    ] as const)
      await expect(
        comparison
          .getByRole('group', { name, exact: true })
          .filter({ has: popup.page.getByRole('img', { name: prompt }) }),
      ).toContainText(cost, EVENTUALLY);
});
