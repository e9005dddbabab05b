import type { MinifyOptions } from 'terser';

/**
 * How shipped builds are minified (wxt.config.ts), and so how the bench minifies its bare React baseline:
 * the popup's bundle budget compares the two, which only means something when the same minifier made both.
 */
export const TERSER_OPTIONS = {
  compress: { passes: 3 },
  // Vite asks terser for Safari 10 workarounds and ES5 shapes by default. The builds run only in Chromium and
  // Firefox, whose releases all run the ES2020 the sources are written in: 0.1 KB less gzip in the popup and
  // in the worker.
  ecma: 2020,
  safari10: false,
} satisfies MinifyOptions;

/**
 * The worker is one script in a function of its own, whose top-level names nothing outside reads: they are
 * mangled too. The rest trades inlining and comma sequences for code gzip compresses better (its 40 KB
 * budget is in gzip): chosen by measuring each of terser's shape options on the worker (comparisons keep
 * their constant on the right, as the sources write them: 67 bytes less gzip). Two assume what holds
 * for this code: no property read has a side effect (`pure_getters`: the worker defines no getter with one),
 * and no function expression is used for its `prototype` (`unsafe_arrows`: classes are written as classes).
 * Together 0.1 KB.
 */
export const WORKER_TERSER_OPTIONS = {
  compress: {
    passes: 6,
    inline: 1,
    sequences: false,
    hoist_vars: true,
    toplevel: true,
    pure_getters: true,
    unsafe_arrows: true,
    lhs_constants: false,
  },
  mangle: { toplevel: true },
  ecma: TERSER_OPTIONS.ecma,
  safari10: false,
} satisfies MinifyOptions;
