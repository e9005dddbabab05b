import { parseHttpUrl } from '../http-url';

/** Pages check the same few hundred history URLs on every render; parsing each once keeps lists fast. */
const checked = new Map<string, string | undefined>();
const CHECKED_LIMIT = 4096;

/** The normalised URL when it may become an `<img src>`, `<a href>` or `<video src>`, otherwise undefined. */
export function safeUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (checked.has(value)) return checked.get(value);
  const safe = parseHttpUrl(value)?.href;
  if (checked.size >= CHECKED_LIMIT) checked.clear();
  checked.set(value, safe);
  return safe;
}
