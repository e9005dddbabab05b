// @vitest-environment node
import 'fake-indexeddb/auto';
import { beforeAll, describe, expect, it } from 'vitest';
import { openHistoryDb } from '../../../utils/history/background/open-history-db';
import { type HistoryDb, rowOf } from '../../../utils/history/history-db';
import {
  entriesByIds,
  entriesBytes,
  entriesPage,
  entriesPastCap,
  historyCount,
} from '../../../utils/history/page/history-reader';
import type { HistoryEntry } from '../../../utils/history/schema';
import { writeEntries } from '../support/history-db';

// Enough to cross the search's batches of 1000 records; fake-indexeddb walks a cursor slowly.
const SIZE = 2500;
let db: HistoryDb;

function entry(i: number): HistoryEntry {
  return {
    id: `e${i}`,
    kind: i % 2 ? 'video' : 'image',
    prompt: i === SIZE - 1 ? 'the very first heron' : `prompt number ${i}`,
    model: 'm',
    source: 'popup',
    status: 'completed',
    urls: [],
    // Pairs created in the same millisecond: the tie-breaker must keep them apart and in order.
    createdAt: 1_000_000 - Math.floor(i / 2),
  };
}

beforeAll(async () => {
  db = await openHistoryDb('history-reader-test');
  await writeEntries(db, (store) => {
    for (let i = 0; i < SIZE; i++) store.put(rowOf(entry(i), SIZE - i));
  });
});

describe('pages read the history a screenful at a time', () => {
  it('pages by the date index from the newest to the last entry, none missing or twice', async () => {
    const seen: string[] = [];
    let page = await entriesPage(db, { count: 50, order: 'newest' });
    seen.push(...page.entries.map((item) => item.id));
    while (page.next) {
      page = await entriesPage(db, { count: 500, order: 'newest', after: page.next });
      seen.push(...page.entries.map((item) => item.id));
    }
    expect(seen).toEqual(Array.from({ length: SIZE }, (_, i) => `e${i}`));
  });

  it('oldest first starts at the other end', async () => {
    const page = await entriesPage(db, { count: 3, order: 'oldest' });
    expect(page.entries.map((item) => item.id)).toEqual([`e${SIZE - 1}`, `e${SIZE - 2}`, `e${SIZE - 3}`]);
  });

  it('reads the entries a change names, leaving out those that are gone', async () => {
    expect((await entriesByIds(db, ['e5', 'gone', 'e1'])).map((item) => item.id)).toEqual(['e5', 'e1']);
  });
});

describe('what the options page shows of the history', () => {
  it('counts the entries, names those past the cap oldest first, and sizes them', async () => {
    expect(await historyCount(db)).toBe(SIZE);
    const past = await entriesPastCap(db, SIZE - 3);
    expect(past.map((item) => item.id)).toEqual([`e${SIZE - 1}`, `e${SIZE - 2}`, `e${SIZE - 3}`]);
    expect(await entriesPastCap(db, SIZE)).toEqual([]);
    const [oldest] = past;
    if (!oldest) throw new Error('no entry');
    expect(entriesBytes([oldest])).toBe(JSON.stringify(oldest).length);
    expect(entriesBytes(past)).toBeGreaterThan(entriesBytes([oldest]));
  });
});
