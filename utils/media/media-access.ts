import { browser } from 'wxt/browser';
import { hostPattern } from '../host-access';
import { safeUrl } from '../ui/safe-url';

/**
 * Keeping a copy means reading the file's bytes, which a no-CORS media host only allows an extension that
 * holds host permission for it. Downloads need none, so without access nothing breaks: the entry stays
 * "Only on the service" and can still be downloaded.
 */

/** The permission patterns an entry's files need, each host once, portless as every browser accepts them. */
export function mediaOrigins(urls: readonly string[]): string[] {
  const origins = new Set<string>();
  for (const url of urls) {
    const safe = safeUrl(url);
    if (safe) origins.add(hostPattern(safe));
  }
  return [...origins];
}

export function hasMediaAccess(urls: readonly string[]): Promise<boolean> {
  const origins = mediaOrigins(urls);
  return origins.length === 0 ? Promise.resolve(false) : browser.permissions.contains({ origins });
}

/**
 * For "Keep a copy": must be called synchronously in the click handler (the click is the gesture the
 * browser requires); the prompt names the media host(s).
 */
export function requestMediaAccess(urls: readonly string[]): Promise<boolean> {
  return browser.permissions.request({ origins: mediaOrigins(urls) });
}
