/**
 * `tsx tests/tools/previous-release.ts <chrome|firefox>`: builds the release before #24 for that browser (kept
 * under .output for later runs), which the upgrade specs load. `npm test` builds it here, beside today's
 * build, so that specs started by several workers at once never build it in the same folder together.
 */
import { previousReleaseBuild } from '../e2e/support/previous-release';

const browser = process.argv[2];
if (browser !== 'chrome' && browser !== 'firefox') {
  console.error('usage: tsx tests/tools/previous-release.ts <chrome|firefox>');
  process.exit(2);
}
console.log(previousReleaseBuild(browser));
