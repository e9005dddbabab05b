// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  creditsBetween,
  fromMilli,
  isCreditAmount,
  splitCredits,
  sumCredits,
  toMilli,
} from '../../../utils/spend/credits';

describe('credits kept to the thousandth', () => {
  it('takes differences exactly where floating point drifts', () => {
    expect(4992.5 - 4985).toBe(7.5);
    expect(creditsBetween(4992.5, 4985)).toBe(7.5);
    // What a float makes of these: 0.19999999999999998 and 0.30000000000000004.
    expect(0.3 - 0.1).not.toBe(0.2);
    expect(creditsBetween(0.3, 0.1)).toBe(0.2);
    expect(sumCredits([0.1, 0.2])).toBe(0.3);
    expect(creditsBetween(1000, 999.96)).toBe(0.04);
    expect(sumCredits(Array.from({ length: 1000 }, () => 0.001))).toBe(1);
  });

  it('converts to and from whole thousandths, rounding what is finer', () => {
    expect(toMilli(7.5)).toBe(7500);
    expect(toMilli(0.04)).toBe(40);
    expect(toMilli(0.0004)).toBe(0);
    expect(toMilli(0.0006)).toBe(1);
    expect(fromMilli(7500)).toBe(7.5);
  });

  it('tells an amount it keeps exactly from one it does not', () => {
    for (const value of [0, 0.04, 7.5, 2.125, 1_000_000_000]) expect(isCreditAmount(value)).toBe(true);
    for (const value of [-1, 0.0001, Number.NaN, Number.POSITIVE_INFINITY, 1e16])
      expect(isCreditAmount(value)).toBe(false);
  });

  it('splits a shared cost into parts that add up to the whole: 10 among 3 is 3.334 + 3.333 + 3.333', () => {
    expect(splitCredits(10, 3)).toEqual([3.334, 3.333, 3.333]);
    expect(splitCredits(7.5, 2)).toEqual([3.75, 3.75]);
    expect(splitCredits(0.002, 3)).toEqual([0.001, 0.001, 0]);
    expect(splitCredits(5, 0)).toEqual([]);
    // Any total among any count, checked over a spread of both (collected, then asserted once).
    const wrong: string[] = [];
    for (let milli = 0; milli <= 50_000; milli += 7) {
      const total = fromMilli(milli);
      for (const parts of [1, 2, 3, 7, 12]) {
        const shares = splitCredits(total, parts).map(toMilli);
        const spread = Math.max(...shares) - Math.min(...shares);
        if (shares.length !== parts || sumCredits(shares.map(fromMilli)) !== total || spread > 1)
          wrong.push(`${total} among ${parts}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
