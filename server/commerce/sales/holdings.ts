import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { ENTITLING_STATUSES } from '../../../machines/entitlement';
import type { Db, Tx } from '../../db/client';
import { bundleApps, purchaseRecords } from '../../db/schema';

// "A purchase that still entitles" (machines/entitlement.ts) as the database asks it: one definition for
// every query that counts, lists or checks what a workspace holds.

/** A subscription in an entitling status (active, trialing, cancelling). */
export const entitlingSubscription = () => inArray(purchaseRecords.subscriptionStatus, [...ENTITLING_STATUSES]);

/** A record that still entitles: bought once, or an entitling subscription — and not refunded. */
export const entitlingRecord = () => and(isNull(purchaseRecords.refundedAt), or(eq(purchaseRecords.purchaseType, 'buy'), entitlingSubscription()));

/** The workspace's records of the app itself or of a bundle with the app in. */
export const recordsForApp = (db: Db | Tx, workspaceId: string, appId: string) =>
  and(
    eq(purchaseRecords.workspaceId, workspaceId),
    or(
      eq(purchaseRecords.appId, appId),
      inArray(purchaseRecords.appId, db.select({ id: bundleApps.bundleId }).from(bundleApps).where(eq(bundleApps.appId, appId))),
    ),
  );

/** A record of the workspace's that entitles it to the app (its own, or a bundle's), if any. */
export async function holdingOf(db: Db | Tx, workspaceId: string, appId: string) {
  const [held] = await db
    .select({ id: purchaseRecords.id, appId: purchaseRecords.appId, purchaseType: purchaseRecords.purchaseType })
    .from(purchaseRecords)
    .where(and(recordsForApp(db, workspaceId, appId), entitlingRecord()))
    .limit(1);
  return held ?? null;
}

/**
 * Serializes, until `tx` ends, the transactions that make a purchase record for the workspace (a checkout's
 * completion, staff's record: sales/purchases.ts insertPurchase): two checkouts paid at once each see the other's
 * record (one live purchase per app and workspace). A lock per workspace, not per app, since a bundle's purchase
 * holds its apps too. Taken again in the same transaction, it is already held.
 */
export async function lockHoldings(tx: Tx, workspaceId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`holdings:${workspaceId}`}, 0))`);
}
