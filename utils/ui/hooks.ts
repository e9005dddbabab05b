import { useCallback, useEffect, useRef, useState } from 'react';
import type { ErrorInfo } from '../errors';
import type { State } from '../messaging/protocol';
import { BackgroundError, send } from '../messaging/send';

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

export function toErrorInfo(error: unknown): ErrorInfo {
  if (error instanceof BackgroundError) return error.info;
  return { kind: 'unexpected', message: error instanceof Error ? error.message : String(error) };
}

export interface BackgroundState {
  /** The latest answer to getState; undefined until the first one arrives. */
  state: State | undefined;
  /** Why the latest getState failed, cleared by the next success. */
  error: ErrorInfo | undefined;
  /** Asks for fresh state now (after an action), without waiting for the next poll. */
  refresh: () => Promise<void>;
  /** Replaces the state with one an action answered with (saveSettings answers with State). */
  accept: (state: State) => void;
}

/**
 * Keeps the background's State fresh: one getState at once, then one every `pollMs` (never overlapping)
 * while the page is open and visible. `pollMs` 0 means no polling.
 */
export function useBackgroundState(historyLimit: number, pollMs: number): BackgroundState {
  const [state, setState] = useState<State | undefined>(undefined);
  const [error, setError] = useState<ErrorInfo | undefined>(undefined);
  const generation = useRef(0);

  const refresh = useCallback(async () => {
    const ticket = ++generation.current;
    try {
      const fresh = await send({ type: 'getState', historyLimit });
      // A slower, older answer must not overwrite a newer one.
      if (ticket !== generation.current) return;
      setState(fresh);
      setError(undefined);
    } catch (failure) {
      if (ticket !== generation.current) return;
      setError(toErrorInfo(failure));
    }
  }, [historyLimit]);

  const accept = useCallback((fresh: State) => {
    generation.current++;
    setState(fresh);
    setError(undefined);
  }, []);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const loop = async () => {
      await refresh();
      if (stopped || pollMs <= 0) return;
      timer = setTimeout(tick, pollMs);
    };
    const tick = () => {
      if (stopped) return;
      if (document.visibilityState === 'hidden') {
        timer = setTimeout(tick, pollMs);
        return;
      }
      void loop();
    };
    void loop();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [refresh, pollMs]);

  return { state, error, refresh, accept };
}

/**
 * False until the page's first frame has been painted, then true: the header and the form paint at
 * once and the longer lists follow a frame later, so a popup with many jobs still opens instantly.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A rAF callback runs just before the paint; the task it queues runs just after it.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, []);
  return painted;
}
