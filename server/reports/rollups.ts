import { inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { newId } from '../db/ids';
import { appInstalls, bundlePlans, installDays, reportDays, salesLines, type purchaseRecords } from '../db/schema';

/** A purchase record as stored. */
type PurchaseRow = typeof purchaseRecords.$inferSelect;

/**
 * The daily roll-ups (docs/reports.md "How figures are kept"): every change that moves a figure adds to the row
 * of its publisher, app, plan and UTC day in the transaction that makes the change, so a report never lags and
 * never disagrees with the records it sums. Stocks (MRR, live subscriptions, seats, active workspaces) are kept
 * as their daily change and summed to a day's end when read.
 */

export const dayOf = (at: Date) => at.toISOString().slice(0, 10);
const cents = (n: number) => Math.round(n * 100) / 100;

type DayFigures = Partial<Omit<typeof reportDays.$inferInsert, 'publisherId' | 'appId' | 'planId' | 'day'>>;

/** Adds `figures` to the row of (publisher, app, plan, day), creating it. */
async function addToDay(tx: Tx, key: { publisherId: string; appId: string; planId: string; day: string }, figures: DayFigures) {
  const entries = Object.entries(figures).filter(([, v]) => typeof v === 'number' && v !== 0) as [keyof DayFigures, number][];
  if (!entries.length) return;
  const set = Object.fromEntries(entries.map(([k]) => [k, sql`${reportDays[k]} + excluded.${sql.identifier(reportDays[k].name)}`]));
  await tx
    .insert(reportDays)
    .values({ ...key, ...Object.fromEntries(entries) })
    .onConflictDoUpdate({ target: [reportDays.publisherId, reportDays.appId, reportDays.planId, reportDays.day], set });
}

// ——— Subscriptions: what a purchase record adds to the stocks ———

type Strategy = 'monthly' | 'yearly';

/** The billing period of plans (`<priceId>:monthly|yearly` for an app's, a bundle plan's own row). */
async function strategiesOf(tx: Tx, planIds: string[]): Promise<Map<string, Strategy>> {
  const out = new Map<string, Strategy>();
  const bundle: string[] = [];
  for (const id of new Set(planIds)) {
    if (!id) continue;
    if (id.endsWith(':yearly')) out.set(id, 'yearly');
    else if (id.endsWith(':monthly')) out.set(id, 'monthly');
    else bundle.push(id);
  }
  if (bundle.length) {
    const rows = await tx.select({ id: bundlePlans.id, strategy: bundlePlans.strategy }).from(bundlePlans).where(inArray(bundlePlans.id, bundle));
    for (const r of rows) out.set(r.id, r.strategy);
  }
  return out;
}

type Standing = { live: number; trialing: number; seats: number; mrr: number };
const NONE: Standing = { live: 0, trialing: 0, seats: 0, mrr: 0 };

/**
 * What a subscription record counts for at a moment (docs/reports.md): live while not cancelled (trialing,
 * active, cancelling at the period end, past due in its grace); its seats while live; its monthly-equivalent
 * price in MRR while paid for (active or cancelling, price above 0; a yearly plan's price / 12).
 */
export function standing(
  row: Pick<PurchaseRow, 'purchaseType' | 'subscriptionStatus' | 'seats' | 'isSeatBased' | 'price'> | null,
  strategy: Strategy,
): Standing {
  if (!row || row.purchaseType !== 'subscription' || !row.subscriptionStatus || row.subscriptionStatus === 'cancelled') return NONE;
  const paid = (row.subscriptionStatus === 'active' || row.subscriptionStatus === 'cancelling') && row.price > 0;
  return {
    live: 1,
    trialing: row.subscriptionStatus === 'trialing' ? 1 : 0,
    seats: row.isSeatBased ? row.seats : 0,
    mrr: paid ? (strategy === 'yearly' ? row.price / 12 : row.price) : 0,
  };
}

/**
 * Rolls up purchase records' changes (`before` null: made; `after` null: removed), all at `at`: the stocks'
 * change, a new subscription and a trial start, a cancellation, and a trial that became paid (counted on the day
 * its trial started, so a period's conversion rate is of its own trials).
 */
export async function rollUpPurchases(tx: Tx, changes: { before: PurchaseRow | null; after: PurchaseRow | null }[], at: Date) {
  const rows = changes.map((c) => (c.after ?? c.before)!).filter((r) => r.purchaseType === 'subscription');
  if (!rows.length) return;
  const strategies = await strategiesOf(
    tx,
    rows.map((r) => r.planId),
  );
  const day = dayOf(at);
  for (const { before, after } of changes) {
    const row = (after ?? before)!;
    if (row.purchaseType !== 'subscription') continue;
    const strategy = strategies.get(row.planId) ?? 'monthly';
    const was = standing(before, strategy);
    const is = standing(after, strategy);
    const key = { publisherId: row.publisherId, appId: row.appId, planId: row.planId };
    await addToDay(
      tx,
      { ...key, day },
      {
        liveDelta: is.live - was.live,
        trialingDelta: is.trialing - was.trialing,
        seatsDelta: is.seats - was.seats,
        mrrDelta: Math.round((is.mrr - was.mrr) * 10_000) / 10_000,
        newSubscriptions: before ? 0 : 1,
        trialStarts: !before && after?.subscriptionStatus === 'trialing' ? 1 : 0,
        cancelledSubscriptions: was.live && !is.live ? 1 : 0,
      },
    );
    if (before?.subscriptionStatus === 'trialing' && after && (after.subscriptionStatus === 'active' || after.subscriptionStatus === 'cancelling')) {
      await addToDay(tx, { ...key, day: dayOf(row.date) }, { trialConversions: 1 });
    }
  }
}

// ——— Money: sales, renewals, refunds, payouts ———

export type MoneyLine = {
  kind: 'sale' | 'renewal' | 'refund';
  /** Once per key: `sale_<purchase>`, `sale_<purchase>_<period end>`, `refund_<purchase>_<payment>`. */
  key: string;
  row: PurchaseRow;
  /** What the buyer paid (a refund: what was given back, positive). */
  amount: number;
  /** The publisher's share of `amount`. */
  share: number;
  at: Date;
  availableOn: Date;
};

/**
 * A money movement, once per key, and its roll-up: a sale or renewal adds to gross, fees and net; a refund adds
 * to refunds and takes back its share of net and of fees (net = gross − fees − refunds). Answers whether it was
 * new.
 */
export async function recordMoney(tx: Tx, m: MoneyLine) {
  const sign = m.kind === 'refund' ? -1 : 1;
  const amount = cents(sign * m.amount);
  const net = cents(sign * m.share);
  const fee = cents(amount - net);
  const [written] = await tx
    .insert(salesLines)
    .values({
      id: newId(),
      key: m.key,
      kind: m.kind,
      publisherId: m.row.publisherId,
      appId: m.row.appId,
      planId: m.row.planId,
      purchaseId: m.row.id,
      workspaceId: m.row.workspaceId,
      seats: m.row.isSeatBased ? m.row.seats : 0,
      amount,
      fee,
      net,
      at: m.at,
      availableOn: m.availableOn,
    })
    .onConflictDoNothing({ target: salesLines.key })
    .returning({ id: salesLines.id });
  if (!written) return false;
  const key = { publisherId: m.row.publisherId, appId: m.row.appId, planId: m.row.planId, day: dayOf(m.at) };
  await addToDay(tx, key, m.kind === 'refund' ? { refunds: -amount, fees: fee, net, refundsCount: 1 } : { gross: amount, fees: fee, net, sales: 1 });
  // What it adds to (a refund: takes from) the balance available for payout, on the day it does.
  await addToDay(tx, { ...key, day: dayOf(m.availableOn) }, { available: net });
  return true;
}

/** A payout that was paid, on the day it was asked for (the publisher's own row: no app, no plan). */
export async function rollUpPayout(tx: Tx, publisherId: string, amount: number, at: Date) {
  await addToDay(tx, { publisherId, appId: '', planId: '', day: dayOf(at) }, { payouts: cents(amount) });
}

// ——— Installs ———

/**
 * An install report, rolled up: the action on its version's day row, and the workspace moved between versions
 * (an install or update makes it active on the reported version — off the one it ran, if any; an uninstall
 * makes it inactive). The workspace's current version is read under its row lock, so two reports of one
 * workspace at once take turns.
 */
export async function rollUpInstall(
  tx: Tx,
  e: { publisherId: string; appId: string; workspaceId: string; action: 'install' | 'update' | 'uninstall'; version: string; at: Date },
) {
  await tx.insert(appInstalls).values({ workspaceId: e.workspaceId, appId: e.appId, version: '', since: e.at }).onConflictDoNothing();
  const [current] = await tx
    .select()
    .from(appInstalls)
    .where(sql`${appInstalls.workspaceId} = ${e.workspaceId} and ${appInstalls.appId} = ${e.appId}`)
    .for('update');
  const was = current?.version ?? '';
  const is = e.action === 'uninstall' ? '' : e.version;
  const day = dayOf(e.at);
  const add = async (version: string, figures: Partial<Record<'installs' | 'updates' | 'uninstalls' | 'activeDelta', number>>) => {
    const entries = Object.entries(figures).filter(([, v]) => v !== 0) as ['installs' | 'updates' | 'uninstalls' | 'activeDelta', number][];
    if (!entries.length) return;
    const set = Object.fromEntries(entries.map(([k]) => [k, sql`${installDays[k]} + excluded.${sql.identifier(installDays[k].name)}`]));
    await tx
      .insert(installDays)
      .values({ publisherId: e.publisherId, appId: e.appId, version, day, ...Object.fromEntries(entries) })
      .onConflictDoUpdate({ target: [installDays.publisherId, installDays.appId, installDays.version, installDays.day], set });
  };
  // The action counts on the version reported (an uninstall: the version the workspace ran, when known).
  const counted = e.action === 'uninstall' ? was || e.version : e.version;
  await add(counted, { [`${e.action}s`]: 1 });
  if (was !== is) {
    if (was) await add(was, { activeDelta: -1 });
    if (is) await add(is, { activeDelta: 1 });
    await tx
      .update(appInstalls)
      .set({ version: is, since: e.at })
      .where(sql`${appInstalls.workspaceId} = ${e.workspaceId} and ${appInstalls.appId} = ${e.appId}`);
  }
}
