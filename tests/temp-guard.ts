// Vitest global setup: the run's temporary files go to a folder of its own (TMPDIR, which every test, worker
// and spawned portal inherits), and the run fails if anything is left in it at the end — a data folder,
// an upload, a bucket or a crash test's folder that a test or the server did not remove.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup() {
  const outer = tmpdir();
  const dir = mkdtempSync(join(outer, 'portal-test-run-'));
  process.env.TMPDIR = dir;
  return async () => {
    process.env.TMPDIR = outer;
    // Processes a test stopped last may still be closing: wait until they are gone (a minute at most).
    const deadline = Date.now() + 60_000;
    // tsx's compile cache (`tsx-<uid>`) is a cache, not a leak: it goes with the run's folder.
    const leftovers = () => readdirSync(dir).filter((name) => !/^tsx-\d+$/.test(name));
    let left = leftovers();
    while (left.length && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      left = leftovers();
    }
    rmSync(dir, { recursive: true, force: true });
    if (left.length) throw new Error(`The tests left ${left.length} temporary file(s) behind: ${left.slice(0, 20).join(', ')}`);
  };
}
