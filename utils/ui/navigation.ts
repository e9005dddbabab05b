import { browser } from 'wxt/browser';
import { safeUrl } from './safe-url';

/** Opens the options page (in a tab: the manifest asks for open_in_tab) and closes the popup if open. */
export async function openOptions(): Promise<void> {
  await browser.runtime.openOptionsPage();
}

/** Opens one of the extension's own pages in a new tab. */
export async function openExtensionPage(
  path: '/history.html' | '/library.html' | '/options.html',
): Promise<void> {
  await browser.tabs.create({ url: browser.runtime.getURL(path) });
}

/** Opens a service URL in a new tab; refuses anything that is not http(s). */
export async function openInTab(url: string): Promise<boolean> {
  const safe = safeUrl(url);
  if (!safe) return false;
  await browser.tabs.create({ url: safe });
  return true;
}
