import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { MARKDOWN_DEPTH, nestingOf } from './markdown-nesting';
import type { RenderReply } from './markdown-worker';

const require = createRequire(import.meta.url);

/** How long one text may take to render, once the rendering thread has it. A 10 000-character text takes milliseconds. */
export const MARKDOWN_BUDGET_MS = 2_000;

/**
 * Why a text is not rendered: it nests quotes or lists (`block`) or links, brackets or emphasis (`inline`) deeper
 * than MARKDOWN_DEPTH (seen before rendering), it overflowed the renderer's stack anyway (`complex`), it took
 * longer than the budget (`time`), or its owner has MAX_WAITING_PER_KEY texts waiting already (`busy`).
 */
export type MarkdownRefusal = 'block' | 'inline' | 'complex' | 'time' | 'busy';
/** Texts of one owner (a publisher) waiting or being rendered at once; another is refused until one is done. */
export const MAX_WAITING_PER_KEY = 4;
export type Rendered = { ok: true; html: string } | { ok: false; reason: MarkdownRefusal };

/** The thread's entry: the built server's .js beside its bundle when there is one, else the TypeScript source through tsx. */
function workerEntry(): { file: string; execArgv: string[] } {
  const js = fileURLToPath(new URL('./markdown-worker.js', import.meta.url));
  if (existsSync(js)) return { file: js, execArgv: [] };
  return { file: fileURLToPath(new URL('./markdown-worker.ts', import.meta.url)), execArgv: ['--import', pathToFileURL(require.resolve('tsx')).href] };
}

/** A thread left idle this long is ended: a portal that saves texts rarely keeps none. */
const IDLE_MS = 60_000;
/** Starting the thread (loading marked and sanitize-html; under tsx, compiling them) may take this long on a busy machine. */
const START_MS = 60_000;

type Job = { raw: string; budgetMs: number; resolve: (r: Rendered) => void; reject: (e: unknown) => void };
type Thread = { worker: Worker; ready: Promise<void> };

let thread: Thread | undefined;
let idleTimer: NodeJS.Timeout | undefined;
/**
 * The texts waiting, by owner; owners take turns (one text each, in the order they first had one waiting), so one
 * publisher's many texts delay another's by at most one budget per owner ahead, not by all of them.
 */
const waiting = new Map<string, Job[]>();
/** Each owner's texts waiting or being rendered. */
const held = new Map<string, number>();
let busy = false;
const nextJob = (): Job | undefined => {
  const [key, jobs] = waiting.entries().next().value ?? [];
  if (key === undefined || !jobs) return undefined;
  const job = jobs.shift()!;
  // To the back of the line with what it has left.
  waiting.delete(key);
  if (jobs.length) waiting.set(key, jobs);
  return job;
};
let nextId = 1;
/** How many threads were started (tests read it: a thread that ran out of time is replaced). */
let started = 0;
export const rendererStats = () => ({ started, queued: [...waiting.values()].reduce((n, jobs) => n + jobs.length, 0), busy });

function startThread(): Thread {
  const { file, execArgv } = workerEntry();
  // The stack and heap of its own: a text that overflows either ends this thread, never the server.
  const worker = new Worker(file, { execArgv, resourceLimits: { maxOldGenerationSizeMb: 256, stackSizeMb: 4 } });
  worker.unref();
  // Always heard (an 'error' nobody listens to would end the server): a thread that failed is not used again.
  const gone = () => {
    if (thread?.worker === worker) thread = undefined;
  };
  worker.on('error', gone);
  worker.on('exit', gone);
  started++;
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the Markdown rendering thread did not start')), START_MS);
    const done = (e?: unknown) => {
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', done);
      worker.off('exit', done);
      if (e === undefined) resolve();
      else reject(e instanceof Error ? e : new Error(`the Markdown rendering thread ended while starting (${String(e)})`));
    };
    const onMessage = (m: { ready?: boolean }) => m?.ready && done();
    worker.on('message', onMessage);
    worker.once('error', done);
    worker.once('exit', done);
  });
  ready.catch(() => undefined);
  return { worker, ready };
}

function endThread(t: Thread | undefined) {
  if (!t) return;
  if (thread === t) thread = undefined;
  void t.worker.terminate().catch(() => undefined);
}

/** Runs one job on the thread (started when there is none), within its budget; the thread is ended when it runs over. */
async function run(job: Job): Promise<Rendered> {
  thread ??= startThread();
  const t = thread;
  try {
    await t.ready;
  } catch (e) {
    endThread(t);
    throw e;
  }
  const id = nextId++;
  return new Promise<Rendered>((resolve) => {
    const finish = (r: Rendered, end = false) => {
      clearTimeout(timer);
      t.worker.off('message', onMessage);
      t.worker.off('error', onGone);
      t.worker.off('exit', onGone);
      if (end) endThread(t);
      resolve(r);
    };
    // Over the budget: the thread is ended (whatever it was doing) and the next text gets a new one.
    const timer = setTimeout(() => finish({ ok: false, reason: 'time' }, true), job.budgetMs);
    const onMessage = (m: RenderReply) => {
      if (m?.id !== id) return;
      if ('html' in m) finish({ ok: true, html: m.html });
      else finish({ ok: false, reason: 'complex' }, m.error === 'failed');
    };
    // The thread died under the text (its heap or stack limit): that text cannot be rendered.
    const onGone = () => finish({ ok: false, reason: 'complex' }, true);
    t.worker.on('message', onMessage);
    t.worker.once('error', onGone);
    t.worker.once('exit', onGone);
    t.worker.postMessage({ id, raw: job.raw });
  });
}

async function pump() {
  if (busy) return;
  busy = true;
  clearTimeout(idleTimer);
  try {
    for (let job = nextJob(); job; job = nextJob()) {
      try {
        job.resolve(await run(job));
      } catch (e) {
        job.reject(e);
      }
    }
  } finally {
    busy = false;
    idleTimer = setTimeout(() => endThread(thread), IDLE_MS);
    idleTimer.unref();
  }
}

/**
 * A publisher's Markdown rendered as the catalog serves it (markdown.ts `renderMarkdown`), within limits: refused
 * unrendered when it nests deeper than MARKDOWN_DEPTH (markdown-nesting.ts `nestingOf`), else rendered on a thread
 * of its own (one text at a time, off the event loop), which is ended and replaced when the text takes longer than
 * `budgetMs`. `key` names the text's owner (its publisher): owners take turns, and one with MAX_WAITING_PER_KEY texts
 * waiting has the next refused (`busy`). Rejects only when the thread cannot be started at all.
 */
export function renderMarkdownWithin(raw: string, opts: { budgetMs?: number; depth?: number; key?: string } = {}): Promise<Rendered> {
  const text = raw.replace(/\u0000/g, '');
  if (text.trim() === '') return Promise.resolve({ ok: true, html: '' });
  const nesting = nestingOf(text, opts.depth ?? MARKDOWN_DEPTH);
  if (nesting) return Promise.resolve({ ok: false, reason: nesting.kind });
  const key = opts.key ?? '';
  // Texts of no owner (the server's own) are not counted.
  if (opts.key !== undefined && (held.get(key) ?? 0) >= MAX_WAITING_PER_KEY) return Promise.resolve({ ok: false, reason: 'busy' });
  held.set(key, (held.get(key) ?? 0) + 1);
  const release = () => {
    const left = (held.get(key) ?? 1) - 1;
    if (left > 0) held.set(key, left);
    else held.delete(key);
  };
  return new Promise<Rendered>((resolve, reject) => {
    const job: Job = {
      raw: text,
      budgetMs: opts.budgetMs ?? MARKDOWN_BUDGET_MS,
      resolve: (r) => {
        release();
        resolve(r);
      },
      reject: (e) => {
        release();
        reject(e);
      },
    };
    waiting.set(key, [...(waiting.get(key) ?? []), job]);
    void pump();
  });
}
