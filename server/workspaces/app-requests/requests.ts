// App requests (docs/rocketchat.md): what end users of a registered Rocket.Chat workspace ask its admins for, made on the
// portal's requestAccess page and read back by the workspace (contract/app-requests.ts). Every read and change
// is of one workspace's requests: the workspace id comes from the caller's token (or, for the page, from the
// address Rocket.Chat built), never from another request's row.
import { and, count, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { AppRequest, AppRequestFilter, AppRequestPage } from '../../../contract/schemas/app-requests';
import { APP_REQUEST_MESSAGES } from '../../../contract/schemas/app-requests';
import type { Db } from '../../db/client';
import { newId } from '../../db/ids';
import { appRequests, apps, workspaces, type AppRequestEndUser } from '../../db/schema';
import { HttpError } from '../../errors';
import { type AppRequestCounts, loadCatalog } from '../../catalog/listing';

type Row = typeof appRequests.$inferSelect;

/** A row in Rocket.Chat's shape (core-typings `AppRequest`; its screen reads `createdDate`, the typings `createdAt`). */
export const toAppRequest = (r: Row): AppRequest => ({
  id: r.id,
  appId: r.appId,
  requester: r.requester,
  admins: r.admins,
  workspaceId: r.workspaceId,
  message: r.message,
  seen: r.seen,
  seenAt: r.seenAt?.toISOString() ?? null,
  notificationSent: r.notificationSent,
  notificationSentAt: r.notificationSentAt?.toISOString() ?? null,
  createdDate: r.createdAt.toISOString(),
  createdAt: r.createdAt.toISOString(),
});

/**
 * A request made on the requestAccess page: for a registered, unrevoked workspace and an app listed in the
 * marketplace (404 otherwise), with the requester and admins as Rocket.Chat named them.
 */
export async function createAppRequest(
  db: Db,
  input: { workspaceId: string; appId: string; requester: AppRequestEndUser; admins?: AppRequestEndUser[]; message: string },
): Promise<AppRequest> {
  const [workspace] = await db
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(and(eq(workspaces.id, input.workspaceId), isNotNull(workspaces.registeredAt), isNull(workspaces.revokedAt)));
  if (!workspace) throw new HttpError(404, 'unknown_workspace', APP_REQUEST_MESSAGES.workspace);
  const listed = (await loadCatalog(db, { appId: input.appId, icon: 'none' })).byId.has(input.appId);
  if (!listed) throw new HttpError(404, 'not_listed', APP_REQUEST_MESSAGES.app);
  const [row] = await db
    .insert(appRequests)
    .values({
      id: newId(),
      appId: input.appId,
      workspaceId: workspace.id,
      requester: input.requester,
      admins: input.admins ?? [],
      message: input.message.trim(),
    })
    .returning();
  return toAppRequest(row!);
}

const filterOf = (q: AppRequestFilter): SQL | undefined => {
  switch (q) {
    case 'unseen':
      return eq(appRequests.seen, false);
    case 'seen':
      return eq(appRequests.seen, true);
    case 'notification-sent':
      return eq(appRequests.notificationSent, true);
    case 'notification-not-sent':
      return eq(appRequests.notificationSent, false);
    default:
      return undefined;
  }
};

/**
 * The workspace's requests of an app, newest first (then by id: Rocket.Chat's cron pages through them by offset
 * before it marks any), with the page's `meta` as Rocket.Chat reads it; `data` null for an app that does not
 * exist here (as Rocket.Chat's marketplace answers for a removed app: its screen reads `data || []`).
 */
export async function listAppRequests(
  db: Db,
  workspaceId: string,
  query: { appId: string; q: AppRequestFilter; sort: string; limit: number; offset: number },
): Promise<AppRequestPage> {
  const meta = { limit: query.limit, offset: query.offset, sort: query.sort, filter: query.q };
  const [app] = await db
    .select({ id: apps.id })
    .from(apps)
    .where(and(eq(apps.id, query.appId), eq(apps.isBundle, false)));
  if (!app) return { data: null, meta: { ...meta, total: 0 } };
  const where = and(eq(appRequests.workspaceId, workspaceId), eq(appRequests.appId, app.id), filterOf(query.q));
  const [rows, [total]] = await Promise.all([
    db.select().from(appRequests).where(where).orderBy(desc(appRequests.createdAt), desc(appRequests.id)).limit(query.limit).offset(query.offset),
    db.select({ n: count() }).from(appRequests).where(where),
  ]);
  return { data: rows.map(toAppRequest), meta: { ...meta, total: total?.n ?? 0 } };
}

/** How many of the workspace's requests (of every app) its admins have seen, and not yet. */
export async function appRequestTotals(db: Db, workspaceId: string) {
  const [row] = await db
    .select({
      totalSeen: sql<number>`count(*) FILTER (WHERE ${appRequests.seen})`.mapWith(Number),
      totalUnseen: sql<number>`count(*) FILTER (WHERE NOT ${appRequests.seen})`.mapWith(Number),
    })
    .from(appRequests)
    .where(eq(appRequests.workspaceId, workspaceId));
  return { totalSeen: row?.totalSeen ?? 0, totalUnseen: row?.totalUnseen ?? 0 };
}

/** The workspace's requests `ids` not seen yet are seen now (others' ids, and unknown ones, change nothing): how many. */
export async function markAppRequestsSeen(db: Db, workspaceId: string, ids: string[], now = new Date()): Promise<number> {
  const unique = [...new Set(ids)];
  if (!unique.length) return 0;
  const rows = await db
    .update(appRequests)
    .set({ seen: true, seenAt: now })
    .where(and(eq(appRequests.workspaceId, workspaceId), inArray(appRequests.id, unique), eq(appRequests.seen, false)))
    .returning({ id: appRequests.id });
  return rows.length;
}

/** The apps the workspace has requests of whose requesters were not told yet (app_requests_pending_idx). */
export async function pendingNotificationApps(db: Db, workspaceId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ appId: appRequests.appId })
    .from(appRequests)
    .where(and(eq(appRequests.workspaceId, workspaceId), eq(appRequests.notificationSent, false)))
    .orderBy(appRequests.appId);
  return rows.map((r) => r.appId);
}

/** The requesters of the workspace's requests of `appId` were told (404 for an app that does not exist here): how many. */
export async function markAppRequestsSent(db: Db, workspaceId: string, appId: string, now = new Date()): Promise<number> {
  const [app] = await db
    .select({ id: apps.id })
    .from(apps)
    .where(and(eq(apps.id, appId), eq(apps.isBundle, false)));
  if (!app) throw new HttpError(404, 'not_found', 'App not found: no app of this marketplace has this id.');
  const rows = await db
    .update(appRequests)
    .set({ notificationSent: true, notificationSentAt: now })
    .where(and(eq(appRequests.workspaceId, workspaceId), eq(appRequests.appId, app.id), eq(appRequests.notificationSent, false)))
    .returning({ id: appRequests.id });
  return rows.length;
}

/**
 * What `GET /v1/apps` adds for a registered workspace: per app it has requests of, its seen and unseen counts;
 * with an end user (`?endUserID=`), the apps that person asked for.
 */
export async function appRequestsForListing(db: Db, workspaceId: string, endUserId: string | null) {
  const [stats, mine] = await Promise.all([
    db
      .select({
        appId: appRequests.appId,
        totalSeen: sql<number>`count(*) FILTER (WHERE ${appRequests.seen})`.mapWith(Number),
        totalUnseen: sql<number>`count(*) FILTER (WHERE NOT ${appRequests.seen})`.mapWith(Number),
      })
      .from(appRequests)
      .where(eq(appRequests.workspaceId, workspaceId))
      .groupBy(appRequests.appId),
    endUserId
      ? db
          .selectDistinct({ appId: appRequests.appId })
          .from(appRequests)
          .where(and(eq(appRequests.workspaceId, workspaceId), sql`${appRequests.requester}->>'id' = ${endUserId}`))
      : Promise.resolve([]),
  ]);
  return {
    stats: new Map<string, AppRequestCounts>(stats.map((s) => [s.appId, { totalSeen: s.totalSeen, totalUnseen: s.totalUnseen }])),
    requested: endUserId ? new Set(mine.map((m) => m.appId)) : null,
  };
}
