/** Longest service text carried into an error message; long enough to read, short enough for a toast. */
export const MAX_DETAIL_LENGTH = 300;

/** Shortens text on a character boundary (never inside an emoji), ending with an ellipsis. */
export function truncate(text: string, max = MAX_DETAIL_LENGTH): string {
  // UTF-16 length is never below the character count, so most text needs no splitting.
  if (text.length <= max) return text;
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return `${chars
    .slice(0, Math.max(0, max - 1))
    .join('')
    .trimEnd()}…`;
}

export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
