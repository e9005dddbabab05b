import path from 'node:path';
import { repoRoot } from './paths';

/** The folder the README's images are kept in: only `npm run screenshots` writes there. */
export const TRACKED_SCREENSHOTS = path.join(repoRoot, 'tests/e2e/screenshots');

/**
 * Where a spec's screenshot goes: an ordinary test run writes them into the ignored test-results folder (to
 * look at after a run), so it leaves the tree as it was; `npm run screenshots` sets PROMPTCAST_SCREENSHOTS to
 * refresh the README's images.
 */
export function shot(name: string): string {
  const dir =
    process.env.PROMPTCAST_SCREENSHOTS === 'readme'
      ? TRACKED_SCREENSHOTS
      : path.join(repoRoot, 'test-results/screenshots');
  return path.join(dir, `${name}.png`);
}
