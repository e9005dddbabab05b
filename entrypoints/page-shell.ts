import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { holdEarlyClicks } from '../utils/ui/early-clicks';
import { hideFrameInOtherLanguage } from '../utils/ui/frame-language';
import { paintOver } from '../utils/ui/shell-paint';
import { readBalanceText } from '../utils/ui/snapshot';

/**
 * Runs from the head of the popup and the side panel, before their first frame (rendered at build time)
 * is parsed: holds a Generate click until React handles the page, and, where the script tag says
 * `data-paints="balance"` (the popup, whose snapshot it is), paints the last known balance over the
 * frame as soon as the balance's element is parsed.
 */
export default defineUnlistedScript(() => {
  hideFrameInOtherLanguage();
  holdEarlyClicks();
  if (document.currentScript?.dataset.paints !== 'balance') return;
  const text = readBalanceText();
  if (!text) return;
  const fill = (): boolean => {
    const slot = document.querySelector('#root [data-testid="balance"]');
    if (!slot) return false;
    paintOver(slot, text);
    return true;
  };
  if (fill()) return;
  const watcher = new MutationObserver(() => {
    if (fill()) watcher.disconnect();
  });
  watcher.observe(document, { childList: true, subtree: true });
});
