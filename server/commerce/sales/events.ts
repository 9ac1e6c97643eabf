import type { z } from 'zod';
import type { PurchaseRecord } from '../../../contract/schemas/commerce';
import type { Tx } from '../../db/client';
import { newId } from '../../db/ids';
import { salesEvents } from '../../db/schema';
import { now } from '../../kernel/clock';
import { DISPATCH_JOB } from '../../kernel/job-kinds';
import { enqueue } from '../../kernel/jobs';

/**
 * The sales events (SPEC §2 Webhook events), written to the outbox (`sales_events`) in the transaction that
 * makes the change, so an event exists exactly when its change committed:
 * - `app.purchase.created`: a one-time (or free) purchase record was made;
 * - `app.subscription.created`: a subscription purchase record was made (trialing or active);
 * - `app.subscription.modified`: a subscription's status (other than to cancelled), seats or period end
 *   changed — a trial that started billing, seats added, cancelling at the period end;
 * - `app.subscription.migrated`: the subscription became externally managed (billed outside the marketplace);
 * - `app.subscription.cancelled`: the subscription was cancelled — by staff, by a price change that cancels
 *   every subscription of the app, by removing the purchase record, by the workspace, by a payment that failed
 *   for too long, or by a refund (`reason: "refunded"`);
 * - `app.purchase.refunded`: a one-time purchase was refunded (in full or in part); the app is no longer the
 *   workspace's.
 */
export const SALES_EVENTS = [
  'app.purchase.created',
  'app.purchase.refunded',
  'app.subscription.created',
  'app.subscription.cancelled',
  'app.subscription.modified',
  'app.subscription.migrated',
] as const;
export type SalesEventType = (typeof SALES_EVENTS)[number];

export type Purchase = z.infer<typeof PurchaseRecord>;
/** What changed, field by field (`seats: {from: 5, to: 8}`), for the modified, migrated and cancelled events. */
export type Changes = Record<string, { from: unknown; to: unknown }>;

/** The payload a webhook receives as `data`: the record as it is after the change, who bought it, and what changed. */
export const eventPayload = (p: { purchase: Purchase; publisherId: string; workspaceId: string; accountId: string; changes?: Changes; reason?: string }) => ({
  purchase: p.purchase,
  publisherId: p.publisherId,
  workspaceId: p.workspaceId,
  accountId: p.accountId,
  ...(p.changes ? { changes: p.changes } : {}),
  ...(p.reason ? { reason: p.reason } : {}),
});

export async function recordEvents(
  tx: Tx,
  events: { type: SalesEventType; publisherId: string; appId: string; purchaseId: string; payload: ReturnType<typeof eventPayload> }[],
) {
  if (!events.length) return;
  const at = now();
  // One statement (a price change may cancel thousands of subscriptions at once).
  for (let i = 0; i < events.length; i += 1000) {
    await tx.insert(salesEvents).values(events.slice(i, i + 1000).map((e) => ({ id: `evt_${newId()}`, occurredAt: at, ...e })));
  }
  // Their dispatch, queued with them: it exists exactly when they do, and wakes a webhook worker at commit.
  await enqueue(tx, DISPATCH_JOB, {});
}
