/**
 * URLs from settings and from the service are untrusted text. Only absolute http(s) URLs are web locations
 * the extension may call, open, download or show; anything else (javascript:, data:, relative paths,
 * malformed or absurdly long text) is refused.
 */
const MAX_URL_LENGTH = 8192;

/** The parsed URL when `value` is an absolute http: or https: URL, otherwise undefined. */
export function parseHttpUrl(value: unknown): URL | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  if (trimmed === '' || trimmed.length > MAX_URL_LENGTH) return undefined;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return undefined;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' ? url : undefined;
}

/** The origin a service URL belongs to; '' for a service that is not set up (or not a URL). */
export function originOf(baseUrl: string): string {
  if (!baseUrl) return '';
  try {
    return new URL(baseUrl).origin;
  } catch {
    return '';
  }
}
