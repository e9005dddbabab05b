// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { ServiceClient } from '../../../utils/api/client';
import type { VideoJob } from '../../../utils/api/schemas';
import { DEMO_API_KEY } from '../../reference-service/server';
import { referenceServiceForFile } from '../support/reference-service';
import { clientFor, sleep } from './helpers';

const VIDEO = { duration: 5, resolution: '720p', aspectRatio: '16:9', generateAudio: false };

const service = referenceServiceForFile({ accounts: { [DEMO_API_KEY]: 100 }, videoDurationMs: 300 });

/** Polls until the job is no longer running, returning every observed state. */
async function pollToEnd(client: ServiceClient, id: string, intervalMs = 20): Promise<VideoJob[]> {
  const seen: VideoJob[] = [];
  const deadline = Date.now() + 6000;
  for (;;) {
    const job = await client.getVideoJob(id);
    seen.push(job);
    if (job.status !== 'running') return seen;
    if (Date.now() > deadline) throw new Error(`job ${id} still running: ${JSON.stringify(job)}`);
    await sleep(intervalMs);
  }
}

function distinctRawStatuses(jobs: VideoJob[]): string[] {
  return jobs.map((job) => job.rawStatus).filter((status, i, all) => all[i - 1] !== status);
}

describe('video job lifecycle', () => {
  it('goes queued -> processing -> completed and then carries the video URL', async () => {
    // Queued for the first 500 ms: long enough that a loaded machine's first poll still sees it.
    service.configure({ videoDurationMs: 1_500 });
    const client = clientFor(service);
    const submission = await client.submitVideo({ prompt: 'a paper boat on a river', ...VIDEO });
    expect(submission.rawStatus).toBe('queued');

    const seen = await pollToEnd(client, submission.id);
    expect(distinctRawStatuses(seen)).toEqual(['queued', 'processing', 'completed']);

    const running = seen.filter((job) => job.rawStatus !== 'completed');
    for (const job of running) {
      // Not yet filled is not an error (section 7): no error text, still running.
      expect(job).toEqual({ id: submission.id, status: 'running', rawStatus: job.rawStatus, videoUrls: [] });
    }
    expect(seen.at(-1)).toEqual({
      id: submission.id,
      status: 'completed',
      rawStatus: 'completed',
      videoUrls: [`${service.url}/files/videos/${submission.id}.webm`],
    });
  });

  it('a failed job keeps the service reason', async () => {
    const client = clientFor(service);
    const { id } = await client.submitVideo({ prompt: '[fail] an impossible shape', ...VIDEO });
    const last = (await pollToEnd(client, id)).at(-1);
    expect(last).toEqual({
      id,
      status: 'failed',
      rawStatus: 'failed',
      videoUrls: [],
      error: 'Video generation failed: the model could not render this prompt',
    });
  });

  it('a completed job without URLs is a failure pointing at model id, prompt or balance', async () => {
    const client = clientFor(service);
    const { id } = await client.submitVideo({ prompt: '[empty] nothing at all', ...VIDEO });
    const last = (await pollToEnd(client, id)).at(-1);
    expect(last?.status).toBe('failed');
    expect(last?.rawStatus).toBe('completed');
    expect(last?.videoUrls).toEqual([]);
    expect(last?.errorKind).toBe('no_result');
    expect(last?.error).toBeUndefined();
  });

  it('keeps only http(s) video URLs', async () => {
    service.reset({
      accounts: { [DEMO_API_KEY]: 100 },
      videoDurationMs: 0,
      videoUrlOverride: [
        'javascript:alert(1)',
        'https://cdn.example.com/v.mp4',
        'clip.mp4',
        'data:video/mp4,AA',
      ],
    });
    const client = clientFor(service);
    const { id } = await client.submitVideo({ prompt: 'a mixed bag', ...VIDEO });
    await expect(client.getVideoJob(id)).resolves.toEqual({
      id,
      status: 'completed',
      rawStatus: 'completed',
      videoUrls: ['https://cdn.example.com/v.mp4'],
    });
  });

  it('a completed job whose URLs are all unusable is a failure', async () => {
    service.reset({
      accounts: { [DEMO_API_KEY]: 100 },
      videoDurationMs: 0,
      videoUrlOverride: ['javascript:x'],
    });
    const client = clientFor(service);
    const { id } = await client.submitVideo({ prompt: 'bad links', ...VIDEO });
    const job = await client.getVideoJob(id);
    expect(job.status).toBe('failed');
    // Unusable URLs are a broken answer, not the empty result whose causes section 7 lists.
    expect(job.errorKind).toBe('invalid_response');
    expect(job.error).toBeUndefined();
    expect(job.detail).toBe('Not an http(s) video URL: javascript:x');
  });

  it('a job that never finishes stays running', async () => {
    const client = clientFor(service);
    const { id } = await client.submitVideo({ prompt: '[never] eternity', ...VIDEO });
    await sleep(350);
    const job = await client.getVideoJob(id);
    expect(job).toEqual({ id, status: 'running', rawStatus: 'processing', videoUrls: [] });
  });
});
