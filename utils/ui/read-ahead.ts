import { storage, type WxtStorageItem } from 'wxt/utils/storage';

/** A value read before the page's first render, kept current by its item's changes until a hook takes it. */
export interface ReadAhead {
  value: unknown;
  /** Stops following changes; the value the item changed to after the hook's first render, if it did. */
  release(): { value: unknown } | undefined;
}

// biome-ignore lint/suspicious/noExplicitAny: WXT's own item type; the page only reads the value as unknown.
type Item = WxtStorageItem<any, any>;

const taken = new Map<object, ReadAhead>();

/**
 * Reads several items in one storage call before React renders, so a page paints its data in its first
 * commit instead of a loading frame, one round trip per item and a re-render for each answer. Changes are
 * followed from before the read, so none is lost before the page's own hooks watch. A failed read leaves
 * nothing: the hooks then read (and report) by themselves.
 */
export async function readAhead(items: readonly Item[]): Promise<void> {
  const latest = new Map<Item, unknown>();
  const stops = items.map((item) => item.watch((value: unknown) => latest.set(item, value)));
  let values: Array<{ value: unknown }>;
  try {
    values = await storage.getItems([...items]);
  } catch {
    for (const stop of stops) stop();
    return;
  }
  items.forEach((item, i) => {
    // A change that arrived before the answer is at least as new as the answer.
    const read = latest.has(item) ? latest.get(item) : values[i]?.value;
    latest.delete(item);
    taken.set(item, {
      value: read,
      release() {
        stops[i]?.();
        return latest.has(item) ? { value: latest.get(item) } : undefined;
      },
    });
  });
}

/** The item's read-ahead value, once: a later mount reads storage itself. */
export function takeReadAhead(item: object): ReadAhead | undefined {
  const ahead = taken.get(item);
  taken.delete(item);
  return ahead;
}
