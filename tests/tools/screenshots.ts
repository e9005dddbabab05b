/**
 * `npm run screenshots`: refreshes the README's images in tests/e2e/screenshots on purpose. It runs the
 * specs that take screenshots (those that import e2e/support/screenshots.ts, found here so no list goes
 * stale) with PROMPTCAST_SCREENSHOTS=readme; an ordinary test run writes its screenshots to
 * test-results/screenshots instead and leaves the tracked images alone. Extra arguments go to Playwright.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const e2e = path.join(repoRoot, 'tests/e2e');
const specs = readdirSync(e2e, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.spec.ts'))
  .filter((file) => readFileSync(path.join(e2e, file), 'utf8').includes("/support/screenshots'"))
  .map((file) => path.join('tests/e2e', file))
  .sort();

const run = spawnSync('npx', ['playwright', 'test', ...specs, ...process.argv.slice(2)], {
  cwd: repoRoot,
  stdio: 'inherit',
  env: { ...process.env, PROMPTCAST_SCREENSHOTS: 'readme' },
});
process.exit(run.status ?? 1);
