import { closeSync, ftruncateSync, openSync, readFileSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { tryLock } from 'fs-native-extensions';

/** Who holds a lock file: written into it by the holder once the lock is granted. */
export type LockHolder = { pid: number; host: string; since: string; command: string };

/**
 * An exclusive lock on a file, held by this process until `release()` (or its death: the operating system
 * drops it when the process ends, `kill -9` included — an open-file-description lock (`fcntl(F_OFD_SETLK)`)
 * on Linux, `flock` on macOS). Advisory: every process of ours asks before it uses what the lock guards.
 * Returns the holder instead when another open file holds it (another process, or this one).
 */
export function tryLockFile(path: string): { release: () => void } | { holder: LockHolder | null } {
  // Read and write (an exclusive lock needs a writable file), created when missing, never truncated on open.
  const fd = openSync(path, 'a+');
  let granted = false;
  try {
    granted = tryLock(fd);
  } finally {
    if (!granted) closeSync(fd);
  }
  if (!granted) return { holder: readHolder(path) };
  const holder: LockHolder = { pid: process.pid, host: hostname(), since: new Date().toISOString(), command: process.argv.slice(1).join(' ') };
  ftruncateSync(fd, 0);
  writeSync(fd, JSON.stringify(holder));
  let released = false;
  return {
    release: () => {
      if (released) return;
      released = true;
      // Closing the only descriptor of the open file ends its lock; the file stays (nothing to race on).
      closeSync(fd);
    },
  };
}

function readHolder(path: string): LockHolder | null {
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockHolder>;
    return typeof parsed.pid === 'number'
      ? { pid: parsed.pid, host: String(parsed.host ?? ''), since: String(parsed.since ?? ''), command: String(parsed.command ?? '') }
      : null;
  } catch {
    // Granted to the other process a moment ago, its details not written yet.
    return null;
  }
}
