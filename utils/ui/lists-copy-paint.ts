import { holdCopyClick } from './held-entry-control';
import {
  COPY_SLOT_ATTRIBUTE,
  LISTS_COPY_KEY,
  LISTS_PARTS,
  type ListsPart,
  MAX_PART_CHARS,
  PART_ATTRIBUTE,
} from './lists-copy';

/**
 * Paints the kept copy of each part into its slot, if the frame has one and the copy is readable; its
 * clicks are held (held-entry-control.ts).
 */
export function paintListsCopy(
  doc: Document = document,
  store: Pick<Storage, 'getItem'> = localStorage,
): void {
  let copy: Partial<Record<ListsPart, unknown>>;
  try {
    copy = Object(JSON.parse(store.getItem(LISTS_COPY_KEY) ?? '{}'));
  } catch {
    return;
  }
  for (const part of LISTS_PARTS) {
    const markup = copy[part];
    const slot = doc.querySelector<HTMLElement>(
      `#root [${PART_ATTRIBUTE}="${part}"] > [${COPY_SLOT_ATTRIBUTE}]`,
    );
    if (typeof markup !== 'string' || markup.length > MAX_PART_CHARS || !slot) continue;
    // Parsed into a document of its own, which runs nothing, then moved in (AMO's linter refuses innerHTML).
    slot.replaceChildren(...new DOMParser().parseFromString(markup, 'text/html').body.childNodes);
    slot.addEventListener('click', holdCopyClick, true);
    // What a probe reads, as on `<html>` while the frame holds its own buttons' clicks.
    slot.dataset.holdsClicks = '';
  }
}
