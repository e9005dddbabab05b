import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

export default defineConfig({
  plugins: [WxtVitest()],
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'],
    setupFiles: ['tests/unit/support/english.ts'],
    testTimeout: 15_000,
    // Vitest's default is one worker fewer than the cores: one on the 2-core machine, which ran the files
    // one after another.
    maxWorkers: 2,
  },
});
