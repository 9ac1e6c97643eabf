import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { claim, finish, release, retryLater, type JobRow } from '../services/jobs';
import { COMPILE_JOB, MAX_COMPILE_ATTEMPTS, giveUpCompileJob, runCompileJob } from '../services/compile/job';

const POLL_MS = 250;

/**
 * One claimed compile job, as the worker runs it: compile in the sandbox and record the outcome, or retry
 * a compile whose process died (given up after MAX_COMPILE_ATTEMPTS).
 */
export async function runJob(app: FastifyInstance, job: JobRow, signal: AbortSignal) {
  const compileJobId = String(job.payload.compileJobId);
  if (job.attempts > MAX_COMPILE_ATTEMPTS) {
    await giveUpCompileJob(app.db, app.storage, compileJobId);
    return finish(app.db, job.id, 'failed', 'gave up: the compile process died too often');
  }
  const outcome = await runCompileJob(app.db, app.storage, compileJobId, {
    timeoutSeconds: app.config.compileTimeoutSeconds,
    memoryMb: app.config.compileMemoryMb,
    signal,
  });
  if (outcome.kind === 'aborted') return release(app.db, job.id);
  if (outcome.kind === 'recorded') return finish(app.db, job.id, 'done');
  app.log.warn({ job: job.id, attempt: job.attempts, exit: outcome.exit }, 'the compile process died');
  if (job.attempts >= MAX_COMPILE_ATTEMPTS) {
    await giveUpCompileJob(app.db, app.storage, compileJobId);
    return finish(app.db, job.id, 'failed', `gave up after ${job.attempts} attempts (${outcome.exit})`);
  }
  await retryLater(app.db, job.id, app.config.compileRetrySeconds * 4 ** (job.attempts - 1), `the compile process died (${outcome.exit})`);
}

/** Claims the next queued compile job and runs it (null when none is queued): what the worker does each time. */
export async function compileNext(app: FastifyInstance, signal = new AbortController().signal) {
  const job = await claim(app.db, COMPILE_JOB, app.config.jobLeaseSeconds);
  if (job) await runJob(app, job, signal);
  return job;
}

/**
 * Background work from the jobs table, in this process: the compile worker. At most
 * `compileConcurrency` compiles run at once, each in its own sandboxed process; a compile whose process
 * died is retried with backoff (5 s, 20 s …) and given up after MAX_COMPILE_ATTEMPTS, whether the
 * compiler crashed or the server did (a job whose lease expired counts an attempt when it is claimed).
 */
export default fp(
  async function workers(app: FastifyInstance) {
    if (!app.config.compileWorker) return;
    const { compileConcurrency, jobLeaseSeconds } = app.config;
    const stopping = new AbortController();
    const active = new Set<Promise<void>>();
    let claiming = false;

    const run = (job: JobRow) => runJob(app, job, stopping.signal);

    const fill = async () => {
      while (!stopping.signal.aborted && active.size < compileConcurrency) {
        const job = await claim(app.db, COMPILE_JOB, jobLeaseSeconds).catch((err: unknown) => {
          app.log.error({ err }, 'claiming a job failed');
          return null;
        });
        if (!job) return;
        const p: Promise<void> = run(job)
          .catch(async (err: unknown) => {
            app.log.error({ err, job: job.id }, 'compile job failed');
            await finish(app.db, job.id, 'failed', err instanceof Error ? err.message : String(err)).catch(() => undefined);
          })
          .finally(() => active.delete(p));
        active.add(p);
      }
    };
    const timer = setInterval(() => {
      if (claiming) return;
      claiming = true;
      void fill().finally(() => (claiming = false));
    }, POLL_MS);
    app.addHook('onClose', async () => {
      clearInterval(timer);
      stopping.abort();
      while (claiming) await new Promise((r) => setTimeout(r, 10));
      await Promise.all(active);
    });
  },
  { name: 'workers', dependencies: ['db', 'storage'] },
);
