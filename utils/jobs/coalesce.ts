/**
 * Runs `task` so that calls made while it runs share that run and one more after it (whose result is
 * merged in): the last caller always sees work that started after its call, yet no two runs overlap.
 */
export function coalesce<T>(task: () => Promise<T>, merge: (first: T, rerun: T) => T = (_, rerun) => rerun) {
  let running: Promise<T> | undefined;
  let again = false;
  return (): Promise<T> => {
    if (running) {
      again = true;
      return running;
    }
    const run = (async (): Promise<T> => {
      try {
        let result = task();
        await result;
        while (again) {
          again = false;
          const rerun = task();
          await rerun;
          const first = result;
          result = first.then((a) => rerun.then((b) => merge(a, b)));
        }
        return result;
      } finally {
        running = undefined;
      }
    })();
    running = run;
    return run;
  };
}
