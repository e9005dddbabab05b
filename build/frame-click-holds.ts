import {
  FRAME_HOLD_ATTRIBUTE,
  FRAME_SUBMIT_ATTRIBUTE,
  OPENS_SIDE_PANEL_ATTRIBUTE,
} from '../utils/ui/frame-click-holds';

/** A first frame's markup with its click holds, and the holds themselves, which go after the root element. */
export interface HeldFrame {
  markup: string;
  holds: string;
}

/**
 * Gives each enabled button of a first frame (React's server markup) a hidden popover to show, so that a click
 * made before the page's first script is kept by the browser (utils/ui/frame-click-holds.ts). The popovers go
 * outside the root element: React hydrates the root alone, and the shell has undone every hold by then.
 */
export function withFrameClickHolds(markup: string): HeldFrame {
  let count = 0;
  const held = markup.replace(/<button\b([^>]*)>/g, (tag, attributes: string) => {
    const type = /\stype="([a-z]+)"/.exec(attributes)?.[1];
    // A button without a type is a submit button in a form, and would need its form looked up to know.
    if (!type) throw new Error(`first frame: a button without a type: ${tag}`);
    if (/\sdisabled=""/.test(attributes) || attributes.includes(` ${OPENS_SIDE_PANEL_ATTRIBUTE}=`))
      return tag;
    const id = holdId(count++);
    const own =
      type === 'submit'
        ? attributes.replace(' type="submit"', ` type="button" ${FRAME_SUBMIT_ATTRIBUTE}=""`)
        : attributes;
    return `<button${own} popovertarget="${id}" popovertargetaction="show">`;
  });
  const holds = Array.from(
    { length: count },
    (_, index) => `<div popover="manual" id="${holdId(index)}" ${FRAME_HOLD_ATTRIBUTE}=""></div>`,
  ).join('');
  return { markup: held, holds };
}

const holdId = (index: number) => `frame-hold-${index}`;
