import type { VideoJob } from '../api/schemas';
import { type ErrorInfo, isQuotaError, toErrorInfo } from '../error-info';
import type { HistoryEntry } from '../history/schema';
import type { HistoryStore } from '../history/store';
import { coalesce } from './coalesce';
import { mapWithLimit } from './concurrency';
import { owed, told } from './owed';
import {
  applyPollOutcome,
  isDue,
  isTracked,
  nextWakeAt,
  type PollOutcome,
  type PollPolicy,
  sendingBackstop,
  timeOutIfExpired,
  waitsForService,
} from './schedule';

/**
 * How far ahead a fired poll alarm stands by again until a worker has read the polling pace: Chrome's floor
 * for an alarm of a packed extension.
 */
const STANDBY_MS = 30_000;

export interface Timers {
  set(run: () => void, delayMs: number): unknown;
  clear(handle: unknown): void;
}

export interface TrackerDeps {
  history: HistoryStore;
  now: () => number;
  policy: () => Promise<PollPolicy>;
  /**
   * For each entry, the origin its profile's key belongs to ('' without a key): a job at another origin
   * waits for a key of its own.
   */
  keyOrigins: () => Promise<(entry: HistoryEntry) => string>;
  /** Asks the service for one job; throws on failure. */
  poll: (entry: HistoryEntry) => Promise<VideoJob>;
  /** Sets the backstop alarm for `when`, or removes it when nothing is pending. */
  scheduleAlarm: (when: number | undefined) => Promise<void>;
  /** Jobs that ended in one tick, together, so they can be announced as one group. */
  onFinished: (entries: HistoryEntry[]) => Promise<void>;
  /** A pass whose outcomes could not be stored because the storage is full, even after pruning. */
  onStorageFull: (error: ErrorInfo) => Promise<void>;
  /** The number of running jobs after any change, e.g. for the badge. */
  onRunningCount: (count: number) => void;
  /** In-worker timers poll sooner than the alarm's floor while the worker is awake. */
  timers: Timers;
  concurrency: number;
  /** Whether this worker instance is still working on the entry (an image request, a submission). */
  inFlight: (id: string) => boolean;
}

export interface TickReport {
  polled: number;
  finished: HistoryEntry[];
}

/**
 * How long a pass that found the storage full waits before the next: room comes back only when the
 * person acts, so retrying at the polling pace would only wake the worker again and again for nothing.
 */
function storageRetryMs(policy: PollPolicy): number {
  return Math.min(policy.maxBackoffMs, policy.intervalMs * 10);
}

/**
 * Polls pending video jobs. All state is in the history store, so a tracker built by a freshly started
 * worker picks up exactly where a killed one stopped.
 */
export function createJobTracker(deps: TrackerDeps) {
  let timer: unknown;
  /** Set while the storage is full: no pass before this time (in memory: a new worker tries once more). */
  let storageBlockedUntil: number | undefined;
  /**
   * When this worker last armed the poll alarm for, noted before the browser is asked: a fired alarm can
   * tell whether it was the last one armed (and so none is left) or one armed since replaced it.
   */
  let armedFor: number | undefined;
  /** How far ahead a fired alarm stands by again: the polling pace, once a pass has read it. */
  let standbyMs = STANDBY_MS;

  function arm(when: number | undefined): Promise<void> {
    armedFor = when;
    return deps.scheduleAlarm(when);
  }

  /** The entries that may be polled now: every tracked job but those waiting for their service. */
  async function pollable(entries: HistoryEntry[]): Promise<HistoryEntry[]> {
    const keyOrigin = await deps.keyOrigins();
    return entries.filter((entry) => !waitsForService(entry, keyOrigin(entry)));
  }

  async function tickOnce(): Promise<TickReport> {
    try {
      const report = await pollDue();
      storageBlockedUntil = undefined;
      return report;
    } catch (error) {
      if (!isQuotaError(error)) throw error;
      storageBlockedUntil = deps.now() + storageRetryMs(await deps.policy());
      await deps.onStorageFull(toErrorInfo(error));
      return { polled: 0, finished: [] };
    } finally {
      // Whatever happened above, the next pass must be armed, or a job would stay "running" for good.
      await reschedule();
    }
  }

  async function pollDue(): Promise<TickReport> {
    const policy = await deps.policy();
    standbyMs = policy.intervalMs;
    const entries = await pollable(await deps.history.find({ status: 'running' }));
    const waiting = (entry: HistoryEntry) => !entries.some((item) => item.id === entry.id);
    const start = deps.now();
    // Jobs at their deadline are polled once more: one that finished just in time is not thrown away.
    const due = entries.filter((entry) => isDue(entry, start));
    if (due.length > 0) {
      // The alarm that started this pass is spent. Were the worker stopped while these polls are in
      // flight, nothing would ever start it again: keep an alarm set until the pass reschedules.
      const later = nextWakeAt(entries.filter((entry) => !due.includes(entry)));
      await arm(Math.min(start + policy.intervalMs, later ?? Number.POSITIVE_INFINITY));
    }
    const outcomes = new Map<string, PollOutcome>();
    await mapWithLimit(due, deps.concurrency, async (entry) => {
      outcomes.set(entry.id, await pollOutcome(entry));
    });
    const now = deps.now();
    const earlier = await deps.history.find({ owed: true });
    const changed = await deps.history.patchMany({ status: 'running' }, (entry) => {
      const outcome = outcomes.get(entry.id);
      // A job waiting for its service is not timed out meanwhile: the wait is the person's choice, not
      // the service's slowness. Once its service is back it is polled at once (see pollAllNow), so a
      // video that finished meanwhile comes home; one still unfinished past its deadline then times out.
      if (!outcome && waiting(entry)) return undefined;
      const polled = outcome && applyPollOutcome(entry, outcome, now, policy);
      // A poll that found the job finished wins, even when its answer came in after the deadline
      // (a slow last poll): the video is there, so it must not be reported as timed out.
      if (polled && polled.status !== 'running') return owed(polled);
      const expired = timeOutIfExpired(polled ?? entry, now, policy);
      return expired ? owed(expired) : polled;
    });
    const finished = changed.filter((entry) => entry.status !== 'running');
    await announce([...finished, ...earlier]);
    return { polled: due.length, finished: finished.map(told) };
  }

  /** Ids this worker is announcing right now, so overlapping passes do not announce them twice. */
  const announcing = new Set<string>();

  /**
   * Tells the person about entries that finished, then notes that they were told. The entries were
   * stored with `notifyPending` in the same write that finished them, so when a worker is stopped before
   * this completes (or its last write lands late), the next pass that sees them marked announces them.
   */
  async function announce(entries: HistoryEntry[]): Promise<void> {
    const fresh = entries.filter((entry) => !announcing.has(entry.id));
    if (fresh.length === 0) return;
    for (const entry of fresh) announcing.add(entry.id);
    try {
      await deps.onFinished(fresh.map(told));
      const ids = new Set(fresh.map((entry) => entry.id));
      await deps.history.patchMany({ ids: [...ids] }, (entry) =>
        entry.notifyPending ? told(entry) : undefined,
      );
    } finally {
      for (const entry of fresh) announcing.delete(entry.id);
    }
  }

  async function pollOutcome(entry: HistoryEntry): Promise<PollOutcome> {
    try {
      return { type: 'job', job: await deps.poll(entry) };
    } catch (error) {
      return { type: 'error', error: toErrorInfo(error) satisfies ErrorInfo };
    }
  }

  /** Polls every due job once; concurrent calls (alarm and timer together) share one pass plus a rerun. */
  const tick = coalesce(tickOnce, (a, b) => ({
    polled: a.polled + b.polled,
    finished: [...a.finished, ...b.finished],
  }));

  /**
   * The poll alarm fired, and a fired alarm is gone, while its tick may wait behind a pass already polling
   * (one the in-worker timer started, slower than the pace): a worker stopped meanwhile would wait for
   * whatever event came next. So one stands by again, armed before anything is awaited, but only when the
   * fired alarm was the last one armed: one armed since, by a pass under way, is nearer and stays. Every
   * pass arms the real one when it ends, after this, so the stand-by never outlives the pass it covers.
   */
  function alarmFired(scheduledTime: number): Promise<TickReport> {
    // A stand-by the browser refuses leaves things as they were before this handler: the tick goes on.
    if (armedFor === undefined || armedFor <= scheduledTime)
      arm(deps.now() + standbyMs).catch(() => undefined);
    return tick();
  }

  /**
   * Points the alarm and the in-worker timer at the earliest due job, or clears both. While this worker
   * sends an image request or a submission, the alarm also stands by for the case the worker is stopped
   * before the answer, so the next worker settles that entry without waiting for someone to open a page.
   */
  async function rescheduleOnce(): Promise<void> {
    const [stored, policy] = await Promise.all([deps.history.find({ status: 'running' }), deps.policy()]);
    const entries = await pollable(stored);
    const sending = entries.filter(
      (entry) => entry.status === 'running' && !isTracked(entry) && deps.inFlight(entry.id),
    );
    const times = [nextWakeAt(entries), sendingBackstop(sending, deps.now(), policy)].filter(
      (time): time is number => time !== undefined,
    );
    const earliest = times.length > 0 ? Math.min(...times) : undefined;
    const when =
      earliest !== undefined && storageBlockedUntil !== undefined
        ? Math.max(earliest, storageBlockedUntil)
        : earliest;
    deps.onRunningCount(stored.length);
    if (timer !== undefined) deps.timers.clear(timer);
    timer = undefined;
    await arm(when);
    if (when !== undefined) {
      timer = deps.timers.set(
        () => {
          timer = undefined;
          void tick();
        },
        Math.max(0, when - deps.now()),
      );
    }
  }

  /**
   * Coalesced like `tick`: overlapping calls share one run plus one rerun that reads the history after
   * the last change, so the alarm never comes from a stale read and no timer is left orphaned.
   */
  const reschedule = coalesce(rescheduleOnce);

  /**
   * Ends work a stopped worker left half done: a request whose answer was lost with the worker can never
   * finish, so it gets a clear outcome, not a spinner. A waiting batch entry was never sent: it is sent.
   */
  async function recoverInterrupted(): Promise<HistoryEntry[]> {
    const now = deps.now();
    // Outcomes an earlier worker stored but was stopped before announcing.
    const earlier = await deps.history.find({ owed: true });
    const ended = await deps.history.patchMany({ status: 'running' }, (entry) => {
      if (entry.waiting || deps.inFlight(entry.id)) return undefined;
      if (entry.kind === 'video' && entry.poll?.jobId !== undefined) return undefined;
      // Worded by the pages from the kind, in the person's language (errorInterrupted).
      const error = { kind: 'interrupted' as const, message: 'interrupted' };
      return owed({ ...entry, status: 'failed', finishedAt: now, error });
    });
    await announce([...ended, ...earlier]);
    return ended.map(told);
  }

  /** Makes every running job due now, e.g. after a new key or URL was saved. */
  async function pollAllNow(): Promise<void> {
    const now = deps.now();
    await deps.history.patchMany({ status: 'running' }, (entry) =>
      entry.poll ? { ...entry, poll: { ...entry.poll, failures: 0, nextPollAt: now } } : undefined,
    );
    await tick();
  }

  /** After the person made room (cleared history), a pass held back by a full storage runs now. */
  async function storageFreed(): Promise<void> {
    if (storageBlockedUntil === undefined) return reschedule();
    storageBlockedUntil = undefined;
    await tick();
  }

  return { tick, alarmFired, reschedule, recoverInterrupted, pollAllNow, announce, storageFreed };
}

export type JobTracker = ReturnType<typeof createJobTracker>;
