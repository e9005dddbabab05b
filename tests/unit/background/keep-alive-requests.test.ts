// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { KEEP_ALIVE_INTERVAL_MS } from '../../../utils/background/keep-alive';
import { LONGEST_ANSWER_MS } from '../../../utils/prompts/background/generate-image';
import type { FaultRule } from '../../reference-service/server';
import { type BackgroundHarness, makeBackgroundApp } from '../support/background-app';
import { referenceServiceForFile } from '../support/reference-service';

const service = referenceServiceForFile({ videoDurationMs: 200 });

const slow = (pathPrefix: string, ms = 800): FaultRule => ({ pathPrefix, action: { type: 'latency', ms } });

/** Whether the keep-alive beat is armed in this worker. */
const beating = (harness: BackgroundHarness) => harness.timers.pending().includes(KEEP_ALIVE_INTERVAL_MS);

/**
 * Waits until the service holds at least `count` requests under `pathPrefix` unanswered (a balance reading
 * of the previous test's worker may arrive here too).
 */
async function pendingAtService(pathPrefix: string, count = 1) {
  await expect
    .poll(() => service.requests().filter((r) => r.path.startsWith(pathPrefix) && r.status === 0).length)
    .toBeGreaterThanOrEqual(count);
}

describe('the worker is kept alive exactly while a request that carries a result is pending', () => {
  it('a slow image holds it (a call every 20 s), and once the image is in, nothing holds it', async () => {
    service.configure({ faults: [slow('/v1/images/')] });
    const harness = await makeBackgroundApp(service);
    expect(beating(harness)).toBe(false);

    const answer = harness.app.handlers.generateImage({ type: 'generateImage', prompt: 'a slow kettle' });
    await pendingAtService('/v1/images/');
    expect(beating(harness)).toBe(true);
    // Two beats of Chrome's idle timer pass while the service is still at work: one call each.
    harness.timers.fire(KEEP_ALIVE_INTERVAL_MS);
    harness.timers.fire(KEEP_ALIVE_INTERVAL_MS);
    expect(harness.awake.calls).toBe(2);
    expect(beating(harness)).toBe(true);

    expect(await answer).toMatchObject({ status: 'completed' });
    expect(beating(harness)).toBe(false);
    harness.timers.fire(KEEP_ALIVE_INTERVAL_MS);
    expect(harness.awake.calls).toBe(2);
  });

  it('a failed image and a video submission hold it only while they are pending', async () => {
    service.configure({
      faults: [
        slow('/v1/videos/generate'),
        { pathPrefix: '/v1/images/', action: { type: 'status', status: 500 } },
      ],
    });
    const harness = await makeBackgroundApp(service);
    await expect(
      harness.app.handlers.generateImage({ type: 'generateImage', prompt: 'a broken kettle' }),
    ).rejects.toMatchObject({ info: { kind: 'server_error' } });
    expect(beating(harness)).toBe(false);

    const submitted = harness.app.handlers.submitVideo({
      type: 'submitVideo',
      prompt: 'a slow river',
      options: { duration: 5, resolution: '720p', aspectRatio: '16:9', generateAudio: false },
    });
    await pendingAtService('/v1/videos/generate');
    expect(beating(harness)).toBe(true);
    await submitted;
    // Polling the job afterwards carries no result that could be lost: it does not hold the worker.
    expect(beating(harness)).toBe(false);
  });

  it('a batch holds it while any of its requests is pending, and a slow balance never does', async () => {
    service.configure({ faults: [slow('/v1/images/'), slow('/v1/tokens/')] });
    const harness = await makeBackgroundApp(service);
    const balance = harness.app.handlers.refreshBalance({ type: 'refreshBalance' });
    await pendingAtService('/v1/tokens/');
    expect(beating(harness)).toBe(false);
    await balance;

    await harness.app.handlers.generateBatch({
      type: 'generateBatch',
      kind: 'image',
      prompts: ['one', 'two', 'three'],
    });
    await pendingAtService('/v1/images/', 2);
    expect(beating(harness)).toBe(true);
    await expect
      .poll(async () => (await harness.items.history.getValue()).map((entry) => entry.status), {
        timeout: 10_000,
      })
      .toEqual(['completed', 'completed', 'completed']);
    expect(beating(harness)).toBe(false);
    // Told once, as one summary. Waited for here also because a summary arriving after this test would be
    // counted by the next test's worker: notifications go through the one fakeBrowser both share.
    await expect.poll(() => harness.notifications.map((shown) => shown.title)).toEqual(['3 images ready']);
  });
});

describe('an image slower than Chrome lets an event go unanswered', () => {
  it('is answered as running after 4 minutes, goes on held awake, and completes in storage, told once', async () => {
    service.configure({ faults: [slow('/v1/images/', 1_500)] });
    const harness = await makeBackgroundApp(service);
    harness.popup.open = false;
    const answer = harness.app.handlers.generateImage({ type: 'generateImage', prompt: 'a slow glacier' });
    await pendingAtService('/v1/images/');
    harness.timers.fire(LONGEST_ANSWER_MS);
    const early = await answer;
    expect(early).toMatchObject({ status: 'running', prompt: 'a slow glacier' });
    expect(beating(harness)).toBe(true);

    await expect
      .poll(
        async () => (await harness.items.history.getValue()).find((entry) => entry.id === early.id)?.status,
        {
          timeout: 5_000,
        },
      )
      .toBe('completed');
    expect(beating(harness)).toBe(false);
    await expect.poll(() => harness.notifications.length).toBe(1);
  });

  it('a quick image is answered with its outcome and leaves no timer behind', async () => {
    service.configure({ faults: [] });
    const harness = await makeBackgroundApp(service);
    const entry = await harness.app.handlers.generateImage({
      type: 'generateImage',
      prompt: 'a quick kettle',
    });
    expect(entry.status).toBe('completed');
    expect(harness.timers.pending()).not.toContain(LONGEST_ANSWER_MS);
  });
});
