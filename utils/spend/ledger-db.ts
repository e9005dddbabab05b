import type { HistoryDb, HistorySchema } from '../history/history-db';
import { request } from '../idb/request';
import { done } from '../idb/transaction';
import type { Store } from '../idb/types';
import { batchCost, type CostEstimate, type CostRequest } from './cost-estimate';
import { sumCredits } from './credits';
import { addToDay, type Charge, type DaySum, keptFrom } from './ledger';
import { estimateFromPrices, priceKey, priceRecordKey, withPrice } from './prices';

/** The ledger's stores, inside a change's own transaction. */
export interface LedgerStores {
  ledger: Store<HistorySchema['ledger']>;
  spendDays: Store<HistorySchema['spendDays']>;
  prices: Store<HistorySchema['prices']>;
}

/**
 * Adds charges, their days' sums and their prices in the caller's transaction, so they land with the
 * entries' costs or not at all. A charge already there (a settling run again after a stop) is not counted
 * twice; nothing is ever replaced. A free generation is a charge of nothing: a real price, no spending.
 */
export async function appendCharges(stores: LedgerStores, charges: readonly Charge[]) {
  for (const charge of charges) {
    if (charge.milli < 0 || (await request(stores.ledger.getKey(charge.id))) !== undefined) continue;
    await request(stores.ledger.add(charge));
    await addCharged(stores, charge);
  }
}

/** A new charge's day sum and price. */
async function addCharged({ spendDays, prices }: Omit<LedgerStores, 'ledger'>, charge: Charge) {
  const day: [string, string] = [charge.profile, charge.day];
  await request(spendDays.put(addToDay(await request(spendDays.get(day)), charge)));
  const priced = priceRecordKey(charge);
  if (priced) await request(prices.put(withPrice(await request(prices.get(priced)), priced, charge)));
}

/** Every profile's day sums from `from` to `to` (local days, both included): what the spend chart draws. */
export async function daySums(db: HistoryDb, { from, to }: { from: string; to: string }): Promise<DaySum[]> {
  const store = db.transaction('spendDays').objectStore('spendDays');
  return request(store.index('day').getAll(IDBKeyRange.bound(from, to)));
}

/** What one more `asked` request would likely cost `profile`, from its latest recorded prices. */
export async function estimate(
  db: HistoryDb,
  profile: string,
  asked: CostRequest,
): Promise<CostEstimate | undefined> {
  const prices = db.transaction('prices').objectStore('prices');
  return estimateFromPrices(await request(prices.get([profile, priceKey(asked)])));
}

/** Generations a budget check is asked about: `count` requests like `request`. */
export interface AskedCost {
  request: CostRequest;
  count: number;
}

/**
 * A profile's day sums from `from` to `to` and what the `asked` generations would likely cost together (a
 * comparison asks for several models at once), in one read transaction: what the budget check reads before
 * every generation (one read per request type, whatever the ledger holds), and the 80 % notice after one.
 * The cost counts the requests with an estimate; undefined when none has one.
 */
export async function budgetReads(
  db: HistoryDb,
  { profile, from, to }: { profile: string; from: string; to: string },
  asked: readonly AskedCost[] = [],
): Promise<{ days: DaySum[]; cost: number | undefined }> {
  const tx = db.transaction(['spendDays', 'prices']);
  const prices = tx.objectStore('prices');
  const [days, ...records] = await Promise.all([
    request(tx.objectStore('spendDays').getAll(IDBKeyRange.bound([profile, from], [profile, to]))),
    ...asked.map((one) => request(prices.get([profile, priceKey(one.request)]))),
  ]);
  const costs = asked.flatMap(
    ({ count }, at) => batchCost(count, estimateFromPrices(records[at]))?.total ?? [],
  );
  return { days, cost: costs.length > 0 ? sumCredits(costs) : undefined };
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
