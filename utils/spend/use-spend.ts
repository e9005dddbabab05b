import { useEffect, useState } from 'react';
import { toErrorInfo } from '../error-info';
import type { ErrorInfo } from '../errors';
import type { HistoryDb } from '../history/history-db';
import type { HistoryChanges } from '../storage/items';
import { pageHistoryDb, watchHistoryChanges } from '../ui/history-source';
import { dayBounds, nextMidnight, type SpendFact } from './daily-spend';
import { spendOf, spendSince } from './spend-reader';

export interface SpendFacts {
  /** Every recorded cost since the chart's first day, by entry id. */
  facts: ReadonlyMap<string, SpendFact>;
  read: boolean;
  error?: ErrorInfo;
}

interface Sources {
  open?: () => Promise<HistoryDb>;
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
 * The recorded costs of the chart's days, read once by the date index and kept current by the background's
 * change signal: a change re-reads only the entries it names, `cleared` reads the days again. Reads run one
 * after the other, so an older answer never lands on a newer one.
 */
export function useSpendFacts(
  now: number,
  { open = pageHistoryDb, watch = watchHistoryChanges }: Sources = {},
): SpendFacts {
  const [state, setState] = useState<SpendFacts>({ facts: new Map(), read: false });
  const since = dayBounds(now)[0] as number;

  useEffect(() => {
    let live = true;
    let queue: Promise<unknown> = Promise.resolve();
    const settle = (read: (db: HistoryDb) => Promise<(facts: Map<string, SpendFact>) => void>) => {
      queue = queue
        .then(open)
        .then(read)
        .then(
          (apply) => {
            if (!live) return;
            setState((current) => {
              const facts = new Map(current.facts);
              apply(facts);
              return { facts, read: true };
            });
          },
          (failure: unknown) => {
            if (live) setState((current) => ({ ...current, read: true, error: toErrorInfo(failure) }));
          },
        );
    };
    const readAll = () =>
      settle(async (db) => {
        const found = await spendSince(db, since);
        return (facts) => {
          facts.clear();
          for (const fact of found) facts.set(fact.id, fact);
        };
      });
    readAll();
    const stop = watch((change) => {
      if (change.cleared) {
        readAll();
        return;
      }
      settle(async (db) => {
        const found = await spendOf(db, change.ids);
        return (facts) => {
          for (const [id, fact] of found) {
            if (fact && fact.createdAt >= since) facts.set(id, fact);
            else facts.delete(id);
          }
        };
      });
    });
    return () => {
      live = false;
      stop();
    };
  }, [open, watch, since]);

  return state;
}
