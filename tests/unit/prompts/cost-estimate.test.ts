import { describe, expect, it } from 'vitest';
import { FIRST_PROFILE_ID } from '@/utils/profiles/first-profile';
import {
  batchCost,
  type CostRecord,
  type CostRequest,
  estimateCost,
  RECENT_COSTS,
} from '@/utils/prompts/cost-estimate';

const START = Date.UTC(2026, 0, 5, 9);
const VIDEO_OPTIONS = { duration: 8, resolution: '1080p', aspectRatio: '16:9', generateAudio: true };

let clock = START;
/** A finished image of flux-pro by the first profile, one minute after the previous fixture. */
function entry(fields: Partial<CostRecord> = {}): CostRecord {
  clock += 60_000;
  return { kind: 'image', model: 'flux-pro', status: 'completed', createdAt: clock, ...fields };
}
const video = (cost: number, options: Partial<typeof VIDEO_OPTIONS> = {}, fields: Partial<CostRecord> = {}) =>
  entry({ kind: 'video', model: 'veo-3', options: { ...VIDEO_OPTIONS, ...options }, cost, ...fields });

const IMAGE: CostRequest = { kind: 'image', model: 'flux-pro' };
const VIDEO: CostRequest = { kind: 'video', model: 'veo-3', options: { duration: 8, resolution: '1080p' } };

describe('estimateCost', () => {
  it('knows nothing without a recorded cost, rather than inventing a price', () => {
    expect(estimateCost([], IMAGE)).toBeUndefined();
    expect(estimateCost([entry(), entry({ status: 'failed' })], IMAGE)).toBeUndefined();
    expect(estimateCost([entry({ cost: 40, model: 'flux-dev' })], IMAGE)).toBeUndefined();
    expect(estimateCost([video(70)], IMAGE)).toBeUndefined();
  });

  it('takes the median of the same model’s recorded costs', () => {
    const history = [entry({ cost: 40 }), entry({ cost: 44 }), entry({ cost: 40 })];
    expect(estimateCost(history, IMAGE)).toEqual({ credits: 40, basedOn: 3 });
  });

  it('takes the median of an even count exactly, in the service’s fractions (to the thousandth)', () => {
    expect(estimateCost([entry({ cost: 40 }), entry({ cost: 45 })], IMAGE)).toEqual({
      credits: 42.5,
      basedOn: 2,
    });
    expect(estimateCost([entry({ cost: 2.5 }), entry({ cost: 2.6 })], IMAGE)).toEqual({
      credits: 2.55,
      basedOn: 2,
    });
    // 0.0015 is no thousandth: the middle of 0.001 and 0.002 is rounded to one.
    expect(estimateCost([entry({ cost: 0.001 }), entry({ cost: 0.002 })], IMAGE)?.credits).toBe(0.002);
  });

  it('multiplies an estimate exactly: 3 × 0.1 is 0.3, 7 × 7.5 is 52.5', () => {
    expect(batchCost(3, { credits: 0.1, basedOn: 1 })).toEqual({ total: 0.3 });
    expect(batchCost(7, { credits: 7.5, basedOn: 1 })).toEqual({ total: 52.5 });
    expect(batchCost(7, undefined)).toBeUndefined();
  });

  it('is not dragged by one odd reading', () => {
    const history = [entry({ cost: 40 }), entry({ cost: 40 }), entry({ cost: 0 }), entry({ cost: 4000 })];
    expect(estimateCost(history, IMAGE)).toEqual({ credits: 40, basedOn: 4 });
  });

  it('counts a recorded cost of zero: a free generation is a real price', () => {
    expect(estimateCost([entry({ cost: 0 })], IMAGE)).toEqual({ credits: 0, basedOn: 1 });
  });

  it('reads only completed entries that have a cost', () => {
    const history = [
      entry({ cost: 40 }),
      entry({ status: 'failed', cost: 400 }),
      entry({ status: 'running', cost: 400 }),
      entry({}),
      entry({ status: 'completed' }),
    ];
    expect(estimateCost(history, IMAGE)).toEqual({ credits: 40, basedOn: 1 });
  });

  it('keeps profiles apart when one is named, the first profile owning entries made before profiles', () => {
    const history = [
      entry({ cost: 40 }),
      entry({ cost: 42, profileId: FIRST_PROFILE_ID }),
      entry({ cost: 90, profileId: 'profile-2' }),
      entry({ cost: 92, profileId: 'profile-2' }),
      entry({ cost: 94, profileId: 'profile-2' }),
    ];
    expect(estimateCost(history, { ...IMAGE, profileId: FIRST_PROFILE_ID })).toEqual({
      credits: 41,
      basedOn: 2,
    });
    expect(estimateCost(history, { ...IMAGE, profileId: 'profile-2' })).toEqual({ credits: 92, basedOn: 3 });
    expect(estimateCost(history, { ...IMAGE, profileId: 'profile-3' })).toBeUndefined();
    expect(estimateCost(history, IMAGE)).toEqual({ credits: 90, basedOn: 5 });
  });

  it('compares a video with videos of the same duration and resolution only', () => {
    const history = [
      video(70),
      video(72, { aspectRatio: '9:16', generateAudio: false }),
      video(35, { duration: 4 }),
      video(36, { duration: 4 }),
      video(140, { resolution: '2160p' }),
      video(50, { resolution: '720p' }),
      entry({ kind: 'video', model: 'veo-3', cost: 999 }),
    ];
    expect(estimateCost(history, VIDEO)).toEqual({ credits: 71, basedOn: 2 });
    expect(estimateCost(history, { ...VIDEO, options: { duration: 4, resolution: '1080p' } })).toEqual({
      credits: 35.5,
      basedOn: 2,
    });
    expect(estimateCost(history, { ...VIDEO, options: { duration: 8, resolution: '720p' } })).toEqual({
      credits: 50,
      basedOn: 1,
    });
    expect(
      estimateCost(history, { ...VIDEO, options: { duration: 6, resolution: '1080p' } }),
    ).toBeUndefined();
  });

  it('follows a price change within the most recent costs, whatever order the history is in', () => {
    const before = Array.from({ length: 200 }, () => entry({ cost: 40 }));
    const after = Array.from({ length: RECENT_COSTS / 2 + 1 }, () => entry({ cost: 60 }));
    const history = [...after, ...before].reverse();
    expect(estimateCost(history, IMAGE)).toEqual({ credits: 60, basedOn: RECENT_COSTS });
    expect(estimateCost([...before, ...after.slice(0, 5)], IMAGE)).toEqual({
      credits: 40,
      basedOn: RECENT_COSTS,
    });
  });

  it('answers over a 10,000-entry history', () => {
    const models = ['flux-pro', 'flux-dev', 'veo-3'];
    const history = Array.from({ length: 10_000 }, (_, index) =>
      index % 3 === 2
        ? video(60 + (index % 20), { duration: index % 2 ? 8 : 4 }, { profileId: `profile-${index % 4}` })
        : entry({ model: models[index % 2] ?? 'flux-pro', cost: 30 + (index % 15) }),
    );
    expect(estimateCost(history, IMAGE)).toMatchObject({ basedOn: RECENT_COSTS });
    expect(estimateCost(history, { ...VIDEO, profileId: 'profile-1' })).toMatchObject({
      basedOn: RECENT_COSTS,
    });
  });
});

describe('batchCost', () => {
  it('multiplies a known estimate and leaves an unknown one unknown', () => {
    expect(batchCost(4, { credits: 40, basedOn: 12 })).toEqual({ total: 160 });
    expect(batchCost(0, { credits: 40, basedOn: 12 })).toEqual({ total: 0 });
    expect(batchCost(4, undefined)).toBeUndefined();
  });
});
