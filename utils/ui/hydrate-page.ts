import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { primarySubtag, uiLanguage } from '../i18n';
import { adoptEarlyInput } from './adopt-early-input';
import { heldButton, releaseEarlyClicks } from './early-clicks';
import { showFrame } from './frame-language';
import { undoShellPaint } from './shell-paint';

/**
 * Takes over a page whose first frame was rendered at build time (its `<html lang>` is that frame's
 * language): React hydrates `first`, the tree that rendered it, then renders `live` (the same page with
 * what the page could read synchronously, e.g. the popup's snapshot). Everything runs in this one task
 * (flushSync), so no frame shows the state in between. Input made in the first frame is adopted, and a
 * held click and a profile chosen in the painted switch are replayed once React handles the page.
 *
 * Read `lang` before anything sets it. A browser in another language than the frame's gets the page
 * rendered afresh, since hydrating English text with German text would only fail.
 */
export function hydratePage(root: HTMLElement, frameLanguage: string, first: ReactNode, live = first): void {
  let focusProfile = false;
  let button: HTMLButtonElement | undefined;
  if (root.firstElementChild && primarySubtag(frameLanguage) === primarySubtag(uiLanguage())) {
    focusProfile = undoShellPaint(root);
    button = heldButton(root);
    const page = flushSync(() => hydrateRoot(root, first));
    flushSync(() => adoptEarlyInput(root));
    if (live !== first) flushSync(() => page.render(live));
  } else {
    root.replaceChildren();
    // The frame was hidden (hideFrameInOtherLanguage): no click could reach its buttons.
    flushSync(() => createRoot(root).render(live));
    showFrame();
  }
  releaseEarlyClicks(document, { focusProfile, button });
}
