import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { openDatabase, type Db, type Listen } from '../db/client';
import { seedIfEmpty } from '../db/seed';

/** The database: PostgreSQL when DATABASE_URL is set, else PGlite under DATA_DIR (or in memory for tests). */
export default fp(
  async function database(app: FastifyInstance) {
    const { config } = app;
    const database = await openDatabase({
      url: config.databaseUrl,
      dir: config.inMemoryDatabase ? undefined : `${config.dataDir}/pglite`,
      onError: (err) => app.log.warn({ err }, 'database connection lost'),
      prepare: config.seedDemoData ? seedIfEmpty : undefined,
    });
    app.decorate('db', database.db);
    app.decorate('dbKind', database.kind);
    app.decorate('dbListen', database.listen);
    app.addHook('onClose', async () => database.close());
  },
  { name: 'db', dependencies: ['config'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dbKind: 'pglite' | 'postgres';
    dbListen: Listen;
  }
}
