import { browser } from 'wxt/browser';

/**
 * The toolbar button's API: Firefox's MV2 build has `browserAction` where MV3 has `action`, with the same
 * calls this extension makes (openPopup, setPopup, setBadgeText). Chosen when the build is made, so neither
 * build carries the other's name.
 */
export const toolbarButton = (): typeof browser.action =>
  import.meta.env.MANIFEST_VERSION === 2 ? (browser.browserAction as typeof browser.action) : browser.action;
