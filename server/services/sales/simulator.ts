import { and, eq, exists, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { newId } from '../../db/ids';
import { accounts, apps, appVersions, purchaseRecords, workspaces } from '../../db/schema';
import { purchaseRow } from '../../read/purchases';
import { planPrice, plansOf } from './plans';
import { changeSubscription, createPurchase, type SalesMoney } from './purchases';

const DAY = 86_400_000;
const periodDays = { monthly: 30, yearly: 365 } as const;
const companies = ['Vega Freight', 'Orchid Clinics', 'Lumen Schools', 'Pinecrest Bank', 'Atlas Robotics', 'Harborview Hotels', 'Nimbus Games', 'Keystone Legal'];

/** A source of randomness (tests pass a seeded one): a number in [0, 1). */
export type Random = () => number;
const pick = <T>(rnd: Random, items: T[]) => items[Math.floor(rnd() * items.length)]!;

/**
 * One move of the public marketplace (development only: `npm run simulate:sales`), made through the same
 * service as staff's records, so it writes the same events and credits the same balances: a workspace
 * buys an app or a bundle, subscribes (maybe on a trial), a trial starts billing, a subscription adds seats, or one is
 * cancelled. Answers what happened, or null when nothing could (no published app yet).
 */
export async function simulateSale(db: Db, money: SalesMoney, rnd: Random = Math.random): Promise<string | null> {
  const roll = rnd();
  if (roll < 0.15 && (await startBilling(db, money))) return 'a trial started billing';
  if (roll < 0.25 && (await addSeats(db, money, rnd))) return 'a subscription added seats';
  if (roll < 0.3 && (await cancelOne(db, money, rnd))) return 'a subscription was cancelled';
  return sell(db, money, rnd);
}

async function workspaceFor(db: Db, rnd: Random) {
  const known = await db.select().from(workspaces);
  if (known.length && rnd() < 0.8) return pick(rnd, known);
  // A new customer: an account and its workspace.
  const name = `${pick(rnd, companies)} ${1 + Math.floor(rnd() * 90)}`;
  const accountId = newId();
  await db.insert(accounts).values({ id: accountId, name });
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const [ws] = await db.insert(workspaces).values({ id: newId(), accountId, nickname: name, address: `https://${slug}.chat.example` }).returning();
  return ws!;
}

async function sell(db: Db, money: SalesMoney, rnd: Random) {
  const published = await db
    .select()
    .from(apps)
    // Published apps and bundles alike.
    .where(exists(db.select({ one: sql`1` }).from(appVersions).where(and(eq(appVersions.appId, apps.id), eq(appVersions.status, 'published')))));
  if (!published.length) return null;
  const app = pick(rnd, published);
  const ws = await workspaceFor(db, rnd);
  if (app.purchaseType === 'buy') {
    await createPurchase(db, money, { appId: app.id, workspaceId: ws.id, planId: '', seats: 0, periodEnd: new Date().toISOString(), externallyManaged: false });
    return `${ws.nickname} bought ${app.isBundle ? 'a bundle' : 'an app'}`;
  }
  const plans = await plansOf(db, app);
  if (!plans.length) return null;
  const plan = pick(rnd, plans);
  const seats = plan.isPerSeat ? Math.max(plan.tiers[0]?.minimum ?? 1, 1 + Math.floor(rnd() * 40)) : 0;
  const trial = plan.trialDays > 0 && rnd() < 0.5;
  const periodEnd = new Date(Date.now() + (trial ? plan.trialDays : periodDays[plan.strategy]) * DAY).toISOString();
  await createPurchase(db, money, { appId: app.id, workspaceId: ws.id, planId: plan.id, seats, periodEnd, externallyManaged: false, trial });
  return `${ws.nickname} subscribed${trial ? ' on a trial' : ''}`;
}

/** A random marketplace-billed subscription in one of `statuses` (optionally seat based), locked for the change. */
const oneOf = (db: Db, statuses: ('active' | 'trialing')[], seatBased = false) =>
  db
    .select()
    .from(purchaseRecords)
    .where(
      and(
        inArray(purchaseRecords.subscriptionStatus, statuses),
        eq(purchaseRecords.externallyManaged, false),
        seatBased ? eq(purchaseRecords.isSeatBased, true) : undefined,
      ),
    )
    .orderBy(sql`random()`)
    .limit(1);

/** The change on the record as it is under its row lock (staff may have changed it meanwhile). */
const change = (db: Db, money: SalesMoney, id: string, patch: Parameters<typeof changeSubscription>[3]) =>
  db.transaction(async (tx) => changeSubscription(tx, money, await purchaseRow(tx, id, true), patch));

async function startBilling(db: Db, money: SalesMoney) {
  const [row] = await oneOf(db, ['trialing']);
  if (!row) return false;
  const [app] = await db.select().from(apps).where(eq(apps.id, row.appId));
  const plan = app ? (await plansOf(db, app)).find((p) => p.id === row.planId) : undefined;
  const days = periodDays[plan?.strategy ?? 'monthly'];
  await change(db, money, row.id, { subscriptionStatus: 'active', periodEnd: new Date(Date.now() + days * DAY) });
  return true;
}

async function addSeats(db: Db, money: SalesMoney, rnd: Random) {
  const [row] = await oneOf(db, ['active', 'trialing'], true);
  if (!row) return false;
  const [app] = await db.select().from(apps).where(eq(apps.id, row.appId));
  const plan = app ? (await plansOf(db, app)).find((p) => p.id === row.planId) : undefined;
  const seats = row.seats + 1 + Math.floor(rnd() * 5);
  if (!plan || !planPrice(plan, seats)) return false;
  await change(db, money, row.id, { seats });
  return true;
}

async function cancelOne(db: Db, money: SalesMoney, rnd: Random) {
  const [row] = await oneOf(db, ['active', 'trialing']);
  if (!row) return false;
  await change(db, money, row.id, { subscriptionStatus: rnd() < 0.5 ? 'cancelled' : 'cancelling' });
  return true;
}
