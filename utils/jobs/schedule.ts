import type { VideoJob, VideoSubmission } from '../api/schemas';
import type { ErrorInfo } from '../error-info';
import { AppError } from '../error-info';
import type { HistoryEntry } from '../history/schema';

/** How a tracked job is polled; derived from settings. */
export interface PollPolicy {
  intervalMs: number;
  /** Ceiling of the exponential backoff after failed polls. */
  maxBackoffMs: number;
  /** A job still running this long after submission is given up. */
  jobTimeoutMs: number;
  /** The time-out of one request; bounds how long a submission can be in flight. */
  requestTimeoutMs?: number;
  /** The time-out of one image request; bounds how long an image can be in flight. */
  imageTimeoutMs?: number;
}

export type PollOutcome = { type: 'job'; job: VideoJob } | { type: 'error'; error: ErrorInfo };

export const MAX_BACKOFF_MS = 5 * 60_000;

/** A running video job the service has acknowledged, i.e. one there is something to poll for. */
export function isTracked(entry: HistoryEntry): boolean {
  return entry.kind === 'video' && entry.status === 'running' && entry.poll?.jobId !== undefined;
}

/**
 * A tracked job whose profile has no key for its service now (the person pointed the profile at another
 * service, or removed its key): polling it would need another service's key, so it waits, neither polled
 * nor woken for, until a key for its origin is saved again. `keyOrigin` is the origin of its profile's key,
 * '' when there is none.
 */
export function waitsForService(entry: HistoryEntry, keyOrigin: string): boolean {
  if (!isTracked(entry) || !entry.poll) return false;
  try {
    return keyOrigin === '' || new URL(entry.poll.baseUrl).origin !== keyOrigin;
  } catch {
    return true;
  }
}

export function isDue(entry: HistoryEntry, now: number): boolean {
  return isTracked(entry) && (entry.poll?.nextPollAt ?? 0) <= now;
}

/** When the earliest tracked job wants polling; undefined when nothing is pending. */
export function nextWakeAt(entries: HistoryEntry[]): number | undefined {
  let earliest: number | undefined;
  for (const entry of entries) {
    if (!isTracked(entry) || !entry.poll) continue;
    if (earliest === undefined || entry.poll.nextPollAt < earliest) earliest = entry.poll.nextPollAt;
  }
  return earliest;
}

/**
 * When to wake a worker that may be stopped while it sends these entries (an image request, a video
 * submission): a little after their requests must have ended either way, so a worker that died meanwhile
 * is restarted to settle them, and never sooner than one interval from now.
 */
export function sendingBackstop(
  sending: readonly HistoryEntry[],
  now: number,
  policy: Pick<PollPolicy, 'intervalMs' | 'requestTimeoutMs' | 'imageTimeoutMs'>,
): number | undefined {
  if (sending.length === 0) return undefined;
  const requestMs = policy.requestTimeoutMs ?? 30_000;
  // Waking sooner would find a slow image still in flight and keep re-arming; later leaves a dead one running.
  const timeoutOf = (entry: HistoryEntry) =>
    entry.kind === 'image' ? (policy.imageTimeoutMs ?? requestMs) : requestMs;
  // An image may take two requests: the other path form is asked only after a 404 or 405, an answer that comes
  // at a request's pace, not at a slow model's. Should it come later, a worker still alive only re-arms.
  const earliest = Math.min(
    ...sending.map((entry) => entry.createdAt + timeoutOf(entry) + requestMs + 5_000),
  );
  return Math.max(earliest, now + policy.intervalMs);
}

/** Doubles the wait after each consecutive failure, from one interval up to the cap. */
export function backoffDelay(
  failures: number,
  policy: Pick<PollPolicy, 'intervalMs' | 'maxBackoffMs'>,
): number {
  const exponent = Math.min(Math.max(failures, 0), 20);
  return Math.min(policy.intervalMs * 2 ** exponent, Math.max(policy.maxBackoffMs, policy.intervalMs));
}

export function deadlineOf(entry: HistoryEntry, policy: Pick<PollPolicy, 'jobTimeoutMs'>): number {
  return entry.createdAt + policy.jobTimeoutMs;
}

/** Ends a job that has run past its time-out; undefined while it still has time. */
export function timeOutIfExpired(
  entry: HistoryEntry,
  now: number,
  policy: PollPolicy,
): HistoryEntry | undefined {
  if (!isTracked(entry) || now < deadlineOf(entry, policy)) return undefined;
  // The last problem polling met, if any, says why it never got there (e.g. the service was unreachable).
  const detail = entry.error && (entry.error.detail ?? entry.error.message);
  return {
    ...entry,
    status: 'failed',
    finishedAt: now,
    error: new AppError('job_timeout', { detail }).info,
  };
}

/** The entry after one poll: finished, still running and due again later, or backing off after an error. */
export function applyPollOutcome(
  entry: HistoryEntry,
  outcome: PollOutcome,
  now: number,
  policy: PollPolicy,
): HistoryEntry {
  const poll = entry.poll;
  if (!poll) return entry;
  const polled = { ...poll, attempts: poll.attempts + 1, lastPolledAt: now };
  const dueBy = (delay: number) => Math.min(now + delay, deadlineOf(entry, policy));

  if (outcome.type === 'job') {
    const { job } = outcome;
    const base = { ...entry, rawStatus: job.rawStatus, error: undefined };
    if (job.status === 'completed') {
      return {
        ...base,
        status: 'completed',
        urls: job.videoUrls,
        finishedAt: now,
        poll: { ...polled, failures: 0 },
      };
    }
    if (job.status === 'failed') {
      const error =
        job.error === undefined
          ? new AppError(job.errorKind ?? 'no_result', { detail: job.detail }).info
          : new AppError('job_failed', { detail: job.error }).info;
      return {
        ...base,
        status: 'failed',
        finishedAt: now,
        error,
        poll: { ...polled, failures: 0 },
      };
    }
    return { ...base, poll: { ...polled, failures: 0, nextPollAt: dueBy(policy.intervalMs) } };
  }

  const { error } = outcome;
  if (error.kind === 'http_error' && error.status === 404) {
    return {
      ...entry,
      status: 'failed',
      finishedAt: now,
      error: { ...error, kind: 'job_failed', message: 'job_failed' },
      poll: polled,
    };
  }
  const failures = poll.failures + 1;
  const backoff = backoffDelay(failures, policy);
  // A 429, and a 503 that says when to come back, are waited out for at least as long as asked.
  const delay = Math.max(error.retryAfterMs ?? 0, backoff);
  return { ...entry, error, poll: { ...polled, failures, nextPollAt: dueBy(delay) } };
}

/**
 * The entry once the service answered its submission. A job refused outright fails here; one reported
 * finished at once still needs one poll for its URLs, so it is made due now.
 */
export function applySubmission(entry: HistoryEntry, submission: VideoSubmission, now: number): HistoryEntry {
  const refused =
    submission.status === 'failed'
      ? {
          status: 'failed' as const,
          finishedAt: now,
          error: new AppError('job_failed').info,
        }
      : {};
  return {
    ...entry,
    rawStatus: submission.rawStatus,
    ...refused,
    poll: entry.poll && {
      ...entry.poll,
      jobId: submission.id,
      ...(submission.status === 'completed' ? { nextPollAt: now } : {}),
    },
  };
}
