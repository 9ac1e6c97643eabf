import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { fixtureFiles } from '../../../tests/fixtures/packages';
import { DEFAULT_DISALLOWED_LICENCES } from '../../../contract/schemas/review';
import { closeIdleSandboxes, compileInSandbox, sandboxStats } from './sandbox';

const input = (name: string, change: (f: Map<string, Buffer>) => void = () => {}) => {
  const files = new Map(Object.entries(fixtureFiles(name)).map(([k, v]) => [k, Buffer.from(v)]));
  change(files);
  const manifest = JSON.parse(files.get('app.json')!.toString()) as { classFile: string; version: string };
  return {
    files,
    kind: 'source' as const,
    allowNpm: false,
    classFile: manifest.classFile,
    version: manifest.version,
    lastApproved: null,
    disallowedLicences: DEFAULT_DISALLOWED_LICENCES,
  };
};
const limits = { timeoutSeconds: 60, memoryMb: 1024 };
const small = { timeoutSeconds: 120, memoryMb: 256 };

/** A process is gone once it no longer exists or is a zombie (nobody reaped it yet). */
const alive = (pid: number) => {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  }
};
/** Waits for a condition, however long a busy machine takes (the test's own timeout bounds it). */
const until = async (condition: () => boolean) => {
  while (!condition()) await new Promise((r) => setTimeout(r, 50));
};

afterAll(() => closeIdleSandboxes());

describe('the compile sandbox: a process of its own, with limits', () => {
  it('answers the compile of a package, its emitted bundle included', async () => {
    const outcome = await compileInSandbox(input('standup-helper'), limits);
    expect(outcome.kind).toBe('done');
    if (outcome.kind !== 'done') return;
    expect(outcome.result.ok).toBe(true);
    expect(Buffer.isBuffer(outcome.result.emitted.get('StandupHelperApp.js'))).toBe(true);
    expect(outcome.result.findings).toEqual([]);
  });

  it('stops a compile past its time limit, and never uses its process again', async () => {
    closeIdleSandboxes();
    await compileInSandbox(input('standup-helper'), limits);
    const [warm] = sandboxStats().idle;
    const { forks } = sandboxStats();
    expect(await compileInSandbox(input('runaway-types'), { ...limits, timeoutSeconds: 4 })).toEqual({ kind: 'timeout' });
    expect(sandboxStats()).toEqual({ forks, idle: [] });
    await until(() => !alive(warm!));
    expect(await compileInSandbox(input('standup-helper'), limits)).toMatchObject({ kind: 'done', result: { ok: true } });
    expect(sandboxStats().forks).toBe(forks + 1);
  });

  it('stops a compile past its memory limit (in a fresh process: not tried again)', async () => {
    closeIdleSandboxes();
    const { forks } = sandboxStats();
    expect(await compileInSandbox(input('runaway-types'), small)).toEqual({ kind: 'out-of-memory' });
    expect(sandboxStats().forks).toBe(forks + 1);
  });

  it('tries a compile that ran out of memory in a warm process once more, in a fresh one', async () => {
    expect(await compileInSandbox(input('standup-helper'), small)).toMatchObject({ kind: 'done', result: { ok: true } });
    const { forks } = sandboxStats();
    // The warm process's heap holds what the compile before left: no verdict on this package until a fresh one says so.
    expect(await compileInSandbox(input('runaway-types'), small)).toEqual({ kind: 'out-of-memory' });
    expect(sandboxStats().forks).toBe(forks + 1);
  }, 300_000);

  it('reports a package that crashes the compiler as a crash of the sandbox, not of the caller', async () => {
    expect(await compileInSandbox(input('compiler-crash'), limits)).toEqual({ kind: 'crashed', exit: 'code 1' });
  });

  it('stops when asked (the server is stopping), and never uses its process again', async () => {
    const stop = new AbortController();
    const pending = compileInSandbox(input('runaway-types'), { ...limits, signal: stop.signal });
    setTimeout(() => stop.abort(), 500);
    expect(await pending).toEqual({ kind: 'aborted' });
    const { forks } = sandboxStats();
    expect(await compileInSandbox(input('standup-helper'), limits)).toMatchObject({ kind: 'done' });
    expect(sandboxStats().forks).toBe(forks + 1);
  });
});

describe('the compile sandbox keeps its processes warm', () => {
  it('compiles the next package in the process that answered the last, each package with its own files', async () => {
    const broken = (text: string) => input('reminder-bot', (f) => f.set('lib/broken.ts', Buffer.from(text)));
    const first = await compileInSandbox(broken("export const n: number = 'x';\n"), limits);
    const { forks, idle } = sandboxStats();
    const second = await compileInSandbox(broken('export const s: string = 1;\n'), limits);
    const third = await compileInSandbox(input('reminder-bot'), limits);
    expect(sandboxStats()).toEqual({ forks, idle });
    expect(first).toMatchObject({
      kind: 'done',
      result: { diagnostics: [expect.objectContaining({ file: 'lib/broken.ts', message: "Type 'string' is not assignable to type 'number'." })] },
    });
    expect(second).toMatchObject({
      kind: 'done',
      result: { diagnostics: [expect.objectContaining({ file: 'lib/broken.ts', message: "Type 'number' is not assignable to type 'string'." })] },
    });
    expect(third).toMatchObject({ kind: 'done', result: { ok: true, diagnostics: [] } });
  });

  it('ends its idle processes when the compile worker stops', async () => {
    await compileInSandbox(input('standup-helper'), limits);
    const { idle } = sandboxStats();
    expect(idle.length).toBeGreaterThan(0);
    closeIdleSandboxes();
    expect(sandboxStats().idle).toEqual([]);
    await until(() => idle.every((pid) => !alive(pid)));
  });

  it('never keeps the portal’s process running: an idle process does not hold it, and ends with it', async () => {
    const url = (path: string) => pathToFileURL(new URL(path, import.meta.url).pathname).href;
    const script = `
      const { writeSync } = await import('node:fs');
      const { compileInSandbox, sandboxStats } = await import(${JSON.stringify(url('./sandbox.ts'))});
      const { fixtureFiles } = await import(${JSON.stringify(url('../../../tests/fixtures/packages.ts'))});
      const files = new Map(Object.entries(fixtureFiles('standup-helper')).map(([k, v]) => [k, Buffer.from(v)]));
      const compile = () => compileInSandbox({ files, kind: 'source', allowNpm: false, classFile: 'StandupHelperApp.ts', version: '1.0.0', lastApproved: null, disallowedLicences: [] }, { timeoutSeconds: 60, memoryMb: 1024 });
      // The second in the idle process: held again while it compiles.
      const outcomes = [await compile(), await compile()];
      // Ending with its process still idle: not held until the idle process is ended.
      process.on('exit', () => writeSync(1, JSON.stringify({ kinds: outcomes.map((o) => o.kind), ...sandboxStats() })));`;
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    // Resolves once the process has ended on its own (nothing kills it).
    const stdout = await new Promise<string>((resolve, reject) =>
      execFile(process.execPath, ['--import', tsx, '--input-type=module', '-e', script], { cwd: process.cwd() }, (error, out) =>
        error ? reject(error) : resolve(out),
      ),
    );
    const { kinds, forks, idle } = JSON.parse(stdout.trim().split('\n').at(-1)!) as { kinds: string[]; forks: number; idle: number[] };
    expect({ kinds, forks }).toEqual({ kinds: ['done', 'done'], forks: 1 });
    expect(idle).toHaveLength(1);
    await until(() => !alive(idle[0]!));
  });
});
