import { execFileSync } from 'node:child_process';
import { chromeBuildDir, repoRoot } from './paths';
import { previousReleaseBuild } from './previous-release';

/** Builds the production extension once for the whole run: the tests drive exactly what ships. */
export default function globalSetup(): void {
  if (process.env.E2E_SKIP_BUILD === '1') return;
  execFileSync('npx', ['wxt', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  console.log(`Built extension in ${chromeBuildDir}`);
  // Once, here: specs loaded by two workers at once would otherwise both build it in the same folder.
  console.log(`Built the release before #24 in ${previousReleaseBuild('chrome')}`);
}
