import { type DateKey, entriesOf, type HistoryDb } from '../history/history-db';
import { request } from '../idb/request';
import { rowsByIds } from '../ui/history-reader';
import { type SpendFact, spendFact } from './daily-spend';

/** Records read per transaction: the page paints between batches even when a month holds 10,000 entries. */
const BATCH = 1000;

/**
 * The recorded costs of every entry created at or after `since`, read by the date index from there on, so a
 * month's chart reads that month, never the rest of the history.
 */
export async function spendSince(db: HistoryDb, since: number): Promise<SpendFact[]> {
  const facts: SpendFact[] = [];
  let range = IDBKeyRange.lowerBound([since, Number.NEGATIVE_INFINITY]);
  for (;;) {
    const rows = await request(entriesOf(db).index('date').getAll(range, BATCH));
    for (const row of rows) {
      const fact = spendFact(row.entry);
      if (fact) facts.push(fact);
    }
    const last = rows.at(-1);
    if (rows.length < BATCH || !last) return facts;
    const after: DateKey = [last.createdAt, last.seq];
    range = IDBKeyRange.lowerBound(after, true);
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

/**
 * The entries a change names, as stored now: each id with its recorded cost, or undefined when it is gone or
 * has none (yet).
 */
export async function spendOf(
  db: HistoryDb,
  ids: readonly string[],
): Promise<Map<string, SpendFact | undefined>> {
  const rows = await rowsByIds(db, ids);
  const found = new Map(rows.map((row) => [row.id, spendFact(row.entry)]));
  return new Map(ids.map((id) => [id, found.get(id)]));
}
