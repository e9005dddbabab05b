import { execFileSync } from 'node:child_process';
import { chromeBuildDir, repoRoot } from './paths';

/** Builds the production extension once for the whole run: the tests drive exactly what ships. */
export default function globalSetup(): void {
  if (process.env.E2E_SKIP_BUILD === '1') return;
  execFileSync('npx', ['wxt', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  console.log(`Built extension in ${chromeBuildDir}`);
}
