import { describe, expect, it } from 'vitest';
import { MAX_UNLOCK_DELAY_MS, unlockDelayMs, waitUntil } from '@/utils/keys/lock/unlock-delay';

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

describe('waitUntil', () => {
  const now = 1_800_000_000_000;

  it('keeps a stored time within the longest wait', () => {
    expect(waitUntil(0, now)).toBe(0);
    expect(waitUntil(now + 4000, now)).toBe(now + 4000);
    expect(waitUntil(now + MAX_UNLOCK_DELAY_MS, now)).toBe(now + MAX_UNLOCK_DELAY_MS);
  });

  it('brings a time further ahead (a clock set back, a damaged value) to the longest wait from now', () => {
    expect(waitUntil(now + 86_400_000, now)).toBe(now + MAX_UNLOCK_DELAY_MS);
    expect(waitUntil(Number.POSITIVE_INFINITY, now)).toBe(now + MAX_UNLOCK_DELAY_MS);
    expect(waitUntil(Number.NaN, now)).toBe(now + MAX_UNLOCK_DELAY_MS);
  });
});
