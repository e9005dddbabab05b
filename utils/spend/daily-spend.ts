import type { HistoryEntry } from '../history/schema';
import { profileOf } from '../profiles/first-profile';

/** How many calendar days the spend chart covers, today included. */
export const SPEND_DAYS = 30;

/** What the chart needs of an entry with a recorded cost. */
export interface SpendFact {
  id: string;
  createdAt: number;
  kind: HistoryEntry['kind'];
  cost: number;
  profile: string;
}

export interface SpendDay {
  /** Local midnight that starts the day. */
  start: number;
  images: number;
  videos: number;
  total: number;
}

export interface DailySpend {
  /** Oldest first, today last; a day without spend is there with zeros. */
  days: SpendDay[];
  images: number;
  videos: number;
  total: number;
}

/**
 * The entry's cost as the chart counts it, or undefined when none was recorded (a running job, or one that
 * overlapped another). A failed entry with a cost counts: the service charged it.
 */
export function spendFact(entry: HistoryEntry): SpendFact | undefined {
  if (entry.cost === undefined) return undefined;
  return {
    id: entry.id,
    createdAt: entry.createdAt,
    kind: entry.kind,
    cost: entry.cost,
    profile: profileOf(entry),
  };
}

/**
 * The local midnights that bound the `count` days ending with today's: `count + 1` of them, the last being
 * tomorrow's. Built from calendar fields, so a day of a clock change is 23 or 25 hours long, as the person
 * lived it.
 */
export function dayBounds(now: number, count = SPEND_DAYS): number[] {
  const today = new Date(now);
  const [year, month, day] = [today.getFullYear(), today.getMonth(), today.getDate()];
  return Array.from({ length: count + 1 }, (_, i) => new Date(year, month, day - count + 1 + i).getTime());
}

/** The index of the day `time` falls in, or -1 outside the bounds. */
function dayIndex(bounds: readonly number[], time: number): number {
  let low = 0;
  let high = bounds.length - 1;
  if (time < (bounds[low] as number) || time >= (bounds[high] as number)) return -1;
  // bounds[low] <= time < bounds[high] holds throughout.
  while (high - low > 1) {
    const middle = (low + high) >> 1;
    if (time < (bounds[middle] as number)) high = middle;
    else low = middle;
  }
  return low;
}

/**
 * Credits spent on each of the `SPEND_DAYS` local days ending today, by images and videos, of one profile
 * (`profile`) or of all (undefined).
 */
export function dailySpend(facts: Iterable<SpendFact>, now: number, profile?: string): DailySpend {
  const bounds = dayBounds(now);
  const days = bounds.slice(0, -1).map((start) => ({ start, images: 0, videos: 0, total: 0 }));
  const spend: DailySpend = { days, images: 0, videos: 0, total: 0 };
  for (const fact of facts) {
    if (profile !== undefined && fact.profile !== profile) continue;
    const day = days[dayIndex(bounds, fact.createdAt)];
    if (!day) continue;
    const field = fact.kind === 'image' ? 'images' : 'videos';
    day[field] += fact.cost;
    day.total += fact.cost;
    spend[field] += fact.cost;
    spend.total += fact.cost;
  }
  return spend;
}

/** The local midnight after `now`: when the chart's days move on. */
export function nextMidnight(now: number): number {
  return dayBounds(now, 1)[1] as number;
}

/** The busiest day (the latest of equals), or undefined when nothing was spent. */
export function peakDay(spend: DailySpend): SpendDay | undefined {
  return spend.days.reduce<SpendDay | undefined>(
    (peak, day) => (day.total > 0 && day.total >= (peak?.total ?? 0) ? day : peak),
    undefined,
  );
}

/** How many days spent more than `budget`. */
export function daysOver(spend: DailySpend, budget: number): number {
  return spend.days.filter((day) => day.total > budget).length;
}

/**
 * The top of the chart's scale: the busiest day or the budget, whichever is higher, rounded up to 1, 2 or 5
 * times a power of ten, so the scale's label is a round number.
 */
export function scaleTop(peak: number, budget = 0): number {
  const highest = Math.max(peak, budget, 1);
  const power = 10 ** Math.floor(Math.log10(highest));
  const step = [1, 2, 5, 10].find((factor) => factor * power >= highest) ?? 10;
  return step * power;
}
