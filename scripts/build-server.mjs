// The production server build: the TypeScript server bundled once with esbuild into build/ (its npm
// dependencies stay in node_modules), so production runs plain JavaScript on Node 24 — nothing is
// transpiled at run time. build/ sits at the project root like server/, so the paths the server finds
// relative to its own file (the SPA's dist/, the migrations copied beside it) hold in both.
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('build', { recursive: true, force: true });
await build({
  entryPoints: {
    main: 'server/main.ts',
    'seed-cli': 'server/dev/seed/seed-cli.ts',
    // The compile sandbox's process (server/apps/compile/sandbox.ts looks for it beside the bundle).
    'sandbox-child': 'server/apps/compile/sandbox-child.ts',
    // The runtime sandbox's process (server/apps/runtime/sandbox.ts looks for it beside the bundle).
    'runtime-child': 'server/apps/runtime/sandbox-child.ts',
    // The thread that renders publishers' Markdown (server/catalog/markdown/markdown-renderer.ts looks for it beside the bundle).
    'markdown-worker': 'server/catalog/markdown/markdown-worker.ts',
  },
  outdir: 'build',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
cpSync('server/db/migrations', 'build/migrations', { recursive: true });
console.log('built build/main.js, build/seed-cli.js, build/sandbox-child.js, build/runtime-child.js, build/markdown-worker.js and build/migrations');
