import { PAYOUT_OVER_BALANCE } from '../../../contract/schemas/publisher';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { newId } from '../../db/ids';
import { payouts, publishers } from '../../db/schema';
import { HttpError, notFound } from '../../errors';
import { logPublisherActivity, type Staff } from '../../kernel/activity';
import { report } from '../../kernel/metrics-events';
import { now as clockNow } from '../../kernel/clock';
import { rollUpPayout } from '../../reports/rollups';
import { PaymentProviderError, toCents, type PaymentProvider } from './provider';

type Payout = typeof payouts.$inferSelect;
export const NO_ACCOUNT_MESSAGE = 'This publisher has not connected a payment account.';
export const PAYOUT_PENDING_MESSAGE = 'The payment provider did not answer in time: the payout will be completed automatically.';
/** Stripe's words for a key sent again with other parameters. */
export const KEY_REUSED_MESSAGE = 'Keys for idempotent requests can only be used with the same parameters they were first used with.';

/** The provider's idempotency key of a payout: derived from its row, so every retry is the same request. */
export const payoutKey = (id: string) => `portal-payout-${id}`;

/**
 * Where the publisher's payouts stand: every reservation adds a row and every completion ends one, so
 * this changes with each of them (and only then).
 */
async function payoutsFingerprint(db: Db | Tx, publisherId: string) {
  const [row] = await db
    .select({
      all: sql<string>`count(*)`,
      pending: sql<string>`count(*) filter (where ${payouts.status} = 'pending')`,
      inFlight: sql<string>`coalesce(sum(round(${payouts.amount} * 100)) filter (where ${payouts.status} = 'pending'), 0)`,
    })
    .from(payouts)
    .where(eq(payouts.publisherId, publisherId));
  return { key: `${row?.all}:${row?.pending}`, inFlightCents: Number(row?.inFlight ?? 0) };
}

const REFRESH_ATTEMPTS = 5;

/**
 * The publisher's balances as the portal shows them: the provider's, less what payouts still in flight
 * will take (they are already off the available balance the portal promised). The provider is asked
 * outside any lock; if a payout was reserved or completed meanwhile, its answer may be from before that
 * payout, so it is asked again (the cached balance, kept by the reservations, stays in the meantime).
 */
export async function refreshBalance(db: Db, provider: PaymentProvider, publisherId: string) {
  const [publisher] = await db.select({ accountId: publishers.stripeAccountId }).from(publishers).where(eq(publishers.id, publisherId));
  if (!publisher?.accountId) return;
  for (let attempt = 0; attempt < REFRESH_ATTEMPTS; attempt++) {
    const before = await payoutsFingerprint(db, publisherId);
    const balance = await provider.balance(publisher.accountId);
    const stored = await db.transaction(async (tx) => {
      await tx.select({ id: publishers.id }).from(publishers).where(eq(publishers.id, publisherId)).for('update');
      const now = await payoutsFingerprint(tx, publisherId);
      if (now.key !== before.key) return false;
      const available = Math.max(0, toCents(balance.available) - now.inFlightCents) / 100;
      await tx.update(publishers).set({ stripeAvailableBalance: available, stripePendingBalance: balance.pending }).where(eq(publishers.id, publisherId));
      return true;
    });
    if (stored) return;
  }
}

/**
 * The payout an earlier request with this key made, if the request is the same (publisher and amount);
 * a key used for another request is a 409, as Stripe answers. Requests with one key take turns (a
 * transaction lock on the key: the publisher's row lock does not span publishers).
 */
async function earlierPayout(tx: Tx, key: string, o: { publisherId: string; amount: number }) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`payout-request:${key}`}, 0))`);
  const [earlier] = await tx.select().from(payouts).where(eq(payouts.requestKey, key)).limit(1);
  if (earlier && (earlier.publisherId !== o.publisherId || toCents(earlier.amount) !== toCents(o.amount))) {
    throw new HttpError(409, 'idempotency_key_reused', KEY_REUSED_MESSAGE);
  }
  return earlier;
}

/**
 * A payout: the row is written (pending) and the amount taken off the available balance under the
 * publisher's row lock — so concurrent payouts queue and none takes the balance below zero — before the
 * provider is called; the row is completed after. A request carrying the key of an earlier one answers
 * that payout instead of making another, or a 409 when its parameters differ.
 */
export async function requestPayout(db: Db, provider: PaymentProvider, o: { publisherId: string; amount: number; requestKey?: string; by: Staff }) {
  const reserved = await db.transaction(async (tx) => {
    const earlier = o.requestKey ? await earlierPayout(tx, o.requestKey, o) : undefined;
    if (earlier) return { payout: earlier, repeated: true };
    const [publisher] = await tx.select().from(publishers).where(eq(publishers.id, o.publisherId)).for('update');
    if (!publisher) throw notFound('Publisher');
    if (!publisher.stripeAccountId) throw new HttpError(400, 'no_payment_account', NO_ACCOUNT_MESSAGE);
    if (toCents(o.amount) > toCents(publisher.stripeAvailableBalance)) {
      throw new HttpError(400, 'over_balance', PAYOUT_OVER_BALANCE, [{ path: 'amount', message: PAYOUT_OVER_BALANCE }]);
    }
    const [payout] = await tx
      .insert(payouts)
      .values({
        id: newId(),
        publisherId: o.publisherId,
        accountId: publisher.stripeAccountId,
        amount: o.amount,
        status: 'pending',
        requestKey: o.requestKey ?? null,
        requestedBy: o.by.id,
        createdAt: clockNow(),
      })
      .returning();
    await tx
      .update(publishers)
      .set({ stripeAvailableBalance: (toCents(publisher.stripeAvailableBalance) - toCents(o.amount)) / 100 })
      .where(eq(publishers.id, o.publisherId));
    await logPublisherActivity(tx, o.publisherId, o.by, 'payout', { payoutId: payout!.id, amount: o.amount });
    return { payout: payout!, repeated: false };
  });
  const done = reserved.payout.status === 'pending' ? await completePayout(db, provider, reserved.payout) : reserved.payout;
  if (done.status === 'failed') throw new HttpError(502, 'payout_failed', done.error);
  if (done.status === 'pending') throw new HttpError(502, 'payout_pending', PAYOUT_PENDING_MESSAGE);
  return done;
}

/**
 * Calls the provider for a pending payout (again, after a crash or a timeout: the key makes it the same
 * payout) and records the outcome. A definitive refusal fails the payout and gives the amount back.
 */
export async function completePayout(db: Db, provider: PaymentProvider, payout: Payout): Promise<Payout> {
  let outcome: Partial<Payout>;
  try {
    const made = await provider.payout(payout.accountId, payout.amount, payoutKey(payout.id));
    outcome = { status: 'paid', expected: made.arrivalDate, providerPayoutId: made.id, completedAt: clockNow() };
  } catch (e) {
    if (!(e instanceof PaymentProviderError) || !e.definitive) {
      report(db, { type: 'payout', outcome: 'pending' });
      return payout;
    }
    outcome = { status: 'failed', error: e.message, completedAt: clockNow() };
  }
  report(db, { type: 'payout', outcome: outcome.status ?? 'paid' });
  // A payout paid rolls up into its day (reports/rollups.ts) with its completion, once: only the update that
  // ends it pending does.
  const row = await db.transaction(async (tx) => {
    const [done] = await tx
      .update(payouts)
      .set(outcome)
      .where(and(eq(payouts.id, payout.id), eq(payouts.status, 'pending')))
      .returning();
    if (done?.status === 'paid') await rollUpPayout(tx, done.publisherId, done.amount, done.createdAt);
    return done;
  });
  const current = row ?? (await db.select().from(payouts).where(eq(payouts.id, payout.id)))[0]!;
  await refreshBalance(db, provider, payout.publisherId).catch(() => undefined);
  return current;
}

/** Payouts left pending longer than `olderThanSeconds` (a crash, a timeout): completed now. */
export async function reconcilePayouts(db: Db, provider: PaymentProvider, olderThanSeconds = 60) {
  const stale = await db
    .select()
    .from(payouts)
    .where(and(eq(payouts.status, 'pending'), lt(payouts.createdAt, new Date(clockNow().getTime() - olderThanSeconds * 1000))))
    .limit(100);
  const results: Payout[] = [];
  for (const payout of stale) results.push(await completePayout(db, provider, payout));
  return results;
}
