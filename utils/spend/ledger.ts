import type * as z from 'zod/mini';
import type { HistoryEntry } from '../history/schema';
import { localDate } from '../local-date';
import type { chargeSchema, daySumSchema } from './ledger-schema';

/**
 * The spend ledger: every charge the extension recorded, kept apart from the history in the history's
 * database, so removing entries, clearing, trimming, the drop rule or a full storage never give a budget back.
 * Charges are only ever added (in the transaction that stores the entries' costs); after LEDGER_KEEP_MONTHS
 * a charge is dropped and only its day's sum stays (`DaySum`), which is what budgets and the chart read.
 * Amounts are whole thousandths of a credit (credits.ts).
 */

export type ChargeKind = HistoryEntry['kind'] | 'mixed';

/** One recorded charge: an entry's own cost, or what a group of overlapping generations took together. */
export type Charge = z.infer<typeof chargeSchema>;

/** What a profile's charges came to on one local day: the compacted form of the ledger. */
export type DaySum = z.infer<typeof daySumSchema>;

/** How long single charges are kept before only their day's sum is (at least the 13 months asked for). */
export const LEDGER_KEEP_MONTHS = 13;

/** The charge of one entry's own cost (`milli` whole thousandths). */
export function entryCharge(
  entry: HistoryEntry,
  profile: string,
  account: { origin: string; keyId: string },
  milli: number,
): Charge {
  return {
    id: entry.id,
    profile,
    ...account,
    day: localDate(entry.createdAt),
    at: entry.createdAt,
    milli,
    kind: entry.kind,
    entries: [entry.id],
    model: entry.model,
    ...(entry.options ? { duration: entry.options.duration, resolution: entry.options.resolution } : {}),
  };
}

/** A day's sum with one more charge in it. */
export function addToDay(sum: DaySum | undefined, charge: Charge): DaySum {
  const next = sum ?? { profile: charge.profile, day: charge.day, images: 0, videos: 0, mixed: 0, count: 0 };
  const field = charge.kind === 'image' ? 'images' : charge.kind === 'video' ? 'videos' : 'mixed';
  return { ...next, [field]: next[field] + charge.milli, count: next.count + 1 };
}

export const dayTotal = (sum: DaySum): number => sum.images + sum.videos + sum.mixed;

/** Local midnight of the first day whose single charges are still kept at `now`. */
export function keptFrom(now: number): number {
  const date = new Date(now);
  return new Date(date.getFullYear(), date.getMonth() - LEDGER_KEEP_MONTHS, 1).getTime();
}
