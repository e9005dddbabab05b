// A server asking for more than a day is treated as asking for a day: longer waits are not useful to a
// person, and timers overflow past about 24.8 days.
export const MAX_RETRY_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * Parses a Retry-After header (RFC 9110 §10.2.3): either delta-seconds or an HTTP-date. Returns the
 * wait in milliseconds, clamped to [0, MAX_RETRY_AFTER_MS], or undefined when absent or unreadable.
 */
export function parseRetryAfter(
  value: string | null | undefined,
  now: number = Date.now(),
): number | undefined {
  if (value == null) return undefined;
  const trimmed = value.trim();
  if (trimmed === '') return undefined;

  // Fractions are not allowed by the RFC but are seen in practice; accepting them costs nothing.
  if (/^\d+(\.\d+)?$/.test(trimmed)) return clamp(Number(trimmed) * 1000);

  // Date.parse accepts bare numbers and other odd forms; an HTTP-date always names a weekday or month.
  if (!/[a-z]/i.test(trimmed)) return undefined;
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return clamp(at - now);
}

function clamp(ms: number): number {
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, Math.round(ms)));
}
