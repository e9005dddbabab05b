import { holdCopyClick } from './held-entry-control';
import { keptPart } from './kept-lists-part';
import {
  COPY_SLOT_ATTRIBUTE,
  LISTS_COPY_KEY,
  LISTS_PARTS,
  type ListsPart,
  PART_ATTRIBUTE,
} from './lists-copy';

/**
 * Paints the kept copy of each part into its slot, if the frame has one and the copy is readable, with the
 * rules kept with it (each set once); its clicks are held (held-entry-control.ts).
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
  const rules = new Set<string>();
  for (const part of LISTS_PARTS) {
    const kept = keptPart(copy[part]);
    const slot = doc.querySelector<HTMLElement>(
      `#root [${PART_ATTRIBUTE}="${part}"] > [${COPY_SLOT_ATTRIBUTE}]`,
    );
    if (!kept || !slot) continue;
    if (!rules.has(kept.css)) {
      rules.add(kept.css);
      doc.head.append(Object.assign(doc.createElement('style'), { textContent: kept.css }));
    }
    // Parsed into a document of its own, which runs nothing, then moved in (AMO's linter refuses innerHTML).
    slot.replaceChildren(...new DOMParser().parseFromString(kept.markup, 'text/html').body.childNodes);
    slot.addEventListener('click', holdCopyClick, true);
    // What a probe reads, as on `<html>` while the frame holds its own buttons' clicks.
    slot.dataset.holdsClicks = '';
  }
}
