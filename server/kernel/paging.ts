import { and, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowCounts } from '../db/schema';

export type Page = { limit: number; offset: number };

/** A list's total as the row_counts triggers keep it (migration 0008): one primary-key read. */
export async function storedTotal(db: Db, list: string, scope: string): Promise<number> {
  const [row] = await db
    .select({ n: rowCounts.n })
    .from(rowCounts)
    .where(and(eq(rowCounts.list, list), eq(rowCounts.scope, scope)));
  return Number(row?.n ?? 0);
}

/**
 * How to read a page of a list of `total` rows ordered newest first: from the front, or — past the middle —
 * from the back (the same rows in the opposite order, turned round afterwards), so that the last pages
 * cost what the first ones do; no page walks more than half the list's index.
 */
export function readPlan(total: number, page: Page): { reverse: boolean; offset: number; limit: number } {
  // Past the end: nothing to read (an OFFSET past the end would still walk the whole list).
  if (page.offset >= total) return { reverse: false, offset: 0, limit: 0 };
  const limit = Math.min(page.limit, total - page.offset);
  if (page.offset + limit / 2 <= total / 2) return { reverse: false, offset: page.offset, limit };
  return { reverse: true, offset: total - page.offset - limit, limit };
}

/**
 * ORDER BY for the list's newest-first order over `columns`, or its reverse: plain DESC / ASC, the two
 * directions an ascending index on the same columns is read in.
 */
export const newestFirst = (reverse: boolean, ...columns: AnyColumn[]): SQL[] => columns.map((c) => (reverse ? sql`${c} ASC` : sql`${c} DESC`));

/**
 * One page of a list ordered newest first by `columns`, with its stored total: `rows(order, offset, limit)`
 * runs the query in the order it is given.
 */
export async function pageFromBothEnds<R>(
  total: Promise<number>,
  page: Page,
  columns: AnyColumn[],
  rows: (order: SQL[], offset: number, limit: number) => Promise<R[]>,
): Promise<{ data: R[]; total: number }> {
  const n = await total;
  const plan = readPlan(n, page);
  const data = await rows(newestFirst(plan.reverse, ...columns), plan.offset, plan.limit);
  return { data: plan.reverse ? data.reverse() : data, total: n };
}

/**
 * One page of a list numbered by position (1 = recorded first; migration 0008), newest first: the rows whose
 * positions run down from `total − offset` — a range read through the list's index, at any depth.
 * `rows(top, limit)` reads the rows with position ≤ top, highest first. (The total is read first: with the
 * bound a known number, the planner walks the index; with a subquery it could not tell how far.)
 */
export async function pageByPosition<R>(db: Db, list: string, scope: string, page: Page, rows: (top: number, limit: number) => Promise<R[]>) {
  const total = await storedTotal(db, list, scope);
  const top = total - page.offset;
  return { data: top > 0 ? await rows(top, Math.min(page.limit, top)) : [], total };
}

/**
 * Where a page of an apps list starts (migration 0011): the day (UTC) holding the row at `offset` in the
 * order the page is read, and how many rows come before that day. Null when the days cannot say (no
 * rows; or, read from the back, apps without a version — they sort last there and have no day to seek).
 */
export async function appDayStart(db: Db, scope: string, plan: { reverse: boolean; offset: number }) {
  const result = await db.execute(sql`
    SELECT day::text AS day, before, undated FROM (
      SELECT day, n,
             coalesce(sum(n) OVER (ORDER BY day ${plan.reverse ? sql`ASC` : sql`DESC`} ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS before,
             bool_or(day = 'infinity') OVER () AS undated
      FROM app_list_days WHERE scope = ${scope} AND n > 0
    ) d
    WHERE before <= ${plan.offset} AND before + n > ${plan.offset}
    LIMIT 1`);
  const [row] = (result as unknown as { rows: { day: string; before: string | number; undated: boolean }[] }).rows;
  if (!row || (plan.reverse && row.undated)) return null;
  return { day: row.day, before: Number(row.before) };
}

/**
 * The rows of `column` (a timestamp) a page starting on `day` reads from: newest first, those before the
 * end of that day; oldest first, those from its start. ('infinity': the apps without a version, first.)
 */
export function fromDay(column: AnyColumn, day: string, reverse: boolean): SQL | undefined {
  if (day === 'infinity') return undefined;
  return reverse ? sql`${column} >= ((${day}::date)::timestamp AT TIME ZONE 'UTC')` : sql`${column} < ((${day}::date + 1)::timestamp AT TIME ZONE 'UTC')`;
}
