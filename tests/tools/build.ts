/**
 * `tsx tests/tools/build.ts <outDir> <chrome|firefox> <mode>`: what `wxt build [-b firefox] [--mode mode]`
 * does, with wxt.config.ts, but into another output folder, so a test leaves .output alone.
 */
import path from 'node:path';
import { build } from 'wxt';
import { quietLogger } from './quiet-logger';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const [outDir, browser, mode] = process.argv.slice(2);
if (!outDir || (browser !== 'chrome' && browser !== 'firefox') || !mode) {
  console.error('usage: tsx tests/tools/build.ts <outDir> <chrome|firefox> <mode>');
  process.exit(2);
}

await build({
  root: repoRoot,
  outDir: path.resolve(outDir),
  browser,
  mode,
  logger: quietLogger,
  vite: () => ({ logLevel: 'error', build: { rollupOptions: { onwarn: () => undefined } } }),
});
