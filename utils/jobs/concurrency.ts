/**
 * A shared bound: of the tasks given to it, at most `limit` run at once; the others wait their turn in
 * the order they came.
 */
export function createLimiter(limit: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async function limited<T>(task: () => Promise<T>): Promise<T> {
    if (running < Math.max(1, limit)) running++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      // A finished task hands its place straight to the next one waiting, if any.
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

/** Runs `work` over `items` with at most `limit` in flight, keeping results in input order. */
export function mapWithLimit<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const limited = createLimiter(limit);
  return Promise.all(items.map((item) => limited(() => work(item))));
}
