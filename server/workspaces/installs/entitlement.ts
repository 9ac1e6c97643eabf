import { DOWNLOAD_REFUSALS } from '../../../contract/workspace-installs';
import type { Db } from '../../db/client';
import type { apps } from '../../db/schema';
import { holdingOf } from '../../commerce/holdings';

export type Refusal = (typeof DOWNLOAD_REFUSALS)[keyof typeof DOWNLOAD_REFUSALS];

/**
 * Whether a workspace may have an app: free (bought once at 0), or the workspace holds a purchase of it or of a
 * bundle with it in — bought once, or a subscription that still runs (active, trialing, cancelling). Answers
 * null when it may, else Rocket.Chat's refusal: 268 purchase required (an app bought once), 465 subscription
 * required (a subscription app, none running — never taken, past due or cancelled).
 */
export async function refusalFor(db: Db, workspaceId: string, app: Pick<typeof apps.$inferSelect, 'id' | 'purchaseType' | 'price'>): Promise<Refusal | null> {
  if (app.purchaseType === 'buy' && app.price === 0) return null;
  if (await holdingOf(db, workspaceId, app.id)) return null;
  return app.purchaseType === 'subscription' ? DOWNLOAD_REFUSALS.subscriptionRequired : DOWNLOAD_REFUSALS.purchaseRequired;
}
