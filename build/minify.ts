import type { MinifyOptions } from 'terser';

/**
 * How shipped builds are minified (wxt.config.ts), and so how the bench minifies its bare React baseline:
 * the popup's bundle budget compares the two, which only means something when the same minifier made both.
 */
export const TERSER_OPTIONS = { compress: { passes: 3 } } satisfies MinifyOptions;
