import { describe, expect, it } from 'vitest';
import { readHistorySnapshot, writeHistorySnapshot } from '../../../utils/history/page/history-snapshot';
import type { HistoryEntry } from '../../../utils/history/schema';

function memoryStore() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => {
      values.set(key, value);
    },
    removeItem: (key: string) => {
      values.delete(key);
    },
    values,
  };
}

const entry = (i: number, prompt = `p${i}`): HistoryEntry => ({
  id: `e${i}`,
  kind: 'image',
  prompt,
  model: '',
  source: 'popup',
  status: 'completed',
  urls: [`https://cdn.example/${i}.png`],
  createdAt: i,
  finishedAt: i + 1,
});
const copies = { entries: { e1: { state: 'kept' as const, bytes: 10, files: 1 } }, usedBytes: 10 };

describe('history page snapshot', () => {
  it('gives back the history, copies and key status as written, without the key status last characters', () => {
    const store = memoryStore();
    const history = [entry(1), entry(2)];
    writeHistorySnapshot(
      { history, keyStatus: { set: true, origin: 'https://api.example', last4: 'wxyz' }, copies },
      store,
    );
    expect(readHistorySnapshot(store)).toEqual([
      history,
      { set: true, origin: 'https://api.example' },
      copies,
    ]);
    expect([...store.values.values()].join()).not.toContain('wxyz');
  });

  it('leaves chosen thumbnails out, so a first screen of them still parses quickly', () => {
    const store = memoryStore();
    const thumbnail = { index: 0, image: `data:image/webp;base64,${'A'.repeat(100_000)}` };
    const history = Array.from({ length: 12 }, (_, i) => ({
      ...entry(i),
      kind: 'video' as const,
      thumbnail,
    }));
    writeHistorySnapshot({ history, keyStatus: { set: false }, copies }, store);
    expect(readHistorySnapshot(store)?.[0]).toEqual(history.map(({ thumbnail: _, ...rest }) => rest));
  });

  it('keeps no snapshot of a history too long to parse quickly, dropping an older one', () => {
    const store = memoryStore();
    writeHistorySnapshot({ history: [entry(1)], keyStatus: { set: false }, copies }, store);
    const long = Array.from({ length: 300 }, (_, i) => entry(i, 'x'.repeat(4000)));
    writeHistorySnapshot({ history: long, keyStatus: { set: false }, copies }, store);
    expect(readHistorySnapshot(store)).toBeUndefined();
  });

  it('reads nothing from a missing or damaged snapshot', () => {
    const store = memoryStore();
    expect(readHistorySnapshot(store)).toBeUndefined();
    store.setItem('promptcast:history-snapshot:v1', '{not json');
    expect(readHistorySnapshot(store)).toBeUndefined();
    store.setItem('promptcast:history-snapshot:v1', '[1,2]');
    expect(readHistorySnapshot(store)).toBeUndefined();
  });
});
