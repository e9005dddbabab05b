import { browser } from 'wxt/browser';
import { isLoopbackHost } from './validation';

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

/**
 * Whether a granted pattern may be given back: one the options page asked for, never a wildcard, and never
 * a loopback host, which the manifest grants and which the browser refuses to remove.
 */
function isReleasable(pattern: string): boolean {
  if (!pattern.endsWith('/*') || pattern.includes('*.') || pattern.includes('://*')) return false;
  try {
    return !isLoopbackHost(new URL(pattern.slice(0, -2)).hostname);
  } catch {
    return false;
  }
}

/** Gives back the access granted for every service origin except those in `keep`. */
export async function releaseHostAccess(keep: readonly string[]): Promise<void> {
  const needed = new Set(keep.map(hostPattern));
  const { origins = [] } = await browser.permissions.getAll();
  const unused = origins.filter((pattern) => isReleasable(pattern) && !needed.has(pattern));
  if (unused.length > 0) await browser.permissions.remove({ origins: unused });
}
