import { browser } from 'wxt/browser';

/**
 * The popup's and the side panel's first frame is built in every translation, and the worker points the
 * browser at the pages in its own (utils/background/translated-frames.ts). Until it has, the English pages
 * open: a browser shown another translation would read English text, and type into a form React then
 * replaces, until React has rendered the page in its language; so there the built frame is hidden (the
 * inline stylesheet hides `#root` under this attribute) and React's first render shows the page.
 */
export const HIDDEN_FRAME_ATTRIBUTE = 'data-frame-hidden';

const primary = (tag: string) => tag.split('-')[0]?.toLowerCase() ?? '';

/** From the page's first module: hides the built frame when the extension's translation is not the frame's. */
export function hideFrameInOtherLanguage(doc: Document = document): void {
  const translation = browser.i18n.getMessage('languageTag') || 'en';
  if (primary(translation) !== primary(doc.documentElement.lang)) {
    doc.documentElement.setAttribute(HIDDEN_FRAME_ATTRIBUTE, '');
  }
}

/** Once React has rendered the page in the browser's language. */
export function showFrame(doc: Document = document): void {
  doc.documentElement.removeAttribute(HIDDEN_FRAME_ATTRIBUTE);
}
