// @vitest-environment node
import { afterAll, describe, expect, it } from 'vitest';
import { localDate } from '../../../utils/local-date';
import {
  type DailySpend,
  dailySpend,
  dayBounds,
  daysOver,
  nextMidnight,
  peakDay,
  SPEND_DAYS,
  scaleTop,
} from '../../../utils/spend/daily-spend';
import type { DaySum } from '../../../utils/spend/ledger';

// Days are the person's calendar days: a zone with clock changes shows that a day is not always 24 hours.
// Set before any date is made, the describe blocks' included (they run while the tests are collected).
const zone = process.env.TZ;
process.env.TZ = 'Europe/Berlin';
afterAll(() => {
  process.env.TZ = zone;
});

const at = (y: number, m: number, d: number, h = 12, min = 0) => new Date(y, m - 1, d, h, min).getTime();

/** A ledger day sum holding one charge of `cost` credits made at `createdAt` (`id` names it in the test only). */
function fact(
  _id: string,
  createdAt: number,
  cost: number,
  { kind = 'image', profile = 'profile-1' }: { kind?: 'image' | 'video' | 'mixed'; profile?: string } = {},
): DaySum {
  const milli = Math.round(cost * 1000);
  return {
    profile,
    day: localDate(createdAt),
    images: kind === 'image' ? milli : 0,
    videos: kind === 'video' ? milli : 0,
    mixed: kind === 'mixed' ? milli : 0,
    count: 1,
  };
}

const byDate = (spend: DailySpend) =>
  Object.fromEntries(spend.days.filter((day) => day.total > 0).map((day) => [localDate(day.start), day]));

describe('the days of the chart', () => {
  it('are the 30 local days ending today, each starting at local midnight', () => {
    const bounds = dayBounds(at(2025, 6, 15, 9));
    expect(bounds).toHaveLength(SPEND_DAYS + 1);
    expect(localDate(bounds[0] as number)).toBe('2025-05-17');
    expect(bounds[SPEND_DAYS - 1]).toBe(at(2025, 6, 15, 0));
    expect(bounds[SPEND_DAYS]).toBe(at(2025, 6, 16, 0));
    for (const bound of bounds) expect(new Date(bound).getHours()).toBe(0);
  });

  it('follow the clock changes: the spring day has 23 hours, the autumn day 25', () => {
    const spring = dayBounds(at(2025, 3, 31));
    const springIndex = spring.indexOf(at(2025, 3, 30, 0));
    expect((spring[springIndex + 1] as number) - (spring[springIndex] as number)).toBe(23 * 3_600_000);
    const autumn = dayBounds(at(2025, 10, 27));
    const autumnIndex = autumn.indexOf(at(2025, 10, 26, 0));
    expect((autumn[autumnIndex + 1] as number) - (autumn[autumnIndex] as number)).toBe(25 * 3_600_000);
    expect(nextMidnight(at(2025, 10, 26, 1))).toBe(at(2025, 10, 27, 0));
  });

  it('count an entry on the day of the clock change by its local day, not by 24-hour steps', () => {
    // 23:30 on the 25-hour day: 24-hour steps back from the next midnight would put it on the next day.
    const late = at(2025, 10, 26, 23, 30);
    const early = at(2025, 10, 27, 0, 30);
    const spend = dailySpend([fact('a', late, 4), fact('b', early, 6)], at(2025, 10, 28));
    expect(byDate(spend)['2025-10-26']?.total).toBe(4);
    expect(byDate(spend)['2025-10-27']?.total).toBe(6);
  });
});

describe('credits spent per day', () => {
  const now = at(2025, 6, 15, 18);

  it('split images and videos, with the totals, and zeros for days without spend', () => {
    const spend = dailySpend(
      [
        fact('a', at(2025, 6, 15, 8), 3),
        fact('b', at(2025, 6, 15, 9), 40, { kind: 'video' }),
        fact('c', at(2025, 6, 14, 0, 0), 2),
        fact('d', at(2025, 6, 13, 23, 59), 5, { kind: 'video' }),
      ],
      now,
    );
    expect(spend.days).toHaveLength(SPEND_DAYS);
    expect(spend.days.filter((day) => day.total === 0)).toHaveLength(SPEND_DAYS - 3);
    expect(byDate(spend)).toEqual({
      '2025-06-13': { start: at(2025, 6, 13, 0), images: 0, videos: 5, together: 0, total: 5 },
      '2025-06-14': { start: at(2025, 6, 14, 0), images: 2, videos: 0, together: 0, total: 2 },
      '2025-06-15': { start: at(2025, 6, 15, 0), images: 3, videos: 40, together: 0, total: 43 },
    });
    expect([spend.images, spend.videos, spend.total]).toEqual([5, 45, 50]);
  });

  it('leave out what lies before the first day or after today', () => {
    const spend = dailySpend(
      [
        fact('old', at(2025, 5, 16, 23, 59), 7),
        fact('first', at(2025, 5, 17, 0, 0), 1),
        fact('tomorrow', at(2025, 6, 16, 0, 0), 9),
      ],
      now,
    );
    expect(spend.total).toBe(1);
    expect(spend.days[0]?.total).toBe(1);
  });

  it('of one profile, or of all when none is named', () => {
    const facts = [fact('a', now, 3), fact('b', now, 4, { profile: 'work' })];
    expect(dailySpend(facts, now, 'profile-1').total).toBe(3);
    expect(dailySpend(facts, now, 'work').total).toBe(4);
    expect(dailySpend(facts, now).total).toBe(7);
  });
});

describe('what counts as spend', () => {
  const now = at(2025, 6, 15, 18);

  it('sums fractions exactly, and counts what overlapping generations took together in the total', () => {
    const spend = dailySpend(
      [
        fact('a', at(2025, 6, 15, 8), 0.1),
        fact('b', at(2025, 6, 15, 9), 0.2),
        fact('c', at(2025, 6, 15, 10), 7.5, { kind: 'video' }),
        fact('d', at(2025, 6, 14, 10), 15, { kind: 'mixed' }),
      ],
      now,
    );
    expect(byDate(spend)['2025-06-15']).toMatchObject({ images: 0.3, videos: 7.5, together: 0, total: 7.8 });
    expect(byDate(spend)['2025-06-14']).toMatchObject({ images: 0, videos: 0, together: 15, total: 15 });
    expect([spend.images, spend.videos, spend.together, spend.total]).toEqual([0.3, 7.5, 15, 22.8]);
  });
});

describe('the chart’s scale and summary', () => {
  it('rounds the top up to 1, 2 or 5 times a power of ten, the budget included', () => {
    expect(scaleTop(0)).toBe(1);
    expect(scaleTop(3)).toBe(5);
    expect(scaleTop(43)).toBe(50);
    expect(scaleTop(120)).toBe(200);
    expect(scaleTop(1000)).toBe(1000);
    expect(scaleTop(30, 60)).toBe(100);
  });

  it('finds the busiest day and counts the days over the budget', () => {
    const now = at(2025, 6, 15);
    const spend = dailySpend(
      [fact('a', at(2025, 6, 10), 30), fact('b', at(2025, 6, 12), 30), fact('c', at(2025, 6, 14), 8)],
      now,
    );
    expect(localDate(peakDay(spend)?.start ?? 0)).toBe('2025-06-12');
    expect(peakDay(dailySpend([], now))).toBeUndefined();
    expect(daysOver(spend, 10)).toBe(2);
    expect(daysOver(spend, 30)).toBe(0);
  });
});
