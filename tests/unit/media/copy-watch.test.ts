import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchCopy } from '@/utils/copies/copy-watch';

afterEach(() => vi.useRealTimers());

describe('the time limits of one attempt', () => {
  it('fails an attempt with no byte for the stall time, and each byte starts that clock again', () => {
    vi.useFakeTimers();
    const watch = watchCopy({ stallMs: 1_000, baseMs: 60_000, minBytesPerSec: 1 });
    vi.advanceTimersByTime(900);
    watch.progress();
    vi.advanceTimersByTime(900);
    expect(watch.signal.aborted).toBe(false);
    vi.advanceTimersByTime(200);
    expect(watch.signal.aborted).toBe(true);
    expect(watch.signal.reason).toMatchObject({ info: { kind: 'timeout' } });
  });

  it('gives a large result more time overall: the base plus its size at the slowest accepted rate', () => {
    vi.useFakeTimers();
    const watch = watchCopy({ stallMs: 10_000, baseMs: 1_000, minBytesPerSec: 1_000 });
    watch.sized(5_000);
    for (let second = 0; second < 5; second++) {
      vi.advanceTimersByTime(1_000);
      watch.progress();
    }
    expect(watch.signal.aborted).toBe(false);
    vi.advanceTimersByTime(1_100);
    expect(watch.signal.aborted).toBe(true);
    watch.stop();
  });

  it('sets nothing off once stopped', () => {
    vi.useFakeTimers();
    const watch = watchCopy({ stallMs: 100, baseMs: 100, minBytesPerSec: 1 });
    watch.stop();
    vi.advanceTimersByTime(10_000);
    expect(watch.signal.aborted).toBe(false);
  });
});
