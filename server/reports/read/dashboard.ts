import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { reviewWaitingStatuses } from '../../../contract/schemas/review';
import type { AdminDashboard } from '../../../contract/schemas/reports';
import type { Db } from '../../db/client';
import { appVersions, compileJobs, publishers } from '../../db/schema';
import { now } from '../../kernel/clock';
import { Names } from './names';
import { cents, num, rowsOf, startOf } from './range';

/** The longest wait for review: since a version's submission, or (stored before that was kept) its last change — as the review queue reads it. */
const oldestWaiting = sql<
  string | null
>`to_char(min(coalesce(${appVersions.submittedAt}, ${appVersions.modifiedDate})) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** How many top apps the dashboard shows. */
export const TOP_APPS = 5;

/**
 * The marketplace at a glance, today and this month being the portal clock's UTC day and month: the review
 * queue, today's failed compiles, installs and sales, this month's sales and best sellers (by gross, then
 * installs) — each read from an index or the day roll-ups.
 */
export async function dashboard(db: Db, at = now()): Promise<AdminDashboard> {
  const today = at.toISOString().slice(0, 10);
  const monthStart = `${today.slice(0, 7)}-01`;
  const [[queue], [failures], [installs], [sales], top] = await Promise.all([
    db
      .select({ waiting: count(), oldest: oldestWaiting })
      .from(appVersions)
      .where(inArray(appVersions.status, [...reviewWaitingStatuses])),
    db
      .select({ n: count() })
      .from(compileJobs)
      .where(
        and(
          eq(compileJobs.status, 'failed'),
          sql`coalesce(${compileJobs.finishedAt}, ${compileJobs.requestedAt}) >= ${startOf(today).toISOString()}::timestamptz`,
        ),
      ),
    rowsOf<{ n: string | null }>(db.execute(sql`select sum(installs) as n from install_days where day = ${today}::date`)),
    rowsOf<{ today_sales: string | null; today_gross: string | null; month_sales: string | null; month_gross: string | null }>(
      db.execute(sql`
        select sum(sales) filter (where day = ${today}::date) as today_sales, sum(gross) filter (where day = ${today}::date) as today_gross,
          sum(sales) as month_sales, sum(gross) as month_gross
        from report_days where day between ${monthStart}::date and ${today}::date`),
    ),
    rowsOf<{ app_id: string; publisher_id: string; gross: string; sales: string; installs: string }>(
      db.execute(sql`
        select app_id, publisher_id, sum(gross) as gross, sum(sales) as sales, sum(installs) as installs from (
          select app_id, publisher_id, gross, sales, 0 as installs from report_days
            where day between ${monthStart}::date and ${today}::date and app_id <> ''
          union all
          select app_id, publisher_id, 0, 0, installs from install_days
            where day between ${monthStart}::date and ${today}::date
        ) month
        group by app_id, publisher_id
        having sum(gross) <> 0 or sum(sales) <> 0 or sum(installs) <> 0
        order by sum(gross) desc, sum(installs) desc, app_id
        limit ${TOP_APPS}`),
    ),
  ]);
  const names = new Names(db);
  await names.load({ apps: top.map((t) => t.app_id) });
  const publisherIds = [...new Set(top.map((t) => t.publisher_id))];
  const publisherNames = new Map(
    publisherIds.length
      ? (await db.select({ id: publishers.id, name: publishers.name }).from(publishers).where(inArray(publishers.id, publisherIds))).map((p) => [p.id, p.name])
      : [],
  );
  return {
    reviewQueue: { waiting: Number(queue?.waiting ?? 0), oldestSince: queue?.oldest ?? null },
    compileFailuresToday: Number(failures?.n ?? 0),
    installsToday: num(installs?.n),
    salesToday: { count: num(sales?.today_sales), gross: cents(num(sales?.today_gross)) },
    salesThisMonth: { count: num(sales?.month_sales), gross: cents(num(sales?.month_gross)) },
    topApps: top.map((t) => ({
      appId: t.app_id,
      appName: names.app(t.app_id),
      publisherName: publisherNames.get(t.publisher_id) ?? '',
      gross: cents(num(t.gross)),
      sales: num(t.sales),
      installs: num(t.installs),
    })),
  };
}
