/**
 * Parses an absolute http(s) URL. Anything else (relative paths, `javascript:`, `data:`, blank) is
 * refused because the extension opens and downloads these URLs, and only web locations are safe and
 * meaningful there.
 */
export function parseHttpUrl(value: unknown): URL | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return undefined;
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
}

/**
 * Appends an absolute endpoint path to a base URL that may carry a path prefix and a trailing slash.
 * `new URL(path, base)` is not used because a leading slash would drop the prefix.
 */
export function joinUrl(base: URL, path: string): string {
  const prefix = base.pathname.replace(/\/+$/, '');
  const url = new URL(base.href);
  url.pathname = `${prefix}/${path.replace(/^\/+/, '')}`;
  url.search = '';
  url.hash = '';
  return url.href;
}
