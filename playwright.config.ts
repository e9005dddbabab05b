import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: 'tests/e2e',
  // Playwright empties its output folder at start: a folder of its own keeps the other steps' logs and
  // screenshots in test-results (see tests/tools/test.ts).
  outputDir: 'test-results/e2e',
  globalSetup: './tests/e2e/support/global-setup.ts',
  // Each test launches its own Chromium. Tests that work (render, seed, click) run two at a time on the
  // 2-core machine, with nothing else running (tests/tools/test.ts): three timed the heavy specs (a
  // 20,000-entry migration, a 1,000-prompt library) out. Tests tagged @waits spend their time waiting on
  // real time (a 45 s model, a 1 MB/s line, Retry-After, a 30 s idle worker) with the CPU idle: two more
  // run beside them instead of holding a working slot for a minute.
  // Any test goes to the next free worker: a long file no longer holds one worker while the other idles.
  fullyParallel: true,
  workers: 4,
  projects: [
    { name: 'works', grepInvert: /@waits/, workers: 2 },
    { name: 'waits', grep: /@waits/, workers: 2 },
  ],
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
