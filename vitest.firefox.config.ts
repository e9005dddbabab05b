import { defineConfig } from 'vitest/config';

// The Firefox end-to-end specs (`npm run test:e2e:firefox`): each test drives its own firefox-esr (a fresh
// profile, its file's own reference service on a free port), two files at a time as the Chromium specs run
// two tests at a time on the 2-core machine; a file's tests run one after another.
export default defineConfig({
  test: {
    include: ['tests/firefox/**/*.spec.ts'],
    globalSetup: ['tests/firefox/support/global-setup.ts'],
    maxWorkers: 2,
    testTimeout: 90_000,
    hookTimeout: 60_000,
  },
});
