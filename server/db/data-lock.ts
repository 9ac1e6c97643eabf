import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { tryLockFile } from '../kernel/process/lock';

export const LOCK_FILE = 'portal.lock';

/** A second process asked for a data folder a live process holds. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dir: string,
    readonly holderPid: number | null,
  ) {
    super(
      `The data folder ${dir} is in use by another portal process${holderPid === null ? '' : ` (pid ${holderPid})`}. ` +
        'One process at a time may open an embedded database: stop that process first, or run several processes on PostgreSQL (DATABASE_URL).',
    );
    this.name = 'DataDirInUseError';
  }
}

/**
 * Holds DATA_DIR for this process while it uses the embedded database (PGlite is one process's database:
 * a second process writing the same folder corrupts it). Released by `release()` or by the process's end,
 * however it ends, so a portal killed with `kill -9` starts again at once.
 */
export function lockDataDir(dir: string): { release: () => void } {
  mkdirSync(dir, { recursive: true });
  const lock = tryLockFile(join(dir, LOCK_FILE));
  if ('holder' in lock) throw new DataDirInUseError(dir, lock.holder?.pid ?? null);
  return lock;
}
