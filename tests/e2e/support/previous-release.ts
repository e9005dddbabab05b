import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './paths';

/**
 * The last release that kept the history as one storage.local array (before issue #24): upgrade tests load
 * it, let it store a history, then load today's build over it in the same profile, as an update does.
 */
export const ARRAY_HISTORY_RELEASE = 'f750565e71a80bbd61d131bb5ae199882f1cbe64';

/**
 * Builds that release from this repository's own history (a few seconds; kept under .output for later
 * runs) and returns its Chromium build folder. It shares today's node_modules: the release had the same
 * dependencies.
 */
export function previousReleaseBuild(commit = ARRAY_HISTORY_RELEASE): string {
  const source = path.join(repoRoot, '.output', `release-${commit.slice(0, 12)}`);
  const build = path.join(source, '.output', 'chrome-mv3');
  if (existsSync(path.join(build, 'manifest.json'))) return build;
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
  execFileSync('npx', ['wxt', 'build'], { cwd: source, stdio: 'pipe' });
  return build;
}
