import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { COMPILE_GAVE_UP_JOB, COMPILE_JOB } from '../../kernel/job-kinds';
import type { Claim } from '../../kernel/jobs';
import { giveUpCompileJob, runCompileJob } from '../compile/job';
import { closeIdleSandboxes, compileInSandbox, type CompileRunner } from '../compile/sandbox';
import { runInSandbox, runtimeOff, type RuntimeRunner } from '../runtime/sandbox';

type CompileData = { compileJobId: string };

/**
 * One run of a compile job: compile in the sandbox and record the outcome; a compile whose process died
 * runs again on the kind's retry policy (job-kinds.ts). `stop` ends the compile early (the process is
 * stopping): the job is handed back to run again.
 */
export async function runJob(app: FastifyInstance, claim: Claim<CompileData>, stop?: AbortSignal) {
  const outcome = await runCompileJob(
    claim,
    app.storage,
    {
      timeoutSeconds: app.config.compileTimeoutSeconds,
      memoryMb: app.config.compileMemoryMb,
      signal: stop ? AbortSignal.any([claim.signal, stop]) : claim.signal,
    },
    app.compile,
    app.appsRuntime,
  );
  if (outcome.kind === 'crashed') app.log.warn({ job: claim.id, attempt: claim.attempt, exit: outcome.exit }, 'the compile process died');
}

/** A compile given up (its attempts spent, whether the compiler died or the server did): its verdict recorded. */
export async function giveUp(app: FastifyInstance, claim: Claim<CompileData>) {
  app.log.warn({ compileJob: claim.data.compileJobId }, 'a compile was given up: its process died too often');
  await claim.complete((tx) => giveUpCompileJob(tx, app.storage, String(claim.data.compileJobId)));
}

/** Claims the next queued compile job and runs it (null when none is queued): what the worker does each time. */
export async function compileNext(app: FastifyInstance, signal?: AbortSignal) {
  return app.jobs.runNext<CompileData>(COMPILE_JOB, (claim) => runJob(app, claim, signal));
}

/**
 * The compile worker of this process (unless COMPILE_WORKER=false): at most `compileConcurrency` compiles
 * at once, each in a sandbox process (sandbox.ts: reused, one compile at a time); a compile whose process died is retried with backoff and
 * given up after MAX_COMPILE_ATTEMPTS, whether the compiler crashed or the server did (its lease ran out).
 * Stopping, the compiles under way are ended and handed back.
 */
export default fp(
  async function workers(app: FastifyInstance, opts: { compile?: CompileRunner; runtime?: RuntimeRunner }) {
    // What runs a compile: the sandbox, unless the caller hands another (tests whose subject is not the compiler).
    app.decorate('compile', opts.compile ?? compileInSandbox);
    // What starts a compiled version in Apps-Engine: its sandbox, none when the portal is set not to.
    app.decorate('appsRuntime', opts.runtime ?? (app.config.appsRuntime ? runInSandbox : runtimeOff));
    if (!app.config.compileWorker) return;
    const stopping = new AbortController();
    await app.jobs.work<CompileData>(COMPILE_JOB, (claim) => runJob(app, claim, stopping.signal));
    await app.jobs.work<CompileData>(COMPILE_GAVE_UP_JOB, (claim) => giveUp(app, claim));
    app.addHook('onClose', async () => {
      stopping.abort();
      await app.jobs.stopWorking([COMPILE_JOB, COMPILE_GAVE_UP_JOB]);
      closeIdleSandboxes();
    });
  },
  { name: 'workers', dependencies: ['db', 'storage'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** What runs this process's compiles (workers.ts). */
    compile: CompileRunner;
    /** What starts this process's compiled versions in Apps-Engine (workers.ts). */
    appsRuntime: RuntimeRunner;
  }
}
