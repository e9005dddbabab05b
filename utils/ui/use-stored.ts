import { useEffect, useState } from 'react';
import { toErrorInfo } from '../error-info';
import type { ErrorInfo } from '../errors';

/** The part of a WXT storage item a page reads: its value now, and every later change. */
export interface ReadableItem<T> {
  getValue(): Promise<T>;
  watch(onChange: (value: T) => void): () => void;
}

export interface Stored<T> {
  /** The seed until storage answered, then what storage holds, as far as `show` finds it valid. */
  value: T | undefined;
  /** True once the value came from storage itself rather than the seed. */
  read: boolean;
  /** Why storage could not be read, when it could not. */
  error?: ErrorInfo;
}

/**
 * A storage item as a page shows it, kept current by the item's own change events: the background writes
 * storage, so a page needs no message (and wakes no worker) to stay fresh. `show` keeps only what the page
 * can paint, since stored data may be damaged or from another version.
 */
export function useStoredValue<T>(
  item: ReadableItem<unknown>,
  show: (stored: unknown) => T,
  seed?: T,
): Stored<T> {
  const [stored, setStored] = useState<Stored<T>>({ value: seed, read: false });
  useEffect(() => {
    let live = true;
    let changed = false;
    const unwatch = item.watch((value) => {
      changed = true;
      if (live) setStored({ value: show(value), read: true });
    });
    item.getValue().then(
      // A change that arrived meanwhile is newer than this read.
      (value) => {
        if (live && !changed) setStored({ value: show(value), read: true });
      },
      (failure: unknown) => {
        if (live && !changed) setStored((previous) => ({ ...previous, error: toErrorInfo(failure) }));
      },
    );
    return () => {
      live = false;
      unwatch();
    };
  }, [item, show]);
  return stored;
}
