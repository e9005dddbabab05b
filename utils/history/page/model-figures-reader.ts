import { useCallback } from 'react';
import { request } from '../../idb/request';
import { dayBounds } from '../../spend/daily-spend';
import type { HistoryDb } from '../history-db';
import { type HistoryRead, type HistorySources, useHistoryRead } from './use-history-read';

/**
 * The entries made since the first of the spend chart's days and the charges recorded since then, in one read
 * transaction, so a charge and the entry it was written with are read together.
 */
export async function readFiguresPeriod(db: HistoryDb, now: number) {
  const from = dayBounds(now)[0] as number;
  const tx = db.transaction(['entries', 'ledger']);
  const [rows, charges] = await Promise.all([
    request(
      tx
        .objectStore('entries')
        .index('date')
        .getAll(IDBKeyRange.lowerBound([from, -Infinity])),
    ),
    request(tx.objectStore('ledger').index('at').getAll(IDBKeyRange.lowerBound(from))),
  ]);
  return { entries: rows.map((row) => row.entry), charges };
}

type FiguresPeriod = Awaited<ReturnType<typeof readFiguresPeriod>>;
const NO_PERIOD: FiguresPeriod = { entries: [], charges: [] };

/** The period's entries and charges, read again at each change of the history. */
export function useFiguresPeriod(now: number, sources?: HistorySources): HistoryRead<FiguresPeriod> {
  const read = useCallback((db: HistoryDb) => readFiguresPeriod(db, now), [now]);
  return useHistoryRead(read, NO_PERIOD, sources);
}
