import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { previousReleaseBuild } from '../../e2e/support/previous-release';
import { firefoxBuildDir, firefoxExecutable, repoRoot } from './paths';
import { makeProfileTemplate } from './start-firefox';

/**
 * Builds the Firefox add-on once for the whole run, names the browser that will drive it, and makes the
 * profile every test's Firefox starts from (removed again after the run).
 */
export default async function globalSetup(project: TestProject): Promise<() => void> {
  console.log(execFileSync(firefoxExecutable(), ['--version'], { encoding: 'utf8' }).trim());
  if (process.env.E2E_SKIP_BUILD !== '1') build();
  const template = await makeProfileTemplate();
  project.provide('firefoxProfileTemplate', template);
  return () => rmSync(template, { recursive: true, force: true });
}

function build(): void {
  execFileSync('npx', ['wxt', 'build', '-b', 'firefox', '--mode', 'e2e'], {
    cwd: repoRoot,
    stdio: 'inherit',
    // A mode other than production would otherwise bundle React's development build.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  console.log(`Built the Firefox add-on in ${firefoxBuildDir}`);
  console.log(`Built the release before #24 in ${previousReleaseBuild('firefox')}`);
}
