import { inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { templateRenders } from '../db/schema';

/** How a notification's job says that its template failed to render (before the reason). */
const RENDER_FAILED = 'render failed: ';

/** The reason a notification's job gives when its template failed to render. */
export const renderFailed = (reason: string) => `${RENDER_FAILED}${reason}`;

export type RenderFailure = { message: string; at: string };

/**
 * Notes how template `name` rendered for a notification just now: `failure` (why it failed), or null
 * (rendered). The newest decides what the template's page shows.
 */
export async function recordRender(db: Db | Tx, name: string, failure: string | null) {
  const row = { name, failed: failure !== null, message: failure ?? '', at: sql`now()` };
  await db
    .insert(templateRenders)
    .values(row)
    .onConflictDoUpdate({ target: templateRenders.name, set: { failed: row.failed, message: row.message, at: row.at } });
}

/**
 * The last render failure of each named template: the newest notification that rendered or failed to
 * render decides — failed: why, and when; rendered: none. One skipped before rendering (nobody to tell)
 * does not count, nor one that failed for another reason (the database).
 */
export async function lastRenderFailures(db: Db, names: string[]): Promise<Map<string, RenderFailure>> {
  if (names.length === 0) return new Map();
  const rows = await db.select().from(templateRenders).where(inArray(templateRenders.name, names));
  return new Map(rows.filter((r) => r.failed).map((r) => [r.name, { message: r.message, at: new Date(r.at).toISOString() }]));
}
