import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Socket } from 'node:net';
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

/**
 * What runs a compile for the compile job (docs/testing.md, The compiler in tests): the sandbox below in the
 * portal; tests whose subject is not the compiler are handed a fake (tests/fake-compiler.ts).
 */
export type CompileRunner = (input: CompileInput, limits: SandboxLimits & { signal?: AbortSignal }) => Promise<SandboxOutcome>;

/** The child's entry: the compiled build's .js when there is one, else the TypeScript source through tsx. */
function childEntry(): { file: string; execArgv: string[] } {
  const js = fileURLToPath(new URL('./sandbox-child.js', import.meta.url));
  if (existsSync(js)) return { file: js, execArgv: [] };
  return { file: fileURLToPath(new URL('./sandbox-child.ts', import.meta.url)), execArgv: ['--import', pathToFileURL(require.resolve('tsx')).href] };
}

const OOM = /heap out of memory|Reached heap limit|allocation failed/i;

/** A process serves at most this many compiles, then is ended: whatever earlier compiles left in its heap stays bounded. */
const MAX_USES = 25;
/** An idle process is ended after this long: a portal that compiles rarely keeps none. */
const IDLE_MS = 30_000;

/** A compile process, and what the compile under way printed (only that compile's: scanned for the out-of-memory report). */
type Sandbox = { child: ChildProcess; memoryMb: number; uses: number; stderr: string; idleTimer?: NodeJS.Timeout };

/** Live processes waiting for a compile; one compile at a time in each. */
const idle: Sandbox[] = [];
let forks = 0;

/** How many processes were started, and the ids of the idle ones (for tests). */
export const sandboxStats = () => ({ forks, idle: idle.map((s) => s.child.pid!) });

/** Ends every idle process (the compile worker is stopping); a compile under way ends with its own signal. */
export function closeIdleSandboxes() {
  for (const s of idle.splice(0)) {
    clearTimeout(s.idleTimer);
    s.child.kill('SIGKILL');
  }
}

function start(memoryMb: number): Sandbox {
  const { file, execArgv } = childEntry();
  const child = fork(file, [], {
    execArgv: [...execArgv, `--max-old-space-size=${memoryMb}`, '--max-semi-space-size=16'],
    env: { NODE_ENV: 'production' },
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  forks++;
  const s: Sandbox = { child, memoryMb, uses: 0, stderr: '' };
  child.stderr!.on('data', (chunk: Buffer) => {
    if (s.stderr.length < 64 * 1024) s.stderr += chunk.toString('utf8');
  });
  child.on('error', () => child.kill('SIGKILL'));
  // Ended while idle (killed, crashed): out of the pool.
  child.once('exit', () => {
    clearTimeout(s.idleTimer);
    if (idle.includes(s)) idle.splice(idle.indexOf(s), 1);
  });
  return s;
}

/** Idle, nothing of the process may keep the portal's running: the process, its IPC channel, its stderr pipe. */
function setRef(s: Sandbox, on: boolean) {
  const handles = [s.child, s.child.channel, s.child.stderr as Socket | null];
  for (const h of handles)
    if (on) h?.ref();
    else h?.unref();
}

/** A live idle process started with the same heap limit, taken out of the pool. */
function takeIdle(memoryMb: number): Sandbox | undefined {
  const i = idle.findIndex((s) => s.memoryMb === memoryMb && s.child.connected);
  if (i < 0) return undefined;
  const [s] = idle.splice(i, 1);
  clearTimeout(s!.idleTimer);
  return s;
}

/** Back to the pool after an answer, or ended when it has served its share. */
function release(s: Sandbox) {
  if (s.uses >= MAX_USES || !s.child.connected) {
    s.child.kill('SIGKILL');
    return;
  }
  setRef(s, false);
  s.idleTimer = setTimeout(() => {
    if (idle.includes(s)) idle.splice(idle.indexOf(s), 1);
    s.child.kill('SIGKILL');
  }, IDLE_MS);
  s.idleTimer.unref();
  idle.push(s);
}

/**
 * Compiles one package in a child process, never on the API's event loop: a wall-clock limit (the process is
 * killed past it), a heap limit, and an empty environment (no secret reaches it). What the child prints is only
 * scanned for V8's out-of-memory report, never logged: it could name server paths. A process that answered
 * serves the next compiles (it has TypeScript and the type roots loaded, saving most of a compile's time); one
 * that was killed (limit, stop) never does.
 */
export const compileInSandbox: CompileRunner = async (input, limits) => {
  // One deadline for both attempts: the compile job's lease is sized on the time limit.
  const deadline = performance.now() + limits.timeoutSeconds * 1000;
  const warm = takeIdle(limits.memoryMb);
  const outcome = await run(warm ?? start(limits.memoryMb), input, limits, deadline);
  // A warm process's heap holds what earlier compiles left (the parsed type roots): running out of memory there is
  // no verdict on this package, which is tried once more in a fresh one.
  if (outcome.kind !== 'out-of-memory' || !warm) return outcome;
  if (performance.now() >= deadline) return { kind: 'timeout' };
  return run(start(limits.memoryMb), input, limits, deadline);
};

function run(s: Sandbox, input: CompileInput, limits: { signal?: AbortSignal }, deadline: number): Promise<SandboxOutcome> {
  const { child } = s;
  setRef(s, true);
  s.uses++;
  s.stderr = '';
  return new Promise((resolve) => {
    let outcome: SandboxOutcome | null = null;
    const settle = (o: SandboxOutcome) => {
      clearTimeout(timer);
      limits.signal?.removeEventListener('abort', abort);
      child.off('message', answer);
      child.off('close', closed);
      resolve(o);
    };
    const timer = setTimeout(
      () => {
        outcome ??= { kind: 'timeout' };
        child.kill('SIGKILL');
      },
      Math.max(0, deadline - performance.now()),
    );
    const answer = (m: { result: CompileResult }) => {
      // Past the limit or stopped, the process is being killed: its 'close' settles.
      if (outcome) return;
      const emitted = new Map([...m.result.emitted].map(([name, data]) => [name, Buffer.from(data.buffer, data.byteOffset, data.byteLength)]));
      settle({ kind: 'done', result: { ...m.result, emitted } });
      release(s);
    };
    const abort = () => {
      outcome ??= { kind: 'aborted' };
      child.kill('SIGKILL');
    };
    // 'close', not 'exit': by then everything the child printed has arrived.
    const closed = (code: number | null, signal: NodeJS.Signals | null) =>
      settle(outcome ?? (OOM.test(s.stderr) ? { kind: 'out-of-memory' } : { kind: 'crashed', exit: signal ? `signal ${signal}` : `code ${code}` }));
    child.on('message', answer);
    child.once('close', closed);
    if (limits.signal?.aborted) abort();
    limits.signal?.addEventListener('abort', abort, { once: true });
    if (child.connected) child.send({ ...input });
  });
}
