import { defineConfig } from 'vitest/config';

// The Firefox end-to-end specs (`npm run test:e2e:firefox`): each test drives its own firefox-esr, so they
// run one file and one test at a time.
export default defineConfig({
  test: {
    include: ['tests/firefox/**/*.spec.ts'],
    globalSetup: ['tests/firefox/support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 60_000,
  },
});
