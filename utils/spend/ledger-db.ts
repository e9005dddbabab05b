import type { HistoryDb, HistorySchema } from '../history/history-db';
import { advance } from '../idb/cursor';
import { request } from '../idb/request';
import { done } from '../idb/transaction';
import type { Cursor, Store } from '../idb/types';
import { addToDay, type Charge, type DaySum, keptFrom } from './ledger';

/** The ledger's two stores, inside a change's own transaction. */
export interface LedgerStores {
  ledger: Store<HistorySchema['ledger']>;
  spendDays: Store<HistorySchema['spendDays']>;
}

/**
 * Adds charges and their days' sums in the caller's transaction, so they land with the entries' costs or not
 * at all. A charge already there (a settling run again after a stop) is not counted twice; nothing is
 * ever replaced.
 */
export async function appendCharges({ ledger, spendDays }: LedgerStores, charges: readonly Charge[]) {
  for (const charge of charges) {
    if (charge.milli <= 0 || (await request(ledger.getKey(charge.id))) !== undefined) continue;
    await request(ledger.add(charge));
    const key: [string, string] = [charge.profile, charge.day];
    await request(spendDays.put(addToDay(await request(spendDays.get(key)), charge)));
  }
}

/** The day sums from `from` to `to` (local days, both included): one profile's, or every profile's. */
export async function daySums(
  db: HistoryDb,
  { from, to, profile }: { from: string; to: string; profile?: string },
): Promise<DaySum[]> {
  const store = db.transaction('spendDays').objectStore('spendDays');
  if (profile !== undefined) return request(store.getAll(IDBKeyRange.bound([profile, from], [profile, to])));
  return request(store.index('day').getAll(IDBKeyRange.bound(from, to)));
}

/**
 * A profile's single charges (every profile's without one), newest first, at most `count`: what an estimate
 * looks back over.
 */
export async function latestCharges(
  db: HistoryDb,
  profile: string | undefined,
  count: number,
): Promise<Charge[]> {
  const store = db.transaction('ledger').objectStore('ledger');
  if (profile === undefined) return newest(store.index('at').openCursor(null, 'prev'), count);
  const range = IDBKeyRange.bound([profile, Number.NEGATIVE_INFINITY], [profile, Number.POSITIVE_INFINITY]);
  return newest(store.index('profileAt').openCursor(range, 'prev'), count);
}

/** The first `count` charges a cursor walks over. */
async function newest<K>(
  opening: IDBRequest<Cursor<K, HistorySchema['ledger']> | null>,
  count: number,
): Promise<Charge[]> {
  const found: Charge[] = [];
  for (let cursor = await request(opening); cursor && found.length < count; cursor = await advance(cursor))
    found.push(cursor.value);
  return found;
}

/**
 * Drops the single charges of days before the kept months; their days' sums stay, so budgets, the chart and
 * the totals read the same. Returns how many it dropped.
 */
export async function compactLedger(db: HistoryDb, now: number): Promise<number> {
  const first = keptFrom(now);
  const tx = db.transaction('ledger', 'readwrite');
  const committed = done(tx);
  const keys = await request(
    tx.objectStore('ledger').index('at').getAllKeys(IDBKeyRange.upperBound(first, true)),
  );
  await Promise.all(keys.map((key) => request(tx.objectStore('ledger').delete(key))));
  await committed;
  return keys.length;
}
