import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { readSnapshot } from '../utils/ui/snapshot';

/**
 * Runs as a plain script while popup.html is still parsing, long before React has loaded: it shows the
 * last known balance from the synchronous snapshot at once. React replaces this shell when it mounts.
 */
export default defineUnlistedScript(() => {
  const text = readSnapshot()?.balanceText;
  const slot = document.getElementById('balance-shell');
  if (!text || !slot) return;
  slot.textContent = text;
  slot.hidden = false;
});
