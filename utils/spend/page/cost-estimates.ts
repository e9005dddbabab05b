import { pageHistoryDb, readHistory } from '../../history/page/history-source';
import { batchCost, type CostEstimate, type CostRequest } from '../cost-estimate';
import { sumCredits } from '../credits';
import { estimate } from '../ledger-db';

/**
 * The profile's estimate of each request, in order, from the latest prices kept with the spend ledger
 * (whatever was removed from the history since): each unknown while nothing priced it, and all of them when
 * the database cannot be read, since a preview is no reason to fail a form.
 */
export async function readEstimates(
  profile: string,
  requests: readonly CostRequest[],
): Promise<(CostEstimate | undefined)[]> {
  const none = requests.map(() => undefined);
  try {
    return await readHistory(
      pageHistoryDb,
      (db) => Promise.all(requests.map((asked) => estimate(db, profile, asked))),
      none,
    );
  } catch {
    return none;
  }
}

export interface ComparedCost {
  /** Credits, exactly: each prompt to each model with an estimate. */
  total: number;
  /** How many of the models have one. */
  known: number;
}

/**
 * What `count` prompts sent to each compared model would likely cost: `count` × the sum of the models'
 * estimates, the unknown ones left out (the caller says so); undefined when none is known.
 */
export function comparedCost(
  count: number,
  estimates: readonly (CostEstimate | undefined)[],
): ComparedCost | undefined {
  const known = estimates.filter((one): one is CostEstimate => one !== undefined);
  if (known.length === 0) return undefined;
  return { total: sumCredits(known.map((one) => batchCost(count, one).total)), known: known.length };
}
