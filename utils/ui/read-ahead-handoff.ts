/**
 * Where values read before a page's first render wait for the hook that shows them. Kept apart from the
 * reading itself (`read-ahead.ts`), which only the history page loads: every page's hooks look here.
 */

/** A value read before the page's first render, kept current by its item's changes until a hook takes it. */
export interface ReadAhead {
  /** What the first render shows: storage's answer, or the page's snapshot while storage has not answered. */
  value: unknown;
  /**
   * The value is the page's snapshot, not storage's answer: the hook reads and watches storage only once the
   * first frame is painted, since the extension API's first use costs that frame several milliseconds.
   */
  fromSnapshot?: boolean;
  /**
   * Stops following changes and hands the item to the hook, which watches it from then on: `update` gets what
   * the item holds beyond `value` (at once when known, else once storage answers), `fail` a failed read.
   */
  release(update: (value: unknown) => void, fail: (failure: unknown) => void): void;
}

const offered = new Map<object, ReadAhead>();

export function offerReadAhead(item: object, ahead: ReadAhead): void {
  offered.set(item, ahead);
}

/** The item's read-ahead value, once: a later mount reads storage itself. */
export function takeReadAhead(item: object): ReadAhead | undefined {
  const ahead = offered.get(item);
  offered.delete(item);
  return ahead;
}
