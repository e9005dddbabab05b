import type { BrowserContext, Page } from '@playwright/test';
import { listProfileModels, sendFrom } from '../e2e/support/setup';
import type { ReferenceService } from '../reference-service/server';
import type { BenchBrowser } from './browser';
import type { PaintTiming } from './measure';
import { bareListPaint, comparePages, HISTORY_ENTRY, type PaintComparison, storedHistory } from './scenarios';

/** The most models a comparison takes: each its own price, time and picture on the reference service. */
const MODELS = ['m-red', 'm-blue', 'm-green', 'm-amber', 'm-violet', 'm-teal'];
const SWATCHES = ['#eb5757', '#2f80ed', '#27ae60', '#f2994a', '#9b51e0', '#2d9cdb'];
const PROMPT = 'bench: one prompt compared across six models';

/** One tile of the comparison the history page opens in a dialog: the selector to change when the markup does. */
const TILE = 'dialog[open] [role="group"]';

export interface CompareOpen extends PaintComparison {
  tiles: number;
}

/** Six models listed for the profile and one comparison of them made, all six results completed. */
async function seedComparison(page: Page, service: ReferenceService): Promise<void> {
  service.configure({
    latencyMs: 0,
    models: Object.fromEntries(
      MODELS.map((id, index) => [
        id,
        { imageCost: index + 0.5, latencyMs: 10 * index, swatch: SWATCHES[index] },
      ]),
    ),
  });
  await listProfileModels(
    page,
    MODELS.map((id) => ({ id, name: id.replace('m-', 'Model ') })),
  );
  const started = await sendFrom(page, {
    type: 'generateBatch',
    kind: 'image',
    prompts: [PROMPT],
    models: MODELS,
  });
  if (!started.ok) throw new Error(`the comparison was refused: ${started.error.message}`);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const made = (await storedHistory(page)).filter((entry) => entry.batchId === started.data.batchId);
    if (made.length === MODELS.length && made.every((entry) => entry.status === 'completed')) return;
    if (Date.now() > deadline) throw new Error('the six-model comparison did not complete');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * The history page opened and settled, then its *Compare* pressed: the time from that press until all six
 * tiles, their pictures decoded, are in a painted frame. The view's code loads on that press.
 */
async function compareOpenTime(context: BrowserContext, url: string): Promise<PaintTiming> {
  const page = await context.newPage();
  try {
    await page.goto(url);
    await page.locator(HISTORY_ENTRY).first().waitFor();
    // Pressed as a person presses it, once the page has shown itself: its own first screenful, thumbnails and
    // snapshot are the history page's row, so the view is timed alone, not racing the page's load.
    await page.waitForLoadState('networkidle');
    await page.evaluate(
      () => new Promise((resolve) => requestIdleCallback(() => requestIdleCallback(resolve))),
    );
    const button = page.getByRole('button', { name: /^Compare the models for/ }).first();
    await button.waitFor();
    // No function is named inside: tsx would wrap it in a helper the page does not have.
    const painted = await button.evaluate(
      async (element, { tile, count }) => {
        const start = performance.now();
        (element as HTMLElement).click();
        for (;;) {
          await new Promise((resolve) => requestAnimationFrame(resolve));
          const tiles = [...document.querySelectorAll(tile)];
          if (
            tiles.length === count &&
            tiles.every((one) => {
              const image = one.querySelector('img');
              return image?.complete === true && image.naturalWidth > 0;
            })
          )
            break;
          if (performance.now() - start > 15_000)
            throw new Error(`${tiles.length} of ${count} tiles after 15 s`);
        }
        // The frame after the one that found them ready is the one that shows them.
        await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
        return performance.now() - start;
      },
      { tile: TILE, count: MODELS.length },
    );
    return {
      shell: Number.NaN,
      found: Number.NaN,
      painted,
      text: '',
      interactive: Number.NaN,
      hydrated: Number.NaN,
      controls: {},
    };
  } finally {
    await page.close();
  }
}

/**
 * The compare view of six models opened from the history page, against the bare React list of 200 rows: the
 * view must open within the budget the history page's own first screenful is held to.
 */
export async function compareViewOpen(
  bench: BenchBrowser,
  service: ReferenceService,
  page: Page,
  runs: number,
): Promise<CompareOpen> {
  await seedComparison(page, service);
  const comparison = await comparePages(
    () => compareOpenTime(bench.context, `${bench.origin}/history.html`),
    () => bareListPaint(bench),
    runs,
  );
  return { ...comparison, tiles: MODELS.length };
}
