import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import { DOWNLOAD_REFUSALS } from '../../../contract/workspace-installs';
import type { Db } from '../../db/client';
import { apps, bundleApps, purchaseRecords } from '../../db/schema';

/** Subscriptions that still entitle (SPEC: active, trialing and cancelling count as active). */
const ENTITLING = ['active', 'trialing', 'cancelling'] as const;

export type Refusal = (typeof DOWNLOAD_REFUSALS)[keyof typeof DOWNLOAD_REFUSALS];

/**
 * Whether a workspace may have an app: free (bought once at 0), or the workspace holds a purchase of it or of a
 * bundle with it in — bought once, or a subscription that still runs (active, trialing, cancelling). Answers
 * null when it may, else Rocket.Chat's refusal: 268 purchase required (an app bought once), 465 subscription
 * required (a subscription app, none running — never taken, past due or cancelled).
 */
export async function refusalFor(db: Db, workspaceId: string, app: Pick<typeof apps.$inferSelect, 'id' | 'purchaseType' | 'price'>): Promise<Refusal | null> {
  if (app.purchaseType === 'buy' && app.price === 0) return null;
  const [held] = await db
    .select({ id: purchaseRecords.id })
    .from(purchaseRecords)
    .where(
      and(
        eq(purchaseRecords.workspaceId, workspaceId),
        or(eq(purchaseRecords.appId, app.id), inArray(purchaseRecords.appId, db.select({ id: bundleApps.bundleId }).from(bundleApps).where(eq(bundleApps.appId, app.id)))),
        or(eq(purchaseRecords.purchaseType, 'buy'), inArray(purchaseRecords.subscriptionStatus, [...ENTITLING])),
        // A refunded purchase no longer holds the app.
        isNull(purchaseRecords.refundedAt),
      ),
    )
    .limit(1);
  if (held) return null;
  return app.purchaseType === 'subscription' ? DOWNLOAD_REFUSALS.subscriptionRequired : DOWNLOAD_REFUSALS.purchaseRequired;
}
