import { browser } from 'wxt/browser';

/**
 * The host-permission pattern that covers a service origin, in the one form both browsers accept: Firefox
 * refuses match patterns that name a port (bugs 1362809, 1468162), and Chrome lets a pattern without a port
 * match every port of its host. So `http://127.0.0.1:43123` is covered by `http://127.0.0.1/*` in both.
 */
export function hostPattern(origin: string): string {
  const url = new URL(origin);
  return `${url.protocol}//${url.hostname}/*`;
}

/** Whether the extension may send requests to this origin. */
export function hasHostAccess(origin: string): Promise<boolean> {
  return browser.permissions.contains({ origins: [hostPattern(origin)] });
}

/** Asks for access to this origin; only shows a prompt when called during a user gesture. */
export function requestHostAccess(origin: string): Promise<boolean> {
  return browser.permissions.request({ origins: [hostPattern(origin)] });
}
