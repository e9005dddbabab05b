import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../../utils/history/schema';
import {
  applyPollOutcome,
  backoffDelay,
  isDue,
  nextWakeAt,
  type PollPolicy,
  timeOutIfExpired,
} from '../../../utils/jobs/schedule';

const policy: PollPolicy = { intervalMs: 5_000, maxBackoffMs: 60_000, jobTimeoutMs: 30 * 60_000 };
const T0 = 1_700_000_000_000;

function job(
  overrides: Partial<HistoryEntry> = {},
  poll: Partial<NonNullable<HistoryEntry['poll']>> = {},
): HistoryEntry {
  return {
    id: 'e1',
    kind: 'video',
    prompt: 'a fox',
    model: '',
    source: 'popup',
    status: 'running',
    urls: [],
    createdAt: T0,
    poll: {
      jobId: 'j1',
      baseUrl: 'http://127.0.0.1:1',
      attempts: 0,
      failures: 0,
      nextPollAt: T0 + 5_000,
      ...poll,
    },
    ...overrides,
  };
}

describe('due jobs and wake time', () => {
  it('is due only once its poll time has come and only when the service knows the job', () => {
    expect(isDue(job(), T0 + 4_999)).toBe(false);
    expect(isDue(job(), T0 + 5_000)).toBe(true);
    expect(isDue(job({}, { jobId: undefined }), T0 + 10_000)).toBe(false);
    expect(isDue(job({ status: 'completed' }), T0 + 10_000)).toBe(false);
    expect(isDue(job({ kind: 'image' }), T0 + 10_000)).toBe(false);
  });

  it('wakes at the earliest pending job and not at all when nothing is pending', () => {
    const entries = [
      job({ id: 'a' }, { nextPollAt: T0 + 9_000 }),
      job({ id: 'b' }, { nextPollAt: T0 + 7_000 }),
      job({ id: 'c', status: 'completed' }, { nextPollAt: T0 + 1_000 }),
    ];
    expect(nextWakeAt(entries)).toBe(T0 + 7_000);
    expect(nextWakeAt([job({ status: 'failed' })])).toBeUndefined();
    expect(nextWakeAt([])).toBeUndefined();
  });
});

describe('backoff', () => {
  it('doubles from one interval and stops at the cap', () => {
    const delays = [0, 1, 2, 3, 4, 5, 10].map((failures) => backoffDelay(failures, policy));
    expect(delays).toEqual([5_000, 10_000, 20_000, 40_000, 60_000, 60_000, 60_000]);
  });
});

describe('applying a poll', () => {
  const at = T0 + 5_000;

  it('completes with the URLs and stops polling', () => {
    const next = applyPollOutcome(
      job({ error: { kind: 'network', message: 'was down' } }),
      {
        type: 'job',
        job: { id: 'j1', status: 'completed', rawStatus: 'completed', videoUrls: ['https://x/v.webm'] },
      },
      at,
      policy,
    );
    expect(next.status).toBe('completed');
    expect(next.urls).toEqual(['https://x/v.webm']);
    expect(next.finishedAt).toBe(at);
    expect(next.error).toBeUndefined();
    expect(next.poll?.attempts).toBe(1);
    expect(isDue(next, at + 1e9)).toBe(false);
  });

  it('fails with the service reason', () => {
    const next = applyPollOutcome(
      job(),
      {
        type: 'job',
        job: { id: 'j1', status: 'failed', rawStatus: 'error', videoUrls: [], error: 'GPU melted' },
      },
      at,
      policy,
    );
    expect(next.status).toBe('failed');
    expect(next.error).toEqual({ kind: 'job_failed', message: 'job_failed', detail: 'GPU melted' });
  });

  it('keeps a running job due one interval later and records the raw status', () => {
    const next = applyPollOutcome(
      job({}, { failures: 3 }),
      { type: 'job', job: { id: 'j1', status: 'running', rawStatus: 'processing', videoUrls: [] } },
      at,
      policy,
    );
    expect(next.status).toBe('running');
    expect(next.rawStatus).toBe('processing');
    expect(next.poll?.nextPollAt).toBe(at + 5_000);
    expect(next.poll?.failures).toBe(0);
  });

  it('backs off exponentially on server and network errors, keeping the reason', () => {
    let entry = job();
    const waits: number[] = [];
    for (let i = 0; i < 3; i++) {
      const now = entry.poll?.nextPollAt ?? 0;
      entry = applyPollOutcome(
        entry,
        { type: 'error', error: { kind: 'server_error', message: 'boom', status: 500 } },
        now,
        policy,
      );
      waits.push((entry.poll?.nextPollAt ?? 0) - now);
    }
    expect(waits).toEqual([10_000, 20_000, 40_000]);
    expect(entry.status).toBe('running');
    expect(entry.error?.kind).toBe('server_error');
  });

  it('waits at least as long as Retry-After asks', () => {
    const next = applyPollOutcome(
      job(),
      { type: 'error', error: { kind: 'rate_limited', message: 'slow down', retryAfterMs: 90_000 } },
      at,
      policy,
    );
    expect(next.poll?.nextPollAt).toBe(at + 90_000);
  });

  it('ends a job the service no longer knows', () => {
    const next = applyPollOutcome(
      job(),
      { type: 'error', error: { kind: 'http_error', message: 'not found', status: 404 } },
      at,
      policy,
    );
    expect(next.status).toBe('failed');
    expect(next.error?.kind).toBe('job_failed');
  });

  it('never schedules a poll past the job deadline', () => {
    const nearDeadline = T0 + policy.jobTimeoutMs - 1_000;
    const next = applyPollOutcome(
      job(),
      { type: 'error', error: { kind: 'network', message: 'down' } },
      nearDeadline,
      policy,
    );
    expect(next.poll?.nextPollAt).toBe(T0 + policy.jobTimeoutMs);
  });
});

describe('time-out', () => {
  it('ends a job past its deadline with a clear message, and not before', () => {
    expect(timeOutIfExpired(job(), T0 + policy.jobTimeoutMs - 1, policy)).toBeUndefined();
    const ended = timeOutIfExpired(
      job({ error: { kind: 'network', message: 'Could not reach it' } }),
      T0 + policy.jobTimeoutMs,
      policy,
    );
    expect(ended?.status).toBe('failed');
    expect(ended?.error?.kind).toBe('job_timeout');
    // The last problem polling met stays with it, for whoever reads why.
    expect(ended?.error?.detail).toBe('Could not reach it');
  });
});
