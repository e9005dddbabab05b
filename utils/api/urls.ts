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
