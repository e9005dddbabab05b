/**
 * URLs in history come from the service, so they are untrusted. Only absolute http(s) URLs may become an
 * `<img src>`, `<a href>` or `<video src>`; anything else (javascript:, data:, vbscript:, relative paths,
 * malformed text) is shown as plain text instead.
 */
const MAX_URL_LENGTH = 8192;

/** The normalised URL when it is an absolute http: or https: URL, otherwise undefined. */
export function safeUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  if (trimmed.length === 0 || trimmed.length > MAX_URL_LENGTH) return undefined;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (!url.hostname) return undefined;
  return url.href;
}

/** A file name for `<a download>`, from the URL's last path segment when it looks like one. */
export function downloadName(url: string, fallback: string): string {
  try {
    const last = new URL(url).pathname.split('/').filter(Boolean).pop() ?? '';
    const name = decodeURIComponent(last).replace(/[^\w.-]+/g, '_');
    return /^[\w-]+\.[A-Za-z0-9]{2,5}$/.test(name) ? name : fallback;
  } catch {
    return fallback;
  }
}
