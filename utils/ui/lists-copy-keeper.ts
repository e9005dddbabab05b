import {
  COPY_SLOT_ATTRIBUTE,
  ENTRY_ATTRIBUTE,
  LISTS_COPY_KEY,
  LISTS_PARTS,
  type ListsPart,
  MAX_PART_CHARS,
  PART_ATTRIBUTE,
} from './lists-copy';

/** Changes come in bursts (a list drawn, a clock ticking each second): one write after each burst. */
const SETTLE_MS = 1000;

/** Object URLs die with the page that made them: a copy painted later would only hold dead links. */
const PAGE_BOUND = ['href', 'poster'] as const;

/**
 * Entries kept, across the parts in order: more than a first screenful only weighs on the frame that
 * paints them (a popup with 50 jobs painted its balance a quarter later); React draws the rest.
 */
export const MAX_COPY_ENTRIES = 8;

/**
 * A part as the next open paints it, with at most `room` entries; undefined when there is no room left.
 * Without media: an image or a player made in that frame delays it and React's hydration, and their
 * boxes keep their size without them; React's own list, a moment later, brings the files.
 */
function copyOf(part: Element, room: number): { markup: string; entries: number } | undefined {
  const copy = part.cloneNode(true) as Element;
  const entries = [...copy.querySelectorAll(`[${ENTRY_ATTRIBUTE}]`)];
  if (entries.length > 0 && room <= 0) return undefined;
  for (const entry of entries.slice(room)) entry.remove();
  for (const attribute of PAGE_BOUND)
    for (const element of copy.querySelectorAll(`[${attribute}^="blob:"]`))
      element.removeAttribute(attribute);
  for (const media of copy.querySelectorAll('img, video, audio')) {
    media.removeAttribute('src');
    media.removeAttribute('srcset');
    // An image without its file would show its text; the empty box is the placeholder React's list shows.
    if (media.localName === 'img') media.setAttribute('alt', '');
    else media.setAttribute('preload', 'none');
    for (const source of media.querySelectorAll('source')) source.remove();
  }
  return { markup: copy.innerHTML, entries: Math.min(entries.length, room) };
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
      let room = MAX_COPY_ENTRIES;
      for (const part of LISTS_PARTS) {
        const element = doc.querySelector(`#root [${PART_ATTRIBUTE}="${part}"]`);
        if (!element) continue;
        // A part still showing the painted copy is kept as it was: React has drawn nothing newer.
        const live = element.querySelector(`[${COPY_SLOT_ATTRIBUTE}]`) ? undefined : copyOf(element, room);
        const markup = live ? live.markup : kept[part];
        room -= live?.entries ?? 0;
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
