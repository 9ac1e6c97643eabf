import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { claim, finish } from '../services/jobs';
import { COMPILE_JOB, runCompileJob } from '../services/compile/job';

const POLL_MS = 250;

/** Background work from the jobs table, in this process: the compile worker (one job at a time). */
export default fp(
  async function workers(app: FastifyInstance) {
    if (!app.config.compileWorker) return;
    let stopped = false;
    let running: Promise<void> = Promise.resolve();
    const tick = async () => {
      while (!stopped) {
        const job = await claim(app.db, COMPILE_JOB, app.config.jobLeaseSeconds).catch((err: unknown) => {
          app.log.error({ err }, 'claiming a job failed');
          return null;
        });
        if (!job) return;
        try {
          await runCompileJob(app.db, app.storage, String(job.payload.compileJobId));
          await finish(app.db, job.id, 'done');
        } catch (err) {
          app.log.error({ err, job: job.id }, 'compile job failed');
          await finish(app.db, job.id, 'failed', err instanceof Error ? err.message : String(err)).catch(() => undefined);
        }
      }
    };
    const timer = setInterval(() => {
      running = running.then(tick);
    }, POLL_MS);
    app.addHook('onClose', async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    });
  },
  { name: 'workers', dependencies: ['db', 'storage'] },
);
