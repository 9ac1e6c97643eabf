import { and, desc, eq, isNull, lt } from 'drizzle-orm';
import { now as clockNow } from '../../kernel/clock';
import { entitles } from '../../../machines/entitlement';
import { buyerEvents, subscriptionAllows, type SubscriptionInput } from '../../../machines/subscription';
import { workspaceAddress } from '../../../contract/schemas/workspaces';
import {
  CHECKOUT_MESSAGES as M,
  type CheckoutOffer,
  type CheckoutSession,
  type OwnedPurchase,
  type StartCheckoutInput,
} from '../../../contract/schemas/checkout';
import type { Db, Tx } from '../../db/client';
import { newId } from '../../db/ids';
import { apps, appVersions, checkoutSessions, publishers, purchaseRecords, workspaces } from '../../db/schema';
import { badRequest, conflict, HttpError, notFound } from '../../errors';
import { appNames } from '../read/purchases';
import { VOID_CHECKOUT_JOB } from '../../kernel/job-kinds';
import { enqueue } from '../../kernel/jobs';
import { providerFailure } from '../payments/connect';
import { PaymentProviderError, type PaymentProvider } from '../payments/provider';
import { holdingOf, lockHoldings, recordsForApp } from '../sales/holdings';
import { planPrice, plansOf, type Plan } from '../sales/plans';
import { insertPurchase, type SalesMoney } from '../sales/purchases';
import { nextPeriodEnd } from './periods';
import { isPaid } from '../sellable';

const DAY = 86_400_000;
/** An unpaid checkout is abandoned after a day (as a Stripe Checkout Session expires): nothing was made. */
export const CHECKOUT_HOURS = 24;

type SessionRow = typeof checkoutSessions.$inferSelect;
type RecordRow = typeof purchaseRecords.$inferSelect;

const field = (path: string, message: string) => badRequest(message, [{ path, message }]);
/** A call to the payment provider: its failure is the API's 502 with the provider's message. */
export const viaProvider = <T>(call: Promise<T>): Promise<T> =>
  call.catch((e: unknown) => {
    throw providerFailure(e);
  });
const otherWorkspace = () => new HttpError(403, 'other_workspace', M.otherWorkspace);

/** The token's workspace must be the one the page is for (a token of another workspace cannot buy for this one). */
export function sameWorkspace(callerWorkspaceId: string, workspaceId: string) {
  if (callerWorkspaceId !== workspaceId) throw otherWorkspace();
}

/** An app (or bundle) for sale: it has a published version; with the newest one and its publisher. */
async function saleable(db: Db | Tx, appId: string) {
  const [row] = await db
    .select({
      app: apps,
      version: appVersions,
      publisherName: publishers.name,
      payoutAccount: publishers.stripeAccountId,
      tosLink: publishers.tosLink,
      privacyLink: publishers.privacyLink,
    })
    .from(apps)
    .innerJoin(appVersions, and(eq(appVersions.appId, apps.id), eq(appVersions.status, 'published')))
    .innerJoin(publishers, eq(publishers.id, apps.publisherId))
    .where(eq(apps.id, appId))
    .orderBy(desc(appVersions.createdDate))
    .limit(1);
  if (!row) throw new HttpError(404, 'not_listed', M.notListed);
  return row;
}

/** The workspace's purchases of the app, or of a bundle with it in, newest first. */
async function recordsOf(db: Db | Tx, workspaceId: string, appId: string) {
  return db
    .select()
    .from(purchaseRecords)
    .where(recordsForApp(db, workspaceId, appId))
    .orderBy(desc(purchaseRecords.date), desc(purchaseRecords.id));
}

/** Whether a record holds the app now (machines/entitlement.ts). */
export const holds = (r: RecordRow) => entitles(r);

/** The subscription machine where a purchase record is (machines/subscription.ts). */
export const machineInput = (r: RecordRow): SubscriptionInput => ({
  status: r.subscriptionStatus ?? 'cancelled',
  paid: !!r.providerPaymentId && !r.refundedAt,
  perSeat: r.isSeatBased,
  seats: r.seats,
});

/** The record the checkout pages show: the one that holds the app, else the newest subscription. */
export function ownedOf(records: RecordRow[], appId: string, plans: Plan[]): OwnedPurchase | null {
  const r = records.find(holds) ?? records.find((x) => x.purchaseType === 'subscription');
  if (!r) return null;
  const viaBundle = r.appId !== appId;
  const plan = plans.find((p) => p.id === r.planId);
  const status: OwnedPurchase['status'] = r.refundedAt ? 'refunded' : r.purchaseType === 'buy' ? 'owned' : (r.subscriptionStatus ?? 'cancelled');
  return {
    purchaseId: r.id,
    kind: r.purchaseType,
    viaBundle,
    status,
    planId: r.planId,
    strategy: plan?.strategy ?? null,
    isSeatBased: r.isSeatBased,
    seats: r.seats,
    maxSeats: r.maxSeats,
    price: r.price,
    periodEnd: r.periodEnd?.toISOString() ?? null,
    // Billed by the checkout, its own, and some change of the workspace's is one the subscription machine takes.
    manageable:
      !viaBundle &&
      r.purchaseType === 'subscription' &&
      !!r.provider &&
      !r.externallyManaged &&
      buyerEvents.some((type) => subscriptionAllows(machineInput(r), type === 'CHANGE_SEATS' ? { type, seats: r.seats + 1 } : { type })),
    paid: machineInput(r).paid,
  };
}

/** What the checkout page offers the workspace. */
export async function offerFor(db: Db, provider: PaymentProvider['name'], feePercent: number, workspaceId: string, appId: string): Promise<CheckoutOffer> {
  const sale = await saleable(db, appId);
  const [ws] = await db.select().from(workspaces).where(eq(workspaces.id, workspaceId));
  if (!ws) throw notFound('Workspace');
  const plans = await plansOf(db, sale.app);
  return {
    app: {
      id: sale.app.id,
      name: sale.version.name,
      publisherName: sale.publisherName,
      shortDescription: sale.version.shortDescription,
      iconFileData: sale.version.iconFileData,
      isBundle: sale.app.isBundle,
      tosLink: sale.tosLink,
      privacyLink: sale.privacyLink,
    },
    // A link back only to a valid address (a row stored before the address rules may hold anything).
    workspace: { id: ws.id, nickname: ws.nickname, address: workspaceAddress(ws.address) ?? '' },
    purchaseType: sale.app.purchaseType,
    price: sale.app.purchaseType === 'buy' ? sale.app.price : 0,
    plans,
    owned: ownedOf(await recordsOf(db, workspaceId, appId), appId, plans),
    provider,
    feePercent,
    unavailable: isPaid(sale.app) && !sale.payoutAccount ? M.noPayoutAccount : null,
  };
}

export const toSession = (s: SessionRow, url = ''): CheckoutSession => ({
  id: s.id,
  appId: s.appId,
  workspaceId: s.workspaceId,
  kind: s.kind,
  planId: s.planId,
  seats: s.seats,
  price: s.price,
  trialDays: s.trialDays,
  status: s.status === 'open' && s.expiresAt.getTime() <= Date.now() ? 'expired' : s.status,
  failure: s.failure,
  giveBack: s.giveBack,
  purchaseId: s.purchaseId,
  url,
  returnUrl: s.returnUrl,
  createdAt: s.createdAt.toISOString(),
});

/** The page the buyer comes back to from the provider's page (success or cancel), keeping what Rocket.Chat put in it. */
export type ReturnPages = { success: (sessionId: string) => string; cancel: (sessionId: string) => string };
type Log = { warn(obj: object, msg: string): void };

/**
 * The workspace's other open sessions of the app, replaced by `session`: closed at the provider (Stripe's
 * `checkout.sessions.expire`) and expired here, so that only the newest page can be paid. One the provider
 * could not close (paid meanwhile, or the provider unreachable) is expired here all the same: a payment that
 * still reaches it completes only if the workspace holds nothing of the app by then, else it is voided.
 */
async function expireReplaced(db: Db, payments: PaymentProvider, session: SessionRow, log?: Log) {
  const others = await db
    .select()
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.workspaceId, session.workspaceId),
        eq(checkoutSessions.appId, session.appId),
        eq(checkoutSessions.status, 'open'),
        // Only older ones: two sessions started at once must not expire each other.
        lt(checkoutSessions.createdAt, session.createdAt),
      ),
    );
  for (const other of others) {
    if (other.providerSessionId) {
      await payments.expireCheckout(other.providerSessionId).catch((err: unknown) => {
        // Definitive: no longer open at the provider (paid or expired there); its own event tells which.
        if (!(err instanceof PaymentProviderError && err.definitive))
          log?.warn({ err, sessionId: other.id }, 'checkout: a replaced session could not be closed at the payment provider');
      });
    }
    await expireCheckout(db, other.id);
  }
}

/**
 * Starts paying: checks what is bought (an app for sale, not free, not held already; a plan and seats a tier
 * covers), records the checkout session, and asks the provider for its page. Nothing is bought until the
 * provider says it was paid (`completeCheckout`).
 */
export async function startCheckout(
  db: Db,
  payments: PaymentProvider,
  money: SalesMoney,
  workspaceId: string,
  appId: string,
  input: StartCheckoutInput,
  pages: ReturnPages,
  log?: Log,
): Promise<CheckoutSession> {
  const sale = await saleable(db, appId);
  const app = sale.app;
  if (app.purchaseType === 'buy' && app.price <= 0) throw conflict('free_app', M.notForSale);
  const [ws] = await db.select().from(workspaces).where(eq(workspaces.id, workspaceId));
  if (!ws) throw notFound('Workspace');
  const held = (await recordsOf(db, workspaceId, appId)).find(holds);
  if (held) throw conflict(held.purchaseType === 'buy' ? 'owned' : 'subscribed', held.purchaseType === 'buy' ? M.owned : M.subscribed);
  if (!sale.payoutAccount) throw conflict('no_payout_account', M.noPayoutAccount);

  let price = app.price;
  let seats = 0;
  let trialDays = 0;
  let plan: Plan | undefined;
  if (app.purchaseType === 'subscription') {
    plan = (await plansOf(db, app)).find((p) => p.id === input.planId);
    if (!plan) throw field('planId', M.plan);
    seats = plan.isPerSeat ? input.seats : 0;
    if (plan.isPerSeat && seats < 1) throw field('seats', M.seats);
    const cost = planPrice(plan, seats);
    if (!cost) throw field('seats', `No tier of the ${plan.strategy} plan covers ${seats} seats.`);
    price = cost.price;
    trialDays = plan.trialDays;
  }
  const now = new Date();
  const id = `cs_${newId()}`;
  // The provider's page first: a provider that fails (502) leaves nothing behind.
  const page = await viaProvider(
    payments.startCheckout({
      sessionId: id,
      kind: app.purchaseType,
      description: plan
        ? `${sale.version.name} — ${plan.strategy === 'yearly' ? 'yearly' : 'monthly'}${plan.isPerSeat ? `, ${seats} seats` : ''}`
        : sale.version.name,
      amount: price,
      interval: plan ? (plan.strategy === 'yearly' ? 'year' : 'month') : null,
      trialDays,
      seats,
      destination: sale.payoutAccount,
      feePercent: money.feePercent,
      successUrl: pages.success(id),
      cancelUrl: pages.cancel(id),
      metadata: { checkoutSessionId: id, appId, workspaceId },
    }),
  );
  const [row] = await db
    .insert(checkoutSessions)
    .values({
      id,
      workspaceId,
      appId,
      kind: app.purchaseType,
      planId: plan?.id ?? '',
      seats,
      price,
      trialDays,
      provider: payments.name,
      providerSessionId: page.providerSessionId,
      returnUrl: workspaceAddress(ws.address) ?? '',
      createdAt: now,
      expiresAt: new Date(now.getTime() + CHECKOUT_HOURS * 3_600_000),
    })
    .returning();
  await expireReplaced(db, payments, row!, log);
  return toSession(row!, page.url);
}

/** One checkout session of the workspace (another workspace's is not found). */
export async function sessionOf(db: Db, workspaceId: string, id: string) {
  const [row] = await db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.workspaceId, workspaceId)));
  if (!row) throw notFound('Checkout session');
  return toSession(row);
}

/** How the provider says it was paid: its subscription and payment, and the card renewals are charged to (the sandbox's). */
export type Payment = { providerSubscriptionId: string | null; providerPaymentId: string | null; paymentMethod: string | null };

/** What a voided checkout's job gives back at the provider (VOID_CHECKOUT_JOB). */
export type VoidedPayment = { sessionId: string; paymentId: string | null; subscriptionId: string | null; amount: number };

/**
 * The session was paid for what the workspace already held (another session of the app, or of a bundle with
 * it, was paid first): it is voided, no purchase is made, nothing is credited and no sales event goes out; the
 * page says why. What the provider took is given back by a job queued in this transaction (the sandbox took
 * nothing: its payments are the portal's own records).
 */
async function voidCheckout(tx: Tx, session: SessionRow, payment: Payment, now: Date) {
  const name = (await appNames(tx, [session.appId])).get(session.appId)?.name ?? session.appId;
  const taken = session.provider !== 'sandbox' && (payment.providerPaymentId || payment.providerSubscriptionId);
  // Refunded when a payment was taken; a trial's subscription is ended all the same, with nothing to refund.
  const giveBack = taken && payment.providerPaymentId ? 'pending' : 'none';
  const [voided] = await tx
    .update(checkoutSessions)
    .set({ status: 'voided', voidedAt: now, failure: M.alreadyHeld(name), giveBack })
    .where(eq(checkoutSessions.id, session.id))
    .returning();
  if (taken) {
    const job: VoidedPayment = {
      sessionId: session.id,
      paymentId: payment.providerPaymentId,
      subscriptionId: payment.providerSubscriptionId,
      amount: session.price,
    };
    await enqueue(tx, VOID_CHECKOUT_JOB, job);
  }
  return voided!;
}

/** What became of a voided session's payment (VOID_CHECKOUT_JOB's outcome), in the job's own transaction. */
export async function recordGiveBack(tx: Tx, v: VoidedPayment, outcome: 'done' | 'failed') {
  if (!v.paymentId) return;
  await tx
    .update(checkoutSessions)
    .set({ giveBack: outcome })
    .where(and(eq(checkoutSessions.id, v.sessionId), eq(checkoutSessions.status, 'voided')));
}

/**
 * Gives back what a voided checkout took (VOID_CHECKOUT_JOB): the subscription it started ends now, and its
 * payment is refunded in full. Each call carries an idempotency key derived from the session, so a retried job
 * refunds once. A subscription the provider will not cancel (a definitive refusal: it has ended already) is
 * left as it is; any other failure throws, and the job is tried again.
 */
export async function giveBackVoided(payments: PaymentProvider, v: VoidedPayment) {
  if (v.subscriptionId) {
    await payments
      .cancelSubscription({ subscriptionId: v.subscriptionId, atPeriodEnd: false, idempotencyKey: `void_cancel_${v.sessionId}` })
      .catch((err: unknown) => {
        if (!(err instanceof PaymentProviderError && err.definitive)) throw err;
      });
  }
  if (v.paymentId && v.amount > 0) await payments.refund({ paymentId: v.paymentId, amount: v.amount, idempotencyKey: `void_refund_${v.sessionId}` });
}

/**
 * The provider says the checkout was paid: the purchase record is made (with its sales event and the publisher's
 * credit, through the service staff's records use) and the session completed, in one transaction, exactly
 * once — a second notice of the same payment answers the same purchase. One live purchase per app and
 * workspace: completions of the workspace's sessions queue on its holdings lock, and one that finds the app
 * held by then (a purchase of it or of a bundle with it that still entitles) is voided instead.
 */
export async function completeCheckout(db: Db, money: SalesMoney, sessionId: string, payment: Payment, now = clockNow()) {
  return db.transaction(async (tx) => {
    const [session] = await tx.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId)).for('update');
    if (!session) throw notFound('Checkout session');
    if (session.status === 'completed' || session.status === 'voided') return session;
    await lockHoldings(tx, session.workspaceId);
    if (await holdingOf(tx, session.workspaceId, session.appId)) return voidCheckout(tx, session, payment, now);
    const subscription = session.kind === 'subscription';
    const trial = subscription && session.trialDays > 0;
    const plan = subscription
      ? (await plansOf(tx, (await tx.select().from(apps).where(eq(apps.id, session.appId)))[0]!)).find((p) => p.id === session.planId)
      : undefined;
    const periodEnd = trial ? new Date(now.getTime() + session.trialDays * DAY) : nextPeriodEnd(now, plan?.strategy ?? 'monthly');
    const { row } = await insertPurchase(
      tx,
      money,
      {
        appId: session.appId,
        workspaceId: session.workspaceId,
        planId: session.planId,
        seats: session.seats,
        periodEnd: periodEnd.toISOString(),
        externallyManaged: false,
        trial,
      },
      undefined,
      now,
      { provider: session.provider, ...payment },
    );
    const [done] = await tx
      .update(checkoutSessions)
      .set({ status: 'completed', purchaseId: row.id, completedAt: now, failure: '' })
      .where(eq(checkoutSessions.id, sessionId))
      .returning();
    return done!;
  });
}

/** A payment attempt was declined: the session stays open for another card, and says why. Nothing is made. */
export async function declineCheckout(db: Db, sessionId: string, failure: string) {
  await db
    .update(checkoutSessions)
    .set({ failure })
    .where(and(eq(checkoutSessions.id, sessionId), eq(checkoutSessions.status, 'open')));
}

/** The provider's session ended unpaid (Stripe's `checkout.session.expired`): the session is expired; nothing was made. */
export async function expireCheckout(db: Db, sessionId: string) {
  await db
    .update(checkoutSessions)
    .set({ status: 'expired' })
    .where(and(eq(checkoutSessions.id, sessionId), eq(checkoutSessions.status, 'open')));
}

/** An open session the provider's page may still be paid on. */
export async function openSession(db: Db | Tx, sessionId: string) {
  const [row] = await db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.id, sessionId), eq(checkoutSessions.status, 'open'), isNull(checkoutSessions.purchaseId)));
  return row && row.expiresAt.getTime() > Date.now() ? row : null;
}
