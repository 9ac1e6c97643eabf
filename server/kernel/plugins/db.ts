import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jobSettings } from '../../config';
import type { Db, Listen } from '../../db/client';
import { openDatabaseWithJobs } from '../database';
import type { Jobs } from '../jobs';
import { seedIfEmpty } from '../../db/seed';
import { ensureDefaultTemplates } from '../../db/seed-templates';

/**
 * The database: PostgreSQL when DATABASE_URL is set, else PGlite under DATA_DIR (or in memory for tests);
 * and its job queue (`app.jobs`, pg-boss on the same database), which the workers' plugins work from.
 */
export default fp(
  async function database(app: FastifyInstance) {
    const { config } = app;
    const database = await openDatabaseWithJobs({
      url: config.databaseUrl,
      dataDir: config.inMemoryDatabase ? undefined : config.dataDir,
      from: config.inMemoryDatabase ? config.inMemoryDatabaseFrom : undefined,
      onError: (err) => app.log.warn({ err }, 'database connection lost'),
      jobs: { settings: jobSettings(config), clock: config.jobClock, log: app.log },
      prepare: async (db) => {
        // The demo's published versions get their compiled packages in the file store (server/db/seed.ts).
        if (config.seedDemoData) await seedIfEmpty(db, app.storage);
        await ensureDefaultTemplates(db);
      },
    });
    app.decorate('db', database.db);
    app.decorate('dbKind', database.kind);
    app.decorate('dbListen', database.listen);
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
