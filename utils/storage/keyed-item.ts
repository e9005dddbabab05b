import { type StorageItemKey, storage, type WxtStorageItem } from 'wxt/utils/storage';

// WXT's own default for an item without metadata.
// biome-ignore lint/complexity/noBannedTypes: the metadata type `storage.defineItem` gives such an item.
type NoMeta = {};

/**
 * A WXT storage item for a key with a fallback and no migrations, served by WXT's keyed storage API
 * (`storage.getItem`, `storage.watch`, ...) with the same answers an item from `storage.defineItem` gives.
 * `storage.defineItem` reads its item from storage as soon as it is defined (for migrations and `init`,
 * which these items do not have) and drops the answer: every page importing the items read the whole
 * history before its first frame for nothing, and each later read came on top of that one. Items with
 * migrations must keep `storage.defineItem`, which runs them before the first read.
 */
export function defineKeyedItem<T>(
  key: StorageItemKey,
  { fallback }: { fallback: T },
): WxtStorageItem<T, NoMeta> {
  return {
    key,
    // `storage.getItems` takes an item's key and fallback from here.
    fallback,
    defaultValue: fallback,
    getValue: () => storage.getItem<T>(key, { fallback }),
    getMeta: () => storage.getMeta<NoMeta>(key),
    setValue: (value) => storage.setItem(key, value),
    setMeta: (properties) => storage.setMeta(key, properties),
    removeValue: (options) => storage.removeItem(key, options),
    removeMeta: (properties) => storage.removeMeta(key, properties),
    watch: (callback) => storage.watch<T>(key, (value, old) => callback(value ?? fallback, old ?? fallback)),
    watchMeta: (callback) => storage.watchMeta<NoMeta>(key, callback),
    // Nothing to run: such an item has no migrations.
    migrate: async () => undefined,
  };
}
