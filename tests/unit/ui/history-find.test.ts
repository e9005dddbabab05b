import { describe, expect, it } from 'vitest';
import { type FindQuery, isNarrowed, matching, SHOW_ALL } from '@/utils/history/page/history-find';
import type { HistoryEntry } from '@/utils/history/schema';

function entry(id: string, patch: Partial<HistoryEntry>): HistoryEntry {
  return {
    id,
    kind: 'image',
    prompt: id,
    model: '',
    source: 'popup',
    status: 'completed',
    urls: [],
    createdAt: 0,
    ...patch,
  };
}

// Stored newest first, as the history keeps them.
const history = [
  entry('rain', { kind: 'video', prompt: 'A video of RAIN on a roof', status: 'running', createdAt: 40 }),
  entry('kite', { prompt: 'a kite, red and small', createdAt: 30 }),
  entry('door', { prompt: 'a blue door', status: 'failed', createdAt: 20 }),
  entry('sea', {
    kind: 'video',
    prompt: 'the red sea at dawn',
    createdAt: 10,
    favourite: true,
    collections: ['blue'],
  }),
];
const ids = (entries: HistoryEntry[]) => entries.map((item) => item.id);
const findEntries = (entries: HistoryEntry[], query: FindQuery) => entries.filter(matching(query));

describe('matching', () => {
  it('lets everything through when nothing is asked', () => {
    expect(ids(findEntries(history, SHOW_ALL))).toEqual(['rain', 'kite', 'door', 'sea']);
    expect(isNarrowed(SHOW_ALL)).toBe(false);
  });

  it('finds prompts containing every word, ignoring case and word order', () => {
    expect(ids(findEntries(history, { ...SHOW_ALL, text: 'RED' }))).toEqual(['kite', 'sea']);
    expect(ids(findEntries(history, { ...SHOW_ALL, text: '  small   Red ' }))).toEqual(['kite']);
    expect(ids(findEntries(history, { ...SHOW_ALL, text: 'rain' }))).toEqual(['rain']);
    expect(findEntries(history, { ...SHOW_ALL, text: 'green' })).toEqual([]);
    expect(isNarrowed({ ...SHOW_ALL, text: 'red' })).toBe(true);
    expect(isNarrowed({ ...SHOW_ALL, text: '   ' })).toBe(false);
  });

  it('filters by kind and status, together with the search', () => {
    expect(ids(findEntries(history, { ...SHOW_ALL, kind: 'video' }))).toEqual(['rain', 'sea']);
    expect(ids(findEntries(history, { ...SHOW_ALL, status: 'failed' }))).toEqual(['door']);
    expect(ids(findEntries(history, { ...SHOW_ALL, kind: 'video', status: 'completed' }))).toEqual(['sea']);
    expect(ids(findEntries(history, { ...SHOW_ALL, kind: 'image', text: 'red' }))).toEqual(['kite']);
    expect(isNarrowed({ ...SHOW_ALL, status: 'running' })).toBe(true);
  });

  it('filters favourites and one collection', () => {
    const kite = entry('kite', {
      prompt: 'a kite, red and small',
      favourite: true,
      collections: ['birds', 'blue'],
    });
    const curated = [history[0], kite, history[2], history[3]].filter((item) => item !== undefined);
    expect(ids(findEntries(curated, { ...SHOW_ALL, favouritesOnly: true }))).toEqual(['kite', 'sea']);
    expect(ids(findEntries(curated, { ...SHOW_ALL, collection: 'blue' }))).toEqual(['kite', 'sea']);
    expect(ids(findEntries(curated, { ...SHOW_ALL, collection: 'birds', text: 'red' }))).toEqual(['kite']);
    expect(isNarrowed({ ...SHOW_ALL, favouritesOnly: true })).toBe(true);
    expect(isNarrowed({ ...SHOW_ALL, collection: 'blue' })).toBe(true);
    expect(isNarrowed({ ...SHOW_ALL, order: 'oldest' })).toBe(false);
  });
});
