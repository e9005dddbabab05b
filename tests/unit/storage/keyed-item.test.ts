import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { storage } from 'wxt/utils/storage';
import { defineKeyedItem, readItems } from '@/utils/storage/keyed-item';

afterEach(() => {
  vi.restoreAllMocks();
  fakeBrowser.reset();
});

/** Waits out the microtasks and tasks WXT's own item definition starts. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('defineKeyedItem', () => {
  it('touches storage only when the item is used, unlike an item WXT defines at once', async () => {
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    storage.defineItem<number>('local:eager', { fallback: 0, version: 1 });
    await settle();
    // The behaviour this helper exists for: WXT reads an item as soon as it is defined.
    expect(get).toHaveBeenCalled();
    get.mockClear();

    const item = defineKeyedItem<number>('local:count', { fallback: 0 });
    await settle();
    expect(get).not.toHaveBeenCalled();
    expect([item.key, item.fallback]).toEqual(['local:count', 0]);

    expect(await item.getValue()).toBe(0);
    // One read for one getValue: nothing reads the item a second time behind it.
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('reads, writes, watches and removes like the item it stands for', async () => {
    const item = defineKeyedItem<string[]>('local:names', { fallback: [] });
    const seen: string[][] = [];
    const unwatch = item.watch((value) => seen.push(value));
    await item.setValue(['a']);
    expect(await item.getValue()).toEqual(['a']);
    expect(await fakeBrowser.storage.local.get('names')).toEqual({ names: ['a'] });
    await item.removeValue();
    expect(await item.getValue()).toEqual([]);
    await vi.waitFor(() => expect(seen).toEqual([['a'], []]));
    unwatch();
    await item.setValue(['b']);
    await settle();
    expect(seen).toHaveLength(2);
  });

  it('is read with others in one call, each with its fallback, and never defines a WXT item', async () => {
    const defineItem = vi.spyOn(storage, 'defineItem');
    const item = defineKeyedItem<number>('local:stars', { fallback: 7 });
    const other = defineKeyedItem<string>('local:moons', { fallback: 'none' });
    await fakeBrowser.storage.local.set({ other: 1 });
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    expect(await readItems([item, other])).toEqual([7, 'none']);
    expect(get).toHaveBeenCalledTimes(1);
    await fakeBrowser.storage.local.set({ stars: 3 });
    expect(await readItems([item, other])).toEqual([3, 'none']);
    const stop = item.watch(() => undefined);
    await item.setValue(4);
    expect(await item.getValue()).toBe(4);
    stop();
    expect(defineItem).not.toHaveBeenCalled();
  });

  it('tells a change once, not a write of the same value again', async () => {
    const item = defineKeyedItem<{ n: number }>('local:same', { fallback: { n: 0 } });
    const seen: number[] = [];
    const unwatch = item.watch((value) => seen.push(value.n));
    await item.setValue({ n: 1 });
    await item.setValue({ n: 1 });
    await item.setValue({ n: 2 });
    await vi.waitFor(() => expect(seen).toEqual([1, 2]));
    unwatch();
  });
});
