import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { jobs } from '../db/schema';
import { report } from './metrics-events';

export type JobRow = { id: string; kind: string; payload: Record<string, unknown>; attempts: number; lastError: string };

/** Queues background work in the jobs table (inside the caller's transaction when given one). */
export async function enqueue(db: Pick<Db, 'insert'>, kind: string, payload: Record<string, unknown>) {
  const id = newId();
  await db.insert(jobs).values({ id, kind, payload });
  return id;
}

/**
 * Claims one job of `kind`: queued, or running with an expired lease (its process died). FOR UPDATE SKIP
 * LOCKED lets several server processes share the table on PostgreSQL.
 */
export async function claim(db: Db, kind: string, leaseSeconds: number, now?: Date): Promise<JobRow | null> {
  // `now` is the caller's clock for due times (a test clock moves it ahead); leases always run on the database's.
  const due = now ? sql`greatest(now(), ${now.toISOString()}::timestamptz)` : sql`now()`;
  const result = await db.execute(sql`
    UPDATE jobs SET status = 'running', locked_at = now(), attempts = attempts + 1
    WHERE id = (
      SELECT id FROM jobs
      WHERE kind = ${kind}
        AND (status = 'queued' OR (status = 'running' AND locked_at < now() - make_interval(secs => ${leaseSeconds})))
        AND run_at <= ${due}
      ORDER BY run_at
      FOR UPDATE SKIP LOCKED
      LIMIT 1
    )
    RETURNING id, kind, payload, attempts, last_error AS "lastError"`);
  const rows = (result as unknown as { rows: JobRow[] }).rows;
  report(db, { type: 'jobPoll', kind, claimed: rows.length > 0 });
  return rows[0] ?? null;
}

export async function finish(db: Pick<Db, 'execute'>, id: string, status: 'done' | 'failed', error = '') {
  await db.execute(sql`UPDATE jobs SET status = ${status}, last_error = ${error}, locked_at = NULL WHERE id = ${id}`);
}

/** Puts a claimed job back in the queue to run again after `delaySeconds` (its attempt stays counted). */
export async function retryLater(db: Db, id: string, delaySeconds: number, error: string) {
  await db.execute(sql`
    UPDATE jobs SET status = 'queued', locked_at = NULL, last_error = ${error},
      run_at = now() + make_interval(secs => ${delaySeconds})
    WHERE id = ${id}`);
}

/** Puts a claimed job back in the queue to run at `runAt`. */
export async function retryAt(db: Pick<Db, 'execute'>, id: string, runAt: Date, note: string) {
  await db.execute(sql`UPDATE jobs SET status = 'queued', locked_at = NULL, last_error = ${note}, run_at = ${runAt.toISOString()}::timestamptz WHERE id = ${id}`);
}

/** Notes on a claimed job what it is doing now (e.g. 'sending'), committed before it does it. */
export async function mark(db: Db, id: string, note: string) {
  await db.execute(sql`UPDATE jobs SET last_error = ${note} WHERE id = ${id}`);
}

/** Hands a claimed job back untouched (this process is stopping): the attempt does not count. */
export async function release(db: Db, id: string) {
  await db.execute(sql`UPDATE jobs SET status = 'queued', locked_at = NULL, attempts = greatest(attempts - 1, 0) WHERE id = ${id}`);
}
