import { describe, expect, it } from 'vitest';
import { interpretJob } from '../../../utils/api/job-status';
import type { HistoryEntry } from '../../../utils/history/schema';
import { applyPollOutcome } from '../../../utils/jobs/schedule';

const T0 = 1_700_000_000_000;
const policy = { intervalMs: 1_000, maxBackoffMs: 60_000, jobTimeoutMs: 60_000 };
const running: HistoryEntry = {
  id: 'e',
  kind: 'video',
  prompt: 'p',
  model: '',
  source: 'popup',
  status: 'running',
  urls: [],
  createdAt: T0,
  poll: { jobId: 'j', baseUrl: 'http://127.0.0.1:1', attempts: 0, failures: 0, nextPollAt: T0 },
};

describe('a completed job whose URLs cannot be used', () => {
  it.each([
    [['javascript:alert(1)']],
    [['data:video/webm;base64,AAAA', 'javascript:void 0']],
    [['/relative.webm']],
    [[42]],
  ])('is an invalid response, not an empty result: %j', (videoUrls) => {
    const job = interpretJob({ status: 'completed', videoUrls }, 'j');
    expect(job).toMatchObject({ status: 'failed', errorKind: 'invalid_response' });
    expect(job.error).toBeUndefined();
    expect(job.detail).toBe(`Not an http(s) video URL: ${String(videoUrls[0])}`);
  });

  it('keeps the empty result for no URLs at all, blank ones included', () => {
    for (const videoUrls of [[], null, undefined, ['', '  ']]) {
      const job = interpretJob({ status: 'completed', videoUrls }, 'j');
      expect(job).toMatchObject({ status: 'failed', errorKind: 'no_result' });
      expect(job.error).toBeUndefined();
      const next = applyPollOutcome(running, { type: 'job', job }, T0 + 1, policy);
      expect(next.error).toEqual({ kind: 'no_result', message: 'no_result' });
    }
  });

  it('ends the history entry with kind invalid_response and the offending value named in its detail', () => {
    const job = interpretJob({ status: 'completed', videoUrls: ['javascript:alert(1)'] }, 'j');
    const next = applyPollOutcome(running, { type: 'job', job }, T0 + 1, policy);
    expect(next.status).toBe('failed');
    expect(next.urls).toEqual([]);
    expect(next.error).toEqual({
      kind: 'invalid_response',
      message: 'invalid_response',
      detail: 'Not an http(s) video URL: javascript:alert(1)',
    });
  });
});
