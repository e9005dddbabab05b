import { parseHttpUrl } from '../http-url';

/** The normalised URL when it may become an `<img src>`, `<a href>` or `<video src>`, otherwise undefined. */
export function safeUrl(value: unknown): string | undefined {
  return parseHttpUrl(value)?.href;
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
