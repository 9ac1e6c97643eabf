// Compile time of the fixture app through the portal's compiler (TypeScript API, 5 runs) next to plain
// `tsc --noEmit` on the same sources with the same options (3 runs). Usage: npm run bench:compile
import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { compilePackage } from '../server/services/compile/compiler';
import { fixtureFiles } from '../tests/fixtures/packages';

const files = new Map(Object.entries(fixtureFiles('standup-helper')).map(([k, v]) => [k, Buffer.from(v)]));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const portal: number[] = [];
for (let i = 0; i < 5; i++) portal.push((await compilePackage(files, { kind: 'source', allowNpm: false })).durationMs);

const dir = mkdtempSync(join(tmpdir(), 'bench-tsc-'));
for (const [name, data] of files) {
  mkdirSync(dirname(join(dir, name)), { recursive: true });
  writeFileSync(join(dir, name), data);
}
const engine = dirname(createRequire(import.meta.url).resolve('@rocket.chat/apps-engine/package.json'));
writeFileSync(
  join(dir, 'tsconfig.json'),
  JSON.stringify({
    compilerOptions: {
      target: 'es2017', module: 'commonjs', moduleResolution: 'node10', experimentalDecorators: true, emitDecoratorMetadata: true,
      noEmit: true, skipLibCheck: true, resolveJsonModule: true, esModuleInterop: true, lib: ['es2017'], types: [],
      baseUrl: '.', paths: { '@rocket.chat/apps-engine/*': [`${engine}/*`] },
    },
    include: ['**/*.ts'],
  }),
);
const tscBin = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const tsc: number[] = [];
for (let i = 0; i < 3; i++) {
  const t0 = performance.now();
  execFileSync(process.execPath, [tscBin, '--noEmit', '-p', dir], { stdio: 'inherit' });
  tsc.push(Math.round(performance.now() - t0));
}
rmSync(dir, { recursive: true, force: true });
console.log(`portal compile (TypeScript API, in process): median ${median(portal)} ms of ${portal.join(', ')}`);
console.log(`tsc --noEmit (new node process each run):    median ${median(tsc)} ms of ${tsc.join(', ')}`);
