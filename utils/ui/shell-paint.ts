import { HELD_PROFILE } from './early-clicks';
import type { ShellSwitch } from './snapshot';

/**
 * Cached figures and controls the page's head script paints over the first frame rendered at build time,
 * before React. The built text is kept beside, and painted controls are marked, so that React finds the
 * markup it rendered when it hydrates.
 */
const BUILT_TEXT = 'data-built-text';
const PAINTED = 'data-shell-painted';

/** Where the build-time frame keeps the profile switch's place: the select's classes, and its label. */
export const PROFILE_SLOT = 'data-profile-slot';
export const PROFILE_SLOT_LABEL = 'data-profile-label';

export function paintOver(slot: Element, text: string): void {
  if (!slot.hasAttribute(BUILT_TEXT)) slot.setAttribute(BUILT_TEXT, slot.textContent ?? '');
  slot.textContent = text;
}

/** The switch of the snapshot's profiles in its slot, live at once: a choice is held for React. */
export function paintProfileSwitch(slot: HTMLElement, { activeId, options }: ShellSwitch): void {
  const select = document.createElement('select');
  select.className = slot.getAttribute(PROFILE_SLOT) ?? '';
  select.setAttribute('aria-label', slot.getAttribute(PROFILE_SLOT_LABEL) ?? '');
  select.setAttribute(PAINTED, '');
  for (const [id, label] of options) {
    const option = document.createElement('option');
    option.value = id;
    option.textContent = label;
    select.append(option);
  }
  select.value = activeId;
  select.addEventListener('change', () => {
    document.documentElement.dataset[HELD_PROFILE] = select.value;
  });
  slot.append(select);
}

/**
 * Puts the built frame back (React then hydrates it and renders the cached figures itself, in the same task);
 * true when a painted control had the keyboard's focus, for React's own to take it.
 */
export function undoShellPaint(root: ParentNode): boolean {
  for (const slot of root.querySelectorAll(`[${BUILT_TEXT}]`)) {
    slot.textContent = slot.getAttribute(BUILT_TEXT);
    slot.removeAttribute(BUILT_TEXT);
  }
  const painted = [...root.querySelectorAll(`[${PAINTED}]`)];
  const focused = painted.some((control) => control === document.activeElement);
  for (const control of painted) control.remove();
  return focused;
}
