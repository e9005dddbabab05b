import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './paths';

/**
 * The last release that kept the history as one storage.local array (before issue #24): upgrade tests load
 * it, let it store a history, then load today's build over it in the same profile, as an update does.
 */
export const ARRAY_HISTORY_RELEASE = 'f750565e71a80bbd61d131bb5ae199882f1cbe64';

/** How each suite builds the extension it loads: Chromium's production build, Firefox's e2e build. */
const BUILDS = {
  chrome: { args: ['wxt', 'build'], folder: 'chrome-mv3' },
  firefox: { args: ['wxt', 'build', '-b', 'firefox', '--mode', 'e2e'], folder: 'firefox-mv2-e2e' },
} as const;

/**
 * Builds that release from this repository's own history (a few seconds; kept under .output for later
 * runs) and returns its build folder for `browser`. It shares today's node_modules: the release had the
 * same dependencies, and `idb`, which it used and today's code no longer does, stays a dev dependency
 * for this build.
 */
export function previousReleaseBuild(
  browser: keyof typeof BUILDS = 'chrome',
  commit = ARRAY_HISTORY_RELEASE,
): string {
  const source = path.join(repoRoot, '.output', `release-${commit.slice(0, 12)}`);
  const build = path.join(source, '.output', BUILDS[browser].folder);
  if (existsSync(path.join(build, 'manifest.json'))) return build;
  if (existsSync(path.join(source, 'package.json'))) {
    buildIn(source, browser);
    return build;
  }
  try {
    execFileSync('git', ['cat-file', '-e', `${commit}^{commit}`], { cwd: repoRoot, stdio: 'pipe' });
  } catch {
    throw new Error(
      `commit ${commit} (the release with the array history) is not in this clone: clone with full history`,
    );
  }
  rmSync(source, { recursive: true, force: true });
  mkdirSync(source, { recursive: true });
  execFileSync('sh', ['-c', `git archive ${commit} | tar -x -C "${source}"`], {
    cwd: repoRoot,
    stdio: 'pipe',
  });
  symlinkSync(path.join(repoRoot, 'node_modules'), path.join(source, 'node_modules'), 'dir');
  buildIn(source, browser);
  return build;
}

function buildIn(source: string, browser: keyof typeof BUILDS): void {
  execFileSync('npx', [...BUILDS[browser].args], {
    cwd: source,
    stdio: 'pipe',
    // A mode other than production would otherwise bundle React's development build.
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
