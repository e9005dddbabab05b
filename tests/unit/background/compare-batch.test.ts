// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { batchSizeProblem, MAX_BATCH } from '../../../utils/batch/batch-state';
import type { HistoryEntry } from '../../../utils/history/schema';
import { parseRequest } from '../../../utils/messaging/protocol';
import { type BackgroundHarness, makeBackgroundApp, startWorker } from '../support/background-app';
import { referenceServiceForFile } from '../support/reference-service';

// Three models, each its own price and time: a comparison's costs can only come out right one by one.
const service = referenceServiceForFile({
  videoDurationMs: 300,
  models: {
    cheap: { imageCost: 0.5, videoCost: 2, latencyMs: 50 },
    dear: { imageCost: 7.5, videoCost: 12.5, latencyMs: 250 },
    mid: { imageCost: 3, videoCost: 8, latencyMs: 120 },
  },
});

// A loaded machine reads the balance after a result late; only the outcome matters.
const SETTLED = { timeout: 20_000 };

const generations = () =>
  service
    .requests()
    .filter((request) => request.method === 'POST' && request.path.endsWith('/generate'))
    .map((request) => JSON.parse(request.body) as { prompt: string; model: string });

const batchOf = async (harness: BackgroundHarness, batchId: string): Promise<HistoryEntry[]> =>
  (await harness.items.history.getValue()).filter((entry) => entry.batchId === batchId);

/** The batch once every entry has ended and no reading is left to settle. */
async function settled(harness: BackgroundHarness, batchId: string): Promise<HistoryEntry[]> {
  await expect
    .poll(
      async () =>
        (await batchOf(harness, batchId)).every(
          (entry) => entry.status !== 'running' && entry.balanceBefore === undefined,
        ),
      SETTLED,
    )
    .toBe(true);
  return batchOf(harness, batchId);
}

describe('comparison command', () => {
  it('takes 2 to 6 distinct models, one prompt or more, and at most MAX_BATCH generations', () => {
    const parse = (prompts: string[], models?: string[]) =>
      parseRequest({ type: 'generateBatch', kind: 'image', prompts, ...(models ? { models } : {}) })?.success;
    expect(parse(['one'], ['a', 'b'])).toBe(true);
    expect(parse(['one'], ['a', 'b', 'c', 'd', 'e', 'f'])).toBe(true);
    expect(parse(['one'], ['a'])).toBe(false);
    expect(parse(['one'], ['a', 'b', 'c', 'd', 'e', 'f', 'g'])).toBe(false);
    expect(parse(['one'], ['a', 'a'])).toBe(false);
    expect(parse(['one', 'two'])).toBe(true);
    // 4 × 5 = 20 is a full batch; 3 × 7 is refused by the model count, 5 × 5 by the product.
    expect(parse(['1', '2', '3', '4'], ['a', 'b', 'c', 'd', 'e'])).toBe(true);
    expect(parse(['1', '2', '3', '4', '5'], ['a', 'b', 'c', 'd', 'e'])).toBe(false);
    expect(batchSizeProblem(5, 5)).toEqual({
      code: 'compare_too_many',
      prompts: 5,
      models: 5,
      count: 25,
      max: MAX_BATCH,
    });
    expect(batchSizeProblem(MAX_BATCH)).toBeUndefined();
  });
});

describe('comparison of models', () => {
  it('sends one prompt to each model, one at a time, and stores each model’s own cost', async () => {
    const harness = await makeBackgroundApp(service);
    const { batchId, count } = await harness.app.handlers.generateBatch({
      type: 'generateBatch',
      kind: 'image',
      prompts: ['a lighthouse'],
      models: ['cheap', 'dear', 'mid'],
    });
    expect(count).toBe(3);
    const entries = await settled(harness, batchId);
    expect(entries.map((entry) => [entry.model, entry.status, entry.cost, entry.compared])).toEqual([
      ['cheap', 'completed', 0.5, true],
      ['dear', 'completed', 7.5, true],
      ['mid', 'completed', 3, true],
    ]);
    expect(generations()).toEqual([
      expect.objectContaining({ prompt: 'a lighthouse', model: 'cheap' }),
      expect.objectContaining({ prompt: 'a lighthouse', model: 'dear' }),
      expect.objectContaining({ prompt: 'a lighthouse', model: 'mid' }),
    ]);
    // One at a time: each was sent once the one before had ended.
    for (const [at, entry] of entries.entries()) {
      const before = entries[at - 1];
      if (before) expect(entry.sentAt ?? 0).toBeGreaterThanOrEqual(before.finishedAt ?? Infinity);
    }
    expect((await harness.items.balance.getValue()).balance?.value).toBe(1000 - 11);
  });

  it('a batch of two prompts × two models makes four entries in prompt order, each with its cost', async () => {
    const harness = await makeBackgroundApp(service);
    const { batchId } = await harness.app.handlers.generateBatch({
      type: 'generateBatch',
      kind: 'image',
      prompts: ['red', 'blue'],
      models: ['cheap', 'mid'],
    });
    const entries = await settled(harness, batchId);
    expect(entries.map((entry) => [entry.prompt, entry.model, entry.cost])).toEqual([
      ['red', 'cheap', 0.5],
      ['red', 'mid', 3],
      ['blue', 'cheap', 0.5],
      ['blue', 'mid', 3],
    ]);
  });

  it('videos go one after another too, each sent once the one before completed and was read', {
    timeout: 30_000,
  }, async () => {
    const harness = await makeBackgroundApp(service, { pollIntervalSec: 1 });
    const { batchId } = await harness.app.handlers.generateBatch({
      type: 'generateBatch',
      kind: 'video',
      prompts: ['waves'],
      models: ['cheap', 'mid'],
    });
    const poll = setInterval(() => void harness.app.tracker.tick(), 300);
    try {
      const [one, two] = await settled(harness, batchId);
      expect([one, two].map((entry) => [entry?.model, entry?.status, entry?.cost])).toEqual([
        ['cheap', 'completed', 2],
        ['mid', 'completed', 8],
      ]);
      // The second waited while the first video ran.
      expect(two?.sentAt ?? 0).toBeGreaterThanOrEqual(one?.finishedAt ?? Infinity);
    } finally {
      clearInterval(poll);
    }
  });

  it('the budget check counts every model of the comparison before anything is sent', async () => {
    const harness = await makeBackgroundApp(service, { dailyBudget: 20 });
    // What each model cost before: the estimates the check adds up.
    const first = await harness.app.handlers.generateBatch({
      type: 'generateBatch',
      kind: 'image',
      prompts: ['warm-up'],
      models: ['dear', 'mid'],
    });
    await settled(harness, first.batchId);
    const sent = generations().length;
    // Spent 10.5 of 20; another dear + mid is 10.5 more: over the day's budget.
    await expect(
      harness.app.handlers.generateBatch({
        type: 'generateBatch',
        kind: 'image',
        prompts: ['again'],
        models: ['dear', 'mid'],
      }),
    ).rejects.toMatchObject({
      info: { kind: 'over_budget', budget: { spent: 10.5, limit: 20, cost: 10.5 } },
    });
    expect(generations()).toHaveLength(sent);
    // One model alone still fits.
    await harness.app.handlers.generateImage({ type: 'generateImage', prompt: 'one', model: 'mid' });
    expect(generations()).toHaveLength(sent + 1);
    // Going on once holds for the whole comparison, though its entries are sent one by one, each admitted
    // again: the second would be stopped without it.
    const { batchId } = await harness.app.handlers.generateBatch({
      type: 'generateBatch',
      kind: 'image',
      prompts: ['past the budget'],
      models: ['dear', 'mid'],
      overBudget: true,
    });
    const ended = await settled(harness, batchId);
    expect(ended.map((entry) => [entry.model, entry.status, entry.cost])).toEqual([
      ['dear', 'completed', 7.5],
      ['mid', 'completed', 3],
    ]);
    expect(ended.every((entry) => entry.overBudget === undefined)).toBe(true);
  });

  it('a worker stopped mid-comparison: the next ends what was cut off and sends the rest one at a time', async () => {
    // The first request never answers: the worker is "stopped" with it in flight and two waiting.
    service.configure({
      faults: [{ pathPrefix: '/v1/images/generate', count: 1, action: { type: 'hang' } }],
    });
    const first = await makeBackgroundApp(service);
    const { batchId } = await first.app.handlers.generateBatch({
      type: 'generateBatch',
      kind: 'image',
      prompts: ['fox'],
      models: ['dear', 'cheap', 'mid'],
    });
    await expect.poll(() => generations().length).toBe(1);
    expect((await batchOf(first, batchId)).map((entry) => Boolean(entry.waiting))).toEqual([
      false,
      true,
      true,
    ]);

    const next = startWorker();
    await next.app.resume();
    const entries = await settled(next, batchId);
    expect(entries.map((entry) => [entry.model, entry.status, entry.error?.kind, entry.cost])).toEqual([
      ['dear', 'failed', 'interrupted', undefined],
      ['cheap', 'completed', undefined, 0.5],
      ['mid', 'completed', undefined, 3],
    ]);
    expect(generations().map((body) => body.model)).toEqual(['dear', 'cheap', 'mid']);
  });
});
