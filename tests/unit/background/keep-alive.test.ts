import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createKeepAlive, KEEP_ALIVE_INTERVAL_MS } from '../../../utils/background/keep-alive';

const realTimers = {
  set: (run: () => void, delayMs: number) => setTimeout(run, delayMs),
  clear: (handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

describe('keep-alive', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('makes no call while nothing holds it, however long the worker idles', async () => {
    const ping = vi.fn(async () => undefined);
    createKeepAlive(ping, realTimers);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(ping).not.toHaveBeenCalled();
  });

  it('calls every 20 s while held, within Chrome 30 s idle limit, and stops at release', async () => {
    const ping = vi.fn(async () => undefined);
    const keepAlive = createKeepAlive(ping, realTimers);
    expect(KEEP_ALIVE_INTERVAL_MS).toBeGreaterThanOrEqual(20_000);
    expect(KEEP_ALIVE_INTERVAL_MS).toBeLessThanOrEqual(25_000);
    const release = keepAlive.hold();
    await vi.advanceTimersByTimeAsync(45_000);
    expect(ping).toHaveBeenCalledTimes(2);
    release();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(ping).toHaveBeenCalledTimes(2);
  });

  it('stays on until the last of several holders lets go, and a second release changes nothing', async () => {
    const ping = vi.fn(async () => undefined);
    const keepAlive = createKeepAlive(ping, realTimers);
    const first = keepAlive.hold();
    const second = keepAlive.hold();
    first();
    first();
    expect(keepAlive.holders).toBe(1);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(ping).toHaveBeenCalledTimes(1);
    second();
    expect(keepAlive.holders).toBe(0);
    await vi.advanceTimersByTimeAsync(40_000);
    expect(ping).toHaveBeenCalledTimes(1);
  });

  it('holds for the work it wraps, also when the work fails, and a failing call does not stop the beat', async () => {
    const ping = vi.fn(async () => {
      throw new Error('context invalidated');
    });
    const keepAlive = createKeepAlive(ping, realTimers);
    const work = keepAlive.during(
      () => new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no')), 50_000)),
    );
    const outcome = expect(work).rejects.toThrow('no');
    await vi.advanceTimersByTimeAsync(50_000);
    await outcome;
    expect(ping).toHaveBeenCalledTimes(2);
    expect(keepAlive.holders).toBe(0);
  });
});
