import { and, asc, count, eq, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  REVIEW_TARGET_HOURS,
  approvedStatuses,
  reviewWaitingStatuses,
  type ReviewQueue,
  type ReviewQueueItem,
  type ReviewQueueQuery,
} from '../../../contract/schemas/review';
import type { Db } from '../../db/client';
import { appVersions, apps, compileJobs, developers, publishers } from '../../db/schema';
import { conflict } from '../../errors';
import type { Staff } from '../../kernel/activity';
import { checkSettings, weighed } from './settings';
import { hoursWaited, isOverdue, waitingSinceColumn } from './wait';

const waiting = inArray(appVersions.status, [...reviewWaitingStatuses]);
/** None of the publisher's versions was ever approved (approved, or published or unpublished since). */
const firstTimePublisher = sql<boolean>`not exists (select 1 from ${appVersions} av join ${apps} a on a.id = av.app_id where a.publisher_id = ${apps.publisherId} and av.status in (${sql.join(
  approvedStatuses.map((s) => sql`${s}`),
  sql`, `,
)}))`;

const columns = {
  appId: appVersions.appId,
  internalId: appVersions.internalId,
  appName: appVersions.name,
  version: appVersions.version,
  status: appVersions.status,
  iconThumbnail: appVersions.iconThumbData,
  isBundle: apps.isBundle,
  publisherId: apps.publisherId,
  publisherName: publishers.name,
  waitingSince: waitingSinceColumn,
  findings: compileJobs.findings,
  firstTimePublisher,
  assigneeId: developers.id,
  assigneeFirst: developers.firstName,
  assigneeLast: developers.lastName,
  assigneeEmail: developers.email,
};

const base = (db: Db) =>
  db
    .select(columns)
    .from(appVersions)
    .innerJoin(apps, eq(apps.id, appVersions.appId))
    .innerJoin(publishers, eq(publishers.id, apps.publisherId))
    .leftJoin(compileJobs, eq(compileJobs.id, appVersions.compileJobId))
    .leftJoin(developers, eq(developers.id, appVersions.reviewAssigneeId));

type Row = Awaited<ReturnType<ReturnType<typeof base>['where']>>[number];

const assigneeOf = (r: Row) =>
  r.assigneeId ? { id: r.assigneeId, name: `${r.assigneeFirst ?? ''} ${r.assigneeLast ?? ''}`.trim() || (r.assigneeEmail ?? '') } : null;

function toItem(r: Row, severities: Parameters<typeof weighed>[1], now: Date): ReviewQueueItem {
  const since = new Date(r.waitingSince);
  const findings = weighed(r.findings ?? [], severities);
  return {
    appId: r.appId,
    internalId: r.internalId,
    appName: r.appName,
    version: r.version,
    isBundle: r.isBundle,
    iconThumbnail: r.iconThumbnail,
    publisher: { id: r.publisherId, label: r.publisherName },
    firstTimePublisher: Boolean(r.firstTimePublisher),
    status: r.status,
    waitingSince: since.toISOString(),
    waitingHours: hoursWaited(since, now),
    overdue: isOverdue(since, now),
    findings: { blocks: findings.filter((f) => f.severity === 'blocks').length, warns: findings.filter((f) => f.severity === 'warns').length },
    assignee: assigneeOf(r),
  };
}

const overdueBefore = (now: Date) => lt(waitingSinceColumn, sql`${new Date(now.getTime() - REVIEW_TARGET_HOURS * 3_600_000).toISOString()}::timestamptz`);

/** The versions waiting for review, the longest waiting first (then by id: a stable order for pages). */
export async function reviewQueue(db: Db, query: ReviewQueueQuery, me: Staff, now = new Date()): Promise<ReviewQueue> {
  const filters: (SQL | undefined)[] = [waiting];
  const q = query.q?.trim();
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    filters.push(or(ilike(appVersions.name, like), ilike(publishers.name, like)));
  }
  if (query.assignee === 'me') filters.push(eq(appVersions.reviewAssigneeId, me.id));
  if (query.assignee === 'nobody') filters.push(isNull(appVersions.reviewAssigneeId));
  if (query.overdue === 'true') filters.push(overdueBefore(now));
  if (query.overdue === 'false') filters.push(sql`not (${overdueBefore(now)})`);
  const where = and(...filters);
  const [rows, [total], [overdue], settings] = await Promise.all([
    base(db).where(where).orderBy(asc(waitingSinceColumn), asc(appVersions.internalId)).limit(query.limit).offset(query.offset),
    db
      .select({ n: count() })
      .from(appVersions)
      .innerJoin(apps, eq(apps.id, appVersions.appId))
      .innerJoin(publishers, eq(publishers.id, apps.publisherId))
      .where(where),
    db
      .select({ n: count() })
      .from(appVersions)
      .where(and(waiting, overdueBefore(now))),
    checkSettings(db),
  ]);
  return {
    data: rows.map((r) => toItem(r, settings.severities, now)),
    meta: { total: total?.n ?? 0 },
    targetHours: REVIEW_TARGET_HOURS,
    overdueCount: overdue?.n ?? 0,
  };
}

/**
 * Takes a waiting version's review (`to` = the staff member) or gives it back (`to` = null). Only while it
 * waits, and taken only when nobody else holds it: otherwise a 409, and nothing changes.
 */
export async function assignReview(db: Db, appId: string, internalId: string, to: Staff | null, now = new Date()): Promise<ReviewQueueItem> {
  // Taking it only while nobody else holds it: two reviewers pressing at once get one review and one 409.
  const free = to ? or(isNull(appVersions.reviewAssigneeId), eq(appVersions.reviewAssigneeId, to.id)) : undefined;
  const [updated] = await db
    .update(appVersions)
    .set({ reviewAssigneeId: to?.id ?? null })
    .where(and(eq(appVersions.appId, appId), eq(appVersions.internalId, internalId), waiting, free))
    .returning({ internalId: appVersions.internalId });
  if (!updated) {
    const [row] = await base(db).where(and(eq(appVersions.internalId, internalId), waiting));
    if (!row) throw conflict('not_waiting', 'This version is not waiting for review.');
    throw conflict('already_assigned', `${assigneeOf(row)?.name ?? 'Someone'} is already reviewing this version.`);
  }
  const [row] = await base(db).where(eq(appVersions.internalId, internalId));
  return toItem(row!, (await checkSettings(db)).severities, now);
}
