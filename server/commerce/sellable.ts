import { and, eq, lte, ne, or } from 'drizzle-orm';
import { SALE_TEXT } from '../../contract/schemas/app';
import type { Db, Tx } from '../db/client';
import { apps, publishers } from '../db/schema';
import { conflict } from '../errors';

/** What decides whether an app can be sold: how it is priced, and its publisher's payout account ('' when none). */
export type SaleTerms = { purchaseType: 'buy' | 'subscription'; price: number; payoutAccount: string };

/** A paid app: a subscription, or a one-time purchase above 0. */
export const isPaid = (t: Pick<SaleTerms, 'purchaseType' | 'price'>) => t.purchaseType === 'subscription' || t.price > 0;

/**
 * Why buyers could not pay for an app so priced now, or null: a free app always can be had; a paid one only once
 * its publisher can take payments (a connected payout account: docs/rocketchat.md, Buying).
 */
export const cannotSell = (t: SaleTerms): string | null => (isPaid(t) && !t.payoutAccount ? SALE_TEXT.cannotTakePayments : null);

/** The payout-account column beside an app's row, for `cannotSell` (select it joined to the app's publisher). */
export const payoutAccountColumn = publishers.stripeAccountId;

/** `cannotSell` is null, in SQL: a free app, or its publisher has a payout account (join `apps` and `publishers`). */
export const sellableWhere = () => or(and(eq(apps.purchaseType, 'buy'), lte(apps.price, 0)), ne(payoutAccountColumn, ''));

/** Why buyers could not pay for the app now, or null (`cannotSell` of its stored terms). */
export async function appCannotSell(db: Db | Tx, appId: string) {
  const [row] = await db
    .select({ purchaseType: apps.purchaseType, price: apps.price, payoutAccount: payoutAccountColumn })
    .from(apps)
    .innerJoin(publishers, eq(publishers.id, apps.publisherId))
    .where(eq(apps.id, appId));
  return row ? cannotSell(row) : null;
}

/**
 * Refuses (409 `cannot_take_payments`) to put an app before buyers — feature it; approving and publishing ask the
 * one rule of a version's actions (machines/version-actions.ts) — while nobody could pay for it.
 */
export async function requireSellable(db: Db | Tx, appId: string) {
  const reason = await appCannotSell(db, appId);
  if (reason) throw conflict('cannot_take_payments', reason);
}
