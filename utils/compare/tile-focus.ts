/**
 * How many tiles a row holds as designed (the CSS module's columns): two side by side, three in a row, four
 * as two by two, five and six in rows of three.
 */
export function columnsFor(count: number): number {
  if (count === 4) return 2;
  return Math.max(1, Math.min(3, count));
}

/**
 * The tile a key moves the focus to, or undefined for a key that does not move it. Left and right go along
 * the reading order (across rows), up and down by a row (down from above a short last row goes to its last
 * tile), staying put at an edge rather than wrapping: a grid of pictures has no "after the last".
 */
export function nextTileIndex(
  key: string,
  index: number,
  count: number,
  columns: number,
): number | undefined {
  const last = count - 1;
  switch (key) {
    case 'ArrowLeft':
      return Math.max(0, index - 1);
    case 'ArrowRight':
      return Math.min(last, index + 1);
    case 'ArrowUp':
      return index - columns >= 0 ? index - columns : index;
    case 'ArrowDown':
      return Math.floor(index / columns) < Math.floor(last / columns)
        ? Math.min(last, index + columns)
        : index;
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return undefined;
  }
}
