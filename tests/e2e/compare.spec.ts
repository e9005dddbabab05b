import type { Locator, Page } from '@playwright/test';
import { swatchRgb } from '../reference-service/models';
import { HistoryPage } from './pages/history';
import { PopupPage } from './pages/popup';
import { schemes, seriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { pixelSeen } from './support/pixels';
import { EVENTUALLY, historyOf, imageModelsSent } from './support/probes';
import { shot } from './support/screenshots';
import { configure, listProfileModels } from './support/setup';

// Three models of the reference service, each its own picture, time and price (one a fraction of a credit).
const MODELS = {
  'studio-pro': { imageCost: 7.5, latencyMs: 1500, swatch: '#eb5757' },
  'sketch-fast': { imageCost: 0.5, latencyMs: 100, swatch: '#2f80ed' },
  'film-grain': { imageCost: 3, latencyMs: 700, swatch: '#27ae60' },
};

const listModels = (options: Page) =>
  listProfileModels(options, [
    { id: 'studio-pro', name: 'Studio' },
    { id: 'sketch-fast', name: 'Quick sketch' },
    { id: 'film-grain', name: 'Film' },
  ]);

const sentModels = (service: { requests(): Parameters<typeof imageModelsSent>[0] }) =>
  imageModelsSent(service.requests());

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
  // The time to each result is the model's own: each tile shows its own entry's time from sending to the
  // result, and the slow model's is past a second (its latency alone is 1.5 s). How fast the quick one is
  // depends on the machine, so only its tile's agreement with its entry is checked.
  const seconds = async (name: string) => {
    const text = (await tile(name).textContent()) ?? '';
    const [, minutes = '0', secs = '0'] = /Time to result(\d+):(\d\d)/.exec(text) ?? [];
    return Number(minutes) * 60 + Number(secs);
  };
  const made = await historyOf(extension);
  const ownSeconds = (model: string) => {
    const entry = made.find((candidate) => candidate.model === model);
    if (entry?.finishedAt === undefined) throw new Error(`no finished entry of ${model}`);
    return Math.floor((entry.finishedAt - (entry.sentAt ?? entry.createdAt)) / 1000);
  };
  expect(ownSeconds('studio-pro')).toBeGreaterThanOrEqual(1);
  for (const [name, model] of [
    ['Studio', 'studio-pro'],
    ['Quick sketch', 'sketch-fast'],
    ['Film', 'film-grain'],
  ] as const)
    expect(await seconds(name), name).toBe(ownSeconds(model));
  for (const scheme of schemes) {
    expect(await seriousViolations(popup.page, scheme)).toEqual([]);
    await comparison.screenshot({ path: shot(`compare-${scheme}`) });
  }

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

  // The history page opens the same comparison from any of its entries, and gives focus back on Escape.
  const history = await HistoryPage.open(extension);
  const compare = history.page.getByRole('button', { name: 'Compare the models for “a lighthouse at dusk”' });
  await expect(compare).toHaveCount(3);
  // The grid's pictures take the room held for them: the rows below do not move as they arrive.
  await history.gridPicturesLoaded(3);
  expect(await history.rowShifts()).toBe(0);
  await compare.first().click();
  const dialog = history.page.getByRole('dialog', { name: 'Comparison of models a lighthouse at dusk' });
  for (const [name, swatch, cost] of [
    ['Studio', 'eb5757', '7.5 credits'],
    ['Quick sketch', '2f80ed', '0.5 credits'],
    ['Film', '27ae60', '3 credits'],
  ] as const) {
    const shown = dialog.getByRole('group', { name, exact: true });
    await expect(shown).toContainText(cost);
    await expect
      .poll(() => pixelSeen(shown.getByRole('img', { name: 'a lighthouse at dusk' })), EVENTUALLY)
      .toEqual(swatchRgb(swatch));
  }
  await expect(
    dialog.getByRole('group', { name: 'Film', exact: true }).getByRole('button', { name: 'Keep this one' }),
  ).toHaveAttribute('aria-pressed', 'true');
  for (const scheme of schemes) expect(await seriousViolations(history.page, scheme)).toEqual([]);
  await history.page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(compare.first()).toBeFocused();
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

/** Each video's position in the comparison, read in one go so no frame passes between two readings. */
const positions = (comparison: Locator) =>
  comparison.evaluate((root) =>
    [...root.querySelectorAll('video')].map((video) => ({ time: video.currentTime, paused: video.paused })),
  );

/** How far apart the videos are, in seconds. */
const spread = (videos: { time: number }[]) =>
  Math.max(...videos.map((video) => video.time)) - Math.min(...videos.map((video) => video.time));

test('two models’ videos play under one control and stay within 0.1 s through play, a seek and a pause', async ({
  extension,
  service,
}) => {
  service.configure({ models: MODELS, videoDurationMs: 300 });
  const options = await configure(extension, service);
  await listModels(options);

  const popup = await PopupPage.open(extension);
  await popup.page.getByText('Compare models').click();
  for (const name of ['Quick sketch', 'Film']) await popup.page.getByRole('checkbox', { name }).check();
  await popup.generateVideo('waves on a pier');

  const comparison = popup.page.getByRole('region', { name: 'Comparison of models' });
  // Both videos loaded: their length is known.
  await expect
    .poll(
      () =>
        comparison.evaluate((root) =>
          [...root.querySelectorAll('video')].map(
            (video) => Number.isFinite(video.duration) && video.duration > 0,
          ),
        ),
      EVENTUALLY,
    )
    .toEqual([true, true]);
  await expect(comparison.getByRole('slider', { name: 'Position' })).toBeEnabled();
  // The reference video lasts a second or two: at its own speed it could end (and the bar offer Play again)
  // before a loaded machine reached the Pause below. Both are slowed alike, so their sync is what it was.
  await comparison.evaluate((root) => {
    for (const video of root.querySelectorAll('video')) video.playbackRate = 0.1;
  });

  await comparison.getByRole('button', { name: 'Play' }).click();
  await expect(comparison.getByRole('button', { name: 'Pause' })).toBeVisible();
  // While they play, every reading has them together, and they do move.
  const start = (await positions(comparison))[0]?.time ?? 0;
  for (let reading = 0; reading < 10; reading++) {
    const now = await positions(comparison);
    expect(spread(now)).toBeLessThanOrEqual(0.1);
    await popup.page.waitForTimeout(50);
  }
  await expect.poll(async () => (await positions(comparison))[0]?.time ?? 0).toBeGreaterThan(start);

  // A seek moves both to the same moment.
  const slider = comparison.getByRole('slider', { name: 'Position' });
  await slider.focus();
  await popup.page.keyboard.press('Home');
  const afterSeek = await positions(comparison);
  expect(spread(afterSeek)).toBeLessThanOrEqual(0.1);

  // Pause stops both, together.
  await comparison.getByRole('button', { name: 'Pause' }).click();
  await expect.poll(async () => (await positions(comparison)).every((video) => video.paused)).toBe(true);
  const paused = await positions(comparison);
  expect(spread(paused)).toBeLessThanOrEqual(0.1);
  await popup.page.waitForTimeout(300);
  expect(await positions(comparison)).toEqual(paused);
});

test('the budget stop counts every model of a comparison, and going on once sends them all', async ({
  extension,
  service,
}) => {
  service.configure({ models: MODELS });
  const options = await configure(extension, service, { dailyBudget: 20 });
  await listModels(options);

  const popup = await PopupPage.open(extension);
  await popup.page.getByText('Compare models').click();
  for (const name of ['Studio', 'Film']) await popup.page.getByRole('checkbox', { name }).check();
  // The first comparison records each model's price: 7.5 and 3 credits, 10.5 of the day's 20.
  await popup.generateImage('a paper boat');
  await expect
    .poll(async () => (await historyOf(extension)).map((entry) => entry.cost).sort(), EVENTUALLY)
    .toEqual([3, 7.5]);

  // The preview gives each model's estimate from its own cost, and the total.
  await expect(popup.page.getByTestId('cost-preview')).toContainText(
    'As images: Studio: about 7.5 credits · Film: about 3 credits · total about 10.5 credits for 2 images.',
  );
  // 9.5 are left: either model alone would fit, both together (10.5 more) would not.
  const sent = sentModels(service).length;
  await popup.generateImage('a paper plane');
  await expect(
    popup.alertSaying(
      'Stopped before spending: this would take today’s budget past its limit (10.5 credits of 20 credits spent, about 10.5 credits more).',
    ),
  ).toBeVisible();
  expect(sentModels(service)).toHaveLength(sent);

  await popup.page.getByRole('button', { name: 'Go on this once' }).click();
  await expect.poll(() => sentModels(service).slice(sent), EVENTUALLY).toEqual(['studio-pro', 'film-grain']);
  await expect
    .poll(
      async () =>
        (await historyOf(extension))
          .filter((entry) => entry.prompt === 'a paper plane')
          .map((entry) => `${entry.model} ${entry.status}`)
          .sort(),
      EVENTUALLY,
    )
    .toEqual(['film-grain completed', 'studio-pro completed']);
});
