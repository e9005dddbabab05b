/**
 * Runs tasks one after another. Writes that read the current settings before they store something
 * (a balance, a path form) must not interleave, or an older answer could land after a newer one.
 */
export function createSerial() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const run = tail.then(task);
    tail = run.catch(() => undefined);
    return run;
  };
}
