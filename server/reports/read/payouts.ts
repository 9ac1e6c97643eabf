import { and, count, desc, eq, gte, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { PayoutStatement, ReportPayout } from '../../../contract/schemas/reports';
import type { Db } from '../../db/client';
import { payouts, salesLines } from '../../db/schema';
import type { Page } from '../../kernel/paging';
import { cents, endOf, num, rowsOf, startOf, type ReportScope } from './range';
import { availableBetween } from './transactions';

type PayoutRow = typeof payouts.$inferSelect;

export const toReportPayout = (p: PayoutRow): ReportPayout => ({
  id: p.id,
  publisherId: p.publisherId,
  createdAt: p.createdAt.toISOString(),
  amount: p.amount,
  status: p.status,
  expected: p.expected?.toISOString() ?? null,
});

/** A range's payouts (made then, whatever became of them), newest first. Payouts belong to a publisher, not an app. */
export async function payoutsPage(db: Db, scope: ReportScope, query: { from: string; to: string } & Page) {
  const where = and(
    scope.publisherId ? eq(payouts.publisherId, scope.publisherId) : undefined,
    gte(payouts.createdAt, startOf(query.from)),
    lt(payouts.createdAt, endOf(query.to)),
  );
  const [rows, [total]] = await Promise.all([
    db.select().from(payouts).where(where).orderBy(desc(payouts.createdAt), desc(payouts.id)).limit(query.limit).offset(query.offset),
    db.select({ n: count() }).from(payouts).where(where),
  ]);
  return { data: rows.map(toReportPayout), meta: { total: Number(total?.n ?? 0) } };
}

/** The publisher's payout before this one that took money (not failed): where this one's statement starts. */
async function previousPayout(db: Db, payout: PayoutRow) {
  const [previous] = await db
    .select()
    .from(payouts)
    .where(
      and(
        eq(payouts.publisherId, payout.publisherId),
        ne(payouts.status, 'failed'),
        or(lt(payouts.createdAt, payout.createdAt), and(eq(payouts.createdAt, payout.createdAt), lt(payouts.id, payout.id))),
      ),
    )
    .orderBy(desc(payouts.createdAt), desc(payouts.id))
    .limit(1);
  return previous ?? null;
}

/**
 * The publisher's share that had become available for payout by `at`: the days before `at`'s from their roll-up
 * (report_days.available), `at`'s own day from its lines — not a sum over every line ever sold.
 */
async function availableBy(db: Db, publisherId: string, at: Date) {
  const day = at.toISOString().slice(0, 10);
  return rowsOf<{ net: string | null }>(
    db.execute(sql`
      select coalesce((select sum(available) from report_days where publisher_id = ${publisherId} and day < ${day}::date), 0)
        + coalesce((select sum(net) from sales_lines where publisher_id = ${publisherId}
                      and available_on >= ${startOf(day).toISOString()}::timestamptz and available_on <= ${at.toISOString()}::timestamptz), 0) as net`),
  );
}

/** Where a payout's statement's lines are: the publisher's lines that became available since the previous payout, up to this one. */
export async function statementLines(db: Db, payout: PayoutRow) {
  const previous = await previousPayout(db, payout);
  return availableBetween(payout.publisherId, previous?.createdAt ?? null, payout.createdAt);
}

/**
 * A payout's statement (docs/reports.md): the balance carried in — what became available up to the previous
 * payout, less what the payouts until then took (failed ones took nothing) —, this period's lines (sales and
 * renewals, refunds) and their net, and what is left after this payout.
 */
export async function statement(db: Db, payout: PayoutRow): Promise<PayoutStatement> {
  const previous = await previousPayout(db, payout);
  const since = previous?.createdAt ?? null;
  const [[lines], [before], [paidBefore]] = await Promise.all([
    db
      .select({
        sales: sql<string>`count(*) filter (where ${salesLines.kind} <> 'refund')`,
        refunds: sql<string>`count(*) filter (where ${salesLines.kind} = 'refund')`,
        net: sql<string>`coalesce(sum(${salesLines.net}), 0)`,
      })
      .from(salesLines)
      .where(availableBetween(payout.publisherId, since, payout.createdAt)),
    since ? availableBy(db, payout.publisherId, since) : [{ net: '0' }],
    since
      ? db
          .select({ amount: sql<string>`coalesce(sum(${payouts.amount}), 0)` })
          .from(payouts)
          .where(and(eq(payouts.publisherId, payout.publisherId), ne(payouts.status, 'failed'), lte(payouts.createdAt, since)))
      : [{ amount: '0' }],
  ]);
  const carriedIn = cents(num(before?.net) - num(paidBefore?.amount));
  const net = cents(num(lines?.net));
  return {
    payout: toReportPayout(payout),
    since: since?.toISOString() ?? null,
    carriedIn,
    sales: num(lines?.sales),
    refunds: num(lines?.refunds),
    net,
    carriedOut: cents(carriedIn + net - (payout.status === 'failed' ? 0 : payout.amount)),
  };
}
