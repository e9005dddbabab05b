import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { readBalanceText } from '../utils/ui/snapshot';

/**
 * Runs from popup.html's head, before its stylesheet and React have loaded, and shows the last known
 * balance from the synchronous snapshot as soon as the shell element is parsed. React replaces the
 * shell when it mounts.
 */
export default defineUnlistedScript(() => {
  const text = readBalanceText();
  if (!text) return;
  const fill = (): boolean => {
    const slot = document.getElementById('balance-shell');
    if (!slot) return false;
    slot.textContent = text;
    slot.hidden = false;
    return true;
  };
  if (fill()) return;
  const watcher = new MutationObserver(() => {
    if (fill()) watcher.disconnect();
  });
  watcher.observe(document, { childList: true, subtree: true });
});
