/**
 * The popup's and the side panel's first frame is plain HTML until React has hydrated it. A Generate click
 * in that time is held here (the buttons do nothing by themselves) and clicked again once React handles the
 * button: one click, one request.
 */

export type GenerateKind = 'image' | 'video';

/** What each Generate button carries (components/prompts/PromptForm.tsx), so the held click finds its button again. */
export const GENERATE_ATTRIBUTE = 'data-generate';
/** What React's profile switch carries (components/profiles/ProfileSwitch.tsx), for a profile chosen before it. */
export const PROFILE_SWITCH_ATTRIBUTE = 'data-profile-switch';
/** The profile chosen in the switch the shell painted (utils/ui/shell-paint.ts), as `<html data-held-profile>`. */
export const HELD_PROFILE = 'heldProfile';

const isKind = (value: string | undefined): value is GenerateKind => value === 'image' || value === 'video';

/**
 * Runs from the page's first module, once its markup is parsed. `<html data-holds-clicks>` says a Generate
 * click is acted on from now (a probe reads it); `data-held-click` is the click kept; `data-hydrated` ends it.
 */
export function holdEarlyClicks(doc: Document = document): void {
  const html = doc.documentElement;
  const hold = (event: Event) => {
    if (html.dataset.hydrated !== undefined) {
      doc.removeEventListener('click', hold, true);
      return;
    }
    const button =
      event.target instanceof Element ? event.target.closest(`button[${GENERATE_ATTRIBUTE}]`) : null;
    const kind = button?.getAttribute(GENERATE_ATTRIBUTE) ?? undefined;
    if (!isKind(kind)) return;
    // Captured at the document, before React's root listener: React never sees a click it would handle twice.
    event.preventDefault();
    event.stopImmediatePropagation();
    html.dataset.heldClick = kind;
  };
  doc.addEventListener('click', hold, true);
  html.dataset.holdsClicks = '';
}

/**
 * Once React handles the page: no more holding; the held click (the latest one) goes to its button, and a
 * profile chosen in the painted switch is chosen in React's, whose change switches it: once, whatever was
 * chosen before. `focusProfile`: the painted switch had the keyboard's focus, and React's takes it.
 */
export function releaseEarlyClicks(doc: Document = document, focusProfile = false): void {
  const html = doc.documentElement;
  const kind = html.dataset.heldClick;
  const profile = html.dataset[HELD_PROFILE];
  delete html.dataset.heldClick;
  delete html.dataset[HELD_PROFILE];
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
  if (isKind(kind)) doc.querySelector<HTMLButtonElement>(`button[${GENERATE_ATTRIBUTE}="${kind}"]`)?.click();
}
