import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { startApp } from '../utils/ui/app-start';
import { holdEarlyClicks } from '../utils/ui/early-clicks';
import { hideFrameInOtherLanguage } from '../utils/ui/frame-language';
import { paintListsCopy } from '../utils/ui/lists-copy-paint';
import { PROFILE_SLOT, paintOver, paintProfileSwitch } from '../utils/ui/shell-paint';
import { readShellView } from '../utils/ui/snapshot';

/**
 * The popup's and the side panel's first script, a module of its own (`<script type="module">` in their
 * head): deferred, so the browser parses and paints the first frame (rendered at build time) without
 * waiting for it, and, as a file that imports nothing, it runs as soon as it has come after the markup is
 * parsed, before React; usually after that first frame (its fetch takes longer than the parse), so the
 * cached balance comes a frame later. A classic script in the head held every first paint back by its own
 * fetch (about 10 ms, a fifth of the whole). It holds a click on the frame's buttons until React handles the
 * page, taking over those the frame kept by itself before this ran (utils/ui/frame-click-holds.ts);
 * it paints the last known balance over the frame (from the snapshot the popup and the panel both keep),
 * and the profile switch, whose choice it holds for React too, and the lists as the page last drew them,
 * holding their clicks as well (utils/ui/lists-copy.ts); then it starts the page's app, whose files,
 * fetched beside the shell's, held it back (build/app-after-shell.ts).
 */
export default defineUnlistedScript(() => {
  try {
    hideFrameInOtherLanguage();
    holdEarlyClicks();
    paintSnapshot();
    // In the balance's frame: its entries below the form cost that frame almost nothing (content-visibility,
    // components/history/Entry.module.css), and a frame later their buttons came a tenth of the static frame
    // after the rest of the page's controls.
    paintListsCopy();
  } finally {
    // After the balance, and whatever went wrong before: a page without its app is a dead page.
    startApp();
  }
});

/** The last balance and, with several profiles, the profile switch, live before React. */
function paintSnapshot(): void {
  const { balanceText, switcher } = readShellView();
  const balance = document.querySelector('#root [data-testid="balance"]');
  if (balanceText && balance) paintOver(balance, balanceText);
  const slot = document.querySelector<HTMLElement>(`#root [${PROFILE_SLOT}]`);
  if (switcher && slot) paintProfileSwitch(slot, switcher);
}
