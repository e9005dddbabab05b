import {
  type StorageItemKey,
  storage,
  type WxtStorageItem,
  type WxtStorageItemOptions,
} from 'wxt/utils/storage';

// WXT's own default for an item without metadata.
// biome-ignore lint/complexity/noBannedTypes: the metadata type `storage.defineItem` gives such an item.
type NoMeta = {};

/**
 * A WXT storage item that WXT defines on its first use instead of when its module loads. WXT reads every
 * item from storage as soon as it is defined (for migrations and `init`, which these items do not have), so
 * a page importing the items touched the extension API before its first frame and read the whole history
 * only to drop it: the first use of `chrome.storage` costs a page milliseconds, and a page painting from its
 * snapshot uses the items only once that frame is shown. Items with migrations must not use this: theirs
 * would then run on first use rather than at start.
 */
export function defineItemOnUse<T>(
  key: StorageItemKey,
  options: Omit<WxtStorageItemOptions<T>, 'migrations' | 'init'> & { fallback: T },
): WxtStorageItem<T, NoMeta> {
  let defined: WxtStorageItem<T, NoMeta> | undefined;
  const item = () => {
    defined ??= storage.defineItem<T>(key, options);
    return defined;
  };
  return {
    key,
    // `storage.getItems` takes an item's key and fallback from here, so reading does not define it either.
    fallback: options.fallback,
    defaultValue: options.fallback,
    getValue: () => item().getValue(),
    getMeta: () => item().getMeta(),
    setValue: (value) => item().setValue(value),
    setMeta: (properties) => item().setMeta(properties),
    removeValue: (removeOptions) => item().removeValue(removeOptions),
    removeMeta: (properties) => item().removeMeta(properties),
    watch: (callback) => item().watch(callback),
    watchMeta: (callback) => item().watchMeta(callback),
    migrate: () => item().migrate(),
  };
}
