import { execFileSync } from 'node:child_process';
import { previousReleaseBuild } from '../../e2e/support/previous-release';
import { firefoxBuildDir, firefoxExecutable, repoRoot } from './paths';

/** Builds the Firefox add-on once for the whole run and names the browser that will drive it. */
export default function globalSetup(): void {
  console.log(execFileSync(firefoxExecutable(), ['--version'], { encoding: 'utf8' }).trim());
  if (process.env.E2E_SKIP_BUILD === '1') return;
  execFileSync('npx', ['wxt', 'build', '-b', 'firefox', '--mode', 'e2e'], {
    cwd: repoRoot,
    stdio: 'inherit',
    // A mode other than production would otherwise bundle React's development build.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  console.log(`Built the Firefox add-on in ${firefoxBuildDir}`);
  console.log(`Built the release before #24 in ${previousReleaseBuild('firefox')}`);
}
