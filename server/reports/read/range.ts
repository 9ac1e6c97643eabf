import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apps, publishers } from '../../db/schema';
import { notFound } from '../../errors';

/**
 * What a report covers: one publisher's figures (a publisher's routes: always theirs; staff's: one, or the
 * whole marketplace when none is named), optionally one app of it.
 */
export type ReportScope = { publisherId?: string; appId?: string };

export const DAY_MS = 86_400_000;

/** When a UTC day (`YYYY-MM-DD`) starts, in milliseconds. */
export const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
/** The instant a day starts (UTC), and the instant after its end: a range of days is [start(from), start(to + 1)). */
export const startOf = (day: string) => new Date(dayMs(day));
export const endOf = (day: string) => new Date(dayMs(day) + DAY_MS);

/**
 * Checks the scope a request may read: an app named must be the publisher's (or, for staff, exist and belong to
 * the publisher named, if any) — else 404 'App', as its figures do not exist for the caller; a publisher staff
 * name must exist (404 'Publisher'). `ownPublisher`: the publisher is the caller's own, which exists.
 */
export async function checkScope(db: Db, scope: ReportScope, ownPublisher: boolean): Promise<void> {
  const [publisher, app] = await Promise.all([
    !ownPublisher && scope.publisherId !== undefined ? db.select({ id: publishers.id }).from(publishers).where(eq(publishers.id, scope.publisherId)) : null,
    scope.appId !== undefined
      ? db
          .select({ id: apps.id })
          .from(apps)
          .where(and(eq(apps.id, scope.appId), scope.publisherId ? eq(apps.publisherId, scope.publisherId) : undefined))
      : null,
  ]);
  if (publisher && !publisher.length) throw notFound('Publisher');
  if (app && !app.length) throw notFound('App');
}

/** `column = value` for each part of the scope that is set (an SQL condition over a table's publisher and app columns). */
export function scopeWhere(scope: ReportScope, columns: { publisherId: unknown; appId: unknown }) {
  const parts = [];
  if (scope.publisherId) parts.push(sql`${columns.publisherId} = ${scope.publisherId}`);
  if (scope.appId) parts.push(sql`${columns.appId} = ${scope.appId}`);
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

type Rows<T> = { rows: T[] };
/** The rows of a raw query (PGlite and node-postgres both answer `{rows}`). */
export const rowsOf = async <T>(q: PromiseLike<unknown>) => ((await q) as Rows<T>).rows;

/** Money to cents; a count or a sum PostgreSQL answers as text (numeric, bigint) to a number. */
export const cents = (n: number) => Math.round(n * 100) / 100;
export const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
