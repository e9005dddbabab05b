import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { defineVersionedItem, type Migrations } from '@/utils/storage/versioned-item';

afterEach(() => {
  vi.restoreAllMocks();
  fakeBrowser.reset();
});

const stored = () => fakeBrowser.storage.local.get(['item', 'item$']);

/** Version 1 stored a bare name, version 2 an object, version 3 added a count. */
function item(
  migrations: Migrations = {
    2: (name: unknown) => ({ name }),
    3: (value: unknown) => ({ ...(value as object), count: 0 }),
  },
) {
  return defineVersionedItem('local:item', { version: 3, migrations });
}

describe('defineVersionedItem', () => {
  it('runs each step from the stored version up, and stores the result with its version, as WXT did', async () => {
    await fakeBrowser.storage.local.set({ item: 'Ada', item$: { v: 1 } });
    expect(await item().getValue()).toEqual({ name: 'Ada', count: 0 });
    expect(await stored()).toEqual({ item: { name: 'Ada', count: 0 }, item$: { v: 3 } });

    await fakeBrowser.storage.local.set({ item: { name: 'Bo' }, item$: { v: 2 } });
    expect(await item().getValue()).toEqual({ name: 'Bo', count: 0 });
  });

  it('takes a value without a version for version 1, the way WXT stored an item never migrated', async () => {
    await fakeBrowser.storage.local.set({ item: 'Ada' });
    expect(await item().getValue()).toEqual({ name: 'Ada', count: 0 });
    expect((await stored()).item$).toEqual({ v: 3 });
  });

  it('reads nothing stored as undefined, and a write records the version with the value', async () => {
    const versioned = item();
    expect(await versioned.getValue()).toBeUndefined();
    expect(await stored()).toEqual({});
    await versioned.setValue({ name: 'Cy', count: 2 });
    expect(await stored()).toEqual({ item: { name: 'Cy', count: 2 }, item$: { v: 3 } });
    expect(await versioned.getValue()).toEqual({ name: 'Cy', count: 2 });
  });

  it('migrates once for reads that arrive together, so a step that makes ids makes one', async () => {
    await fakeBrowser.storage.local.set({ item: 'Ada', item$: { v: 1 } });
    let made = 0;
    const versioned = item({ 2: (name) => ({ name, id: ++made }), 3: (value) => value });
    const reads = await Promise.all([versioned.getValue(), versioned.getValue(), versioned.getValue()]);
    expect(reads).toEqual(Array(3).fill({ name: 'Ada', id: 1 }));
    expect(made).toBe(1);
    expect(await versioned.getValue()).toEqual({ name: 'Ada', id: 1 });
  });

  it('leaves the stored value as it was when a step fails, and tries again at the next read', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await fakeBrowser.storage.local.set({ item: 'Ada', item$: { v: 1 } });
    let fail = true;
    const versioned = item({
      2: (name) => {
        if (fail) throw new Error('settings unreadable');
        return { name };
      },
      3: (value) => value,
    });
    expect(await versioned.getValue()).toBe('Ada');
    expect(await stored()).toEqual({ item: 'Ada', item$: { v: 1 } });
    fail = false;
    expect(await versioned.getValue()).toEqual({ name: 'Ada' });
    expect((await stored()).item$).toEqual({ v: 3 });
  });

  it('leaves a value from a later version alone, for the reader to judge', async () => {
    await fakeBrowser.storage.local.set({ item: { renamed: true }, item$: { v: 9 } });
    expect(await item().getValue()).toEqual({ renamed: true });
    expect(await stored()).toEqual({ item: { renamed: true }, item$: { v: 9 } });
  });
});
