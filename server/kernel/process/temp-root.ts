import { mkdtempSync } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tryLockFile } from './lock';

const PREFIX = 'portal-tmp-';
const OWNER = 'owner.lock';

/**
 * A server's own folder for temporary files (uploads being received), in the system's temporary directory,
 * with an `owner.lock` the server holds while it lives. `dispose()` removes it; a process killed before it
 * could leaves it behind, and the next `sweepTempRoots()` (every server runs it at start) removes it: its
 * lock is free once its owner is gone, whatever its pid or host now mean.
 */
export function createTempRoot(): { path: string; dispose: () => Promise<void> } {
  for (;;) {
    const path = mkdtempSync(join(tmpdir(), PREFIX));
    const lock = tryLockFile(join(path, OWNER));
    // A sweep that ran between the folder and its lock took the lock: leave that folder to it.
    if ('holder' in lock) continue;
    return {
      path,
      dispose: async () => {
        // An upload still being received as the server stops may write a file while the folder is removed
        // (ENOTEMPTY): Node's own retries take it too.
        await rm(path, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
        lock.release();
      },
    };
  }
}

/** Removes the temporary folders of servers that have ended (killed, crashed); returns how many. */
export async function sweepTempRoots(): Promise<number> {
  let removed = 0;
  const names = await readdir(tmpdir()).catch(() => [] as string[]);
  for (const name of names.filter((n) => n.startsWith(PREFIX))) {
    const path = join(tmpdir(), name);
    // A folder whose owner file is not there yet may be a server starting this instant: only when it is old.
    const hasOwner = await stat(join(path, OWNER)).then(
      () => true,
      () => false,
    );
    if (
      !hasOwner &&
      Date.now() -
        (await stat(path).then(
          (s) => s.mtimeMs,
          () => Date.now(),
        )) <
        60_000
    )
      continue;
    let lock: ReturnType<typeof tryLockFile>;
    try {
      lock = tryLockFile(join(path, OWNER));
    } catch {
      continue; // removed meanwhile, or not ours to open
    }
    if ('holder' in lock) continue; // its server lives
    await rm(path, { recursive: true, force: true });
    lock.release();
    removed++;
  }
  return removed;
}
