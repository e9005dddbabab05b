import { moveToSidePanel } from '../side-panel/page/panel-apis';
import { OPENS_SIDE_PANEL_ATTRIBUTE, takeFrameHeldClicks } from './frame-click-holds';
import { COPY_SLOT_ATTRIBUTE } from './lists-copy';

/**
 * The popup's and the side panel's first frame is plain HTML until React has hydrated it, and its buttons do
 * nothing by themselves. A click on one in that time is held here and clicked again once React handles the
 * button: one click, one action. *Open side panel* cannot wait (the browser opens a panel only during the
 * click), so it is done at once.
 */

export type GenerateKind = 'image' | 'video';

/** What each Generate button carries (components/prompts/PromptForm.tsx), so the held click finds its button again. */
export const GENERATE_ATTRIBUTE = 'data-generate';
/** What React's profile switch carries (components/profiles/ProfileSwitch.tsx), for a profile chosen before it. */
export const PROFILE_SWITCH_ATTRIBUTE = 'data-profile-switch';
/** The profile chosen in the switch the shell painted (utils/ui/shell-paint.ts), as `<html data-held-profile>`. */
export const HELD_PROFILE = 'heldProfile';
/** Another button of the frame clicked, by its place among the frame's buttons, as `<html data-held-button>`. */
const HELD_BUTTON = 'heldButton';

const isKind = (value: string | undefined): value is GenerateKind => value === 'image' || value === 'video';

/**
 * The frame's buttons in document order, as React will hydrate them: the shell paints none but those of
 * the lists' copy, which holds its own clicks (lists-copy.ts) and which React does not hydrate.
 */
const frameButtons = (root: ParentNode) =>
  [...root.querySelectorAll('button')].filter((button) => !button.closest(`[${COPY_SLOT_ATTRIBUTE}]`));

/**
 * Runs from the page's first module, once its markup is parsed. `<html data-holds-clicks>` says a click is
 * acted on from now (a probe reads it); `data-held-click` is the Generate click kept, `data-held-button`
 * another button's; `data-hydrated` ends it.
 */
export function holdEarlyClicks(doc: Document = document): void {
  const html = doc.documentElement;
  const root = doc.getElementById('root');
  const holdClick = (button: HTMLButtonElement) => {
    if (!root) return;
    const kind = button.getAttribute(GENERATE_ATTRIBUTE) ?? undefined;
    if (isKind(kind)) html.dataset.heldClick = kind;
    else if (button.hasAttribute(OPENS_SIDE_PANEL_ATTRIBUTE)) moveToSidePanel();
    else html.dataset[HELD_BUTTON] = String(frameButtons(root).indexOf(button));
  };
  // Those the frame held by itself, before this script came.
  for (const button of takeFrameHeldClicks(doc)) holdClick(button);
  const hold = (event: Event) => {
    if (html.dataset.hydrated !== undefined) {
      doc.removeEventListener('click', hold, true);
      return;
    }
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!root || !button || button.disabled || !frameButtons(root).includes(button)) return;
    // Captured at the document, before React's root listener: React never sees a click it would handle twice.
    event.preventDefault();
    event.stopImmediatePropagation();
    holdClick(button);
  };
  doc.addEventListener('click', hold, true);
  html.dataset.holdsClicks = '';
}

/**
 * The button a held click went to, found before React hydrates the frame: hydration keeps the frame's nodes,
 * so this is the very button React then handles, wherever later renders move it.
 */
export function heldButton(root: ParentNode, doc: Document = document): HTMLButtonElement | undefined {
  const held = doc.documentElement.dataset[HELD_BUTTON];
  return held === undefined ? undefined : frameButtons(root)[Number(held)];
}

/**
 * Once React handles the page: no more holding; a profile chosen in the painted switch is chosen in React's,
 * whose change switches it; the held button and the held Generate click (the latest of each) go to their
 * buttons: once each, whatever was chosen before. `focusProfile`: the painted switch had the keyboard's
 * focus, and React's takes it.
 */
export function releaseEarlyClicks(
  doc: Document = document,
  { focusProfile = false, button }: { focusProfile?: boolean; button?: HTMLButtonElement | undefined } = {},
): void {
  const html = doc.documentElement;
  const kind = html.dataset.heldClick;
  const profile = html.dataset[HELD_PROFILE];
  delete html.dataset.heldClick;
  delete html.dataset[HELD_PROFILE];
  delete html.dataset[HELD_BUTTON];
  delete html.dataset.holdsClicks;
  html.dataset.hydrated = '';
  const select = doc.querySelector<HTMLSelectElement>(`select[${PROFILE_SWITCH_ATTRIBUTE}]`);
  if (select && focusProfile) select.focus();
  if (select && profile !== undefined && select.value !== profile) {
    const shown = select.value;
    select.value = profile;
    // A profile the stored list no longer has selects nothing: there is nothing to switch to.
    if (select.value === profile) select.dispatchEvent(new Event('change', { bubbles: true }));
    else select.value = shown;
  }
  // A button React no longer shows, or has turned off, has nothing to do now.
  if (button?.isConnected && !button.disabled) button.click();
  if (isKind(kind)) doc.querySelector<HTMLButtonElement>(`button[${GENERATE_ATTRIBUTE}="${kind}"]`)?.click();
}
