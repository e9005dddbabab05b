import { useCallback, useEffect, useState } from 'react';
import type { ErrorInfo } from '../../errors';
import type { HistoryDb } from '../../history/history-db';
import { type HistorySources, useHistoryRead } from '../../history/page/use-history-read';
import { nextMidnight } from '../daily-spend';
import type { DaySum } from '../ledger';
import { chartDaySums } from './spend-reader';

export interface SpendDays {
  /** Every profile's day sums over the chart's days. */
  sums: readonly DaySum[];
  read: boolean;
  error?: ErrorInfo;
}

/** The time now, moved on at each local midnight, so the chart's last day stays today while the page is open. */
export function useToday(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setTimeout(() => setNow(Date.now()), nextMidnight(now) - Date.now() + 1000);
    return () => clearTimeout(timer);
  }, [now]);
  return now;
}

const NO_SUMS: readonly DaySum[] = [];

/** The spend ledger's day sums of the chart's days: a handful of records, whatever the history holds. */
export function useSpendDays(now: number, sources?: HistorySources): SpendDays {
  const read = useCallback((db: HistoryDb) => chartDaySums(db, now), [now]);
  const { value, ...state } = useHistoryRead<readonly DaySum[]>(read, NO_SUMS, sources);
  return { sums: value, ...state };
}
