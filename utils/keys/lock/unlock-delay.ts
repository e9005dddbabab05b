/** Wrong passphrases that cost no wait: a typo or two. */
const FREE_FAILURES = 2;
const FIRST_DELAY_MS = 1000;
export const MAX_UNLOCK_DELAY_MS = 60_000;

/** How long to wait before the next unlock attempt after this many wrong passphrases in a row. */
export function unlockDelayMs(consecutiveFailures: number): number {
  // Typos stay free while guessing through the extension slows to a try a minute; PBKDF2 slows offline ones.
  if (Number.isNaN(consecutiveFailures)) return MAX_UNLOCK_DELAY_MS; // a damaged counter: the safe reading
  const failures = Math.floor(consecutiveFailures);
  if (failures <= FREE_FAILURES) return 0;
  return Math.min(MAX_UNLOCK_DELAY_MS, FIRST_DELAY_MS * 2 ** (failures - FREE_FAILURES - 1));
}

/**
 * When the next try is allowed, given the stored time: never later than the longest wait from now, so a
 * clock set back (or a damaged value) cannot lock the person out for longer than that.
 */
export function waitUntil(notBefore: number, now: number): number {
  const latest = now + MAX_UNLOCK_DELAY_MS;
  return notBefore <= latest ? notBefore : latest;
}
