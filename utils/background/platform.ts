import type { Timers } from '../jobs/tracker';
import { type BrowserGaps, browserGaps } from './browser-gaps';

/**
 * What the background takes from outside rather than importing: the clock, ids, timers and fetch (so
 * tests control them) and the browser calls fakeBrowser lacks. Storage items, alarms, badge,
 * notifications, tabs and wording are imported directly; unit tests see them through fakeBrowser.
 */
export interface Platform extends BrowserGaps {
  now: () => number;
  newId: () => string;
  timers: Timers;
  fetch?: typeof fetch;
  pollConcurrency?: number;
  /** The history database's name: tests give each profile its own, so a past test's worker never shares it. */
  historyDbName?: string;
}

export function browserPlatform(): Platform {
  return {
    ...browserGaps,
    now: () => Date.now(),
    newId: () => crypto.randomUUID(),
    timers: {
      set: (run, delayMs) => setTimeout(run, delayMs),
      clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    },
  };
}
