import { fork } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { RuntimeReport } from '../../../contract/schemas/runtime';
import { denoSetup, engineFor, type EngineKey } from './engines';
import type { ProbeInput } from './probe';

const require = createRequire(import.meta.url);

export type RuntimeInput = Pick<ProbeInput, 'zip' | 'requiredApiVersion' | 'permissions' | 'mainFile'> & {
  /** The engine to start it in; by default the one its requiredApiVersion asks for (engines.ts). */
  engine?: EngineKey;
};
export type RuntimeLimits = { timeoutSeconds: number; memoryMb: number; signal?: AbortSignal };
export type RuntimeOutcome =
  | { kind: 'done'; report: RuntimeReport; peakRssKb: number }
  | { kind: 'timeout' }
  | { kind: 'out-of-memory' }
  /** The run could not happen here (no Deno runtime prepared, the process died): no verdict on the app. */
  | { kind: 'unavailable'; reason: string }
  | { kind: 'aborted' }
  /** The portal does not start versions (APPS_RUNTIME=false). */
  | { kind: 'off' };

/**
 * What starts a compiled version in Apps-Engine for the compile job (docs/packages-and-review.md, Runtime evidence):
 * the sandbox below in the portal; tests whose subject is not the runtime are handed one that does not run.
 */
export type RuntimeRunner = (input: RuntimeInput, limits: RuntimeLimits) => Promise<RuntimeOutcome>;

/** The runner of a portal that does not start versions (APPS_RUNTIME=false), and of tests whose subject is not the runtime. */
export const runtimeOff: RuntimeRunner = () => Promise.resolve({ kind: 'off' });

function childEntry(): { file: string; execArgv: string[] } {
  const js = fileURLToPath(new URL('./runtime-child.js', import.meta.url));
  if (existsSync(js)) return { file: js, execArgv: [] };
  return { file: fileURLToPath(new URL('./sandbox-child.ts', import.meta.url)), execArgv: ['--import', pathToFileURL(require.resolve('tsx')).href] };
}

const OOM = /heap out of memory|Reached heap limit|allocation failed|Out of memory/i;

/** The peak resident memory of a process and its children that are still alive, in KiB (Linux's VmHWM), 0 elsewhere. */
function peakOfTree(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const own = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    return own + children.reduce((sum, c) => sum + peakOfTree(c), 0);
  } catch {
    return 0;
  }
}

/**
 * Starts a compiled package in Apps-Engine in a process of its own, never on the API's event loop: one process
 * per run (an app's state never meets another's), an empty environment, a heap limit for the engine's process and
 * for the app's Deno subprocess, and a wall-clock limit past which the whole process group is killed.
 */
export const runInSandbox: RuntimeRunner = (input, limits) => {
  const deno = denoSetup();
  const engine = input.engine ?? engineFor(input.requiredApiVersion);
  if (engine === 'deno' && !deno) return Promise.resolve({ kind: 'unavailable', reason: 'the Deno runtime is not prepared (npm run setup prepares it)' });
  const { file, execArgv } = childEntry();
  // The run's own folder (Deno's permission audit), removed when the run ends however it ends.
  const workDir = mkdtempSync(join(tmpdir(), 'apps-runtime-'));
  const child = fork(file, [], {
    execArgv: [...execArgv, `--max-old-space-size=${limits.memoryMb}`],
    env: { NODE_ENV: 'production' },
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    // Its own process group: the Deno subprocess is ended with it.
    detached: true,
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    if (stderr.length < 64 * 1024) stderr += chunk.toString('utf8');
  });
  const killGroup = () => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      child.kill('SIGKILL');
    }
  };
  return new Promise<RuntimeOutcome>((resolve) => {
    let outcome: RuntimeOutcome | null = null;
    let peak = 0;
    const settle = (o: RuntimeOutcome) => {
      rmSync(workDir, { recursive: true, force: true });
      clearTimeout(timer);
      clearInterval(sampler);
      limits.signal?.removeEventListener('abort', abort);
      resolve(o);
    };
    const timer = setTimeout(() => {
      outcome ??= { kind: 'timeout' };
      killGroup();
    }, limits.timeoutSeconds * 1000);
    // The Deno subprocess's peak is read while it lives (the engine process stops it before answering).
    const sampler = setInterval(() => (peak = Math.max(peak, peakOfTree(child.pid!))), 50);
    const abort = () => {
      outcome ??= { kind: 'aborted' };
      killGroup();
    };
    child.on('message', (m: { report?: RuntimeReport; peakRssKb?: number; failed?: string }) => {
      if (outcome) return;
      outcome = m.report
        ? { kind: 'done', report: m.report, peakRssKb: Math.max(peak, m.peakRssKb ?? 0) }
        : { kind: 'unavailable', reason: `the engine could not run the package (${m.failed ?? 'no answer'})` };
      killGroup();
    });
    child.once('close', (code, signal) =>
      settle(
        outcome ??
          (OOM.test(stderr)
            ? { kind: 'out-of-memory' }
            : { kind: 'unavailable', reason: `the runtime process ended (${signal ? `signal ${signal}` : `code ${code}`})` }),
      ),
    );
    child.on('error', killGroup);
    if (limits.signal?.aborted) abort();
    limits.signal?.addEventListener('abort', abort, { once: true });
    const message: ProbeInput = { ...input, engine, deno, workDir, memoryMb: limits.memoryMb, callTimeoutMs: limits.timeoutSeconds * 1000 };
    child.send(message);
  });
};
