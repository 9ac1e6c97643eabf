import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir } from './data-lock';

const dir = mkdtempSync(join(tmpdir(), 'portal-lock-unit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the data folder lock', () => {
  it('is held by one opener at a time, names the holder, and is free again once released', () => {
    const first = lockDataDir(dir);
    let refused: unknown;
    try {
      lockDataDir(dir);
    } catch (e) {
      refused = e;
    }
    expect(refused).toBeInstanceOf(DataDirInUseError);
    expect((refused as DataDirInUseError).holderPid).toBe(process.pid);
    expect(String((refused as Error).message)).toContain(`The data folder ${dir} is in use by another portal process (pid ${process.pid})`);
    first.release();
    lockDataDir(dir).release();
  });
});
