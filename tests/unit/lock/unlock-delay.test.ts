import { describe, expect, it } from 'vitest';
import { MAX_UNLOCK_DELAY_MS, unlockDelayMs } from '@/utils/lock/unlock-delay';

describe('unlockDelayMs', () => {
  it('lets the first two wrong passphrases pass without a wait, then doubles from 1 s up to 60 s', () => {
    const delays = Array.from({ length: 11 }, (_, failures) => unlockDelayMs(failures));
    expect(delays).toEqual([0, 0, 0, 1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000]);
    expect(MAX_UNLOCK_DELAY_MS).toBe(60_000);
  });

  it('stays at the cap however many failures there were', () => {
    expect(unlockDelayMs(1000)).toBe(60_000);
    expect(unlockDelayMs(Number.MAX_SAFE_INTEGER)).toBe(60_000);
    expect(unlockDelayMs(Number.POSITIVE_INFINITY)).toBe(60_000);
  });

  it('reads a count that is not a whole number the safe way', () => {
    expect(unlockDelayMs(-1)).toBe(0);
    expect(unlockDelayMs(3.9)).toBe(1000);
    // A damaged counter must not unlock the way to fast guessing.
    expect(unlockDelayMs(Number.NaN)).toBe(60_000);
  });
});
