import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

type Count = { current: number; ttl: number };

/**
 * One more hit of `key`, counted in one statement: the row is inserted, or locked and counted on, or — its
 * window over — started again; the answer is the hits so far and the milliseconds left in the window. Two
 * processes counting the same key at once take turns on the row (on PostgreSQL and on PGlite alike).
 */
export async function hit(db: Db, key: string, windowMs: number): Promise<Count> {
  const result = await db.execute(sql`
    INSERT INTO rate_limits AS r ("key", hits, expires_at) VALUES (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
    ON CONFLICT ("key") DO UPDATE SET
      hits = CASE WHEN r.expires_at <= now() THEN 1 ELSE r.hits + 1 END,
      expires_at = CASE WHEN r.expires_at <= now() THEN excluded.expires_at ELSE r.expires_at END
    RETURNING hits AS current, ceil(extract(epoch FROM r.expires_at - now()) * 1000)::int AS ttl`);
  const [row] = (result as unknown as { rows: Count[] }).rows;
  return { current: Number(row!.current), ttl: Math.max(0, Number(row!.ttl)) };
}

/** Forgets the counts whose window is over (a later hit would start them again anyway). */
export async function sweepRateLimits(db: Db) {
  await db.execute(sql`DELETE FROM rate_limits WHERE expires_at <= now()`);
}

/**
 * A store for @fastify/rate-limit on the database: every portal process on one PostgreSQL counts into the
 * same rows, so a limit holds however many processes a load balancer spreads the requests over. Fixed
 * windows started by a key's first hit, as the plugin's own in-memory store counts. `db` is read at the
 * first request (the store is made before the database is open).
 */
export function databaseStore(db: () => Db): FastifyRateLimitStoreCtor {
  return class DatabaseStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: Count) => void, timeWindow: number) {
      hit(db(), key, timeWindow).then(
        (count) => callback(null, count),
        (err: Error) => callback(err),
      );
    }
    child() {
      return new DatabaseStore();
    }
  };
}
