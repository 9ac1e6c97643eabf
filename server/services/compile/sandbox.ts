import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { CompileInput, CompileResult } from './compiler';

const require = createRequire(import.meta.url);

export type SandboxLimits = { timeoutSeconds: number; memoryMb: number };

export type SandboxOutcome =
  | { kind: 'done'; result: CompileResult }
  | { kind: 'timeout' }
  | { kind: 'out-of-memory' }
  /** The process ended without an answer (a crash): the job may be tried again. */
  | { kind: 'crashed'; exit: string }
  /** Stopped because this server is stopping: the job goes back to the queue. */
  | { kind: 'aborted' };

/** The child's entry: the compiled build's .js when there is one, else the TypeScript source through tsx. */
function childEntry(): { file: string; execArgv: string[] } {
  const js = fileURLToPath(new URL('./sandbox-child.js', import.meta.url));
  if (existsSync(js)) return { file: js, execArgv: [] };
  return { file: fileURLToPath(new URL('./sandbox-child.ts', import.meta.url)), execArgv: ['--import', pathToFileURL(require.resolve('tsx')).href] };
}

const OOM = /heap out of memory|Reached heap limit|allocation failed/i;

/**
 * Compiles one package in a child process of its own, never on the API's event loop: a wall-clock limit
 * (the process is killed past it), a heap limit, and an empty environment (no secret reaches it). What
 * the child prints is only scanned for V8's out-of-memory report, never logged: it could name server paths.
 */
export function compileInSandbox(input: CompileInput, limits: SandboxLimits & { signal?: AbortSignal }): Promise<SandboxOutcome> {
  const { file, execArgv } = childEntry();
  const child = fork(file, [], {
    execArgv: [...execArgv, `--max-old-space-size=${limits.memoryMb}`, '--max-semi-space-size=16'],
    env: { NODE_ENV: 'production' },
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    if (stderr.length < 64 * 1024) stderr += chunk.toString('utf8');
  });
  return new Promise((resolve) => {
    let outcome: SandboxOutcome | null = null;
    const timer = setTimeout(() => {
      outcome ??= { kind: 'timeout' };
      child.kill('SIGKILL');
    }, limits.timeoutSeconds * 1000);
    child.once('message', (m: { result: CompileResult }) => {
      const emitted = new Map([...m.result.emitted].map(([name, data]) => [name, Buffer.from(data.buffer, data.byteOffset, data.byteLength)]));
      outcome ??= { kind: 'done', result: { ...m.result, emitted } };
    });
    const abort = () => {
      outcome ??= { kind: 'aborted' };
      child.kill('SIGKILL');
    };
    if (limits.signal?.aborted) abort();
    limits.signal?.addEventListener('abort', abort, { once: true });
    child.once('error', () => child.kill('SIGKILL'));
    // 'close', not 'exit': by then the answer and everything the child printed have arrived.
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      limits.signal?.removeEventListener('abort', abort);
      if (!outcome) outcome = OOM.test(stderr) ? { kind: 'out-of-memory' } : { kind: 'crashed', exit: signal ? `signal ${signal}` : `code ${code}` };
      resolve(outcome);
    });
    if (child.connected) child.send({ ...input });
  });
}
