/**
 * The popup's and the side panel's lists (*In progress* and *Recent*) are drawn by React once it has
 * hydrated the page and their code has come: about twice the static frame's time. So that their entries and
 * buttons show, and take clicks, from the first frame, each page keeps a copy of the lists as it last drew
 * them (in localStorage, the one storage a page reads synchronously; lists-copy-keeper.ts). The page's head
 * script paints it into the frame's empty slots (lists-copy-paint.ts). A click on the copy is held until
 * React's lists replace it, then given to the same control of the same entry, once; a control React no
 * longer shows gets nothing (held-entry-control.ts). This file holds what they share.
 *
 * The copy is the page's own markup, as React escaped it, and holds nothing the lists do not show, with
 * the rules that dress it (kept-lists-part.ts).
 */

export type ListsPart = 'jobs' | 'recent';
export const LISTS_PARTS: readonly ListsPart[] = ['jobs', 'recent'];

/** v1 kept markup alone, which the page's own sheet no longer dresses: such a copy is not painted. */
export const LISTS_COPY_KEY = 'promptcast:lists-copy:v2';
/** On the element that holds a part, live or painted (components/history/EntryLists.tsx). */
export const PART_ATTRIBUTE = 'data-lists-part';
/** On the slot React keeps empty for the painted copy, inside the part, until its own list replaces it. */
export const COPY_SLOT_ATTRIBUTE = 'data-lists-copy';
/** On each entry of the lists (HistoryItem, JobItem), so a held click finds its entry again. */
export const ENTRY_ATTRIBUTE = 'data-entry-id';

/** Forgets the kept lists, e.g. once the history is cleared or empty: the next open must not paint them. */
export function forgetListsCopy(store: Pick<Storage, 'removeItem'> = localStorage): void {
  try {
    store.removeItem(LISTS_COPY_KEY);
  } catch {
    // Nothing kept, nothing to forget.
  }
}
