/**
 * Cached figures the page's head script paints over the first frame rendered at build time, before React.
 * The built text is kept beside, so that React finds the markup it rendered when it hydrates.
 */
const BUILT_TEXT = 'data-built-text';

export function paintOver(slot: Element, text: string): void {
  if (!slot.hasAttribute(BUILT_TEXT)) slot.setAttribute(BUILT_TEXT, slot.textContent ?? '');
  slot.textContent = text;
}

/** Puts the built text back (React then hydrates it and renders the cached figures itself, in the same task). */
export function undoShellPaint(root: ParentNode): void {
  for (const slot of root.querySelectorAll(`[${BUILT_TEXT}]`)) {
    slot.textContent = slot.getAttribute(BUILT_TEXT);
    slot.removeAttribute(BUILT_TEXT);
  }
}
