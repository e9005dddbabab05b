import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../utils/settings/defaults';
import { readSnapshot, writeSnapshot } from '../../../utils/ui/snapshot';

function memoryStore() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => {
      values.set(key, value);
    },
    values,
  };
}

describe('popup snapshot', () => {
  it('gives back what was written, with the history trimmed', () => {
    const store = memoryStore();
    const history = Array.from({ length: 30 }, (_, i) => ({
      id: `e${i}`,
      kind: 'image' as const,
      prompt: `p${i}`,
      model: '',
      source: 'popup' as const,
      status: 'completed' as const,
      urls: [],
      createdAt: i,
    }));
    writeSnapshot({ settings: DEFAULT_SETTINGS, history, balance: { value: 42, fetchedAt: 7 } }, store);
    const view = readSnapshot(store);
    expect(view?.balance).toEqual({ value: 42, fetchedAt: 7 });
    expect(view?.history.map((entry) => entry.id)).toEqual(history.slice(0, 20).map((entry) => entry.id));
  });

  it('ignores a missing, corrupt or foreign snapshot', () => {
    const store = memoryStore();
    expect(readSnapshot(store)).toBeUndefined();
    for (const raw of ['{', '"text"', '{"settings":{}}', 'null']) {
      store.values.set('promptcast:popup-snapshot:v1', raw);
      expect(readSnapshot(store), raw).toBeUndefined();
    }
  });

  it('survives a store that refuses writes', () => {
    const full = {
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() =>
      writeSnapshot({ settings: DEFAULT_SETTINGS, history: [], balance: null }, full),
    ).not.toThrow();
  });
});
