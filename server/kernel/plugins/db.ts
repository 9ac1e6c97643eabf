import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jobSettings } from '../../config';
import type { Db, Listen } from '../../db/client';
import { openDatabaseWithJobs } from '../database';
import type { Jobs } from '../jobs';
import { ensureDefaultTemplates } from '../../db/seed-templates';

/**
 * The database: PostgreSQL when DATABASE_URL is set, else PGlite under DATA_DIR (or in memory for tests);
 * and its job queue (`app.jobs`, pg-boss on the same database), which the workers' plugins work from.
 * `seed` fills a new database with demo data when SEED_DEMO_DATA asks (the composition root passes
 * server/dev/seed: the kernel knows no domain).
 */
export default fp(
  async function database(app: FastifyInstance, opts: { seed?: (db: Db) => Promise<unknown>; notifications?: (listen: Listen) => Listen }) {
    const { config } = app;
    const database = await openDatabaseWithJobs({
      url: config.databaseUrl,
      dataDir: config.inMemoryDatabase ? undefined : config.dataDir,
      from: config.inMemoryDatabase ? config.inMemoryDatabaseFrom : undefined,
      onError: (err) => app.log.warn({ err }, 'database connection lost'),
      jobs: { settings: jobSettings(config), clock: config.jobClock, log: app.log },
      prepare: async (db) => {
        if (config.seedDemoData) await opts.seed?.(db);
        await ensureDefaultTemplates(db);
      },
    });
    app.decorate('db', database.db);
    app.decorate('dbKind', database.kind);
    app.decorate('dbListen', opts.notifications ? opts.notifications(database.listen) : database.listen);
    app.decorate('jobs', database.jobs);
    app.addHook('onClose', async () => database.close());
  },
  { name: 'db', dependencies: ['config', 'storage'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dbKind: 'pglite' | 'postgres';
    dbListen: Listen;
    /** The job queue (server/kernel/jobs.ts). */
    jobs: Jobs;
  }
}
