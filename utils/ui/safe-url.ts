import { parseHttpUrl } from '../http-url';

/** The normalised URL when it may become an `<img src>`, `<a href>` or `<video src>`, otherwise undefined. */
export function safeUrl(value: unknown): string | undefined {
  return parseHttpUrl(value)?.href;
}
