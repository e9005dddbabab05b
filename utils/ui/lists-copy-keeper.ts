import {
  COPY_SLOT_ATTRIBUTE,
  LISTS_COPY_KEY,
  LISTS_PARTS,
  type ListsPart,
  MAX_PART_CHARS,
  PART_ATTRIBUTE,
} from './lists-copy';

/** Changes come in bursts (a list drawn, a clock ticking each second): one write after each burst. */
const SETTLE_MS = 1000;

/** Object URLs die with the page that made them: a copy painted later would only show broken media. */
const PAGE_BOUND = ['src', 'href', 'poster'] as const;

function copyOf(part: Element): string {
  const copy = part.cloneNode(true) as Element;
  for (const attribute of PAGE_BOUND)
    for (const element of copy.querySelectorAll(`[${attribute}^="blob:"]`))
      element.removeAttribute(attribute);
  // A player made in the first frame delays React's hydration; React's own list, a moment later, brings
  // the video itself.
  for (const media of copy.querySelectorAll('video, audio')) {
    media.removeAttribute('src');
    media.setAttribute('preload', 'none');
    for (const source of media.querySelectorAll('source')) source.remove();
  }
  return copy.innerHTML;
}

/**
 * Keeps the copy of the lists that the next open paints first (lists-copy.ts): each live part's markup
 * as it settles, and at once when the page is hidden or closed. A part still showing the painted copy is
 * left as kept.
 */
export function keepListsCopy(
  doc: Document = document,
  store: Pick<Storage, 'getItem' | 'setItem'> = localStorage,
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const write = () => {
    clearTimeout(timer);
    timer = undefined;
    try {
      const kept: Partial<Record<ListsPart, unknown>> = Object(
        JSON.parse(store.getItem(LISTS_COPY_KEY) ?? '{}'),
      );
      const copy: Partial<Record<ListsPart, string>> = {};
      for (const part of LISTS_PARTS) {
        const element = doc.querySelector(`#root [${PART_ATTRIBUTE}="${part}"]`);
        const markup = !element
          ? undefined
          : element.querySelector(`[${COPY_SLOT_ATTRIBUTE}]`)
            ? kept[part]
            : copyOf(element);
        if (typeof markup === 'string' && markup.length <= MAX_PART_CHARS) copy[part] = markup;
      }
      store.setItem(LISTS_COPY_KEY, JSON.stringify(copy));
    } catch {
      // A full or disabled localStorage only costs the next open its painted lists.
    }
  };
  const settle = () => {
    timer ??= setTimeout(write, SETTLE_MS);
  };
  const observer = new MutationObserver(settle);
  for (const part of doc.querySelectorAll(`#root [${PART_ATTRIBUTE}]`))
    observer.observe(part, { subtree: true, childList: true, characterData: true, attributes: true });
  const hidden = () => {
    if (doc.visibilityState === 'hidden') write();
  };
  doc.addEventListener('visibilitychange', hidden);
  doc.defaultView?.addEventListener('pagehide', write);
  settle();
  return () => {
    observer.disconnect();
    clearTimeout(timer);
    doc.removeEventListener('visibilitychange', hidden);
    doc.defaultView?.removeEventListener('pagehide', write);
  };
}

/** Forgets the kept lists, e.g. once the person cleared the history: the next open must not paint them. */
export function forgetListsCopy(store: Pick<Storage, 'removeItem'> = localStorage): void {
  try {
    store.removeItem(LISTS_COPY_KEY);
  } catch {
    // Nothing kept, nothing to forget.
  }
}
