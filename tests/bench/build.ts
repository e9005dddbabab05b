/**
 * The bench measures its own production build in a private folder: other processes (the e2e suite's
 * global setup, `npm run build`) rewrite .output/chrome-mv3 at any time, and Chromium reads an unpacked
 * extension's files lazily, so a shared folder could change under a running measurement.
 */
import { cpSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'wxt';
import { chromeBuildDir, repoRoot } from '../e2e/support/paths';
import { quietLogger } from '../tools/quiet-logger';

/** `wxt build` (production, Chrome MV3) into a temporary folder; BENCH_SKIP_BUILD=1 copies .output's. */
export async function buildPrivateCopy(): Promise<{ root: string; extensionDir: string }> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'promptcast-bench-build-'));
  const extensionDir = path.join(root, 'chrome-mv3');
  if (process.env.BENCH_SKIP_BUILD === '1') {
    cpSync(chromeBuildDir, extensionDir, { recursive: true });
  } else {
    await build({
      root: repoRoot,
      outDir: root,
      mode: 'production',
      browser: 'chrome',
      logger: quietLogger,
      // Rollup's notes about zod's comment annotations are noise in the bench's output.
      vite: () => ({ logLevel: 'error', build: { rollupOptions: { onwarn: () => undefined } } }),
    });
  }
  return { root, extensionDir };
}
