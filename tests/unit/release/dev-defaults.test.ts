// @vitest-environment node
/**
 * The development service and key reach development builds only: a release build or zip with the variables
 * set stops with a message saying why, and a development build (what `npm start` makes) carries them.
 * Real WXT builds into temporary folders, with wxt.config.ts.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const tsx = path.join(repoRoot, 'node_modules/.bin/tsx');
const DEV_ENV = {
  PROMPTCAST_DEV_SERVICE_URL: 'http://127.0.0.1:8787',
  PROMPTCAST_DEV_API_KEY: 'dev-key-5678',
};
const MESSAGE =
  'PROMPTCAST_DEV_SERVICE_URL and PROMPTCAST_DEV_API_KEY are for development builds only, and this is a production build.';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Runs one of the build tools; resolves with its output, or with the failure's stderr. */
async function run(tool: 'build' | 'zip', args: string[], env: Record<string, string>) {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'promptcast-dev-defaults-'));
  dirs.push(outDir);
  try {
    await promisify(execFile)(tsx, [`tests/tools/${tool}.ts`, outDir, ...args], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
    });
    return { ok: true, outDir, stderr: '' };
  } catch (error) {
    return { ok: false, outDir, stderr: String((error as { stderr?: string }).stderr ?? error) };
  }
}

describe('development defaults', () => {
  // Only a key set (no service) is refused as well: either would be a development setting in a release.
  it.each([
    ['build', ['chrome', 'production'], DEV_ENV],
    ['build', ['firefox', 'production'], { PROMPTCAST_DEV_API_KEY: 'dev-key-5678' }],
    ['zip', ['chrome'], { PROMPTCAST_DEV_API_KEY: 'dev-key-5678' }],
    ['zip', ['firefox'], DEV_ENV],
  ] as const)(
    'a release %s (%j) with the variables set fails and says why',
    async (tool, args, env) => {
      const result = await run(tool, [...args], env);
      expect(result.ok).toBe(false);
      expect(result.stderr).toContain(MESSAGE);
    },
    60_000,
  );

  it('a development build carries them, for npm start and npm run dev', async () => {
    const result = await run('build', ['chrome', 'development'], DEV_ENV);
    expect(result.stderr).toBe('');
    const background = readFileSync(path.join(result.outDir, 'chrome-mv3-dev/background.js'), 'utf8');
    expect(background).toContain(DEV_ENV.PROMPTCAST_DEV_SERVICE_URL);
    expect(background).toContain(DEV_ENV.PROMPTCAST_DEV_API_KEY);
  }, 120_000);
});
