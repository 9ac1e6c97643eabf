import { and, desc, gte, inArray, lt, sql } from 'drizzle-orm';
import semver from 'semver';
import type { ReportInstallEvent, ReportVersion } from '../../../contract/schemas/reports';
import type { Db } from '../../db/client';
import { appInstallEvents } from '../../db/schema';
import type { Page } from '../../kernel/paging';
import { Names } from './names';
import { endOf, num, rowsOf, scopeWhere, startOf, type ReportScope } from './range';
import { EXPORT_BATCH } from './transactions';

/**
 * Install reports (app_install_events: installs, updates and uninstalls — downloads are not reports of what a
 * workspace runs), newest first, through the index of the scope — (publisher, at, id), (app, at), (at, id) —
 * and per version what the install roll-ups (install_days) say.
 */

const ACTIONS = ['install', 'update', 'uninstall'] as const;
type Event = Pick<typeof appInstallEvents.$inferSelect, 'id' | 'at' | 'action' | 'workspaceId' | 'appId' | 'appVersion'>;

const eventColumns = {
  id: appInstallEvents.id,
  at: appInstallEvents.at,
  action: appInstallEvents.action,
  workspaceId: appInstallEvents.workspaceId,
  appId: appInstallEvents.appId,
  appVersion: appInstallEvents.appVersion,
};

const inRange = (scope: ReportScope, range: { from: string; to: string }) =>
  and(
    scopeWhere(scope, appInstallEvents),
    gte(appInstallEvents.at, startOf(range.from)),
    lt(appInstallEvents.at, endOf(range.to)),
    inArray(appInstallEvents.action, [...ACTIONS]),
  );

async function toEvents(db: Db, rows: Event[], names = new Names(db)): Promise<ReportInstallEvent[]> {
  await names.load({ apps: rows.map((r) => r.appId), workspaces: rows.map((r) => r.workspaceId) });
  return rows.map((r) => ({
    id: r.id,
    at: r.at.toISOString(),
    action: r.action as ReportInstallEvent['action'],
    workspaceId: r.workspaceId,
    workspaceName: names.workspace(r.workspaceId),
    appId: r.appId,
    appName: names.app(r.appId),
    version: r.appVersion,
  }));
}

/**
 * How many reports a range holds: the sum of the day roll-ups (one per report, written with it), not a count
 * of millions of rows.
 */
async function reportCount(db: Db, scope: ReportScope, range: { from: string; to: string }) {
  const [row] = await rowsOf<{ n: string | null }>(
    db.execute(sql`
      select sum(installs + updates + uninstalls) as n from install_days
      where ${scopeWhere(scope, { publisherId: sql.raw('publisher_id'), appId: sql.raw('app_id') })} and day between ${range.from}::date and ${range.to}::date`),
  );
  return num(row?.n);
}

/** A page of a range's install reports, newest first, and how many the range holds. */
export async function installsPage(db: Db, scope: ReportScope, query: { from: string; to: string } & Page) {
  const [rows, total] = await Promise.all([
    db
      .select(eventColumns)
      .from(appInstallEvents)
      .where(inRange(scope, query))
      .orderBy(desc(appInstallEvents.at), desc(appInstallEvents.id))
      .limit(query.limit)
      .offset(query.offset),
    reportCount(db, scope, query),
  ]);
  return { data: await toEvents(db, rows), meta: { total } };
}

/** An install report as the export writes it: as PostgreSQL prints it (its time ISO 8601, UTC — named apart from `at`, which ORDER BY sorts by), with its position. */
export type EventText = { id: string; action: string; workspace_id: string; app_id: string; app_version: string; at_iso: string; cursor: string };

/** One batch of a range's install reports as text, newest first, after the previous batch's last. */
export function eventTexts(
  db: Db,
  scope: ReportScope,
  range: { from: string; to: string },
  after: { cursor: string; id: string } | null,
  limit = EXPORT_BATCH,
) {
  return rowsOf<EventText>(
    db.execute(sql`
      select id, action, workspace_id, app_id, app_version,
        to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at_iso, to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as cursor
      from app_install_events
      where ${inRange(scope, range)}${after ? sql` and (at, id) < (${after.cursor}::timestamp at time zone 'UTC', ${after.id})` : sql``}
      order by at desc, id desc
      limit ${limit}`),
  );
}

/** Newest version first (semver where both are), others after, by text. */
const byVersionDesc = (a: string, b: string) => {
  const [va, vb] = [semver.valid(a), semver.valid(b)];
  if (va && vb) return semver.rcompare(va, vb);
  if (va || vb) return va ? -1 : 1;
  return b.localeCompare(a);
};

/**
 * Per app and version: the workspaces running it at the range's end (its active workspaces' changes summed to
 * then) and its installs, updates and uninstalls in the range; versions neither running nor touched are left
 * out. By app name, then newest version first.
 */
export async function versions(db: Db, scope: ReportScope, range: { from: string; to: string }): Promise<ReportVersion[]> {
  const rows = await rowsOf<{ app_id: string; version: string; active: string; installs: string; updates: string; uninstalls: string }>(
    db.execute(sql`
      select app_id, version, sum(active_delta) as active,
        coalesce(sum(installs) filter (where day >= ${range.from}::date), 0) as installs,
        coalesce(sum(updates) filter (where day >= ${range.from}::date), 0) as updates,
        coalesce(sum(uninstalls) filter (where day >= ${range.from}::date), 0) as uninstalls
      from install_days
      where ${scopeWhere(scope, { publisherId: sql.raw('publisher_id'), appId: sql.raw('app_id') })} and day <= ${range.to}::date
      group by app_id, version`),
  );
  const names = new Names(db);
  const kept = rows
    .map((r) => ({
      appId: r.app_id,
      version: r.version,
      activeWorkspaces: num(r.active),
      installs: num(r.installs),
      updates: num(r.updates),
      uninstalls: num(r.uninstalls),
    }))
    .filter((v) => v.activeWorkspaces > 0 || v.installs + v.updates + v.uninstalls > 0);
  await names.load({ apps: kept.map((v) => v.appId) });
  return kept
    .map((v) => ({ ...v, appName: names.app(v.appId) }))
    .sort((a, b) => a.appName.localeCompare(b.appName) || a.appId.localeCompare(b.appId) || byVersionDesc(a.version, b.version));
}
