import { defineConfig } from 'vitest/config';

/** Browser tests: Debian's Chromium against the real server serving the built SPA (run `vite build` first). */
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/e2e/**/*.e2e.test.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    globalSetup: ['tests/temp-guard.ts'],
  },
});
