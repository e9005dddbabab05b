/**
 * The popup's and the side panel's first frame is HTML alone until their first script (the page shell) has
 * come, some 40 ms after the frame is painted on a busy machine: a click on one of its buttons in that time
 * did nothing. The build gives each such button a popover of its own to show (build/frame-click-holds.ts):
 * the browser keeps "shown" without any script, however often it is clicked, and the shell reads it as one
 * click held, to be replayed once React handles the page (early-clicks.ts).
 */

/**
 * What the popup's *Open side panel* carries (entrypoints/popup/OpenPanelButton.tsx). The frame holds no
 * click for it: the browser opens a panel only during the click itself, so the shell opens it from the
 * click as soon as it runs (early-clicks.ts).
 */
export const OPENS_SIDE_PANEL_ATTRIBUTE = 'data-opens-side-panel';
/** What each of those popovers carries: it holds a click for the frame, and is never seen. */
export const FRAME_HOLD_ATTRIBUTE = 'data-frame-hold';
/**
 * A submit button of the frame is a plain button while it is held (the browser shows no popover for a
 * submit button of a form); this says to make it a submit button again.
 */
export const FRAME_SUBMIT_ATTRIBUTE = 'data-frame-submit';

/**
 * The frame's buttons that were clicked before this ran, in document order, and every hold undone: the
 * buttons are again the markup React rendered, which it hydrates, and the popovers are gone.
 */
export function takeFrameHeldClicks(doc: Document = document): HTMLButtonElement[] {
  const clicked: HTMLButtonElement[] = [];
  for (const button of doc.querySelectorAll<HTMLButtonElement>('button[popovertarget]')) {
    const hold = doc.getElementById(button.getAttribute('popovertarget') ?? '');
    if (!hold?.hasAttribute(FRAME_HOLD_ATTRIBUTE)) continue;
    if (hold.matches(':popover-open')) clicked.push(button);
    button.removeAttribute('popovertarget');
    button.removeAttribute('popovertargetaction');
    if (button.hasAttribute(FRAME_SUBMIT_ATTRIBUTE)) {
      button.type = 'submit';
      button.removeAttribute(FRAME_SUBMIT_ATTRIBUTE);
    }
  }
  for (const hold of doc.querySelectorAll(`[${FRAME_HOLD_ATTRIBUTE}]`)) hold.remove();
  return clicked;
}
