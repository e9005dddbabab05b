import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { POLYFILL_FILE } from '../utils/background/polyfill-file';
import type { Plugin } from './first-frame-plugin';

/**
 * Chrome 144 and later (like Firefox) have the promise-based `browser` namespace and promise replies from
 * onMessage, so webextension-polyfill only hands back the browser's own object there: its 2.4 KB of gzip in
 * every start of the worker bought nothing. The Chromium worker's `wxt/browser` becomes a module that loads
 * the polyfill from a file of its own only on a browser without the namespace (utils/background/
 * browser-namespace.ts), and this plugin ships that file, as the package built it.
 */
export function polyfillOnDemand(): Plugin {
  return {
    name: 'promptcast:polyfill-on-demand',
    apply: 'build',
    generateBundle() {
      const path = createRequire(import.meta.url).resolve(
        'webextension-polyfill/dist/browser-polyfill.min.js',
      );
      // The map is not shipped, so the comment that names it goes too.
      const source = readFileSync(path, 'utf8').replace(/\n\/\/# sourceMappingURL=.*\s*$/, '\n');
      this.emitFile({ type: 'asset', fileName: POLYFILL_FILE, source });
    },
  };
}
