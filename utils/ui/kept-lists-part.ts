/**
 * A part of the lists' copy (lists-copy.ts) as kept: its markup and the rules that dress it. Those rules
 * travel with the lists' code, not in the page's inline sheet (an empty popup needs none of them, and a
 * popup opened with none of that code yet paints the copy in its first frame), so each part keeps them: the
 * page's on-demand stylesheets as they were when it was written. Apart from lists-copy.ts, which the page
 * loads at open, as only the page shell and the keeper read it.
 */

/** Larger parts (say, hundreds of jobs) are not kept: reading and painting them would hold the first frame. */
export const MAX_PART_CHARS = 64 * 1024;
/** The rules kept with a part, at most: the lists' own are about 4 KB. */
export const MAX_CSS_CHARS = 64 * 1024;

/** A part as kept: its markup, and the rules that dressed it then. */
export interface KeptPart {
  markup: string;
  css: string;
}

/** A kept part as read back from localStorage, if it has that shape and its bounds. */
export function keptPart(value: unknown): KeptPart | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { markup, css } = value as Partial<Record<keyof KeptPart, unknown>>;
  return typeof markup === 'string' &&
    markup.length <= MAX_PART_CHARS &&
    typeof css === 'string' &&
    css.length <= MAX_CSS_CHARS
    ? { markup, css }
    : undefined;
}

/** On each `<style>` a chunk loaded on demand adds for its own CSS modules (build/inline-stylesheet.ts). */
export const ON_DEMAND_STYLE_ATTRIBUTE = 'data-on-demand';
