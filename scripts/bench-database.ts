import pg from 'pg';

/**
 * The PostgreSQL database a bench runs on: `DATABASE_URL` when set, else `name` beside the one
 * scripts/with-postgres.sh starts (`TEST_DATABASE_URL`), made if missing and kept between runs.
 */
export async function benchDatabase(bench: string, name: string, hint = ''): Promise<string> {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) throw new Error(`${bench}: set DATABASE_URL${hint} or run it through scripts/with-postgres.sh`);
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(`CREATE DATABASE ${name}`).catch(() => {});
  await c.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}
