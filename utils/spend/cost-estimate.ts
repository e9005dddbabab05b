import type { HistoryEntry } from '../history/schema';
import { median } from '../median';
import { fromMilli, toMilli } from './credits';

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

/** A video's price depends on its length and size, so only videos of the same ones are compared. */
export type CostRequest =
  | { kind: 'image'; model: string }
  | { kind: 'video'; model: string; options: PricedOptions };

export interface CostEstimate {
  /** Credits one generation is expected to take, to the thousandth. */
  credits: number;
  /** How many recorded costs it comes from, so the page can say how sure it is. */
  basedOn: number;
}

/**
 * The estimate from the latest recorded prices of a request, in thousandths, or undefined without one. The
 * median rather than the mean: one odd reading (a top-up between two balance reads) cannot drag it. Taken in
 * thousandths, so the middle of 2.5 and 2.6 is 2.55, not a float's 2.5500000000000003.
 */
export function medianEstimate(millis: readonly number[]): CostEstimate | undefined {
  const middle = median(millis);
  return middle === undefined
    ? undefined
    : { credits: fromMilli(Math.round(middle)), basedOn: millis.length };
}

/** What `count` such generations would cost together, exactly; unknown when one of them is. */
export function batchCost(count: number, estimate: CostEstimate): { total: number };
export function batchCost(count: number, estimate: CostEstimate | undefined): { total: number } | undefined;
export function batchCost(count: number, estimate: CostEstimate | undefined): { total: number } | undefined {
  return estimate === undefined ? undefined : { total: fromMilli(count * toMilli(estimate.credits)) };
}
