import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { lockDataDir } from './data-lock';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Hears a notification channel: `onMessage` per payload; `onListening(false)` while the channel may miss some. */
export type Listen = (channel: string, onMessage: (payload: string) => void, onListening: (on: boolean) => void) => Promise<() => Promise<void>>;
export type Database = { db: Db; kind: 'pglite' | 'postgres'; close: () => Promise<void>; listen: Listen };

/** The advisory lock processes take while migrating a PostgreSQL database (any fixed number of ours). */
const MIGRATION_LOCK = 7_461_001;
const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * PostgreSQL when a URL is given, else PGlite: in `dataDir`/pglite (created on first start; the data folder
 * locked to this process while it is open, see data-lock.ts) or in memory. Both are migrated to the latest
 * schema before use.
 */
export async function openDatabase(opts: { url?: string; dataDir?: string; onError?: (err: Error) => void; prepare?: (db: Db) => Promise<unknown> }): Promise<Database> {
  if (opts.url) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    // JIT compiling pays off for long analytic queries, not for the portal's short ones: a page read through
    // an index would otherwise spend milliseconds compiling (its cost estimate counts every row it could reach).
    const pool = new pg.Pool({ connectionString: opts.url, max: 10, options: '-c jit=off' });
    // An idle connection the server drops (restart, admin termination) is an error event on the pool:
    // without a listener it would crash the process; the pool replaces the connection on next use.
    pool.on('error', (err) => (opts.onError ?? ((e: Error) => console.warn('database connection lost:', e.message)))(err));
    const db = drizzle(pool, { schema });
    // Several processes may start together on one database: one at a time migrates (and seeds).
    const lock = await pool.connect();
    try {
      await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migrate(db, { migrationsFolder });
      await opts.prepare?.(db as unknown as Db);
    } finally {
      await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
      lock.release();
    }
    const url = opts.url;
    const listen: Listen = async (channel, onMessage, onListening) => {
      // A connection of its own (a pooled one would be handed to queries); reconnected when lost, and
      // reported not listening meanwhile, so nothing is trusted that a missed notification could make wrong.
      let closed = false;
      let client: InstanceType<typeof pg.Client> | undefined;
      const connect = async (): Promise<void> => {
        if (closed) return;
        const c = new pg.Client({ connectionString: url });
        client = c;
        const lost = () => {
          onListening(false);
          if (client === c && !closed) setTimeout(() => void connect(), 1000).unref();
          client = undefined;
        };
        c.on('error', () => {});
        c.on('end', lost);
        c.on('notification', (n) => n.channel === channel && onMessage(n.payload ?? ''));
        try {
          await c.connect();
          await c.query(`LISTEN ${channel}`);
          onListening(true);
        } catch {
          await c.end().catch(() => {});
        }
      };
      await connect();
      return async () => {
        closed = true;
        onListening(false);
        await client?.end().catch(() => {});
      };
    };
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end(), listen };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  // Taken before the database files are touched, and kept until they are closed.
  const lock = opts.dataDir ? lockDataDir(opts.dataDir) : undefined;
  const dir = opts.dataDir ? join(opts.dataDir, 'pglite') : undefined;
  let client: InstanceType<typeof PGlite>;
  try {
    if (dir) mkdirSync(dir, { recursive: true });
    client = dir ? new PGlite(dir) : new PGlite();
  } catch (e) {
    lock?.release();
    throw e;
  }
  const db = drizzle(client, { schema });
  const close = async () => {
    try {
      await client.close();
    } finally {
      lock?.release();
    }
  };
  try {
    await migrate(db, { migrationsFolder });
    await opts.prepare?.(db as unknown as Db);
  } catch (e) {
    await close().catch(() => {});
    throw e;
  }
  // One process owns a PGlite database: its notifications cannot be missed.
  const listen: Listen = async (channel, onMessage, onListening) => {
    const unlisten = await client.listen(channel, onMessage);
    onListening(true);
    return async () => {
      onListening(false);
      await unlisten();
    };
  };
  return { db: db as unknown as Db, kind: 'pglite', close, listen };
}
