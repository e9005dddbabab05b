/**
 * Loads a page's app once its first frame (the HTML rendered at build time) has been painted: evaluating
 * React before it would hold that frame back. A rAF callback runs just before the paint, its task after.
 */
export function loadAfterFirstFrame(load: () => Promise<unknown>): void {
  requestAnimationFrame(() => {
    setTimeout(() => void load(), 0);
  });
}
