import { describe, expect, it } from 'vitest';
import { batchCost, type CostRequest, RECENT_COSTS } from '@/utils/spend/cost-estimate';
import type { Charge } from '@/utils/spend/ledger';
import {
  estimateFromPrices,
  type PriceRecord,
  priceKey,
  priceRecordKey,
  withPrice,
} from '@/utils/spend/prices';

const START = Date.UTC(2026, 0, 5, 9);

let clock = START;
let ids = 0;
/** An image charge of flux-pro by the first profile, one minute after the previous fixture. */
function charge(credits: number, fields: Partial<Charge> = {}): Charge {
  clock += 60_000;
  return {
    id: `charge-${ids++}`,
    profile: 'profile-1',
    origin: 'https://service.example',
    keyId: 'key-1',
    day: '2026-01-05',
    at: clock,
    milli: Math.round(credits * 1000),
    kind: 'image',
    entries: [],
    model: 'flux-pro',
    ...fields,
  };
}
const video = (credits: number, options: { duration?: number; resolution?: string } = {}, fields = {}) =>
  charge(credits, { kind: 'video', model: 'veo-3', duration: 8, resolution: '1080p', ...options, ...fields });

/** The price records the charges make, as the ledger keeps them: one per profile and request. */
function recordsOf(charges: readonly Charge[]): Map<string, PriceRecord> {
  const records = new Map<string, PriceRecord>();
  for (const each of charges) {
    const key = priceRecordKey(each);
    if (!key) continue;
    const id = JSON.stringify(key);
    records.set(id, withPrice(records.get(id), key, each));
  }
  return records;
}

const IMAGE: CostRequest = { kind: 'image', model: 'flux-pro' };
const VIDEO: CostRequest = { kind: 'video', model: 'veo-3', options: { duration: 8, resolution: '1080p' } };

/** What `charges` tell of one more `request` by `profile`. */
function estimate(charges: readonly Charge[], request: CostRequest, profile = 'profile-1') {
  return estimateFromPrices(recordsOf(charges).get(JSON.stringify([profile, priceKey(request)])));
}

describe('estimates from the latest prices', () => {
  it('knows nothing without a recorded price, rather than inventing one', () => {
    expect(estimate([], IMAGE)).toBeUndefined();
    expect(estimate([charge(40, { model: 'flux-dev' })], IMAGE)).toBeUndefined();
    expect(estimate([video(70)], IMAGE)).toBeUndefined();
    // A group's charge says nothing of one request's price.
    expect(
      estimate([charge(40, { kind: 'mixed' }), charge(40, { model: undefined })], IMAGE),
    ).toBeUndefined();
  });

  it('takes the median of the same model’s recorded prices', () => {
    expect(estimate([charge(40), charge(44), charge(40)], IMAGE)).toEqual({ credits: 40, basedOn: 3 });
  });

  it('takes the median of an even count exactly, in the service’s fractions (to the thousandth)', () => {
    expect(estimate([charge(40), charge(45)], IMAGE)).toEqual({ credits: 42.5, basedOn: 2 });
    expect(estimate([charge(2.5), charge(2.6)], IMAGE)).toEqual({ credits: 2.55, basedOn: 2 });
    // 0.0015 is no thousandth: the middle of 0.001 and 0.002 is rounded to one.
    expect(estimate([charge(0.001), charge(0.002)], IMAGE)?.credits).toBe(0.002);
  });

  it('is not dragged by one odd reading', () => {
    expect(estimate([charge(40), charge(40), charge(0), charge(4000)], IMAGE)).toEqual({
      credits: 40,
      basedOn: 4,
    });
  });

  it('counts a price of zero: a free generation is a real price', () => {
    expect(estimate([charge(0)], IMAGE)).toEqual({ credits: 0, basedOn: 1 });
  });

  it('keeps profiles apart', () => {
    const charges = [
      charge(40),
      charge(42),
      charge(90, { profile: 'profile-2' }),
      charge(92, { profile: 'profile-2' }),
      charge(94, { profile: 'profile-2' }),
    ];
    expect(estimate(charges, IMAGE)).toEqual({ credits: 41, basedOn: 2 });
    expect(estimate(charges, IMAGE, 'profile-2')).toEqual({ credits: 92, basedOn: 3 });
    expect(estimate(charges, IMAGE, 'profile-3')).toBeUndefined();
  });

  it('compares a video with videos of the same duration and resolution only', () => {
    const charges = [
      video(70),
      video(72),
      video(35, { duration: 4 }),
      video(36, { duration: 4 }),
      video(140, { resolution: '2160p' }),
      video(50, { resolution: '720p' }),
      video(999, { duration: undefined, resolution: undefined }),
    ];
    expect(estimate(charges, VIDEO)).toEqual({ credits: 71, basedOn: 2 });
    expect(estimate(charges, { ...VIDEO, options: { duration: 4, resolution: '1080p' } })).toEqual({
      credits: 35.5,
      basedOn: 2,
    });
    expect(estimate(charges, { ...VIDEO, options: { duration: 8, resolution: '720p' } })).toEqual({
      credits: 50,
      basedOn: 1,
    });
    expect(estimate(charges, { ...VIDEO, options: { duration: 6, resolution: '1080p' } })).toBeUndefined();
  });

  it('follows a price change within the most recent prices, whatever order the charges come in', () => {
    const before = Array.from({ length: 200 }, () => charge(40));
    const after = Array.from({ length: RECENT_COSTS / 2 + 1 }, () => charge(60));
    expect(estimate([...after, ...before].reverse(), IMAGE)).toEqual({ credits: 60, basedOn: RECENT_COSTS });
    expect(estimate([...after, ...before], IMAGE)).toEqual({ credits: 60, basedOn: RECENT_COSTS });
    expect(estimate([...before, ...after.slice(0, 5)], IMAGE)).toEqual({
      credits: 40,
      basedOn: RECENT_COSTS,
    });
  });

  it('keeps at most RECENT_COSTS prices a record over 10,000 charges', () => {
    const models = ['flux-pro', 'flux-dev'];
    const charges = Array.from({ length: 10_000 }, (_, index) =>
      index % 3 === 2
        ? video(60 + (index % 20), { duration: index % 2 ? 8 : 4 }, { profile: `profile-${index % 4}` })
        : charge(30 + (index % 15), { model: models[index % 2] ?? 'flux-pro' }),
    );
    const records = [...recordsOf(charges).values()];
    expect(Math.max(...records.map((record) => record.recent.length))).toBe(RECENT_COSTS);
    expect(estimate(charges, IMAGE)).toMatchObject({ basedOn: RECENT_COSTS });
    expect(estimate(charges, VIDEO, 'profile-1')).toMatchObject({ basedOn: RECENT_COSTS });
  });
});

describe('batchCost', () => {
  it('multiplies exactly: 3 × 0.1 is 0.3, 7 × 7.5 is 52.5; an unknown estimate stays unknown', () => {
    expect(batchCost(3, { credits: 0.1, basedOn: 1 })).toEqual({ total: 0.3 });
    expect(batchCost(7, { credits: 7.5, basedOn: 1 })).toEqual({ total: 52.5 });
    expect(batchCost(0, { credits: 40, basedOn: 12 })).toEqual({ total: 0 });
    expect(batchCost(7, undefined)).toBeUndefined();
  });
});
