import { type KeyedItem, readItems } from '../storage/keyed-item';
import { offerReadAhead } from './read-ahead-handoff';

type Item = Pick<KeyedItem<unknown>, 'key' | 'fallback' | 'watch'>;

/**
 * Reads several items in one storage call before React renders, so a page paints its data in its first
 * commit instead of a loading frame, one round trip per item and a re-render for each answer. Changes are
 * followed from before the read, so none is lost before the page's own hooks watch. A failed read leaves
 * nothing: the hooks then read (and report) by themselves.
 */
export function readAhead(items: readonly Item[]): Promise<void> {
  const latest = new Map<Item, unknown>();
  const stops = items.map((item) => item.watch((value: unknown) => latest.set(item, value)));
  return readItems(items).then(
    (values) => {
      items.forEach((item, i) => {
        const read = latest.has(item) ? latest.get(item) : values[i];
        latest.delete(item);
        offerReadAhead(item, {
          value: read,
          // Hands over what changed since the read: a change is at least as new as the read's answer.
          release: (update) => {
            stops[i]?.();
            if (latest.has(item)) update(latest.get(item));
          },
        });
      });
    },
    () => {
      for (const stop of stops) stop();
    },
  );
}

/**
 * Offers the page's own copy of the items (`snapshot`, one value each) to its first render, which then
 * paints at once without touching storage. The hooks read storage once that frame is painted, all items
 * in one call, and take its answer where it differs from the snapshot.
 */
export function offerSnapshot(items: readonly Item[], snapshot: readonly unknown[]): void {
  let reading: Promise<unknown[]> | undefined;
  const read = () => (reading ??= readItems(items));
  items.forEach((item, i) => {
    offerReadAhead(item, {
      value: snapshot[i],
      fromSnapshot: true,
      release(update, fail) {
        // Mostly the snapshot was right: then the page keeps what it rendered instead of rendering it again.
        read().then((values) => {
          if (JSON.stringify(values[i]) !== JSON.stringify(snapshot[i])) update(values[i]);
        }, fail);
      },
    });
  });
}
