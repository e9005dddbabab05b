import type { HistoryEntry } from '../history/schema';
import { profileOf } from '../profiles/first-profile';
import { fromMilli, toMilli } from '../spend/credits';

/**
 * What a generation will probably cost, from what the same request cost this person before: their own
 * recorded costs are the only figure the extension can stand behind, and no estimate beats a made-up one.
 * Page-side and free of zod (the schema import is a type only), as the popup loads it on demand.
 */

/**
 * Only the latest matching costs count: when the service changes a price, the estimate follows once half
 * of these are at the new price, instead of being outvoted by months of old ones.
 */
export const RECENT_COSTS = 50;

type PricedOptions = Pick<NonNullable<HistoryEntry['options']>, 'duration' | 'resolution'>;

/** The part of a history entry (or of a ledger charge) an estimate reads. */
export type CostRecord = Pick<
  HistoryEntry,
  'kind' | 'model' | 'status' | 'cost' | 'profileId' | 'createdAt'
> & {
  options?: PricedOptions;
};

/** A video's price depends on its length and size, so only videos of the same ones are compared. */
export type CostRequest =
  | { kind: 'image'; model: string; profileId?: string }
  | {
      kind: 'video';
      model: string;
      options: PricedOptions;
      profileId?: string;
    };

export interface CostEstimate {
  /** Credits one generation is expected to take, to the thousandth. */
  credits: number;
  /** How many recorded costs it comes from, so the page can say how sure it is. */
  basedOn: number;
}

/** Profiles are separate accounts, possibly at separate services, so their prices are not mixed when one is named. */
function isSameRequest(entry: CostRecord, request: CostRequest): boolean {
  if (entry.kind !== request.kind || entry.model !== request.model) return false;
  if (request.profileId !== undefined && profileOf(entry) !== request.profileId) return false;
  if (request.kind === 'image') return true;
  return (
    entry.options?.duration === request.options.duration &&
    entry.options.resolution === request.options.resolution
  );
}

/** The median rather than the mean: one odd reading (a top-up between two balance reads) cannot drag it. */
function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? 0;
  const lower = sorted.length % 2 === 1 ? upper : (sorted[middle - 1] ?? upper);
  return (lower + upper) / 2;
}

/** The likely cost of one generation, or undefined when nothing like it has a recorded cost yet. */
export function estimateCost(entries: readonly CostRecord[], request: CostRequest): CostEstimate | undefined {
  const recorded: { cost: number; createdAt: number }[] = [];
  for (const entry of entries) {
    if (entry.status === 'completed' && entry.cost !== undefined && isSameRequest(entry, request))
      recorded.push({ cost: entry.cost, createdAt: entry.createdAt });
  }
  if (recorded.length === 0) return undefined;
  // The price in force is the one when the request was made, so recency goes by creation.
  const recent = recorded.sort((a, b) => b.createdAt - a.createdAt).slice(0, RECENT_COSTS);
  // Taken in thousandths, so the middle of 2.5 and 2.6 is 2.55, not a float's 2.5500000000000003.
  const middle = Math.round(median(recent.map((item) => toMilli(item.cost))));
  return { credits: fromMilli(middle), basedOn: recent.length };
}

/** What `count` such generations would cost together, exactly; unknown when one of them is. */
export function batchCost(count: number, estimate: CostEstimate): { total: number };
export function batchCost(count: number, estimate: CostEstimate | undefined): { total: number } | undefined;
export function batchCost(count: number, estimate: CostEstimate | undefined): { total: number } | undefined {
  return estimate === undefined ? undefined : { total: fromMilli(count * toMilli(estimate.credits)) };
}
