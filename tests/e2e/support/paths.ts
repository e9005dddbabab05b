import { existsSync } from 'node:fs';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../../..');
export const chromeBuildDir = path.join(repoRoot, '.output/chrome-mv3');

/**
 * Debian's Chromium is the browser here (Playwright cannot download its own); CHROMIUM_PATH points
 * elsewhere, and machines with neither fall back to Playwright's bundled Chromium (undefined).
 */
export function chromiumExecutable(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return fromEnv;
  return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
}
