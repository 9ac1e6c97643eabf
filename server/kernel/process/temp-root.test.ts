import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createTempRoot, sweepTempRoots } from './temp-root';

const module = fileURLToPath(new URL('./temp-root.ts', import.meta.url));

/** Another process that makes its temporary folder and an upload in it, then waits to be killed. */
async function processWithRoot() {
  const code = `import { createTempRoot } from ${JSON.stringify(module)}; const r = createTempRoot(); console.log(r.path); setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  const path = await new Promise<string>((resolve) => child.stdout.once('data', (d) => resolve(String(d).trim())));
  mkdirSync(join(path, 'upload-1'));
  writeFileSync(join(path, 'upload-1', '0'), 'half an upload');
  return { path, child, killed: () => new Promise<void>((r) => (child.kill('SIGKILL'), child.once('exit', () => r()))) };
}

describe('temporary folders of servers', () => {
  it('sweeps the folder of a process killed with kill -9, never the folder of a live one', async () => {
    const mine = createTempRoot();
    const other = await processWithRoot();
    try {
      await sweepTempRoots();
      expect(existsSync(other.path)).toBe(true);
      expect(existsSync(mine.path)).toBe(true);
      await other.killed();
      expect(await sweepTempRoots()).toBeGreaterThanOrEqual(1);
      expect(existsSync(other.path)).toBe(false);
      expect(existsSync(mine.path)).toBe(true);
    } finally {
      await mine.dispose();
    }
    expect(existsSync(mine.path)).toBe(false);
  });
});
