import { describe, expect, it } from 'vitest';
import { fixtureFiles } from '../../../tests/fixtures/packages';
import { DEFAULT_DISALLOWED_LICENCES } from '../../../contract/schemas/review';
import { compileInSandbox } from './sandbox';

const input = (name: string) => {
  const files = new Map(Object.entries(fixtureFiles(name)).map(([k, v]) => [k, Buffer.from(v)]));
  const manifest = JSON.parse(files.get('app.json')!.toString()) as { classFile: string; version: string };
  return { files, kind: 'source' as const, allowNpm: false, classFile: manifest.classFile, version: manifest.version, lastApproved: null, disallowedLicences: DEFAULT_DISALLOWED_LICENCES };
};
const limits = { timeoutSeconds: 60, memoryMb: 1024 };

describe('the compile sandbox: a process of its own, with limits', () => {
  it('answers the compile of a package, its emitted bundle included', async () => {
    const outcome = await compileInSandbox(input('standup-helper'), limits);
    expect(outcome.kind).toBe('done');
    if (outcome.kind !== 'done') return;
    expect(outcome.result.ok).toBe(true);
    expect(Buffer.isBuffer(outcome.result.emitted.get('StandupHelperApp.js'))).toBe(true);
    expect(outcome.result.findings).toEqual([]);
  }, 60_000);

  it('stops a compile past its time limit', async () => {
    expect(await compileInSandbox(input('runaway-types'), { ...limits, timeoutSeconds: 4 })).toEqual({ kind: 'timeout' });
  }, 60_000);

  it('stops a compile past its memory limit', async () => {
    expect(await compileInSandbox(input('runaway-types'), { timeoutSeconds: 120, memoryMb: 256 })).toEqual({ kind: 'out-of-memory' });
  }, 150_000);

  it('reports a package that crashes the compiler as a crash of the sandbox, not of the caller', async () => {
    expect(await compileInSandbox(input('compiler-crash'), limits)).toEqual({ kind: 'crashed', exit: 'code 1' });
  }, 60_000);

  it('stops when asked (the server is stopping)', async () => {
    const stop = new AbortController();
    const pending = compileInSandbox(input('runaway-types'), { ...limits, signal: stop.signal });
    setTimeout(() => stop.abort(), 500);
    expect(await pending).toEqual({ kind: 'aborted' });
  }, 60_000);
});
