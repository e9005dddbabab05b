// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { batchLines, batchProblem, MAX_BATCH } from '../../../utils/batch/batch-state';
import type { HistoryEntry } from '../../../utils/history/schema';
import { createLimiter } from '../../../utils/jobs/concurrency';
import { parseRequest } from '../../../utils/messaging/protocol';
import { DEFAULT_SETTINGS } from '../../../utils/settings/defaults';
import {
  type ReferenceService,
  type RequestLogEntry,
  startReferenceService,
} from '../../reference-service/server';
import {
  type BackgroundHarness,
  keyFor,
  makeBackgroundApp,
  openedTabs,
  startWorker,
} from '../support/background-app';
import { recordHistoryWrites } from '../support/history-db';
import { referenceServiceForFile } from '../support/reference-service';

const service = referenceServiceForFile({ videoDurationMs: 200 });

const IMAGE_PATH = '/v1/images/generate';
const imageRequests = (): RequestLogEntry[] =>
  service.requests().filter((entry) => entry.path === IMAGE_PATH);
const prompts = (count: number) => Array.from({ length: count }, (_, index) => `prompt ${index + 1}`);

function batchOf(history: HistoryEntry[], batchId: string): HistoryEntry[] {
  return history.filter((entry) => entry.batchId === batchId);
}

async function settledBatch(harness: BackgroundHarness, batchId: string): Promise<HistoryEntry[]> {
  await expect
    .poll(async () => batchOf(await harness.items.history.getValue(), batchId).map((entry) => entry.status), {
      timeout: 10_000,
    })
    .not.toContain('running');
  return batchOf(await harness.items.history.getValue(), batchId);
}

const batchNotices = (harness: BackgroundHarness) =>
  harness.notifications.filter((note) => note.id.startsWith('history:batch-'));

describe('batch command', () => {
  it('accepts 1 to 20 valid prompts only', () => {
    const parse = (list: string[]) =>
      parseRequest({ type: 'generateBatch', kind: 'image', prompts: list })?.success;
    expect(parse(prompts(2))).toBe(true);
    expect(parse(prompts(MAX_BATCH))).toBe(true);
    expect(parse(prompts(1))).toBe(true);
    expect(parse([])).toBe(false);
    expect(parse(prompts(MAX_BATCH + 1))).toBe(false);
    expect(parse(['fine', 'x'.repeat(4001)])).toBe(false);
    expect(parse(['fine', '   '])).toBe(false);
  });

  it('reads one prompt per non-empty line and names the line that is too long', () => {
    expect(batchLines(' a \n\n  b\r\nc  \n ')).toEqual(['a', 'b', 'c']);
    expect(batchProblem(['a', 'x'.repeat(4001)])).toEqual({
      code: 'batch_line_too_long',
      line: 2,
      length: 4001,
      max: 4000,
    });
    expect(batchProblem(prompts(MAX_BATCH + 1))).toMatchObject({ code: 'batch_too_many', max: MAX_BATCH });
    expect(batchProblem([])).toEqual({ code: 'prompt_empty' });
  });
});

describe('shared limit', () => {
  it('runs at most `limit` tasks at once, the rest in the order given', async () => {
    const limited = createLimiter(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        limited(async () => {
          running++;
          most = Math.max(most, running);
          order.push(n);
          await new Promise((resolve) => setTimeout(resolve, 10));
          running--;
        }),
      ),
    );
    expect(most).toBe(2);
    expect(order).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('batch in the background', () => {
  it('records every prompt up front in one write, then sends them two at a time', async () => {
    service.configure({ faults: [{ pathPrefix: IMAGE_PATH, action: { type: 'latency', ms: 150 } }] });
    const harness = await makeBackgroundApp(service);
    const writes = recordHistoryWrites();
    let most = 0;
    const sampler = setInterval(() => {
      most = Math.max(most, imageRequests().filter((entry) => entry.status === 0).length);
    }, 10);

    const { batchId, count } = await harness.app.handlers.generateBatch({
      type: 'generateBatch',
      kind: 'image',
      prompts: prompts(5),
    });
    expect(count).toBe(5);
    // The first write holding any of the batch holds all of it, waiting, in line order.
    const first = writes.find((entries) => entries.some((entry) => entry.batchId === batchId)) ?? [];
    expect(batchOf(first, batchId).map((entry) => [entry.prompt, entry.waiting])).toEqual(
      prompts(5).map((prompt) => [prompt, true]),
    );

    const settled = await settledBatch(harness, batchId);
    clearInterval(sampler);
    expect(settled.map((entry) => entry.status)).toEqual(Array(5).fill('completed'));
    expect(settled.every((entry) => entry.waiting === undefined)).toBe(true);
    expect(imageRequests()).toHaveLength(5);
    expect(most).toBe(2);
  });

  it("asks for a library prompt's own model, in every request and every entry", async () => {
    const harness = await makeBackgroundApp(service, { modelId: 'profile-model' });
    const { batchId } = await harness.app.handlers.generateBatch({
      type: 'generateBatch',
      kind: 'image',
      prompts: prompts(3),
      model: 'library-model',
    });
    const settled = await settledBatch(harness, batchId);
    expect(settled.map((entry) => entry.model)).toEqual(Array(3).fill('library-model'));
    expect(imageRequests().map((entry) => (JSON.parse(entry.body) as { model?: string }).model)).toEqual(
      Array(3).fill('library-model'),
    );
    await harness.app.handlers.generateImage({
      type: 'generateImage',
      prompt: 'one',
      model: 'library-model',
    });
    await harness.app.handlers.generateImage({ type: 'generateImage', prompt: 'two' });
    expect(
      imageRequests()
        .slice(3)
        .map((entry) => (JSON.parse(entry.body) as { model?: string }).model),
    ).toEqual(['library-model', 'profile-model']);
  });

  it('lists its prompts in their order even when the clock ticks while they are made', async () => {
    service.configure({ faults: [{ pathPrefix: IMAGE_PATH, action: { type: 'hang' } }] });
    const harness = await makeBackgroundApp(service);
    let tick = Date.now();
    vi.spyOn(Date, 'now').mockImplementation(() => ++tick);
    const { batchId } = await harness.app.handlers.generateBatch({
      type: 'generateBatch',
      kind: 'image',
      prompts: prompts(5),
    });
    const listed = batchOf(await harness.items.history.getValue(), batchId);
    expect(listed.map((entry) => entry.prompt)).toEqual(prompts(5));
  });

  it('tells the batch once, when all of it has ended, and no entry on its own', async () => {
    service.configure({
      faults: [{ pathPrefix: '/v1/videos/generate', count: 1, action: { type: 'status', status: 400 } }],
    });
    const harness = await makeBackgroundApp(service);
    harness.popup.open = false;
    const { batchId } = await harness.app.handlers.generateBatch({
      type: 'generateBatch',
      kind: 'video',
      prompts: prompts(5),
      options: DEFAULT_SETTINGS.videoDefaults,
    });
    // The videos are polled by the tracker; the harness has no timers, so the test drives its passes.
    await expect
      .poll(
        async () => {
          await harness.app.tracker.tick();
          return batchOf(await harness.items.history.getValue(), batchId).filter(
            (e) => e.status === 'running',
          );
        },
        { timeout: 15_000, interval: 300 },
      )
      .toEqual([]);
    await expect.poll(() => batchNotices(harness).length).toBe(1);
    expect(harness.notifications).toEqual([
      expect.objectContaining({ id: `history:batch-${batchId}`, title: '4 videos ready, 1 failed' }),
    ]);
    // A click on it opens the history page, where the whole batch is.
    await harness.app.onNotificationClick(`history:batch-${batchId}`);
    expect(await openedTabs()).toEqual([expect.stringMatching(/\/history\.html$/)]);
    // Told: no mark is left for a later worker to tell it again.
    const settled = await settledBatch(harness, batchId);
    expect(settled.some((entry) => entry.notifyPending)).toBe(false);
    const next = startWorker();
    await next.app.resume();
    expect(next.notifications).toEqual([]);
  });

  it('a worker stopped mid-batch: the next sends what waited, ends what was cut off, and tells it once', async () => {
    // The first two requests never answer: the worker is "stopped" with both in flight, three waiting.
    service.configure({ faults: [{ pathPrefix: IMAGE_PATH, count: 2, action: { type: 'hang' } }] });
    const first = await makeBackgroundApp(service);
    const { batchId } = await first.app.handlers.generateBatch({
      type: 'generateBatch',
      kind: 'image',
      prompts: prompts(5),
    });
    await expect.poll(() => imageRequests().length).toBe(2);
    const left = batchOf(await first.items.history.getValue(), batchId);
    expect(left.filter((entry) => entry.waiting).map((entry) => entry.prompt)).toEqual(prompts(5).slice(2));

    const next = startWorker();
    await next.app.resume();
    const settled = await settledBatch(next, batchId);
    expect(settled.map((entry) => [entry.prompt, entry.status, entry.error?.kind])).toEqual([
      ['prompt 1', 'failed', 'interrupted'],
      ['prompt 2', 'failed', 'interrupted'],
      ['prompt 3', 'completed', undefined],
      ['prompt 4', 'completed', undefined],
      ['prompt 5', 'completed', undefined],
    ]);
    // Each waiting prompt went out once, from the new worker; nothing was sent twice.
    expect(imageRequests()).toHaveLength(5);
    await expect
      .poll(() => batchNotices(next).map((note) => note.title))
      .toEqual(['3 images ready, 2 failed']);
    expect(next.notifications).toHaveLength(1);
  });
});

describe('a batch left waiting, then the setup changed', () => {
  /** Another service, on another origin, with its own key. */
  let other: ReferenceService;
  beforeAll(async () => {
    other = await startReferenceService({ port: 0 });
  });
  afterAll(() => other.close());

  /** Five image prompts; the first two are in flight (and never answer) when the worker is stopped. */
  async function stoppedMidBatch(settings: { modelId: string }) {
    service.configure({ faults: [{ pathPrefix: IMAGE_PATH, count: 2, action: { type: 'hang' } }] });
    const first = await makeBackgroundApp(service, settings);
    const { batchId } = await first.app.handlers.generateBatch({
      type: 'generateBatch',
      kind: 'image',
      prompts: prompts(5),
    });
    await expect.poll(() => imageRequests().length).toBe(2);
    return { first, batchId };
  }

  it('the next worker sends the rest with the model of their batch, not the one chosen since', async () => {
    const { first, batchId } = await stoppedMidBatch({ modelId: 'model-of-the-batch' });
    await first.items.settings.setValue({
      ...(await first.items.settings.getValue()),
      modelId: 'model-chosen-later',
    });

    const next = startWorker();
    await next.app.resume();
    const settled = await settledBatch(next, batchId);
    expect(settled.map((entry) => entry.status)).toEqual([
      'failed',
      'failed',
      'completed',
      'completed',
      'completed',
    ]);
    const models = imageRequests().map((entry) => (JSON.parse(entry.body) as { model?: string }).model);
    expect(models).toEqual(Array(5).fill('model-of-the-batch'));
    expect(settled.every((entry) => entry.model === 'model-of-the-batch')).toBe(true);
  });

  it('none goes to a service configured since: they end as failed, saying why, and are told once', async () => {
    const { first, batchId } = await stoppedMidBatch({ modelId: '' });
    await first.items.settings.setValue({ ...(await first.items.settings.getValue()), baseUrl: other.url });
    await first.items.apiKey.setValue(keyFor(other.url, 'key-of-the-other-service-0001', 'key-2'));

    const next = startWorker();
    await next.app.resume();
    const settled = await settledBatch(next, batchId);
    expect(settled.slice(2).map((entry) => [entry.prompt, entry.status, entry.error?.kind])).toEqual([
      ['prompt 3', 'failed', 'key_for_other_service'],
      ['prompt 4', 'failed', 'key_for_other_service'],
      ['prompt 5', 'failed', 'key_for_other_service'],
    ]);
    expect(settled.some((entry) => entry.waiting || entry.serviceUrl)).toBe(false);
    expect(imageRequests()).toHaveLength(2);
    await expect.poll(() => batchNotices(next).map((note) => note.title)).toEqual(['5 images failed']);
    // No prompt went there; the ended batch's cost reading asked the configured account its balance, with
    // that service's own key, as the popup does.
    await expect
      .poll(() => other.requests().map((request) => `${request.method} ${request.path}`))
      .toEqual(['GET /v1/tokens/balance']);
    expect(other.requests()[0]?.headers['x-api-key']).toBe('key-of-the-other-service-0001');
  });
});
