// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../../utils/history/schema';
import type { RequestLogEntry } from '../../reference-service/server';
import { type BackgroundHarness, makeBackgroundApp, startWorker } from '../support/background-app';
import { referenceServiceForFile } from '../support/reference-service';

const service = referenceServiceForFile();

const IMAGE_PATH = '/v1/images/generate';
const imageRequests = (): RequestLogEntry[] =>
  service.requests().filter((entry) => entry.path === IMAGE_PATH);
/** The prompts the service was asked for, in the order it was asked. */
const promptsSent = () =>
  imageRequests().map((entry) => (JSON.parse(entry.body) as { prompt: string }).prompt);
const prompts = (count: number) => Array.from({ length: count }, (_, index) => `prompt ${index + 1}`);

async function batchOf(harness: BackgroundHarness, batchId: string): Promise<HistoryEntry[]> {
  return (await harness.items.history.getValue()).filter((entry) => entry.batchId === batchId);
}

async function settledBatch(harness: BackgroundHarness, batchId: string): Promise<HistoryEntry[]> {
  await expect
    .poll(async () => (await batchOf(harness, batchId)).map((entry) => entry.status), { timeout: 10_000 })
    .not.toContain('running');
  return batchOf(harness, batchId);
}

const outcomes = (entries: HistoryEntry[]) =>
  entries.map((entry) => [entry.prompt, entry.status, entry.error?.kind]);

const batchTitles = (harness: BackgroundHarness) =>
  harness.notifications.filter((note) => note.id.startsWith('history:batch-')).map((note) => note.title);

async function startBatch(harness: BackgroundHarness, list = prompts(5)) {
  const { batchId } = await harness.app.handlers.generateBatch({
    type: 'generateBatch',
    kind: 'image',
    prompts: list,
  });
  return batchId;
}

/** Slow answers: the first two prompts are in flight, the others wait their turn, for a second. */
function slowImages(ms = 1_000) {
  service.configure({ faults: [{ pathPrefix: IMAGE_PATH, action: { type: 'latency', ms } }] });
}

describe('cancelling the prompts of a batch not sent yet', () => {
  it('cancels every waiting one: the service receives none of them, and the summary counts them', async () => {
    slowImages();
    const harness = await makeBackgroundApp(service);
    const batchId = await startBatch(harness);
    await expect.poll(() => imageRequests().length).toBe(2);

    const { cancelled } = await harness.app.handlers.cancelBatchEntries({
      type: 'cancelBatchEntries',
      batchId,
    });
    expect(cancelled).toBe(3);
    const settled = await settledBatch(harness, batchId);
    expect(outcomes(settled)).toEqual([
      ['prompt 1', 'completed', undefined],
      ['prompt 2', 'completed', undefined],
      ['prompt 3', 'failed', 'cancelled'],
      ['prompt 4', 'failed', 'cancelled'],
      ['prompt 5', 'failed', 'cancelled'],
    ]);
    expect(settled.some((entry) => entry.waiting || entry.paused || entry.serviceUrl)).toBe(false);
    // The lanes freed by the first two find the rest cancelled and send nothing.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(promptsSent()).toEqual(['prompt 1', 'prompt 2']);
    await expect.poll(() => batchTitles(harness)).toEqual(['2 images ready, 3 cancelled']);
    expect(harness.notifications).toHaveLength(1);
  });

  it('cancels one by id and sends the others', async () => {
    slowImages(300);
    const harness = await makeBackgroundApp(service);
    const batchId = await startBatch(harness);
    const fourth = (await batchOf(harness, batchId)).find((entry) => entry.prompt === 'prompt 4');

    const { cancelled } = await harness.app.handlers.cancelBatchEntries({
      type: 'cancelBatchEntries',
      batchId,
      ids: [fourth?.id ?? ''],
    });
    expect(cancelled).toBe(1);
    const settled = await settledBatch(harness, batchId);
    expect(outcomes(settled)).toEqual([
      ['prompt 1', 'completed', undefined],
      ['prompt 2', 'completed', undefined],
      ['prompt 3', 'completed', undefined],
      ['prompt 4', 'failed', 'cancelled'],
      ['prompt 5', 'completed', undefined],
    ]);
    expect(promptsSent().sort()).toEqual(['prompt 1', 'prompt 2', 'prompt 3', 'prompt 5']);
    await expect.poll(() => batchTitles(harness)).toEqual(['4 images ready, 1 cancelled']);
  });

  it('leaves a prompt already sent alone: it runs to its end', async () => {
    slowImages(500);
    const harness = await makeBackgroundApp(service);
    const batchId = await startBatch(harness, prompts(2));
    await expect.poll(() => imageRequests().length).toBe(2);
    const [first] = await batchOf(harness, batchId);

    const { cancelled } = await harness.app.handlers.cancelBatchEntries({
      type: 'cancelBatchEntries',
      batchId,
      ids: [first?.id ?? ''],
    });
    expect(cancelled).toBe(0);
    const settled = await settledBatch(harness, batchId);
    expect(settled.map((entry) => entry.status)).toEqual(['completed', 'completed']);
    await expect.poll(() => batchTitles(harness)).toEqual(['2 images ready']);
  });

  it('says nothing when the person cancelled every prompt of a batch before any was sent', async () => {
    service.configure({ faults: [{ pathPrefix: IMAGE_PATH, action: { type: 'hang' } }] });
    const harness = await makeBackgroundApp(service);
    // A first batch holds both lanes; the second waits behind it.
    await startBatch(harness, prompts(2));
    const later = ['later 1', 'later 2', 'later 3'];
    const batchId = await startBatch(harness, later);
    await expect.poll(() => imageRequests().length).toBe(2);

    const { cancelled } = await harness.app.handlers.cancelBatchEntries({
      type: 'cancelBatchEntries',
      batchId,
    });
    expect(cancelled).toBe(3);
    const settled = await batchOf(harness, batchId);
    expect(outcomes(settled)).toEqual(later.map((prompt) => [prompt, 'failed', 'cancelled']));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(batchTitles(harness)).toEqual([]);
    // Told (by saying nothing): no mark is left for a later worker.
    expect((await batchOf(harness, batchId)).some((entry) => entry.notifyPending)).toBe(false);
    expect(promptsSent()).toEqual(prompts(2));
  });
});

describe('a cancel racing the worker that sends the same prompt', () => {
  // The claim (waiting → sent) and the cancel (waiting → cancelled) are each one check-and-set in one
  // IndexedDB transaction: whatever the timing, a prompt is either sent or cancelled, never both or neither.
  for (const delayMs of [0, 5, 10, 15, 20, 25, 30, 40]) {
    it(`cancel ${delayMs} ms after the batch started`, async () => {
      const harness = await makeBackgroundApp(service);
      const batchId = await startBatch(harness, prompts(8));
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      const { cancelled } = await harness.app.handlers.cancelBatchEntries({
        type: 'cancelBatchEntries',
        batchId,
      });

      const settled = await settledBatch(harness, batchId);
      const cancelledPrompts = settled
        .filter((entry) => entry.error?.kind === 'cancelled')
        .map((entry) => entry.prompt);
      expect(cancelledPrompts).toHaveLength(cancelled);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const sent = promptsSent();
      expect(sent.filter((prompt) => cancelledPrompts.includes(prompt))).toEqual([]);
      expect([...sent, ...cancelledPrompts].sort()).toEqual(prompts(8).sort());
      expect(
        settled
          .filter((entry) => entry.status === 'completed')
          .map((entry) => entry.prompt)
          .sort(),
      ).toEqual([...sent].sort());
    });
  }
});

describe('pausing a batch', () => {
  it('holds what is not sent, even when the next worker starts, until it is resumed', async () => {
    // The first two never answer: the worker is "stopped" with both in flight and three waiting.
    service.configure({ faults: [{ pathPrefix: IMAGE_PATH, count: 2, action: { type: 'hang' } }] });
    const first = await makeBackgroundApp(service);
    const batchId = await startBatch(first);
    await expect.poll(() => imageRequests().length).toBe(2);
    const { changed } = await first.app.handlers.pauseBatch({ type: 'pauseBatch', batchId, paused: true });
    expect(changed).toBe(3);

    const next = startWorker();
    await next.app.resume();
    await next.app.tracker.tick();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(imageRequests()).toHaveLength(2);
    expect(
      (await batchOf(next, batchId)).map((entry) => [
        entry.prompt,
        entry.status,
        entry.waiting,
        entry.paused,
      ]),
    ).toEqual([
      ['prompt 1', 'failed', undefined, undefined],
      ['prompt 2', 'failed', undefined, undefined],
      ['prompt 3', 'running', true, true],
      ['prompt 4', 'running', true, true],
      ['prompt 5', 'running', true, true],
    ]);
    expect(batchTitles(next)).toEqual([]);

    await next.app.handlers.pauseBatch({ type: 'pauseBatch', batchId, paused: false });
    const settled = await settledBatch(next, batchId);
    expect(outcomes(settled)).toEqual([
      ['prompt 1', 'failed', 'interrupted'],
      ['prompt 2', 'failed', 'interrupted'],
      ['prompt 3', 'completed', undefined],
      ['prompt 4', 'completed', undefined],
      ['prompt 5', 'completed', undefined],
    ]);
    expect(settled.some((entry) => entry.paused)).toBe(false);
    expect(promptsSent().slice(2).sort()).toEqual(['prompt 3', 'prompt 4', 'prompt 5']);
    await expect.poll(() => batchTitles(next)).toEqual(['3 images ready, 2 failed']);
  });

  it('in the same worker: prompts that came to their turn while paused are sent on resume', async () => {
    slowImages(300);
    const harness = await makeBackgroundApp(service);
    const batchId = await startBatch(harness);
    // Each prompt is admitted (budget, service) before it is claimed: the pause waits for the first two claims.
    await expect.poll(() => imageRequests().length).toBe(2);
    await harness.app.handlers.pauseBatch({ type: 'pauseBatch', batchId, paused: true });
    // The first two were claimed before the pause; the lanes they free find the rest paused.
    await expect
      .poll(async () => (await batchOf(harness, batchId)).map((entry) => entry.status))
      .toEqual(['completed', 'completed', 'running', 'running', 'running']);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(promptsSent().sort()).toEqual(['prompt 1', 'prompt 2']);
    expect(batchTitles(harness)).toEqual([]);

    await harness.app.handlers.pauseBatch({ type: 'pauseBatch', batchId, paused: false });
    const settled = await settledBatch(harness, batchId);
    expect(settled.map((entry) => entry.status)).toEqual(Array(5).fill('completed'));
    expect(promptsSent().sort()).toEqual(prompts(5));
    await expect.poll(() => batchTitles(harness)).toEqual(['5 images ready']);
    expect(harness.notifications).toHaveLength(1);
  });
});
