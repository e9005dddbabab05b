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
 * How long a held click waits for its control once its entry is drawn live: a control React draws after the
 * entry (*Keep a copy*, once the entry's kept copy has been looked up) comes within a few frames.
 */
export const CONTROL_WAIT_MS = 2000;

/** The held click, and its entry and control as React's lists show them now (undefined where they do not). */
function heldTarget(doc: Document): { entry?: Element; control?: Element } | undefined {
  const held = readHeld(doc);
  if (!held) return undefined;
  const entry = [...doc.querySelectorAll(`#root [${PART_ATTRIBUTE}] [${ENTRY_ATTRIBUTE}]`)].find(
    (item) => item.getAttribute(ENTRY_ATTRIBUTE) === held.entry && !item.closest(`[${COPY_SLOT_ATTRIBUTE}]`),
  );
  const control = entry ? namedControls(entry, held.name)[held.nth] : undefined;
  return { ...(entry ? { entry } : {}), ...(control ? { control } : {}) };
}

/** Ends the hold: the click goes to `control` if there is one that takes it, else nowhere. */
function endHold(doc: Document, control: Element | undefined): void {
  delete doc.documentElement.dataset[HELD];
  if (control instanceof HTMLElement && !control.matches(':disabled, [aria-disabled="true"]'))
    control.click();
}

/** The documents whose held click is waiting for its control (one watch each). */
const waiting = new WeakSet<Document>();

/**
 * Called each time a part's live list has replaced its copy: a click held on the copy goes to the same
 * control of the same entry in React's lists, once. It waits while the entry is only in a copy still
 * painted; once no copy is left, it is dropped if React shows no such entry, and waits up to
 * {@link CONTROL_WAIT_MS} for a control of an entry React shows (then it is dropped too).
 */
export function releaseHeldCopyClick(doc: Document = document): void {
  const target = heldTarget(doc);
  if (!target) return;
  const copyLeft = doc.querySelector(`#root [${COPY_SLOT_ATTRIBUTE}]`) !== null;
  // Given now, or dropped: React shows no such entry, and no copy is left where it may still be.
  if (target.control || (!copyLeft && !target.entry)) {
    endHold(doc, target.control);
    return;
  }
  if (copyLeft || waiting.has(doc)) return;
  waiting.add(doc);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    waiting.delete(doc);
  };
  const observer = new MutationObserver(() => {
    const now = heldTarget(doc);
    if (now?.control) endHold(doc, now.control);
    if (!now || now.control) stop();
  });
  const timer = setTimeout(() => {
    const now = heldTarget(doc);
    if (now) endHold(doc, now.control);
    stop();
  }, CONTROL_WAIT_MS);
  const root = doc.getElementById('root');
  if (root) observer.observe(root, { subtree: true, childList: true, attributes: true });
}
