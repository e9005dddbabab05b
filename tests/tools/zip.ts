/**
 * `tsx tests/tools/zip.ts <outDir> <chrome|firefox>`: what `wxt zip [-b firefox]` does (production build,
 * the extension zip and, for Firefox, the sources zip, with wxt.config.ts's `zip` settings), but into
 * another output folder, so the package test leaves .output alone. Prints the zips' paths as JSON.
 */
import path from 'node:path';
import { zip } from 'wxt';
import { quietLogger } from './quiet-logger';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const [outDir, browser] = process.argv.slice(2);
if (!outDir || (browser !== 'chrome' && browser !== 'firefox')) {
  console.error('usage: tsx tests/tools/zip.ts <outDir> <chrome|firefox>');
  process.exit(2);
}

const files = await zip({
  root: repoRoot,
  outDir: path.resolve(outDir),
  browser,
  mode: 'production',
  logger: quietLogger,
  vite: () => ({ logLevel: 'error', build: { rollupOptions: { onwarn: () => undefined } } }),
});
console.log(JSON.stringify(files));
