import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** Browser tests: Debian's Chromium against the real server serving the built SPA (run `vite build` first). */
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/e2e/**/*.e2e.test.ts'],
    // At least two files at a time: a file (its server, its Chromium) waits on the browser most of the
    // time and keeps less than one core busy. The tests wait for what they expect, so a busy machine slows them only.
    fileParallelism: true,
    // Worker threads, as the other tests (vitest.config.ts): each file's server opens PGlite in a shared process.
    pool: 'threads',
    // Files share a worker's modules (the server's and Playwright's are evaluated once per worker, not per file).
    isolate: false,
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Time limits end hung tests only (every wait is for a condition): a busy machine slows the tests, it must
    // not fail them (tests/e2e/browser.ts E2E_WAIT_MS for each wait of a page).
    testTimeout: 600_000,
    hookTimeout: 300_000,
    globalSetup: ['tests/temp-guard.ts', 'tests/database-template.ts'],
  },
});
