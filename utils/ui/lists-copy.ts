/**
 * The popup's and the side panel's lists (*In progress* and *Recent*) are drawn by React once it has
 * hydrated the page and their code has come: about twice the static frame's time. So that their entries and
 * buttons show, and take clicks, from the first frame, each page keeps a copy of the lists as it last drew
 * them (in localStorage, the one storage a page reads synchronously; lists-copy-keeper.ts). The page's head
 * script paints it into the frame's empty slots. A click on the copy is held until React's lists replace it,
 * then given to the same control of the same entry, once; a control React no longer shows gets nothing.
 *
 * The copy is the page's own markup, as React escaped it, and holds nothing the lists do not show.
 */

export type ListsPart = 'jobs' | 'recent';
export const LISTS_PARTS: readonly ListsPart[] = ['jobs', 'recent'];

export const LISTS_COPY_KEY = 'promptcast:lists-copy:v1';
/** Larger parts (say, hundreds of jobs) are not kept: reading and painting them would hold the first frame. */
export const MAX_PART_CHARS = 64 * 1024;

/** On the element that holds a part, live or painted (components/history/EntryLists.tsx). */
export const PART_ATTRIBUTE = 'data-lists-part';
/** On the slot React keeps empty for the painted copy, inside the part, until its own list replaces it. */
export const COPY_SLOT_ATTRIBUTE = 'data-lists-copy';
/** On each entry of the lists (HistoryItem, JobItem), so a held click finds its entry again. */
export const ENTRY_ATTRIBUTE = 'data-entry-id';
/** `<html data-held-entry-control>`: the control clicked on the copy, as JSON ({@link HeldControl}). */
const HELD = 'heldEntryControl';

interface HeldControl {
  entry: string;
  name: string;
  /** Among the entry's controls of that name. */
  nth: number;
}

const CONTROLS = 'button, a[href]';

/** What a person reads on a control: its label, else its text. */
const controlName = (control: Element) =>
  control.getAttribute('aria-label') ?? control.textContent?.trim() ?? '';

const namedControls = (entry: Element, name: string) =>
  [...entry.querySelectorAll(CONTROLS)].filter((control) => controlName(control) === name);

/** Paints the kept copy of each part into its slot, if the frame has one and the copy is readable. */
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
    slot.innerHTML = markup;
    slot.addEventListener('click', holdCopyClick, true);
    // What a probe reads, as on `<html>` while the frame holds its own buttons' clicks.
    slot.dataset.holdsClicks = '';
  }
}

function holdCopyClick(event: Event): void {
  const control = event.target instanceof Element ? event.target.closest(CONTROLS) : null;
  // The copy's controls have no handlers: nothing but this hold may act on a click, links included.
  event.preventDefault();
  event.stopPropagation();
  const entry = control?.closest(`[${ENTRY_ATTRIBUTE}]`);
  const id = entry?.getAttribute(ENTRY_ATTRIBUTE);
  if (!control || !entry || !id || control.matches(':disabled, [aria-disabled="true"]')) return;
  const name = controlName(control);
  const held: HeldControl = { entry: id, name, nth: namedControls(entry, name).indexOf(control) };
  entry.ownerDocument.documentElement.dataset[HELD] = JSON.stringify(held);
}

function readHeld(doc: Document): HeldControl | undefined {
  try {
    const held = JSON.parse(doc.documentElement.dataset[HELD] ?? 'null') as Partial<HeldControl> | null;
    return typeof held?.entry === 'string' && typeof held.name === 'string' && typeof held.nth === 'number'
      ? (held as HeldControl)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Called each time a part's live list has replaced its copy: a click held on the copy goes to the same
 * control of the same entry in React's lists, once. It waits while the entry is only in a copy still
 * painted, and is dropped once no copy is left and React shows no such control.
 */
export function releaseHeldCopyClick(doc: Document = document): void {
  const held = readHeld(doc);
  if (!held) return;
  const live = [...doc.querySelectorAll(`#root [${PART_ATTRIBUTE}] [${ENTRY_ATTRIBUTE}]`)].find(
    (entry) =>
      entry.getAttribute(ENTRY_ATTRIBUTE) === held.entry && !entry.closest(`[${COPY_SLOT_ATTRIBUTE}]`),
  );
  const control = live ? namedControls(live, held.name)[held.nth] : undefined;
  const copyLeft = doc.querySelector(`#root [${COPY_SLOT_ATTRIBUTE}]`) !== null;
  if (!control && copyLeft) return;
  delete doc.documentElement.dataset[HELD];
  if (control instanceof HTMLElement && !control.matches(':disabled, [aria-disabled="true"]'))
    control.click();
}
