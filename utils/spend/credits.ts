/**
 * Credits as exact decimals. Services price in fractions (0.04, 2.5, 7.5) and binary floating point cannot
 * hold most of them, so every sum and difference is taken in whole thousandths of a credit ("milli"), the
 * precision the extension keeps: a figure finer than a thousandth is rounded to the nearest one as it comes
 * in. What is stored or shown stays in credits, each a multiple of 0.001 (7.5, not 7500). Free of zod and of
 * the browser: the worker and pages count alike.
 */

/** Thousandths of a credit: the smallest amount told apart. */
export const MILLI_PER_CREDIT = 1000;

/** The largest number of credits kept exactly (within safe integers once scaled). */
export const MAX_CREDITS = Math.floor(Number.MAX_SAFE_INTEGER / MILLI_PER_CREDIT);

/** Credits as whole thousandths: 4,992.5 → 4,992,500. */
export function toMilli(credits: number): number {
  return Math.round(credits * MILLI_PER_CREDIT);
}

/** Whole thousandths as credits, the nearest double to the decimal (7,500 → 7.5). */
export function fromMilli(milli: number): number {
  return milli / MILLI_PER_CREDIT;
}

/** `before − after` exactly, in credits: 4,992.5 − 4,985 is 7.5, and 0.3 − 0.1 is 0.2. */
export function creditsBetween(before: number, after: number): number {
  return fromMilli(toMilli(before) - toMilli(after));
}

/** The exact sum of amounts in credits. */
export function sumCredits(amounts: Iterable<number>): number {
  let milli = 0;
  for (const amount of amounts) milli += toMilli(amount);
  return fromMilli(milli);
}

/** Whether `value` is a finite, non-negative amount held exactly to the thousandth. */
export function isCreditAmount(value: number): boolean {
  if (!Number.isFinite(value) || value < 0 || value > MAX_CREDITS) return false;
  return fromMilli(toMilli(value)) === value;
}

/**
 * `total` credits in `parts` shares that add up to it exactly: each the same number of thousandths, the
 * first ones a thousandth more until the remainder is spent (10 among 3: 3.334, 3.333, 3.333).
 */
export function splitCredits(total: number, parts: number): number[] {
  if (parts <= 0) return [];
  const milli = toMilli(total);
  const share = Math.floor(milli / parts);
  const rest = milli - share * parts;
  return Array.from({ length: parts }, (_, i) => fromMilli(share + (i < rest ? 1 : 0)));
}
