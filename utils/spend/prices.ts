import { type CostEstimate, type CostRequest, medianEstimate, RECENT_COSTS } from './cost-estimate';
import type { Charge } from './ledger';

/**
 * The latest prices of each request a profile makes, kept beside the ledger as its charges are added (in
 * the same transaction), so an estimate (the budget check before every generation, a page's cost preview)
 * is one read of one small record, whatever the ledger holds.
 */
export interface PriceRecord {
  profile: string;
  /** What was asked (`priceKey`): a price depends on the kind, the model, and a video's length and size. */
  request: string;
  /** `[when the generation began, thousandths]`, newest first, at most RECENT_COSTS. */
  recent: [at: number, milli: number][];
}

/** The record's key for a request; a video of another length or size is another request. */
export function priceKey(request: CostRequest): string {
  return JSON.stringify(
    request.kind === 'image'
      ? [request.kind, request.model]
      : [request.kind, request.model, request.options.duration, request.options.resolution],
  );
}

/** The request an entry's own charge priced; none for a group, which says nothing of one request's price. */
function chargedRequest(charge: Charge): CostRequest | undefined {
  if (charge.model === undefined || charge.kind === 'mixed') return undefined;
  if (charge.kind === 'image') return { kind: 'image', model: charge.model };
  if (charge.duration === undefined || charge.resolution === undefined) return undefined;
  return {
    kind: 'video',
    model: charge.model,
    options: { duration: charge.duration, resolution: charge.resolution },
  };
}

/** The key of the record a charge's price goes into, if it prices a request. */
export function priceRecordKey(charge: Charge): [profile: string, request: string] | undefined {
  const request = chargedRequest(charge);
  return request && [charge.profile, priceKey(request)];
}

/**
 * The record with one more price in it. The price in force is the one when the request was made, so the
 * newest by that time are kept, whatever order the charges are settled in.
 */
export function withPrice(
  record: PriceRecord | undefined,
  [profile, request]: [string, string],
  charge: Charge,
): PriceRecord {
  const recent: PriceRecord['recent'] = [...(record?.recent ?? []), [charge.at, charge.milli]];
  recent.sort((a, b) => b[0] - a[0]);
  return { profile, request, recent: recent.slice(0, RECENT_COSTS) };
}

/** The likely cost of one more such request, or undefined when none has a recorded price yet. */
export function estimateFromPrices(record: PriceRecord | undefined): CostEstimate | undefined {
  return medianEstimate((record?.recent ?? []).map(([, milli]) => milli));
}
