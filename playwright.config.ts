import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: 'tests/e2e',
  // Playwright empties its output folder at start: a folder of its own keeps the other steps' logs and
  // screenshots in test-results (see tests/tools/test.ts).
  outputDir: 'test-results/e2e',
  globalSetup: './tests/e2e/support/global-setup.ts',
  // Each test launches its own Chromium and mostly waits (on the service's latency, alarms, slow files), so
  // three run at once on the 2-core machine, beside the unit suite and the Firefox specs (tests/tools/test.ts);
  // four timed out there. Any test goes to the next free worker: a long file no longer holds one worker while
  // the others idle.
  fullyParallel: true,
  workers: 3,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  retries: 0,
  // The JSON report keeps each test's duration, to find where the suite's time goes.
  reporter: [
    ['list'],
    ['json', { outputFile: 'test-results/e2e-report.json' }],
    ['./tests/e2e/support/reliability-reporter.ts'],
  ],
  use: { trace: 'off' },
});
