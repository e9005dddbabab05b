import { useEffect, useState } from 'react';
import { toErrorInfo } from '../../error-info';
import type { ErrorInfo } from '../../errors';
import type { HistoryChanges } from '../../storage/items';
import type { HistoryDb } from '../history-db';
import { pageHistoryDb, readHistory, watchHistoryChanges } from './history-source';

export interface HistoryRead<T> {
  value: T;
  read: boolean;
  error?: ErrorInfo;
}

export interface HistorySources {
  open?: () => Promise<HistoryDb | undefined>;
  watch?: (listener: (change: HistoryChanges) => void) => () => void;
}

/**
 * What `read` finds in the page's history database, read once and again at each change the background
 * signals (a charge is written with the entries it settles, so it comes with their signal); `none` while the
 * worker has not made the database yet. Reads run one after the other, so an older answer never lands on a
 * newer one. `read` and `none` must keep their identity across renders: a new one reads again.
 */
export function useHistoryRead<T>(
  read: (db: HistoryDb) => Promise<T>,
  none: T,
  { open = pageHistoryDb, watch = watchHistoryChanges }: HistorySources = {},
): HistoryRead<T> {
  const [state, setState] = useState<HistoryRead<T>>({ value: none, read: false });

  useEffect(() => {
    let live = true;
    let queue: Promise<unknown> = Promise.resolve();
    const readAll = () => {
      queue = queue
        .then(() => readHistory(open, read, none))
        .then(
          (value) => {
            if (live) setState({ value, read: true });
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
  }, [open, watch, read, none]);

  return state;
}
