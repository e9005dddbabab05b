import { browser } from 'wxt/browser';
import { parseHttpUrl } from './http-url';
import { isLoopbackHost } from './validation';

/**
 * The host-permission pattern that covers a URL's origin, in the one form both browsers accept: Firefox
 * refuses match patterns that name a port (bugs 1362809, 1468162), and Chrome lets a pattern without a port
 * match every port of its host. So `http://127.0.0.1:43123` is covered by `http://127.0.0.1/*` in both.
 */
export function hostPattern(url: string): string {
  const { protocol, hostname } = new URL(url);
  return `${protocol}//${hostname}/*`;
}

/** The patterns covering the http(s) URLs among `urls` (service origins, media files), each once. */
export function hostPatterns(urls: readonly string[]): string[] {
  const patterns = new Set<string>();
  for (const url of urls) {
    const parsed = parseHttpUrl(url);
    if (parsed) patterns.add(hostPattern(parsed.href));
  }
  return [...patterns];
}

/**
 * Whether the extension may send requests to all these URLs' hosts (a service origin; an entry's media
 * files, whose bytes a no-CORS media host only lets an extension with host access read). No usable URL
 * means no access.
 */
export function hasHostAccess(...urls: string[]): Promise<boolean> {
  const origins = hostPatterns(urls);
  return origins.length === 0 ? Promise.resolve(false) : browser.permissions.contains({ origins });
}

/** The host patterns the manifest lets the extension ask for at run time (MV3 and Firefox's MV2 keys). */
function optionalHostPatterns(): string[] {
  const manifest = browser.runtime.getManifest() as {
    optional_host_permissions?: string[];
    optional_permissions?: string[];
  };
  return [...(manifest.optional_host_permissions ?? []), ...(manifest.optional_permissions ?? [])].filter(
    (permission) => permission.includes('://'),
  );
}

// Whether one of our host patterns (scheme, host, any path) lies within a manifest pattern whose scheme or
// host may be a wildcard, as the optional https one is.
function within(pattern: string, optional: string): boolean {
  const [scheme = '', rest = ''] = pattern.split('://');
  const [optionalScheme = '', optionalRest = ''] = optional.split('://');
  const host = rest.split('/')[0] ?? '';
  const optionalHost = optionalRest.split('/')[0] ?? '';
  const schemeMatches =
    optionalScheme === '*' ? scheme === 'http' || scheme === 'https' : optionalScheme === scheme;
  const hostMatches =
    optionalHost === '*' ||
    optionalHost === host ||
    (optionalHost.startsWith('*.') &&
      (host.endsWith(optionalHost.slice(1)) || host === optionalHost.slice(2)));
  return schemeMatches && hostMatches;
}

/**
 * Whether access to these URLs' hosts can be asked for at run time: only hosts the manifest lists as
 * optional (https ones); asking for any other, a plain-http media host say, could only fail.
 */
export function canRequestHostAccess(urls: readonly string[]): boolean {
  const wanted = hostPatterns(urls);
  const optional = optionalHostPatterns();
  return wanted.length > 0 && wanted.every((pattern) => optional.some((allowed) => within(pattern, allowed)));
}

/**
 * Asks for access to these URLs' hosts; the browser shows its prompt only when this is called
 * synchronously in a click handler (the gesture it requires).
 */
export function requestHostAccess(...urls: string[]): Promise<boolean> {
  return browser.permissions.request({ origins: hostPatterns(urls) });
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
  const needed = new Set(hostPatterns(keep));
  const { origins = [] } = await browser.permissions.getAll();
  const unused = origins.filter((pattern) => isReleasable(pattern) && !needed.has(pattern));
  if (unused.length > 0) await browser.permissions.remove({ origins: unused });
}
