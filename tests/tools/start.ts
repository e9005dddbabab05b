/**
 * `npm start`: the reference service plus a development build of the extension pointed at it with the
 * demo key, opened in Chromium, so a newcomer sees the extension work without an account.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromiumExecutable, repoRoot } from '../e2e/support/paths';
import { DEMO_MODELS } from '../reference-service/config';
import { describeModels } from '../reference-service/models';
import { DEMO_API_KEY, startReferenceService } from '../reference-service/server';

const port = Number(process.env.PORT ?? 8787);
const service = await startReferenceService({
  port,
  config: { videoDurationMs: 15_000, models: DEMO_MODELS },
});
console.log(`Reference service listening on ${service.url}`);
console.log(`Demo API key: ${DEMO_API_KEY}`);
console.log(describeModels(DEMO_MODELS));

// A development build differs from production only in these two values (see wxt.config.ts).
execFileSync('npx', ['wxt', 'build', '--mode', 'development'], {
  cwd: repoRoot,
  stdio: 'inherit',
  env: { ...process.env, PROMPTCAST_DEV_SERVICE_URL: service.url, PROMPTCAST_DEV_API_KEY: DEMO_API_KEY },
});
const buildDir = path.join(repoRoot, '.output/chrome-mv3-dev');

const browser = chromiumExecutable();
const hasDisplay = Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
if (!hasDisplay || !browser) {
  console.log(
    [
      '',
      hasDisplay
        ? 'No Chromium found (set CHROMIUM_PATH).'
        : 'No display found, so no browser window can open here.',
      `Load ${buildDir} in chrome://extensions (Developer mode > Load unpacked) on a machine with a`,
      'display; it is already pointed at this reference service with the demo key.',
      'The service keeps running here until you press Ctrl+C.',
    ].join('\n'),
  );
} else {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'promptcast-start-'));
  const chromium = spawn(
    browser,
    [
      `--user-data-dir=${profile}`,
      `--disable-extensions-except=${buildDir}`,
      `--load-extension=${buildDir}`,
      '--no-first-run',
      '--disable-background-networking',
      'https://example.org/',
    ],
    { stdio: 'ignore' },
  );
  console.log('Chromium is open with Promptcast loaded: click its toolbar icon to generate.');
  chromium.on('exit', () => void service.close().then(() => process.exit(0)));
}

function stop(): void {
  void service.close().then(() => process.exit(0));
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
