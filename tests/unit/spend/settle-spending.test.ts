// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../../utils/history/schema';
import { settleSpending } from '../../../utils/spend/settle-spending';

const ACCOUNT = { origin: 'https://service.example', keyId: 'key-1' };
const OTHER = { origin: 'https://service.example', keyId: 'key-2' };
const T0 = new Date(2026, 10, 27, 10).getTime();

function entry(id: string, patch: Partial<HistoryEntry> = {}): HistoryEntry {
  return {
    id,
    kind: 'image',
    prompt: id,
    model: 'img-1',
    source: 'popup',
    status: 'completed',
    urls: [],
    createdAt: T0,
    finishedAt: T0 + 1000,
    ...patch,
  };
}

const reading = (value: number, at = T0 - 10, account = ACCOUNT) => ({
  balanceBefore: { value, at, account },
});
const readingAfter = (value: number, at = T0 + 2000) => ({ value, at, account: ACCOUNT });

describe('what ended generations cost', () => {
  it('a lone image: the exact difference is its cost and its charge', () => {
    const lone = entry('a', reading(4992.5));
    const { entries, charges } = settleSpending([lone], [lone], readingAfter(4985));
    expect(entries).toEqual([{ ...entry('a'), cost: 7.5 }]);
    expect(charges).toMatchObject([
      {
        id: 'a',
        milli: 7500,
        kind: 'image',
        entries: ['a'],
        model: 'img-1',
        profile: 'profile-1',
        ...ACCOUNT,
      },
    ]);
    expect(charges[0]?.day).toBe('2026-11-27');
  });

  it('a batch read once: the parts add up to what it took, the failed prompt gets none', () => {
    const batch = ['a', 'b', 'c', 'd'].map((id) =>
      entry(id, { ...reading(100), batchId: 'batch-1', ...(id === 'd' ? { status: 'failed' } : {}) }),
    );
    const { entries, charges } = settleSpending(batch, batch, readingAfter(90));
    expect(entries.map((each) => each.cost)).toEqual([3.334, 3.333, 3.333, undefined]);
    expect(entries.every((each) => each.balanceBefore === undefined)).toBe(true);
    expect(charges.reduce((sum, charge) => sum + charge.milli, 0)).toBe(10_000);
  });

  it('overlapping generations: one charge of the group for the span, no cost on any entry', () => {
    const first = entry('a', { ...reading(50), finishedAt: T0 + 1500 });
    const joined = entry('b', { kind: 'video', createdAt: T0 + 500, finishedAt: T0 + 1800 });
    const { entries, charges } = settleSpending([first], [first, joined], readingAfter(27.5));
    expect(entries).toEqual([entry('a', { finishedAt: T0 + 1500 })]);
    expect(charges).toEqual([
      expect.objectContaining({ id: 'group:a', milli: 22_500, kind: 'mixed', entries: ['a', 'b'], at: T0 }),
    ]);
    expect(charges[0]?.model).toBeUndefined();
  });

  it('waits while a generation of the span still runs: nothing is settled yet', () => {
    const first = entry('a', reading(50));
    const running = entry('b', { status: 'running', createdAt: T0 + 500, finishedAt: undefined });
    expect(settleSpending([first], [first, running], readingAfter(45))).toEqual({ entries: [], charges: [] });
  });

  it('another profile’s running job is another account’s: it does not hold this one up', () => {
    const first = entry('a', reading(50));
    const elsewhere = entry('b', { status: 'running', profileId: 'work', createdAt: T0 + 500 });
    expect(settleSpending([first], [first, elsewhere], readingAfter(45)).entries[0]?.cost).toBe(5);
  });

  it('leaves the amount unknown for a reading of another account, a failed reading or a top-up', () => {
    const switched = entry('a', reading(50, T0 - 10, OTHER));
    expect(settleSpending([switched], [switched], readingAfter(45))).toEqual({
      entries: [entry('a')],
      charges: [],
    });
    const lone = entry('a', reading(50));
    expect(settleSpending([lone], [lone], undefined)).toEqual({ entries: [entry('a')], charges: [] });
    expect(settleSpending([lone], [lone], readingAfter(500))).toEqual({ entries: [entry('a')], charges: [] });
  });

  it('a batch whose every prompt failed but that took credits is still charged, to the batch', () => {
    const batch = ['a', 'b'].map((id) => entry(id, { ...reading(20), batchId: 'x', status: 'failed' }));
    const { entries, charges } = settleSpending(batch, batch, readingAfter(17.5));
    expect(entries.map((each) => each.cost)).toEqual([undefined, undefined]);
    expect(charges).toEqual([expect.objectContaining({ id: 'group:a', milli: 2500, kind: 'image' })]);
  });

  it('a paused prompt holds nothing up; once resumed it counts in the span it was sent in', () => {
    const lone = entry('a', reading(50));
    const paused = entry('p', {
      status: 'running',
      batchId: 'x',
      waiting: true,
      paused: true,
      createdAt: T0 - 60_000,
    });
    expect(settleSpending([lone], [lone, paused], readingAfter(45)).entries[0]?.cost).toBe(5);
    const resumed = entry('p', { batchId: 'x', createdAt: T0 - 60_000, sentAt: T0 + 100 });
    const { entries, charges } = settleSpending([lone], [lone, resumed], readingAfter(37.5));
    expect(entries[0]?.cost).toBeUndefined();
    expect(charges).toEqual([expect.objectContaining({ id: 'group:a', milli: 12_500, entries: ['a', 'p'] })]);
  });

  it('a batch prompt that ended after the settling began is waited for, not left out of the split', () => {
    const [a, b] = ['a', 'b'].map((id) => entry(id, { ...reading(100), batchId: 'x' }));
    expect(
      settleSpending([a as HistoryEntry], [a as HistoryEntry, b as HistoryEntry], readingAfter(85)),
    ).toEqual({
      entries: [],
      charges: [],
    });
  });
});
