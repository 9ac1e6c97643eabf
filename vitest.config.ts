import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { contractRoutes } from './scripts/vite/contract-routes.ts';

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on a 2-core CI machine, where the tests (servers
    // waiting on their databases, compiles in child processes) leave the second core mostly idle.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Worker threads, not child processes: each file is still isolated (its own thread and module graph), but
    // the process and what it has compiled are shared (PGlite's WebAssembly above all, which every test
    // server opens): the API tests on PGlite took 18 % less time and 19 % less CPU (docs/testing.md).
    pool: 'threads',
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'contract/**/*.test.ts',
            'machines/**/*.test.ts',
            'server/**/*.test.ts',
            'tests/api/**/*.test.ts',
            'tests/cli/**/*.test.ts',
            'tests/model/**/*.test.ts',
            'tests/docs/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          // Time limits end hung tests only: every wait is for a condition (tests/eventually.ts), and a busy machine
          // (a CI run beside a CPU hog, two stages side by side) makes real compiles and servers slower, not wrong.
          testTimeout: 300_000,
          hookTimeout: 300_000,
          // The files of a worker share its modules: each file no longer evaluates the server's module graph anew
          // (the API tests on PGlite: 504 → 373 s of CPU, docs/testing.md). Nothing here keeps state in a module
          // between files; PGlite's WebAssembly is compiled once per worker (server/db/client.ts).
          isolate: false,
          globalSetup: ['tests/temp-guard.ts', 'tests/database-template.ts'],
        },
      },
      {
        plugins: [react(), contractRoutes()],
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup-dom.ts'],
          // As the node project's: files share a worker's modules and its jsdom (tests/setup-dom.ts resets the page
          // and the toasts between them): 74 → 27 s of CPU.
          isolate: false,
          // As the node project's: a limit for hung tests only (tests/setup-dom.ts for findBy… and waitFor).
          testTimeout: 120_000,
        },
      },
    ],
  },
});
