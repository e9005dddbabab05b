import { browser } from 'wxt/browser';

/** A key of storage.local, spelled as WXT spells it. */
export type LocalKey = `local:${string}`;

/** A value in storage.local under one key, with a fallback for when there is none. */
export interface KeyedItem<T> {
  key: LocalKey;
  fallback: T;
  getValue(): Promise<T>;
  /** A `null` value is removed, as WXT's items remove it. */
  setValue(value: T): Promise<void>;
  removeValue(): Promise<void>;
  /** Each change of the stored value (not a write of the same value again); the fallback once it is removed. */
  watch(callback: (value: T, old: T) => void): () => void;
}

export const nameOf = (key: LocalKey) => key.slice('local:'.length);

/**
 * A storage.local item for a key with a fallback, straight on the extension API. WXT's `storage` would serve
 * the same (its `defineItem` also reads the item as soon as it is defined, for migrations these items do not
 * have), but its writes, metadata, migrations and lock are 3 KB of gzip that every page, which only reads and
 * watches, would load for nothing. Items whose stored shape has versions use `defineVersionedItem`.
 */
export function defineKeyedItem<T>(key: LocalKey, { fallback }: { fallback: T }): KeyedItem<T> {
  const name = nameOf(key);
  const area = () => browser.storage.local;
  return {
    key,
    fallback,
    getValue: async () => ((await area().get(name))[name] as T | undefined) ?? fallback,
    setValue: (value) => (value == null ? area().remove(name) : area().set({ [name]: value })),
    removeValue: () => area().remove(name),
    watch(callback) {
      const listener = (changes: Record<string, { newValue?: unknown; oldValue?: unknown }>) => {
        const change = changes[name];
        // A write of an equal value is no change (WXT compares the same way, by value).
        if (!change || JSON.stringify(change.newValue) === JSON.stringify(change.oldValue)) return;
        callback(
          (change.newValue as T | undefined) ?? fallback,
          (change.oldValue as T | undefined) ?? fallback,
        );
      };
      area().onChanged.addListener(listener);
      return () => area().onChanged.removeListener(listener);
    },
  };
}

/** The values of several items in one storage call, each its fallback when there is none, in their order. */
export async function readItems(
  items: readonly Pick<KeyedItem<unknown>, 'key' | 'fallback'>[],
): Promise<unknown[]> {
  const stored = await browser.storage.local.get(items.map((item) => nameOf(item.key)));
  return items.map((item) => stored[nameOf(item.key)] ?? item.fallback);
}
