import type { VideoJob } from '../api/schemas';
import { type ErrorInfo, toErrorInfo } from '../errors';
import type { HistoryEntry } from '../history/schema';
import type { HistoryStore } from '../history/store';
import { mapWithLimit } from './concurrency';
import {
  applyPollOutcome,
  isDue,
  nextWakeAt,
  type PollOutcome,
  type PollPolicy,
  timeOutIfExpired,
} from './schedule';

export interface Timers {
  set(run: () => void, delayMs: number): unknown;
  clear(handle: unknown): void;
}

export interface TrackerDeps {
  history: HistoryStore;
  now: () => number;
  policy: () => Promise<PollPolicy>;
  /** Asks the service for one job; throws on failure. */
  poll: (entry: HistoryEntry) => Promise<VideoJob>;
  /** Sets the backstop alarm for `when`, or removes it when nothing is pending. */
  scheduleAlarm: (when: number | undefined) => Promise<void>;
  /** Jobs that ended in one tick, together, so they can be announced as one group. */
  onFinished: (entries: HistoryEntry[]) => Promise<void>;
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

const INTERRUPTED_IMAGE =
  'The extension was stopped while this image was being generated. The service may still have charged for it; check your balance before trying again.';
const INTERRUPTED_SUBMISSION =
  'The extension was stopped while submitting this video, so the job could not be tracked. Check your balance before trying again.';

/**
 * Polls pending video jobs. All state is in the history store, so a tracker built by a freshly started
 * worker picks up exactly where a killed one stopped.
 */
export function createJobTracker(deps: TrackerDeps) {
  let running: Promise<TickReport> | undefined;
  let again = false;
  let timer: unknown;

  async function tickOnce(): Promise<TickReport> {
    const policy = await deps.policy();
    const entries = await deps.history.read();
    const due = entries.filter(
      (entry) => isDue(entry, deps.now()) && !timeOutIfExpired(entry, deps.now(), policy),
    );
    const outcomes = new Map<string, PollOutcome>();
    await mapWithLimit(due, deps.concurrency, async (entry) => {
      outcomes.set(entry.id, await pollOutcome(entry));
    });
    const now = deps.now();
    const changed = await deps.history.patchMany((entry) => {
      if (entry.status !== 'running') return undefined;
      const outcome = outcomes.get(entry.id);
      return (
        timeOutIfExpired(entry, now, policy) ?? (outcome && applyPollOutcome(entry, outcome, now, policy))
      );
    });
    const finished = changed.filter((entry) => entry.status !== 'running');
    if (finished.length > 0) await deps.onFinished(finished);
    await reschedule();
    return { polled: due.length, finished };
  }

  async function pollOutcome(entry: HistoryEntry): Promise<PollOutcome> {
    try {
      return { type: 'job', job: await deps.poll(entry) };
    } catch (error) {
      return { type: 'error', error: toErrorInfo(error) satisfies ErrorInfo };
    }
  }

  /** Polls every due job once; concurrent calls (alarm and timer together) share one pass plus a rerun. */
  function tick(): Promise<TickReport> {
    if (running) {
      again = true;
      return running;
    }
    const pass = (async () => {
      try {
        let report = await tickOnce();
        while (again) {
          again = false;
          const rerun = await tickOnce();
          report = {
            polled: report.polled + rerun.polled,
            finished: [...report.finished, ...rerun.finished],
          };
        }
        return report;
      } finally {
        running = undefined;
      }
    })();
    running = pass;
    return pass;
  }

  /** Points the alarm and the in-worker timer at the earliest due job, or clears both. */
  async function reschedule(): Promise<void> {
    const entries = await deps.history.read();
    const when = nextWakeAt(entries);
    deps.onRunningCount(entries.filter((entry) => entry.status === 'running').length);
    if (timer !== undefined) deps.timers.clear(timer);
    timer = undefined;
    await deps.scheduleAlarm(when);
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
   * Ends work a stopped worker left half done: an image request or a submission whose answer was lost
   * with the worker can never finish, so it gets a clear outcome instead of spinning forever.
   */
  async function recoverInterrupted(): Promise<HistoryEntry[]> {
    const now = deps.now();
    const ended = await deps.history.patchMany((entry) => {
      if (entry.status !== 'running' || deps.inFlight(entry.id)) return undefined;
      if (entry.kind === 'video' && entry.poll?.jobId !== undefined) return undefined;
      const message = entry.kind === 'image' ? INTERRUPTED_IMAGE : INTERRUPTED_SUBMISSION;
      return { ...entry, status: 'failed', finishedAt: now, error: { kind: 'interrupted', message } };
    });
    if (ended.length > 0) await deps.onFinished(ended);
    return ended;
  }

  /** Makes every running job due now, e.g. after a new key or URL was saved. */
  async function pollAllNow(): Promise<void> {
    const now = deps.now();
    await deps.history.patchMany((entry) =>
      entry.status === 'running' && entry.poll
        ? { ...entry, poll: { ...entry.poll, failures: 0, nextPollAt: now } }
        : undefined,
    );
    await tick();
  }

  return { tick, reschedule, recoverInterrupted, pollAllNow };
}

export type JobTracker = ReturnType<typeof createJobTracker>;
