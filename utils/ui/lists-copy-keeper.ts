import { type KeptPart, keptPart, ON_DEMAND_STYLE_ATTRIBUTE } from './kept-lists-part';
import {
  COPY_SLOT_ATTRIBUTE,
  ENTRY_ATTRIBUTE,
  LISTS_COPY_KEY,
  LISTS_PARTS,
  type ListsPart,
  PART_ATTRIBUTE,
} from './lists-copy';

/** The key of the copy before its rules were kept with it: left behind by an update, it goes. */
const OLD_COPY_KEY = 'promptcast:lists-copy:v1';

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

/** The rules the chunks loaded so far added for their own CSS modules: those that dress the lists now. */
const onDemandRules = (doc: Document) =>
  [...doc.querySelectorAll(`style[${ON_DEMAND_STYLE_ATTRIBUTE}]`)].map((style) => style.textContent).join('');

/**
 * Keeps the copy of the lists that the next open paints first (lists-copy.ts): each live part's markup
 * and the rules that dress it, as it settles, and at once when the page is hidden or closed. A part still
 * showing the painted copy is left as kept, with the rules kept with it.
 */
export function keepListsCopy(
  doc: Document = document,
  store: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = localStorage,
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const write = () => {
    clearTimeout(timer);
    timer = undefined;
    try {
      const kept: Partial<Record<ListsPart, unknown>> = Object(
        JSON.parse(store.getItem(LISTS_COPY_KEY) ?? '{}'),
      );
      const css = onDemandRules(doc);
      const copy: Partial<Record<ListsPart, KeptPart>> = {};
      let room = MAX_COPY_ENTRIES;
      for (const part of LISTS_PARTS) {
        const element = doc.querySelector(`#root [${PART_ATTRIBUTE}="${part}"]`);
        if (!element) continue;
        // A part still showing the painted copy is kept as it was: React has drawn nothing newer.
        const live = element.querySelector(`[${COPY_SLOT_ATTRIBUTE}]`) ? undefined : copyOf(element, room);
        room -= live?.entries ?? 0;
        const next = live ? keptPart({ markup: live.markup, css }) : keptPart(kept[part]);
        if (next) copy[part] = next;
      }
      store.setItem(LISTS_COPY_KEY, JSON.stringify(copy));
      store.removeItem(OLD_COPY_KEY);
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
