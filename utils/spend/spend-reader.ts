import type { DateKey, HistoryDb } from '../history/history-db';
import { entriesPage, rowsByIds } from '../ui/history-reader';
import { type SpendFact, spendFact } from './daily-spend';

/**
 * The recorded costs of every entry created at or after `since`, read by the date index from there on (in
 * batches the page paints between), so a month's chart reads that month, never the rest of the history.
 */
export async function spendSince(db: HistoryDb, since: number): Promise<SpendFact[]> {
  // No record has a negative sequence number: the first one at `since` comes right after this key.
  const after: DateKey = [since, Number.NEGATIVE_INFINITY];
  const { entries } = await entriesPage(db, { count: Number.POSITIVE_INFINITY, order: 'oldest', after });
  return entries.flatMap((entry) => spendFact(entry) ?? []);
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
