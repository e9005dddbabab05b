/** The middle of `values` (between the two middle ones for an even count), or undefined for none. */
export function median(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? 0;
  const lower = sorted.length % 2 === 1 ? upper : (sorted[middle - 1] ?? upper);
  return (lower + upper) / 2;
}
