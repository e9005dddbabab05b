import { useEffect, useState } from 'react';
import { toErrorInfo } from '../../error-info';
import type { ErrorInfo } from '../../errors';
import type { HistoryDb } from '../../history/history-db';
import { pageHistoryDb, readHistory, watchHistoryChanges } from '../../history/page/history-source';
import type { HistoryChanges } from '../../storage/items';
import { nextMidnight } from '../daily-spend';
import type { DaySum } from '../ledger';
import { chartDaySums } from './spend-reader';

export interface SpendDays {
  /** Every profile's day sums over the chart's days. */
  sums: readonly DaySum[];
  read: boolean;
  error?: ErrorInfo;
}

interface Sources {
  open?: () => Promise<HistoryDb | undefined>;
  watch?: (listener: (change: HistoryChanges) => void) => () => void;
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

/**
 * The spend ledger's day sums of the chart's days, read once and again at each change the background
 * signals (a charge is written with the entries it settles, so it comes with their signal): a handful of
 * records, whatever the history holds. Reads run one after the other, so an older answer never lands on a
 * newer one.
 */
export function useSpendDays(
  now: number,
  { open = pageHistoryDb, watch = watchHistoryChanges }: Sources = {},
): SpendDays {
  const [state, setState] = useState<SpendDays>({ sums: [], read: false });

  useEffect(() => {
    let live = true;
    let queue: Promise<unknown> = Promise.resolve();
    const readAll = () => {
      queue = queue
        .then(() => readHistory(open, (db) => chartDaySums(db, now), []))
        .then(
          (sums) => {
            if (live) setState({ sums, read: true });
          },
          (failure: unknown) => {
            if (live) setState((current) => ({ ...current, read: true, error: toErrorInfo(failure) }));
          },
        );
    };
    readAll();
    const stop = watch(readAll);
    return () => {
      live = false;
      stop();
    };
  }, [open, watch, now]);

  return state;
}
