import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import journal from '../../db/migrations/meta/_journal.json' with { type: 'json' };
import { DATABASE_TIMEOUT_MS, WORKERS, within } from '../metrics';

/** The newest migration this build knows (drizzle records each applied one by its folder time). */
const LATEST_MIGRATION = Math.max(...journal.entries.map((e) => e.when));

/**
 * `GET /healthz`: the process lives (200 `{status:'ok'}`, touching nothing). `GET /readyz`: the process can
 * serve — the database answers a one-row query within 2 s and has every migration of this build, and each
 * worker this process runs has asked the job queue for work of each of its kinds within JOB_LEASE_SECONDS
 * (the time after which its jobs would be taken from it) — else 503 in the error envelope with `reasons`. Both unauthenticated, never rate
 * limited, and nothing cached: every probe asks again.
 */
export default fp(
  async function health(app: FastifyInstance) {
    const { config } = app;
    // From the start on: a worker that has not asked yet has had no time to.
    let started = Date.now();
    app.addHook('onReady', async () => {
      started = Date.now();
    });

    const databaseProblems = async (): Promise<string[]> => {
      try {
        const result = await within(DATABASE_TIMEOUT_MS, app.db.execute(sql`SELECT max(created_at) AS last FROM drizzle.__drizzle_migrations`));
        const last = Number((result as unknown as { rows: { last: string | number | null }[] }).rows[0]?.last ?? 0);
        return last >= LATEST_MIGRATION ? [] : ['the database is missing migrations of this version'];
      } catch (err) {
        // The driver's own words (drizzle wraps them in "Failed query: …").
        const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
        return [`the database is unreachable (${cause instanceof Error ? cause.message : String(cause)})`];
      }
    };
    const workerProblems = () =>
      WORKERS.filter((w) => w.runs(config)).flatMap((w) => {
        // The kind asked least recently: every kind of the worker must be asking.
        const since = Math.max(started, Math.min(...w.kinds.map((k) => app.jobs.lastAsked(k) ?? 0)));
        const quiet = (Date.now() - since) / 1000;
        return quiet > config.jobLeaseSeconds ? [`the ${w.name} worker has not asked for work in ${Math.round(quiet)} s`] : [];
      });

    app.get('/healthz', async () => ({ status: 'ok' }));
    app.get('/readyz', async (request, reply) => {
      const reasons = [...(await databaseProblems()), ...workerProblems()];
      if (!reasons.length) return { status: 'ready' };
      return reply.code(503).send({ error: `Not ready: ${reasons.join('; ')}.`, code: 'not_ready', requestId: String(request.id), reasons });
    });
  },
  { name: 'health', dependencies: ['config'] },
);
