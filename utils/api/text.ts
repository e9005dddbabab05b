import { collapseWhitespace, truncate } from '../text';

export function looksLikeHtml(text: string, contentType: string | null): boolean {
  if (contentType?.toLowerCase().includes('text/html')) return true;
  return /^\s*<(!doctype\s+html|html|head|body)\b/i.test(text);
}

/**
 * Turns an error response body into one readable line. JSON bodies are mined for the usual message
 * fields because `{"error":"prompt too long"}` reads better as `prompt too long`; HTML error pages
 * from proxies are reduced to their text. `redact` sees the whole line before it is cut, since
 * decoding JSON or HTML may reveal text the raw body hid, and a cut could leave part of it behind.
 */
export function summariseBody(
  text: string,
  contentType: string | null,
  redact: (line: string) => string,
): string | undefined {
  const fromJson = messageFromJson(text);
  const plain = fromJson ?? (looksLikeHtml(text, contentType) ? stripTags(text) : text);
  const line = redact(collapseWhitespace(plain));
  return line === '' ? undefined : truncate(line);
}

/** Reads `error`, `message`, `detail` or `reason` (or `error.message`) from a JSON object, if any. */
export function pickMessage(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value;
  if (!isRecord(value)) return undefined;
  for (const key of ['error', 'message', 'detail', 'reason']) {
    const found = pickMessage(value[key]);
    if (found !== undefined) return found;
  }
  return undefined;
}

function messageFromJson(text: string): string | undefined {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{')) return undefined;
  try {
    const parsed: unknown = JSON.parse(trimmed);
    return isRecord(parsed) ? pickMessage(parsed) : undefined;
  } catch {
    return undefined;
  }
}

function stripTags(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
