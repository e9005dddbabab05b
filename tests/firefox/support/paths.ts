import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../../..');

/**
 * The production Firefox build plus one test-only hook (see entrypoints/background.ts), made by
 * `NODE_ENV=production wxt build -b firefox --mode e2e`; WXT puts a mode's build in its own folder, so the
 * production `.output/firefox-mv2` never holds the hook.
 */
export const firefoxBuildDir = path.join(repoRoot, '.output/firefox-mv2-e2e');

/** Debian's firefox-esr unless FIREFOX_PATH names another Firefox (140 or newer, for add-ons over BiDi). */
export function firefoxExecutable(): string {
  return process.env.FIREFOX_PATH || '/usr/bin/firefox-esr';
}
