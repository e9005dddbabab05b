import { requestHostAccess } from '../host-access';
import { isLoopbackHost } from '../validation';

export type AccessRequest =
  /** Plain-http loopback services are covered by the manifest's host permissions; nothing to ask. */
  { needed: false } | { needed: true; origin: string; granted: Promise<boolean> };

/**
 * Asks for access to a non-loopback service origin. Browsers only show the prompt during a user gesture, so
 * this must be called synchronously from the click handler, before anything is awaited.
 */
export function requestServiceAccess(baseUrl: string): AccessRequest {
  const url = new URL(baseUrl.trim());
  // The manifest grants loopback over http only: https on this computer (a local MinIO with TLS) is asked.
  if (url.protocol === 'http:' && isLoopbackHost(url.hostname)) return { needed: false };
  const origin = url.origin;
  const granted = requestHostAccess(origin);
  return { needed: true, origin, granted };
}
