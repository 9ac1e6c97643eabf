import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { NOTIFY_JOB } from './notify';

/** How a notification's job says that its template failed to render (before the reason). */
const RENDER_FAILED = 'render failed: ';

/** The `last_error` of a notification job whose template failed to render. */
export const renderFailed = (reason: string) => `${RENDER_FAILED}${reason}`;

export type RenderFailure = { message: string; at: string };

/**
 * The last render failure of each named template, read from the notification jobs of its kind (no
 * bookkeeping of its own): the newest that rendered or failed to render decides — failed: why, and when
 * (when it was due: a notification renders as soon as it is); rendered: none. One skipped before rendering
 * (nobody to tell) does not count, nor one that failed for another reason (the database).
 */
export async function lastRenderFailures(db: Db, names: string[]): Promise<Map<string, RenderFailure>> {
  if (names.length === 0) return new Map();
  const result = await db.execute(sql`
    SELECT DISTINCT ON (payload->>'kind') payload->>'kind' AS name, status, last_error AS "lastError", run_at AS at
    FROM jobs
    WHERE kind = ${NOTIFY_JOB}
      AND payload->>'kind' IN (${sql.join(names.map((n) => sql`${n}`), sql`, `)})
      AND ((status = 'done' AND last_error = '') OR (status = 'failed' AND starts_with(last_error, ${RENDER_FAILED})))
    ORDER BY payload->>'kind', created_at DESC, run_at DESC`);
  const rows = (result as unknown as { rows: { name: string; status: string; lastError: string; at: Date | string }[] }).rows;
  return new Map(
    rows
      .filter((r) => r.status === 'failed')
      .map((r) => [r.name, { message: r.lastError.slice(RENDER_FAILED.length), at: new Date(r.at).toISOString() }]),
  );
}
