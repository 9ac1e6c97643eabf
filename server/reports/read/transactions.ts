import { and, asc, count, desc, gt, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { ReportTransaction } from '../../../contract/schemas/reports';
import type { Db } from '../../db/client';
import { salesLines } from '../../db/schema';
import type { Page } from '../../kernel/paging';
import { Names } from './names';
import { endOf, num, rowsOf, scopeWhere, startOf, type ReportScope } from './range';

/**
 * The sales lines (server/reports/rollups.ts `recordMoney`): a range's, newest first, read through the index of
 * the scope — (publisher, at, id), (app, at, id) or (at, id) — and a payout statement's, by when they became
 * available, oldest first, through (publisher, available_on, id). Exports read them as text in keyset batches
 * (after the last row's position, never an OFFSET: read/csv.ts), so memory stays one batch whatever the range.
 */

type Line = typeof salesLines.$inferSelect;

/** How many lines an export reads at a time (bench:reports: 2 000 kept memory flatter and ran faster than 5 000). */
export const EXPORT_BATCH = 2000;

/** A range's lines (both days whole) of the scope. */
export const inRange = (scope: ReportScope, range: { from: string; to: string }) =>
  and(scopeWhere(scope, salesLines), gte(salesLines.at, startOf(range.from)), lt(salesLines.at, endOf(range.to)));

export async function toTransactions(db: Db, lines: Line[], names = new Names(db)): Promise<ReportTransaction[]> {
  await names.load({ apps: lines.map((l) => l.appId), workspaces: lines.map((l) => l.workspaceId), plans: lines.map((l) => l.planId) });
  return lines.map((l) => ({
    id: l.id,
    at: l.at.toISOString(),
    kind: l.kind,
    purchaseId: l.purchaseId,
    workspaceId: l.workspaceId,
    workspaceName: names.workspace(l.workspaceId),
    appId: l.appId,
    appName: names.app(l.appId),
    publisherId: l.publisherId,
    planId: l.planId,
    plan: names.plan(l.planId),
    seats: l.seats,
    amount: l.amount,
    fee: l.fee,
    net: l.net,
    availableOn: l.availableOn.toISOString(),
  }));
}

/**
 * How many lines a range holds: the sum of the day roll-ups (each line adds one to its day's sales or refunds,
 * in its own transaction), not a count of a million rows.
 */
async function lineCount(db: Db, scope: ReportScope, range: { from: string; to: string }) {
  const [row] = await rowsOf<{ n: string | null }>(
    db.execute(sql`
      select sum(sales + refunds_count) as n from report_days
      where ${scopeWhere(scope, { publisherId: sql.raw('publisher_id'), appId: sql.raw('app_id') })} and day between ${range.from}::date and ${range.to}::date`),
  );
  return num(row?.n);
}

/** A page of a range's sales lines, newest first, and how many the range holds. */
export async function transactionsPage(db: Db, scope: ReportScope, query: { from: string; to: string } & Page) {
  const [rows, total] = await Promise.all([
    db.select().from(salesLines).where(inRange(scope, query)).orderBy(desc(salesLines.at), desc(salesLines.id)).limit(query.limit).offset(query.offset),
    lineCount(db, scope, query),
  ]);
  return { data: await toTransactions(db, rows), meta: { total } };
}

/** The lines of a publisher that became available in (since, until]: a payout statement's. */
export const availableBetween = (publisherId: string, since: Date | null, until: Date) =>
  and(sql`${salesLines.publisherId} = ${publisherId}`, since ? gt(salesLines.availableOn, since) : undefined, lte(salesLines.availableOn, until));

/** A page of a statement's lines, oldest first (by when each became available). */
export async function statementLinesPage(db: Db, where: SQL | undefined, page: Page) {
  const [rows, [total]] = await Promise.all([
    db.select().from(salesLines).where(where).orderBy(asc(salesLines.availableOn), asc(salesLines.id)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(salesLines).where(where),
  ]);
  return { data: await toTransactions(db, rows), meta: { total: Number(total?.n ?? 0) } };
}

/**
 * A sales line as the exports write it: every column as PostgreSQL prints it — times in ISO 8601 (UTC,
 * milliseconds), amounts with their two decimals — so a million lines are written without a Date or a number
 * made for each; `cursor` is its position (its time with microseconds) for the next batch. The times are named
 * apart from their columns: ORDER BY would otherwise sort by the text, not through the index.
 */
export type LineText = {
  id: string;
  kind: string;
  purchase_id: string;
  publisher_id: string;
  workspace_id: string;
  app_id: string;
  plan_id: string;
  seats: number | string;
  amount: string;
  fee: string;
  net: string;
  at_iso: string;
  available_iso: string;
  cursor: string;
};

const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
const position = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`);

/**
 * One batch of lines as text: a range's newest first (by at, id) or a statement's oldest first (by
 * available_on, id), after the position of the previous batch's last line.
 */
export function lineTexts(db: Db, where: SQL | undefined, order: 'newest' | 'available', after: { cursor: string; id: string } | null, limit = EXPORT_BATCH) {
  const column = order === 'newest' ? 'at' : 'available_on';
  const next = after
    ? order === 'newest'
      ? sql` and (at, id) < (${after.cursor}::timestamp at time zone 'UTC', ${after.id})`
      : sql` and (available_on, id) > (${after.cursor}::timestamp at time zone 'UTC', ${after.id})`
    : sql``;
  return rowsOf<LineText>(
    db.execute(sql`
      select id, kind, purchase_id, publisher_id, workspace_id, app_id, plan_id, seats, amount::text as amount, fee::text as fee, net::text as net,
        ${iso('at')} as at_iso, ${iso('available_on')} as available_iso, ${position(column)} as cursor
      from sales_lines
      where ${where ?? sql`true`}${next}
      order by ${sql.raw(order === 'newest' ? 'at desc, id desc' : 'available_on asc, id asc')}
      limit ${limit}`),
  );
}
