import { describe, expect, it } from 'vitest';
import type { VideoJob } from '../../../utils/api/schemas';
import type { ErrorInfo } from '../../../utils/errors';
import { createIdbHistoryStore } from '../../../utils/history/background/idb-store';
import type { HistoryEntry } from '../../../utils/history/schema';
import { applyPollOutcome, type PollPolicy, sendingBackstop } from '../../../utils/jobs/schedule';
import { createJobTracker } from '../../../utils/jobs/tracker';
import { testHistoryStore } from '../support/history-db';

const T0 = 5_000_000;
const POLL = { baseUrl: 'http://127.0.0.1:1', attempts: 0, failures: 0 };
const REQUEST_TIMEOUT_MS = 10_000;
const policy: PollPolicy = {
  intervalMs: 1_000,
  maxBackoffMs: 60_000,
  jobTimeoutMs: 30 * 60_000,
  requestTimeoutMs: REQUEST_TIMEOUT_MS,
};

function entry(id: string, overrides: Partial<HistoryEntry> = {}): HistoryEntry {
  return {
    id,
    kind: 'video',
    prompt: id,
    model: '',
    source: 'popup',
    status: 'running',
    urls: [],
    createdAt: T0,
    poll: { ...POLL, jobId: `job-${id}`, nextPollAt: T0 },
    ...overrides,
  };
}

function harness(entries: HistoryEntry[], inFlight: (id: string) => boolean = () => false) {
  const alarms: Array<number | undefined> = [];
  let release: () => void = () => undefined;
  const polling = new Promise<void>((resolve) => {
    release = resolve;
  });
  let pollStarted: () => void = () => undefined;
  const started = new Promise<void>((resolve) => {
    pollStarted = resolve;
  });
  const tracker = createJobTracker({
    history: testHistoryStore(entries).store,
    now: () => T0,
    policy: async () => policy,
    keyOrigins: async () => () => 'http://127.0.0.1:1',
    poll: async (item): Promise<VideoJob> => {
      pollStarted();
      await polling;
      return { id: item.poll?.jobId ?? '', status: 'running', rawStatus: 'processing', videoUrls: [] };
    },
    scheduleAlarm: async (when) => {
      alarms.push(when);
    },
    onFinished: async () => undefined,
    onStorageFull: async () => undefined,
    onRunningCount: () => undefined,
    timers: { set: () => 0, clear: () => undefined },
    concurrency: 2,
    inFlight,
  });
  return { tracker, alarms, release, started };
}

describe('alarms that survive a stopped worker', () => {
  it('keeps an alarm set while polls are in flight (the one that started the pass is spent)', async () => {
    const h = harness([entry('a'), entry('b', { poll: { ...POLL, jobId: 'job-b', nextPollAt: T0 + 400 } })]);
    const pass = h.tracker.tick();
    await h.started;
    // Stopped here, the worker would be started again by this alarm: the sooner of one interval and
    // the next job that is not being polled.
    expect(h.alarms).toEqual([T0 + 400]);
    h.release();
    await pass;
    expect(h.alarms.at(-1)).toBe(T0 + 400);
  });

  it('stands by for an image this worker is still requesting, and clears once it is done', async () => {
    const image = entry('img', { kind: 'image', poll: undefined });
    let sending = true;
    const h = harness([image], (id) => id === 'img' && sending);
    await h.tracker.reschedule();
    expect(h.alarms.at(-1)).toBe(T0 + 2 * REQUEST_TIMEOUT_MS + 5_000);
    sending = false;
    await h.tracker.reschedule();
    expect(h.alarms.at(-1)).toBeUndefined();
  });

  it('takes the earlier of a due job and the stand-by time', async () => {
    const image = entry('img', { kind: 'image', poll: undefined });
    const video = entry('v', { poll: { ...POLL, jobId: 'job-v', nextPollAt: T0 + 3_000 } });
    const h = harness([image, video], (id) => id === 'img');
    await h.tracker.reschedule();
    expect(h.alarms.at(-1)).toBe(T0 + 3_000);
  });
});

describe('sendingBackstop', () => {
  it('allows two requests and a margin, never less than one interval ahead', () => {
    const sending = [entry('a', { createdAt: T0 }), entry('b', { createdAt: T0 + 1_000 })];
    expect(sendingBackstop(sending, T0, policy)).toBe(T0 + 25_000);
    expect(sendingBackstop(sending, T0 + 60_000, policy)).toBe(T0 + 61_000);
    expect(sendingBackstop([], T0, policy)).toBeUndefined();
    expect(sendingBackstop(sending, T0, { intervalMs: 1_000 })).toBe(T0 + 65_000);
  });

  it('gives an image its own, longer time-out, so a slow image is not woken for while still in flight', () => {
    const slow = { ...policy, imageTimeoutMs: 300_000 };
    const image = entry('img', { kind: 'image', poll: undefined, createdAt: T0 });
    const video = entry('vid', { createdAt: T0 + 1_000 });
    expect(sendingBackstop([image], T0, slow)).toBe(T0 + 315_000);
    // A submission in flight beside it keeps the request time-out.
    expect(sendingBackstop([image, video], T0, slow)).toBe(T0 + 26_000);
    // Settings without an image time-out fall back to the request time-out.
    expect(sendingBackstop([image], T0, policy)).toBe(T0 + 25_000);
  });
});

describe('the deadline and slow answers', () => {
  function slowTracker(entries: HistoryEntry[], answer: (id: string) => VideoJob | Error) {
    const history = testHistoryStore(entries);
    let now = T0;
    const finished: HistoryEntry[] = [];
    const tracker = createJobTracker({
      history: history.store,
      now: () => now,
      policy: async () => policy,
      keyOrigins: async () => () => 'http://127.0.0.1:1',
      poll: async (item) => {
        // The answer takes long enough to arrive after the job's deadline.
        now = item.createdAt + policy.jobTimeoutMs + 500;
        const result = answer(item.poll?.jobId ?? '');
        if (result instanceof Error) throw result;
        return result;
      },
      scheduleAlarm: async () => undefined,
      onFinished: async (batch) => {
        finished.push(...batch);
      },
      onStorageFull: async () => undefined,
      onRunningCount: () => undefined,
      timers: { set: () => 0, clear: () => undefined },
      concurrency: 2,
      inFlight: () => false,
    });
    return {
      tracker,
      finished,
      stored: history.entries,
    };
  }

  it('keeps a video whose completed answer arrives just after the deadline', async () => {
    const h = slowTracker([entry('a', { createdAt: T0 - policy.jobTimeoutMs + 100 })], (jobId) => ({
      id: jobId,
      status: 'completed',
      rawStatus: 'completed',
      videoUrls: ['https://cdn.example/a.webm'],
    }));
    await h.tracker.tick();
    expect((await h.stored())[0]).toMatchObject({
      status: 'completed',
      urls: ['https://cdn.example/a.webm'],
    });
    expect(h.finished.map((item) => item.status)).toEqual(['completed']);
  });

  it('still times out a job whose late answer says it is running, naming the last problem', async () => {
    const h = slowTracker(
      [entry('a', { createdAt: T0 - policy.jobTimeoutMs + 100 })],
      () => new Error('down'),
    );
    await h.tracker.tick();
    expect((await h.stored())[0]?.status).toBe('failed');
    expect((await h.stored())[0]?.error?.kind).toBe('job_timeout');
    expect((await h.stored())[0]?.error?.detail).toBe('down');
  });
});

describe('Retry-After on failed polls', () => {
  it('is honoured for a 503 as for a 429, never shortening the backoff', () => {
    const polled = (error: ErrorInfo) => applyPollOutcome(entry('a'), { type: 'error', error }, T0, policy);
    const unavailable = polled({ kind: 'server_error', message: '503', status: 503, retryAfterMs: 7_000 });
    expect(unavailable.poll?.nextPollAt).toBe(T0 + 7_000);
    const brief = polled({ kind: 'server_error', message: '503', status: 503, retryAfterMs: 10 });
    expect(brief.poll?.nextPollAt).toBe(T0 + 2 * policy.intervalMs);
    const plain = polled({ kind: 'server_error', message: '500', status: 500 });
    expect(plain.poll?.nextPollAt).toBe(T0 + 2 * policy.intervalMs);
  });
});

describe('announcements that survive a stopped worker', () => {
  /** One database that two lives of a worker share, each with a store of its own. */
  type Storage = ReturnType<typeof testHistoryStore>;

  function workerOver(storage: Storage, onFinished: (batch: HistoryEntry[]) => Promise<void>) {
    return createJobTracker({
      history: createIdbHistoryStore(storage.open, {}),
      now: () => T0,
      policy: async () => policy,
      keyOrigins: async () => () => 'http://127.0.0.1:1',
      poll: async (item) => ({
        id: item.poll?.jobId ?? '',
        status: 'completed',
        rawStatus: 'completed',
        videoUrls: ['https://cdn.example/v.webm'],
      }),
      scheduleAlarm: async () => undefined,
      onFinished,
      onStorageFull: async () => undefined,
      onRunningCount: () => undefined,
      timers: { set: () => 0, clear: () => undefined },
      concurrency: 2,
      inFlight: () => false,
    });
  }

  it('announces on the next start what a worker stored as finished but was stopped before telling', async () => {
    const storage = testHistoryStore([entry('a'), entry('b')]);
    // The first worker dies while announcing: its onFinished never returns.
    const dying = workerOver(storage, () => new Promise<void>(() => undefined));
    void dying.tick();
    await waitUntil(async () => (await storage.entries()).every((item) => item.status === 'completed'));
    expect((await storage.entries()).every((item) => item.notifyPending)).toBe(true);

    const told: HistoryEntry[][] = [];
    const next = workerOver(storage, async (batch) => {
      told.push(batch);
    });
    await next.recoverInterrupted();
    expect(told).toHaveLength(1);
    expect(told[0]?.map((item) => item.id).sort()).toEqual(['a', 'b']);
    expect(told[0]?.some((item) => 'notifyPending' in item)).toBe(false);
    expect((await storage.entries()).some((item) => item.notifyPending)).toBe(false);

    // Told once: a later start has nothing more to say.
    await workerOver(storage, async (batch) => {
      told.push(batch);
    }).recoverInterrupted();
    expect(told).toHaveLength(1);
  });

  it("announces a marked outcome a pass comes across, e.g. a stopped worker's write that landed late", async () => {
    const finished: HistoryEntry = {
      ...entry('late', { status: 'completed', urls: ['https://cdn.example/late.webm'] }),
      notifyPending: true,
    };
    const storage = testHistoryStore([
      finished,
      entry('other', { poll: { ...POLL, jobId: 'j', nextPollAt: T0 + 60_000 } }),
    ]);
    const told: string[] = [];
    const worker = workerOver(storage, async (batch) => {
      told.push(...batch.map((item) => item.id));
    });
    await Promise.all([worker.tick(), worker.tick()]);
    expect(told).toEqual(['late']);
    expect((await storage.entries())[0]?.notifyPending).toBeUndefined();
  });

  it('leaves no mark once an announcement went through', async () => {
    const storage = testHistoryStore([entry('a'), entry('img', { kind: 'image', poll: undefined })]);
    const told: string[] = [];
    const worker = workerOver(storage, async (batch) => {
      told.push(...batch.map((item) => item.id));
    });
    await worker.recoverInterrupted();
    await worker.tick();
    expect(told.sort()).toEqual(['a', 'img']);
    expect((await storage.entries()).some((item) => item.notifyPending)).toBe(false);
    expect((await storage.entries()).map((item) => item.status)).toEqual(['completed', 'failed']);
  });
});

async function waitUntil(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100 && !(await check()); i++) await new Promise((resolve) => setTimeout(resolve, 1));
  if (!(await check())) throw new Error('condition never held');
}
