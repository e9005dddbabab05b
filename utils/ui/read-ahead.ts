import { storage, type WxtStorageItem } from 'wxt/utils/storage';

/** A value read before the page's first render, kept current by its item's changes until a hook takes it. */
export interface ReadAhead {
  /** What the first render shows: storage's answer, or the page's snapshot while storage has not answered. */
  value: unknown;
  /**
   * Stops following changes and hands the item to the hook, which watches it from then on: `update` gets what
   * the item holds beyond `value` (at once when known, else once storage answers), `fail` a failed read.
   */
  release(update: (value: unknown) => void, fail: (failure: unknown) => void): void;
}

// biome-ignore lint/suspicious/noExplicitAny: WXT's own item type; the page only reads the value as unknown.
type Item = WxtStorageItem<any, any>;

const taken = new Map<object, ReadAhead>();

/**
 * Reads several items in one storage call before React renders, so a page paints its data in its first
 * commit instead of a loading frame, one round trip per item and a re-render for each answer. Changes are
 * followed from before the read, so none is lost before the page's own hooks watch. A failed read leaves
 * nothing: the hooks then read (and report) by themselves.
 *
 * With `snapshot` (the page's own copy of the same items, one value each), the values are there at once and
 * the page may render before storage answers; the answer then replaces the snapshot.
 */
export function readAhead(items: readonly Item[], snapshot?: readonly unknown[]): Promise<void> {
  const latest = new Map<Item, unknown>();
  const stops = items.map((item) => item.watch((value: unknown) => latest.set(item, value)));
  const reading = storage.getItems([...items]).then((values) => values.map((read) => read.value));
  // Hands over what changed since the read started: a change is at least as new as the read's answer.
  const handOver = (item: Item, i: number, update: (value: unknown) => void) => {
    stops[i]?.();
    if (!latest.has(item)) return false;
    update(latest.get(item));
    return true;
  };
  if (snapshot) {
    items.forEach((item, i) => {
      taken.set(item, {
        value: snapshot[i],
        release(update, fail) {
          if (handOver(item, i, update)) return;
          // Mostly the snapshot was right: then the page keeps what it rendered instead of rendering it again.
          reading.then((values) => {
            if (JSON.stringify(values[i]) !== JSON.stringify(snapshot[i])) update(values[i]);
          }, fail);
        },
      });
    });
    return reading.then(
      () => undefined,
      () => undefined,
    );
  }
  return reading.then(
    (values) => {
      items.forEach((item, i) => {
        const read = latest.has(item) ? latest.get(item) : values[i];
        latest.delete(item);
        taken.set(item, { value: read, release: (update) => void handOver(item, i, update) });
      });
    },
    () => {
      for (const stop of stops) stop();
    },
  );
}

/** The item's read-ahead value, once: a later mount reads storage itself. */
export function takeReadAhead(item: object): ReadAhead | undefined {
  const ahead = taken.get(item);
  taken.delete(item);
  return ahead;
}
