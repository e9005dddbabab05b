import { afterEach, describe, expect, it, vi } from 'vitest';
import type { VideoJob } from '../../../utils/api/schemas';
import { AppError } from '../../../utils/error-info';
import type { HistoryEntry } from '../../../utils/history/schema';
import { createJobTracker, type TrackerDeps } from '../../../utils/jobs/tracker';
import { failingHistoryWrites, testHistoryStore } from '../support/history-db';

const T0 = 1_000_000;

afterEach(() => vi.restoreAllMocks());

function video(id: string, poll: Partial<NonNullable<HistoryEntry['poll']>> = {}): HistoryEntry {
  return {
    id,
    kind: 'video',
    prompt: `prompt ${id}`,
    model: '',
    source: 'popup',
    status: 'running',
    urls: [],
    createdAt: T0,
    poll: {
      jobId: `job-${id}`,
      baseUrl: 'http://127.0.0.1:1',
      attempts: 0,
      failures: 0,
      nextPollAt: T0,
      ...poll,
    },
  };
}

/** A tracker over in-memory storage with a hand-moved clock, recording what it asks the browser to do. */
function harness(entries: HistoryEntry[], poll: (entry: HistoryEntry) => Promise<VideoJob>) {
  const history = testHistoryStore(entries);
  const failWrites = failingHistoryWrites();
  let now = T0;
  const alarms: Array<number | undefined> = [];
  const finishedBatches: HistoryEntry[][] = [];
  const badges: number[] = [];
  const timers: Array<{ delay: number; cleared: boolean }> = [];
  const storageNotices: string[] = [];
  let inFlightPolls = 0;
  let peakPolls = 0;
  const deps: TrackerDeps = {
    history: history.store,
    now: () => now,
    policy: async () => ({ intervalMs: 5_000, maxBackoffMs: 60_000, jobTimeoutMs: 30 * 60_000 }),
    keyOrigins: async () => () => 'http://127.0.0.1:1',
    poll: async (entry) => {
      inFlightPolls++;
      peakPolls = Math.max(peakPolls, inFlightPolls);
      await new Promise((resolve) => setTimeout(resolve, 2));
      try {
        return await poll(entry);
      } finally {
        inFlightPolls--;
      }
    },
    scheduleAlarm: async (when) => {
      alarms.push(when);
    },
    onFinished: async (batch) => {
      finishedBatches.push(batch);
    },
    onStorageFull: async (error) => {
      storageNotices.push(error.kind);
    },
    onRunningCount: (count) => badges.push(count),
    timers: {
      set: (_run, delay) => {
        const timer = { delay, cleared: false };
        timers.push(timer);
        return timer;
      },
      clear: (handle) => {
        (handle as { cleared: boolean }).cleared = true;
      },
    },
    concurrency: 3,
    inFlight: () => false,
  };
  return {
    tracker: createJobTracker(deps),
    advance: (ms: number) => {
      now += ms;
    },
    stored: history.entries,
    alarms,
    storageNotices,
    /** Makes every history write fail, with Chrome's own wording of a write over quota by default. */
    setFull: (value: boolean, failure = new Error('Resource::kQuotaBytes quota exceeded')) => {
      failWrites(value ? failure : undefined);
    },
    finishedBatches,
    badges,
    timers,
    get peakPolls() {
      return peakPolls;
    },
  };
}

const running = (id: string): VideoJob => ({ id, status: 'running', rawStatus: 'processing', videoUrls: [] });
const completed = (id: string): VideoJob => ({
  id,
  status: 'completed',
  rawStatus: 'completed',
  videoUrls: [`https://cdn.example/${id}.webm`],
});

describe('job tracker', () => {
  it('polls due jobs, reschedules the alarm at the next due one, and clears it when none are left', async () => {
    let done = false;
    const h = harness([video('a')], async (entry) =>
      done ? completed(entry.poll?.jobId ?? '') : running('x'),
    );
    await h.tracker.tick();
    expect((await h.stored())[0]?.rawStatus).toBe('processing');
    expect(h.alarms.at(-1)).toBe(T0 + 5_000);
    expect(h.timers.at(-1)?.delay).toBe(5_000);
    expect(h.badges.at(-1)).toBe(1);

    done = true;
    h.advance(5_000);
    await h.tracker.tick();
    expect((await h.stored())[0]?.status).toBe('completed');
    expect((await h.stored())[0]?.urls).toEqual(['https://cdn.example/job-a.webm']);
    expect(h.alarms.at(-1)).toBeUndefined();
    expect(h.badges.at(-1)).toBe(0);
    expect(h.finishedBatches).toHaveLength(1);
  });

  it('does not poll jobs that are not due yet', async () => {
    const polled: string[] = [];
    const h = harness([video('a'), video('b', { nextPollAt: T0 + 60_000 })], async (entry) => {
      polled.push(entry.id);
      return running(entry.id);
    });
    await h.tracker.tick();
    expect(polled).toEqual(['a']);
  });

  it('announces jobs that finish in one tick together, as one batch', async () => {
    const h = harness(
      ['a', 'b', 'c'].map((id) => video(id)),
      async (entry) => completed(entry.id),
    );
    await h.tracker.tick();
    expect(h.finishedBatches).toHaveLength(1);
    expect(h.finishedBatches[0]?.map((entry) => entry.id).sort()).toEqual(['a', 'b', 'c']);
  });

  it('keeps at most the concurrency limit of polls in flight', async () => {
    const h = harness(
      Array.from({ length: 10 }, (_, i) => video(`j${i}`)),
      async (entry) => running(entry.id),
    );
    const report = await h.tracker.tick();
    expect(report.polled).toBe(10);
    expect(h.peakPolls).toBe(3);
  });

  it('backs off after errors and keeps the job', async () => {
    const h = harness([video('a')], async () => {
      throw new AppError('server_error', 'The service had a problem (HTTP 503).', { status: 503 });
    });
    await h.tracker.tick();
    expect((await h.stored())[0]?.status).toBe('running');
    expect((await h.stored())[0]?.error?.kind).toBe('server_error');
    expect(h.alarms.at(-1)).toBe(T0 + 10_000);
  });

  it('polls a job once more at its deadline, then times it out if it is still running', async () => {
    let polls = 0;
    const h = harness([video('a'), video('b')], async (entry) => {
      polls++;
      return entry.id === 'b' ? completed(entry.id) : running(entry.id);
    });
    h.advance(30 * 60_000);
    await h.tracker.tick();
    expect(polls).toBe(2);
    const stored = await h.stored();
    const byId = (id: string) => stored.find((entry) => entry.id === id);
    expect(byId('a')?.status).toBe('failed');
    expect(byId('a')?.error?.kind).toBe('job_timeout');
    expect(byId('b')?.status).toBe('completed');
    expect(h.finishedBatches[0]?.map((entry) => entry.id).sort()).toEqual(['a', 'b']);
  });

  it('shares one pass between overlapping ticks and runs once more for the late caller', async () => {
    let polls = 0;
    const h = harness([video('a')], async () => {
      polls++;
      return running('a');
    });
    await Promise.all([h.tracker.tick(), h.tracker.tick(), h.tracker.tick()]);
    // The first pass polls; the rerun finds nothing due yet.
    expect(polls).toBe(1);
  });

  it('stands the poll alarm by when the alarm fires while its tick waits behind a pass already polling', async () => {
    let answer: ((job: VideoJob) => void) | undefined;
    const h = harness([video('a')], () => new Promise((resolve) => (answer = resolve)));
    // The in-worker timer's pass is polling, slower than the 5 s pace, when its own stand-by alarm fires.
    const timerPass = h.tracker.tick();
    await vi.waitFor(() => expect(answer).toBeDefined());
    expect(h.alarms).toEqual([T0 + 5_000]);
    h.advance(6_000);
    const fired = h.tracker.alarmFired(T0 + 5_000);
    // Armed before anything is awaited: a worker stopped now still has an alarm, at the polling pace.
    expect(h.alarms).toEqual([T0 + 5_000, T0 + 11_000]);
    h.advance(1_000);
    answer?.(running('a'));
    await Promise.all([timerPass, fired]);
    // The pass set the real one when it ended, after the stand-by: the next poll, 5 s after this answer.
    expect(h.alarms.at(-1)).toBe(T0 + 12_000);
  });

  it('leaves a nearer alarm armed since the fired one in place', async () => {
    const h = harness([video('a')], async () => running('a'));
    await h.tracker.tick();
    const armed = h.alarms.length;
    expect(h.alarms.at(-1)).toBe(T0 + 5_000);
    // An alarm armed before the last one fires late: the one armed since stays, the tick finds nothing due.
    await h.tracker.alarmFired(T0 - 1_000);
    expect(h.alarms.slice(armed)).toEqual([T0 + 5_000]);
  });

  it('stands by 30 s ahead when the alarm starts a worker that has not yet read the polling pace', async () => {
    const h = harness([video('a', { nextPollAt: T0 + 60_000 })], async () => running('a'));
    await h.tracker.alarmFired(T0 - 1_000);
    expect(h.alarms).toEqual([T0 + 30_000, T0 + 60_000]);
  });

  it('ends work a stopped worker left half done, but not jobs the service knows', async () => {
    const image: HistoryEntry = { ...video('img'), kind: 'image', poll: undefined };
    const submitting = video('sub', { jobId: undefined });
    const tracked = video('ok');
    const h = harness([image, submitting, tracked], async (entry) => running(entry.id));
    const ended = await h.tracker.recoverInterrupted();
    expect(ended.map((entry) => entry.id).sort()).toEqual(['img', 'sub']);
    expect((await h.stored()).find((entry) => entry.id === 'img')?.error?.kind).toBe('interrupted');
    expect((await h.stored()).find((entry) => entry.id === 'ok')?.status).toBe('running');
  });

  it('polls everything at once after the setup changes', async () => {
    const polled: string[] = [];
    const h = harness([video('a', { nextPollAt: T0 + 99_000, failures: 4 })], async (entry) => {
      polled.push(entry.id);
      return running(entry.id);
    });
    await h.tracker.pollAllNow();
    expect(polled).toEqual(['a']);
    expect((await h.stored())[0]?.poll?.failures).toBe(0);
  });
});

describe('job tracker with a full storage', () => {
  it('tells the person, keeps the alarm set but backed off (no loop), and finishes the job once there is room', async () => {
    const h = harness([video('a')], async (entry) => completed(entry.poll?.jobId ?? ''));
    h.setFull(true);

    await h.tracker.tick();
    expect(h.storageNotices).toEqual(['storage_full']);
    expect((await h.stored())[0]?.status).toBe('running');
    // Due at once, yet the next pass waits 10 intervals instead of firing the alarm every second.
    expect(h.alarms.at(-1)).toBe(T0 + 50_000);
    expect(h.timers.at(-1)?.delay).toBe(50_000);

    h.setFull(false);
    await h.tracker.storageFreed();
    expect((await h.stored())[0]?.status).toBe('completed');
    expect(h.alarms.at(-1)).toBeUndefined();
    expect(h.finishedBatches.flat().map((entry) => entry.id)).toEqual(['a']);
  });

  it('re-arms the alarm even when a pass fails for another reason', async () => {
    const h = harness([video('a')], async (entry) => completed(entry.poll?.jobId ?? ''));
    h.setFull(true, new Error('IO error: disk on fire'));
    await expect(h.tracker.tick()).rejects.toThrow('disk on fire');
    expect(h.storageNotices).toEqual([]);
    expect(h.alarms.at(-1)).toBe(T0);
  });
});
