/**
 * People often paste the address of one endpoint, or of the interface's path family, where the service
 * URL belongs; the extension appends those paths itself, so such a URL reaches nothing.
 */

/** What follows `/v1` or `/api` in the interface's endpoint paths (spec sections 3-6 and 9). */
const ENDPOINT_TAILS =
  /^(|\/tokens\/balance|\/credits\/balance|\/images\/generate|\/videos\/generate|\/videos\/[^/]+)$/;

/** The service URL without a trailing `/v1`, `/api` or endpoint path, or undefined when it has none. */
export function baseUrlWithoutEndpoint(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return undefined;
  }
  const path = url.pathname.replace(/\/+$/, '');
  const match = /^(.*?)\/(v1|api)(\/.*)?$/.exec(path);
  if (!match || !ENDPOINT_TAILS.test(match[3] ?? '')) return undefined;
  return `${url.origin}${match[1] ?? ''}`;
}
