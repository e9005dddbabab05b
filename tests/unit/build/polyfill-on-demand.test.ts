// @vitest-environment node
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { runInThisContext } from 'node:vm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { POLYFILL_FILE } from '../../../utils/background/polyfill-file';

/** The polyfill file the Chromium build ships (build/polyfill-on-demand.ts copies it as the package made it). */
const polyfill = readFileSync(
  createRequire(import.meta.url).resolve('webextension-polyfill/dist/browser-polyfill.min.js'),
  'utf8',
);

/** The worker's `wxt/browser`, evaluated afresh as a worker start does. */
async function workerBrowser() {
  vi.resetModules();
  return (await import('../../../utils/background/browser-namespace')).browser;
}

afterEach(() => vi.unstubAllGlobals());

describe('webextension-polyfill only where the browser has no namespace of its own', () => {
  it('takes the browser’s own namespace and loads no file (Chrome 144 and later, Firefox)', async () => {
    const own = { runtime: { id: 'promptcast' } };
    const importScripts = vi.fn();
    vi.stubGlobal('browser', own);
    vi.stubGlobal('importScripts', importScripts);
    expect(await workerBrowser()).toBe(own);
    expect(importScripts).not.toHaveBeenCalled();
  });

  it('runs the shipped polyfill first on a Chromium without one, and hands out the namespace it makes', async () => {
    const sendMessage = vi.fn((_message: unknown, reply: (answer: unknown) => void) => reply('pong'));
    vi.stubGlobal('chrome', { runtime: { id: 'promptcast', sendMessage, lastError: undefined } });
    vi.stubGlobal('browser', undefined);
    const importScripts = vi.fn((url: string) => {
      expect(url).toBe(`/${POLYFILL_FILE}`);
      runInThisContext(polyfill);
    });
    vi.stubGlobal('importScripts', importScripts);
    const browser = await workerBrowser();
    expect(importScripts).toHaveBeenCalledOnce();
    expect(browser.runtime.id).toBe('promptcast');
    // The callback API answered as a promise: what the worker's code relies on.
    await expect(browser.runtime.sendMessage('ping')).resolves.toBe('pong');
  });
});
