/** Pure formatting helpers; the locale is a parameter so they are testable and work in any page. */

export { truncate } from '../text';

/**
 * Building an Intl formatter costs far more than formatting with it (a 200-row history spent over 100 ms on
 * it): each locale and style is built once per page and reused. A locale the engine refuses throws here,
 * every time, so callers keep their fallbacks.
 */
function cached<F, O>(make: new (locale: string, options: O) => F): (locale: string, options: O) => F {
  const made = new Map<string, F>();
  return (locale, options) => {
    const key = `${locale}|${JSON.stringify(options)}`;
    let formatter = made.get(key);
    if (!formatter) {
      formatter = new make(locale, options);
      made.set(key, formatter);
    }
    return formatter;
  };
}

export const numberFormat = cached<Intl.NumberFormat, Intl.NumberFormatOptions>(Intl.NumberFormat);
const dateFormat = cached<Intl.DateTimeFormat, Intl.DateTimeFormatOptions>(Intl.DateTimeFormat);
const relativeFormat = cached<Intl.RelativeTimeFormat, Intl.RelativeTimeFormatOptions>(
  Intl.RelativeTimeFormat,
);

/** Every digit an amount of credits has: they are kept to the thousandth (spend/credits.ts). */
export function formatNumber(value: number, locale: string): string {
  try {
    return numberFormat(locale, { maximumFractionDigits: 3 }).format(value);
  } catch {
    return String(value);
  }
}

/** Elapsed time as a clock: 0:05, 1:05, 1:02:03. Negative or non-finite input counts as zero. */
export function formatElapsed(ms: number): string {
  const total = Number.isFinite(ms) && ms > 0 ? Math.floor(ms / 1000) : 0;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const ss = String(seconds).padStart(2, '0');
  if (hours > 0) return `${hours}:${String(minutes).padStart(2, '0')}:${ss}`;
  return `${minutes}:${ss}`;
}

const UNITS: ReadonlyArray<{ unit: Intl.RelativeTimeFormatUnit; ms: number; below: number }> = [
  { unit: 'second', ms: 1000, below: 60_000 },
  { unit: 'minute', ms: 60_000, below: 3_600_000 },
  { unit: 'hour', ms: 3_600_000, below: 86_400_000 },
  { unit: 'day', ms: 86_400_000, below: 30 * 86_400_000 },
];

/**
 * How long ago `then` was, relative to `now`, in words of the locale ("now", "2 minutes ago").
 * Anything under 10 seconds (or in the future, from clock skew) reads as "now".
 */
export function formatRelativeTime(then: number, now: number, locale: string): string {
  const rtf = relativeFormat(locale, { numeric: 'auto' });
  const diff = now - then;
  if (!Number.isFinite(diff) || diff < 10_000) return rtf.format(0, 'second');
  for (const { unit, ms, below } of UNITS) {
    if (diff < below) return rtf.format(-Math.floor(diff / ms), unit);
  }
  return dateFormat(locale, { dateStyle: 'medium' }).format(new Date(then));
}

/** A date and time for lists ("23 Nov 2025, 14:05"). */
export function formatDateTime(time: number, locale: string): string {
  try {
    return dateFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(time));
  } catch {
    return new Date(time).toISOString();
  }
}

/** A calendar day for charts and tables ("Mon, Nov 3"). */
export function formatDay(time: number, locale: string): string {
  try {
    return dateFormat(locale, { weekday: 'short', month: 'short', day: 'numeric' }).format(new Date(time));
  } catch {
    return new Date(time).toDateString();
  }
}
