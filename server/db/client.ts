import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { PGlite } from '@electric-sql/pglite';
import { lockDataDir } from './data-lock';
import { pgListen, type Listen } from './pg-listen';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type { Listen } from './pg-listen';

/** The connection a companion of the database works through (pg-boss: its own pool, or the one PGlite instance). */
export type Backend = { kind: 'pglite'; pglite: PGlite } | { kind: 'postgres'; url: string };
/** What runs on the migrated database beside the portal's queries (the job queue): stopped before it closes. */
export type Companion = { stop(graceSeconds?: number): Promise<void> };

export type Database<C extends Companion = Companion> = { db: Db; kind: 'pglite' | 'postgres'; close: () => Promise<void>; listen: Listen; jobs: C };

/** The advisory lock processes take while migrating a PostgreSQL database (any fixed number of ours). */
const MIGRATION_LOCK = 7_461_001;
const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * PostgreSQL when a URL is given, else PGlite: in `dataDir`/pglite (created on first start; the data folder
 * locked to this process while it is open, see data-lock.ts) or in memory. Both are migrated to the latest
 * schema before use.
 */
export async function openDatabase<C extends Companion>(opts: {
  url?: string;
  dataDir?: string;
  /** In memory only: a PGlite dump to start from (tests start many databases; an empty cluster takes seconds to make). */
  from?: string;
  onError?: (err: Error) => void;
  prepare?: (db: Db) => Promise<unknown>;
  /** Starts the companion once the schema is migrated, before `prepare` (under the migration lock on PostgreSQL). */
  start: (db: Db, backend: Backend) => Promise<C>;
  /** Settings of every PostgreSQL session (`-c name=value`, e.g. the job queue's test clock). */
  sessionSettings?: string[];
}): Promise<Database<C>> {
  if (opts.url) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    // JIT compiling pays off for long analytic queries, not for the portal's short ones: a page read through
    // an index would otherwise spend milliseconds compiling (its cost estimate counts every row it could reach).
    const settings = ['jit=off', ...(opts.sessionSettings ?? [])].map((s) => `-c ${s}`).join(' ');
    const pool = new pg.Pool({ connectionString: opts.url, max: 10, options: settings });
    // An idle connection the server drops (restart, admin termination) is an error event on the pool:
    // without a listener it would crash the process; the pool replaces the connection on next use.
    pool.on('error', (err) => (opts.onError ?? ((e: Error) => console.warn('database connection lost:', e.message)))(err));
    const db = drizzle(pool, { schema });
    // Several processes may start together on one database: one at a time migrates, starts the job queue
    // (pg-boss migrates its own schema) and seeds.
    let jobs: C;
    const lock = await pool.connect();
    try {
      await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migrate(db, { migrationsFolder });
      jobs = await opts.start(db as unknown as Db, { kind: 'postgres', url: opts.url });
      try {
        await opts.prepare?.(db as unknown as Db);
      } catch (e) {
        await jobs.stop(0).catch(() => {});
        throw e;
      }
    } finally {
      await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
      lock.release();
    }
    const listen = pgListen(pg.Client, opts.url);
    // The job queue first: its runs under way finish (or are handed back) while the database is still there.
    const close = async () => {
      try {
        await jobs.stop();
      } finally {
        await pool.end();
      }
    };
    return { db: db as unknown as Db, kind: 'postgres', close, listen, jobs };
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
    const files = pgliteFiles();
    client = dir ? new PGlite(dir, files) : new PGlite({ ...files, loadDataDir: opts.from ? dump(opts.from) : undefined });
  } catch (e) {
    lock?.release();
    throw e;
  }
  yieldBeforeEachQuery(client);
  const db = drizzle(client, { schema });
  let jobs: C | undefined;
  const close = async () => {
    try {
      // The job queue first: its runs under way finish (or are handed back) while the database is still there.
      await jobs?.stop();
    } finally {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    }
  };
  try {
    await migrate(db, { migrationsFolder });
    jobs = await opts.start(db as unknown as Db, { kind: 'pglite', pglite: client });
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
  return { db: db as unknown as Db, kind: 'pglite', close, listen, jobs: jobs! };
}

/**
 * PGlite's WebAssembly and file bundle, compiled and read once per process rather than by each database: a
 * process may open several (a test run opens hundreds), and each compile of the module also takes code space
 * the engine must manage.
 */
let pgliteFilesMemo: { pgliteWasmModule: WebAssembly.Module; fsBundle: Blob } | undefined;
function pgliteFiles() {
  if (!pgliteFilesMemo) {
    const dist = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    pgliteFilesMemo = {
      pgliteWasmModule: new WebAssembly.Module(readFileSync(join(dist, 'pglite.wasm'))),
      fsBundle: new Blob([readFileSync(join(dist, 'pglite.data'))]),
    };
  }
  return pgliteFilesMemo;
}
/** A PGlite dump to start from, read once per process. */
const dumps = new Map<string, Blob>();
const dump = (path: string) => dumps.get(path) ?? dumps.set(path, new Blob([readFileSync(path)])).get(path)!;

/**
 * PGlite runs each query synchronously on this thread; a query's answer resolves a promise whose continuation may
 * start the next query at once, so under load one turn of the event loop runs a long chain of queries and nothing
 * else — a request that needs no database (/healthz) waits behind all of them. Each query and transaction of the
 * client first waits for the loop's next check phase, so the requests that arrived meanwhile are read between the
 * turns (100 connections on the app lists, `npm run bench:hostile-text`: /healthz's median 272 → 44 ms, its p99
 * 4.2 → 0.27 s). Their order is kept (each waits the same one turn). Public methods only
 * (query, exec, transaction: what drizzle and pg-boss's adapter call).
 */
function yieldBeforeEachQuery(client: { query: unknown; exec: unknown; transaction: unknown }) {
  const target = client as Record<'query' | 'exec' | 'transaction', (...args: unknown[]) => Promise<unknown>>;
  for (const method of ['query', 'exec', 'transaction'] as const) {
    const run = target[method].bind(client);
    target[method] = async (...args: unknown[]) => {
      await new Promise<void>((resolve) => setImmediate(resolve));
      return run(...args);
    };
  }
}
