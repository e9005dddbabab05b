import { AppError } from '../error-info';

/**
 * Time limits of one attempt at keeping a result. A host that sends headers and then nothing, or trickles a
 * file out for ever, must fail the attempt (to be retried later) rather than hold the one queue of copies.
 */
export interface CopyLimits {
  /** No byte (nor headers) for this long fails the attempt. */
  stallMs: number;
  /** The attempt's own time, before its size is known… */
  baseMs: number;
  /** …plus its size at this slowest rate still accepted. */
  minBytesPerSec: number;
}

export const COPY_LIMITS: CopyLimits = { stallMs: 30_000, baseMs: 60_000, minBytesPerSec: 64 * 1024 };

export interface CopyWatch {
  /**
   * Aborts every request of the attempt when a limit is passed; its reason is an AppError('timeout') whose
   * detail names the limit: 'stalled' (no byte for `stallMs`) or 'slow' (past the attempt's own time).
   */
  readonly signal: AbortSignal;
  /** A byte or a header arrived: the stall clock starts again. */
  progress(): void;
  /** The result's size is known: the overall limit grows to fit it. */
  sized(bytes: number): void;
  stop(): void;
}

export function watchCopy(limits: CopyLimits = COPY_LIMITS): CopyWatch {
  const controller = new AbortController();
  const started = Date.now();
  const fail = (detail: string) => controller.abort(new AppError('timeout', { detail }));
  let stall: ReturnType<typeof setTimeout> | undefined;
  let overall: ReturnType<typeof setTimeout> | undefined;
  const armOverall = (ms: number) => {
    clearTimeout(overall);
    overall = setTimeout(() => fail('slow'), Math.max(0, ms));
  };
  const progress = () => {
    clearTimeout(stall);
    stall = setTimeout(() => fail('stalled'), limits.stallMs);
  };
  armOverall(limits.baseMs);
  progress();
  return {
    signal: controller.signal,
    progress,
    sized(bytes) {
      armOverall(limits.baseMs + (bytes / limits.minBytesPerSec) * 1000 - (Date.now() - started));
    },
    stop() {
      clearTimeout(stall);
      clearTimeout(overall);
    },
  };
}
