import { startTransition, useEffect, useState } from 'react';
import type { ErrorInfo } from '../errors';
import { afterNextPaint } from './after-paint';
import { failureInfo } from './failure-info';

/** The current time, re-read every `intervalMs` while `active`; drives elapsed-time displays. */
export function useNow(intervalMs = 1000, active = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, active]);
  return now;
}

/**
 * False until the page's first frame has been painted, then true: the header and the form paint at
 * once and the longer lists follow a frame later, so a popup with many jobs still opens instantly.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  // As a transition, the rest renders in slices that yield to input: no long task right after the paint.
  useEffect(() => afterNextPaint(() => startTransition(() => setPainted(true))), []);
  return painted;
}

/**
 * A button's command: busy while it runs, and the reason it failed (cleared when it runs again), for the
 * page to show beside the button that was pressed.
 */
export function useCommand(): {
  busy: boolean;
  error: ErrorInfo | undefined;
  run: (command: () => Promise<unknown>) => void;
} {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ErrorInfo | undefined>(undefined);
  const run = (command: () => Promise<unknown>) => {
    setBusy(true);
    setError(undefined);
    command()
      .catch(async (failure: unknown) => setError(await failureInfo(failure)))
      .finally(() => setBusy(false));
  };
  return { busy, error, run };
}
