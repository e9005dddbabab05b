/**
 * Runs tasks one after another. Read-modify-write tasks (the history, a balance, a path form) must not
 * interleave, or an older answer could land after a newer one. A failed task does not stop the ones after.
 */
export function createSerial() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const run = tail.then(task);
    tail = run.catch(() => undefined);
    return run;
  };
}
