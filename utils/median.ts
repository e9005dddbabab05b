/** The middle of `values` (between the two middle ones for an even count), or undefined for none. */
export function median(values: readonly number[]): number | undefined {
  const sorted = [...values].sort((a, b) => a - b);
  const half = sorted.length / 2;
  // For an odd count both indexes name the one middle value.
  return sorted.length > 0
    ? ((sorted[Math.ceil(half) - 1] as number) + (sorted[Math.floor(half)] as number)) / 2
    : undefined;
}
