const silent = () => undefined;

/** A logger for WXT's build and zip APIs that keeps only warnings and errors. */
export const quietLogger = {
  debug: silent,
  log: silent,
  info: silent,
  success: silent,
  warn: (...args: unknown[]) => console.warn(...args),
  error: (...args: unknown[]) => console.error(...args),
  fatal: (...args: unknown[]) => console.error(...args),
  level: 3,
};
