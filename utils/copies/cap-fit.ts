const MB = 1024 * 1024;

/**
 * The cap, in MB, at which a result of `resultBytes` fits beside the `usedBytes` already held, so keeping it
 * evicts nothing. The page names it on *Keep anyway* and the background sets it: one computation for both.
 */
export function capToFitMb(usedBytes: number, resultBytes: number): number {
  return Math.ceil((usedBytes + resultBytes) / MB);
}
