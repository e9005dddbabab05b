import type Browser from 'webextension-polyfill';
import { POLYFILL_FILE } from './polyfill-file';

/**
 * `wxt/browser` in the Chromium worker (wxt.config.ts). The browser's own `browser` namespace where it has one
 * (Chrome 144 and later): webextension-polyfill would only hand that back. An older Chromium first runs the
 * polyfill from its own file, which defines the namespace: `importScripts` works while the worker's script is
 * first evaluated, which is where this runs, before any module that uses `browser`.
 */
const scope = globalThis as typeof globalThis & {
  browser?: typeof Browser;
  importScripts?: (...urls: string[]) => void;
};

if (!scope.browser?.runtime?.id) scope.importScripts?.(`/${POLYFILL_FILE}`);

export const browser = scope.browser as typeof Browser;
