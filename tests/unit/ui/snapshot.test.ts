import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../utils/settings/defaults';
import {
  forgetSnapshotHistory,
  readShellView,
  readSnapshot,
  writeSnapshot,
} from '../../../utils/ui/snapshot';

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

  it('leaves chosen thumbnails out: the popup parses its snapshot before its first frame', () => {
    const store = memoryStore();
    const image = `data:image/webp;base64,${'A'.repeat(100_000)}`;
    const video = {
      id: 'v',
      kind: 'video' as const,
      prompt: 'waves',
      model: '',
      source: 'popup' as const,
      status: 'completed' as const,
      urls: ['https://cdn.example/v.webm'],
      createdAt: 1,
    };
    writeSnapshot(
      {
        settings: DEFAULT_SETTINGS,
        history: [{ ...video, thumbnail: { index: 0, image } }],
        balance: { value: 1, fetchedAt: 1 },
      },
      store,
    );
    expect(readSnapshot(store)?.history).toEqual([video]);
    expect([...store.values.values()].join().length).toBeLessThan(10_000);
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

  it('paints only what a page can show: damaged entries, settings and balance are left out', () => {
    const store = memoryStore();
    const good = {
      id: 'ok',
      kind: 'image',
      prompt: 'p',
      model: '',
      source: 'popup',
      status: 'completed',
      urls: [],
      createdAt: 1,
    };
    store.values.set(
      'promptcast:popup-snapshot:v1',
      JSON.stringify({
        settings: {
          ...DEFAULT_SETTINGS,
          baseUrl: 'https://api.example.com',
          videoDefaults: null,
          modelId: 7,
        },
        history: [
          good,
          { ...good, id: 'no-urls', urls: undefined },
          { ...good, id: 'obj', prompt: { html: 1 } },
          3,
        ],
        balance: { value: 'lots', fetchedAt: 1 },
        balanceError: { kind: 'network' },
        balanceText: '5 credits',
      }),
    );
    const view = readSnapshot(store);
    expect(view?.history.map((entry) => entry.id)).toEqual(['ok']);
    expect(view?.settings).toEqual({ ...DEFAULT_SETTINGS, baseUrl: 'https://api.example.com' });
    expect(view?.balance).toBeNull();
    expect(view?.balanceError).toBeUndefined();
    expect(view?.balanceText).toBe('5 credits');
    expect(readShellView(store)).toEqual({ balanceText: '5 credits' });
  });

  it('gives the shell nothing from a missing, damaged or foreign snapshot', () => {
    const store = memoryStore();
    expect(readShellView(store)).toEqual({});
    for (const stored of [
      '{not json',
      'null',
      '"text"',
      JSON.stringify({ balanceText: 5 }),
      JSON.stringify({ switcher: { activeId: 'a', options: [['a', 7]] } }),
      JSON.stringify({ switcher: { activeId: 'a', options: Array.from({ length: 21 }, () => ['a', 'A']) } }),
      JSON.stringify({ switcher: { options: [['a', 'A']] } }),
    ]) {
      store.setItem('promptcast:popup-snapshot:v1', stored);
      expect(readShellView(store)).toEqual({});
    }
  });

  it('gives the shell the profile switch of several profiles, each named as the switch names it', () => {
    const store = memoryStore();
    const profile = (id: string, name: string, host: string) => ({ id, name, host, models: [] });
    const view = { settings: DEFAULT_SETTINGS, history: [], balance: null };
    writeSnapshot(
      {
        ...view,
        profiles: {
          activeId: 'w',
          list: [profile('h', 'api.example.com', 'api.example.com'), profile('w', 'Work', 'w.example.com')],
        },
      },
      store,
    );
    expect(readShellView(store).switcher).toEqual({
      activeId: 'w',
      options: [
        ['h', 'api.example.com'],
        ['w', 'Work (w.example.com)'],
      ],
    });
    // One profile: no switch, only its name, which React shows at once.
    writeSnapshot({ ...view, profiles: { activeId: 'h', list: [profile('h', 'Home', '')] } }, store);
    expect(readShellView(store).switcher).toBeUndefined();
  });

  it('forgets the history once it was cleared, keeping the balance', () => {
    const store = memoryStore();
    const entry = {
      id: 'e',
      kind: 'image' as const,
      prompt: 'p',
      model: '',
      source: 'popup' as const,
      status: 'completed' as const,
      urls: [],
      createdAt: 1,
    };
    writeSnapshot(
      {
        settings: DEFAULT_SETTINGS,
        history: [entry],
        balance: { value: 3, fetchedAt: 1 },
        balanceText: '3 credits',
      },
      store,
    );
    forgetSnapshotHistory(store);
    expect(readSnapshot(store)).toMatchObject({
      history: [],
      balance: { value: 3 },
      balanceText: '3 credits',
    });
  });
});
