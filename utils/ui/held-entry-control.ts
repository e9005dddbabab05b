import { COPY_SLOT_ATTRIBUTE, ENTRY_ATTRIBUTE, PART_ATTRIBUTE } from './lists-copy';

/*
 * A click on the lists' painted copy (lists-copy.ts), held until React's list replaces the copy. Apart
 * from the copy's constants: the shell holds with it and React's lists release with it, but the popup's
 * first frame needs none of it.
 */

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

export function holdCopyClick(event: Event): void {
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
