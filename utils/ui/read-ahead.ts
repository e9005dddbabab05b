import { storage, type WxtStorageItem } from 'wxt/utils/storage';
import { offerReadAhead } from './read-ahead-handoff';

// biome-ignore lint/suspicious/noExplicitAny: WXT's own item type; the page only reads the value as unknown.
type Item = WxtStorageItem<any, any>;

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
      offerReadAhead(item, {
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
        offerReadAhead(item, { value: read, release: (update) => void handOver(item, i, update) });
      });
    },
    () => {
      for (const stop of stops) stop();
    },
  );
}
