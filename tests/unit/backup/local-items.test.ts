// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { entryBucketItems } from '../../../utils/backup/local-items';
import type { HistoryEntry } from '../../../utils/history/schema';

const entry = (i: number): HistoryEntry => ({
  id: `entry-${i}`,
  kind: 'image',
  prompt: `a heron number ${i}`,
  model: 'flux',
  source: 'popup',
  status: 'completed',
  urls: [`https://cdn.example/${i}.png`],
  createdAt: 1_700_000_000_000 + i,
});

describe('the history as backup items', () => {
  const history = Array.from({ length: 10_000 }, (_, i) => entry(i));

  it('puts 10,000 entries in 64 buckets whose JSON holds each entry once', async () => {
    const items = await entryBucketItems(history);
    expect(items).toHaveLength(64);
    const back = items.flatMap((item) => JSON.parse(new TextDecoder().decode(item.bytes)) as HistoryEntry[]);
    expect(back.map((each) => each.id).sort()).toEqual(history.map((each) => each.id).sort());
    for (const item of items) expect(item.size).toBe(item.bytes.length);
  });

  it('gives the same digests whatever order the entries were read in, and changes one bucket for one entry changed', async () => {
    const items = await entryBucketItems(history);
    const shuffled = await entryBucketItems([...history].reverse());
    expect(shuffled.map((item) => item.digest)).toEqual(items.map((item) => item.digest));
    const starred = history.map((each, i) => (i === 4321 ? { ...each, favourite: true as const } : each));
    const after = await entryBucketItems(starred);
    const changed = after.filter((item, i) => item.digest !== items[i]?.digest).map((item) => item.logical);
    expect(changed).toHaveLength(1);
  });

  it('makes no item of an empty bucket, so a bucket emptied here is freed on the target', async () => {
    const items = await entryBucketItems([entry(1)]);
    expect(items).toHaveLength(1);
    expect(items[0]?.logical).toMatch(/^entries\/\d+$/);
  });
});
