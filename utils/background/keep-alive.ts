import type { Timers } from '../jobs/tracker';

/**
 * Chrome 110+ stops an extension's worker 30 s after its last extension event or API call, even while a
 * `fetch()` of its own is still waiting for an answer or streaming a body. Chrome's documented way to keep
 * it for such work is a trivial extension API call more often than that; this makes one every 20 s, only
 * while some piece of work holds it, and stops as soon as the last one lets go, so an idle worker still
 * goes to sleep.
 */
export const KEEP_ALIVE_INTERVAL_MS = 20_000;

export interface KeepAlive {
  /** Holds the worker awake until the returned release is called (calling it again does nothing). */
  hold(): () => void;
  /** Holds the worker awake while `work` runs. */
  during<T>(work: () => Promise<T>): Promise<T>;
  /** How many pieces of work hold it now. */
  readonly holders: number;
}

export function createKeepAlive(
  ping: () => Promise<unknown>,
  timers: Timers,
  intervalMs = KEEP_ALIVE_INTERVAL_MS,
): KeepAlive {
  let holders = 0;
  let handle: unknown;

  const arm = () => {
    handle = timers.set(() => {
      handle = undefined;
      if (holders === 0) return;
      // A failed ping only means this beat did not count; the next one tries again.
      void ping().catch(() => undefined);
      arm();
    }, intervalMs);
  };

  function hold(): () => void {
    holders += 1;
    if (holders === 1) arm();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      holders -= 1;
      if (holders === 0 && handle !== undefined) {
        timers.clear(handle);
        handle = undefined;
      }
    };
  }

  return {
    hold,
    async during(work) {
      const release = hold();
      try {
        return await work();
      } finally {
        release();
      }
    },
    get holders() {
      return holders;
    },
  };
}
