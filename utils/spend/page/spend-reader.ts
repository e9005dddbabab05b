import type { HistoryDb } from '../../history/history-db';
import { localDate } from '../../local-date';
import { dayBounds } from '../daily-spend';
import type { DaySum } from '../ledger';
import { daySums } from '../ledger-db';

/** Every profile's day sums of the chart's days: at most one record per profile and day. */
export function chartDaySums(db: HistoryDb, now: number): Promise<DaySum[]> {
  const bounds = dayBounds(now);
  return daySums(db, { from: localDate(bounds[0] as number), to: localDate(bounds.at(-2) as number) });
}
