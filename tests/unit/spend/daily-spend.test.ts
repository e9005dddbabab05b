// @vitest-environment node
import { afterAll, describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../../utils/history/schema';
import { localDate } from '../../../utils/local-date';
import {
  type DailySpend,
  dailySpend,
  dayBounds,
  daysOver,
  nextMidnight,
  peakDay,
  SPEND_DAYS,
  type SpendFact,
  scaleTop,
  spendFact,
} from '../../../utils/spend/daily-spend';

// Days are the person's calendar days: a zone with clock changes shows that a day is not always 24 hours.
// Set before any date is made, the describe blocks' included (they run while the tests are collected).
const zone = process.env.TZ;
process.env.TZ = 'Europe/Berlin';
afterAll(() => {
  process.env.TZ = zone;
});

const at = (y: number, m: number, d: number, h = 12, min = 0) => new Date(y, m - 1, d, h, min).getTime();

function fact(id: string, createdAt: number, cost: number, patch: Partial<SpendFact> = {}): SpendFact {
  return { id, createdAt, kind: 'image', cost, profile: 'profile-1', ...patch };
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
      '2025-06-13': { start: at(2025, 6, 13, 0), images: 0, videos: 5, total: 5 },
      '2025-06-14': { start: at(2025, 6, 14, 0), images: 2, videos: 0, total: 2 },
      '2025-06-15': { start: at(2025, 6, 15, 0), images: 3, videos: 40, total: 43 },
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
  const entry = (patch: Partial<HistoryEntry>): HistoryEntry => ({
    id: 'e',
    kind: 'video',
    prompt: 'p',
    model: '',
    source: 'popup',
    status: 'completed',
    urls: [],
    createdAt: 5,
    ...patch,
  });

  it('every recorded cost, a failed entry’s too (the service charged it)', () => {
    expect(spendFact(entry({ cost: 12 }))).toEqual({
      id: 'e',
      createdAt: 5,
      kind: 'video',
      cost: 12,
      profile: 'profile-1',
    });
    expect(spendFact(entry({ status: 'failed', cost: 2, profileId: 'work' }))).toMatchObject({
      cost: 2,
      profile: 'work',
    });
  });

  it('nothing for an entry without one: running, or overlapping another generation', () => {
    expect(spendFact(entry({ status: 'running' }))).toBeUndefined();
    expect(spendFact(entry({}))).toBeUndefined();
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
