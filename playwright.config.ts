import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/support/global-setup.ts',
  fullyParallel: false,
  // Each test launches its own Chromium; two at a time fits the 2-core CI machine.
  workers: process.env.CI ? 2 : 2,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  retries: 0,
  reporter: [['list'], ['./tests/e2e/support/reliability-reporter.ts']],
  use: { trace: 'off' },
});
