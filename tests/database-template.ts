// Vitest global setup: one migrated database (the portal's schema and the job queue's) made once per run, that
// every test server's new database starts from (tests/harness.ts) instead of being migrated anew — making and
// migrating an empty PGlite cluster takes about 3 s, and the suite starts about a hundred servers.
// PGlite: a dump (`dumpDataDir`) in the run's folder (this runs after temp-guard.ts). PostgreSQL (TEST_DATABASE_URL):
// a template database, `CREATE DATABASE … TEMPLATE` copies it.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabaseWithJobs } from '../server/kernel/database';

/** The PGlite dump's path. */
export const PGLITE_TEMPLATE_ENV = 'PORTAL_TEST_PGLITE_TEMPLATE';
/** The PostgreSQL template database's name. */
export const PG_TEMPLATE_ENV = 'PORTAL_TEST_PG_TEMPLATE';

async function adminQuery(admin: string, sql: string) {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export default async function setup() {
  const admin = process.env.TEST_DATABASE_URL;
  if (admin) {
    const name = `portal_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(admin, `CREATE DATABASE ${name}`);
    const url = new URL(admin);
    url.pathname = `/${name}`;
    // Migrated, the job queue's schema made; closed again: a template must have no connections when copied.
    const database = await openDatabaseWithJobs({ url: url.toString() });
    await database.close();
    process.env[PG_TEMPLATE_ENV] = name;
    return async () => {
      delete process.env[PG_TEMPLATE_ENV];
      await adminQuery(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'pglite-template-'));
  const database = await openDatabaseWithJobs({});
  try {
    // Quiet first: the dump is of a database nothing is writing to.
    await database.jobs.stop(0);
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('none');
    writeFileSync(join(dir, 'template.tar'), new Uint8Array(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  process.env[PGLITE_TEMPLATE_ENV] = join(dir, 'template.tar');
  return () => {
    delete process.env[PGLITE_TEMPLATE_ENV];
    rmSync(dir, { recursive: true, force: true });
  };
}
