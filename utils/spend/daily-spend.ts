import { localDate } from '../local-date';
import { fromMilli } from './credits';
import type { DaySum } from './ledger';

/** How many calendar days the spend chart covers, today included. */
export const SPEND_DAYS = 30;

/** One day's spending in credits. */
export interface SpendDay {
  /** Local midnight that starts the day. */
  start: number;
  images: number;
  videos: number;
  /** Images and videos that overlapped, charged together (settle-spending.ts). */
  together: number;
  total: number;
}

export interface DailySpend {
  /** Oldest first, today last; a day without spend is there with zeros. */
  days: SpendDay[];
  images: number;
  videos: number;
  together: number;
  total: number;
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

/**
 * Credits spent on each of the `SPEND_DAYS` local days ending today, by images, videos and generations
 * charged together, of one profile (`profile`) or of all (undefined), from the ledger's day sums. Summed in
 * thousandths, so the days add up to the total exactly.
 */
export function dailySpend(sums: Iterable<DaySum>, now: number, profile?: string): DailySpend {
  const bounds = dayBounds(now);
  const starts = bounds.slice(0, -1);
  const index = new Map(starts.map((start, i) => [localDate(start), i]));
  const milli = starts.map(() => ({ images: 0, videos: 0, together: 0 }));
  for (const sum of sums) {
    if (profile !== undefined && sum.profile !== profile) continue;
    const day = milli[index.get(sum.day) ?? -1];
    if (!day) continue;
    day.images += sum.images;
    day.videos += sum.videos;
    day.together += sum.mixed;
  }
  const days = starts.map((start, i) => {
    const { images, videos, together } = milli[i] as (typeof milli)[number];
    return {
      start,
      images: fromMilli(images),
      videos: fromMilli(videos),
      together: fromMilli(together),
      total: fromMilli(images + videos + together),
    };
  });
  const all = milli.reduce(
    (sum, day) => ({
      images: sum.images + day.images,
      videos: sum.videos + day.videos,
      together: sum.together + day.together,
    }),
    { images: 0, videos: 0, together: 0 },
  );
  return {
    days,
    images: fromMilli(all.images),
    videos: fromMilli(all.videos),
    together: fromMilli(all.together),
    total: fromMilli(all.images + all.videos + all.together),
  };
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
