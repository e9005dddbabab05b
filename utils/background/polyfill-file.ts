/** The file the Chromium build ships webextension-polyfill in, for a browser without the `browser` namespace. */
export const POLYFILL_FILE = 'browser-polyfill.js';
