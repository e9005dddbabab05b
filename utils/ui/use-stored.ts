import { useEffect, useRef, useState } from 'react';
import type { ErrorInfo } from '../errors';
import { afterNextPaint } from './after-paint';
import { failureInfo } from './failure-info';
import { type ReadAhead, takeReadAhead } from './read-ahead-handoff';

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
  const ahead = useRef<ReadAhead | undefined>(undefined);
  const [stored, setStored] = useState<Stored<T>>(() => {
    ahead.current = takeReadAhead(item);
    return ahead.current ? { value: show(ahead.current.value), read: true } : { value: seed, read: false };
  });
  useEffect(() => {
    let live = true;
    let changed = false;
    let unwatch: (() => void) | undefined;
    const early = ahead.current;
    ahead.current = undefined;
    // A change that arrived meanwhile is newer than this read.
    const update = (value: unknown) => {
      if (live && !changed) setStored({ value: show(value), read: true });
    };
    const fail = (failure: unknown) => {
      void failureInfo(failure).then((error) => {
        if (live && !changed) setStored((previous) => ({ ...previous, error }));
      });
    };
    const follow = () => {
      unwatch = item.watch((value) => {
        changed = true;
        if (live) setStored({ value: show(value), read: true });
      });
      // Watching from here on; what changed since the read-ahead (or what storage says beyond the snapshot
      // the page rendered) is taken over.
      if (early) early.release(update, fail);
      else item.getValue().then(update, fail);
    };
    const cancel = early?.fromSnapshot ? afterNextPaint(follow) : follow();
    return () => {
      live = false;
      cancel?.();
      unwatch?.();
    };
  }, [item, show]);
  // Until storage answers, the seed as it is now: a page hydrated from its build-time frame gets its
  // snapshot only after the first render.
  return stored.read ? stored : { ...stored, value: seed };
}
