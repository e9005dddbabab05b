import type { MinifyOptions } from 'terser';

/**
 * How shipped builds are minified (wxt.config.ts), and so how the bench minifies its bare React baseline:
 * the popup's bundle budget compares the two, which only means something when the same minifier made both.
 */
export const TERSER_OPTIONS = { compress: { passes: 3 } } satisfies MinifyOptions;

/**
 * The worker is one script in a function of its own, whose top-level names nothing outside reads: they are
 * mangled too. The rest trades inlining and comma sequences for code gzip compresses better (its 40 KB
 * budget is in gzip): chosen by measuring each of terser's shape options on the worker, none that changes
 * what the code does (no `unsafe` ones).
 */
export const WORKER_TERSER_OPTIONS = {
  compress: { passes: 5, inline: 1, sequences: false, hoist_vars: true, toplevel: true },
  mangle: { toplevel: true },
} satisfies MinifyOptions;
