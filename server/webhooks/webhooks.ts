import { and, count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { WebhookInput } from '../../contract/schemas/webhook';
import { WEBHOOK_TEXT } from '../../contract/schemas/webhook';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { webhookActivities, webhooks } from '../db/schema';
import { badRequest, conflict, notFound } from '../errors';
import { urlProblem, type AddressPolicy } from './addresses';
import { deliveryBody, queueDelivery } from './dispatch';
import { ROTATION_OVERLAP_MS, newSecret } from './signing';
import { toActivity, toWebhook } from './views';

/** The url rules of SPEC §5 and the address rules, as a 400 on `url` (also the publisher profile's webhook link). */
export async function checkWebhookUrl(url: string, policy: AddressPolicy, path = 'url') {
  const problem = await urlProblem(url, policy);
  if (problem) throw badRequest(problem, [{ path, message: problem }]);
}

export async function listWebhooks(db: Db, publisherId: string) {
  const rows = await db.select().from(webhooks).where(eq(webhooks.publisherId, publisherId)).orderBy(desc(webhooks.createdAt), desc(webhooks.id));
  return rows.map(toWebhook);
}

/** A webhook the gate authorized (server/kernel/plugins/access.ts): the functions below take it as it was loaded. */
export type Hook = typeof webhooks.$inferSelect;

export async function createWebhook(db: Db, publisherId: string, input: z.infer<typeof WebhookInput>, policy: AddressPolicy) {
  await checkWebhookUrl(input.url, policy);
  const [row] = await db
    .insert(webhooks)
    .values({ id: newId(), publisherId, label: input.label, enabled: input.enabled, url: input.url, events: [...new Set(input.for)], secret: newSecret() })
    .returning();
  return { ...toWebhook(row!), secret: row!.secret };
}

export async function setEnabled(db: Db, hook: Hook, enabled: boolean) {
  // Turned back on, the endpoint starts a clean record: five more days before it could be turned off again.
  const [row] = await db.update(webhooks).set({ enabled, failingSince: null }).where(eq(webhooks.id, hook.id)).returning();
  return toWebhook(row!);
}

export async function activitiesPage(db: Db, hook: Hook, page: { limit: number; offset: number }) {
  const id = hook.id;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(webhookActivities)
      .where(eq(webhookActivities.webhookId, id))
      .orderBy(desc(webhookActivities.createdAt), desc(webhookActivities.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(webhookActivities).where(eq(webhookActivities.webhookId, id)),
  ]);
  return { data: rows.map(toActivity), meta: { total: total?.n ?? 0 } };
}

/**
 * Resend: a new delivery of the same event (same id, same body, so receivers can de-duplicate), and the
 * original marked resent — its automatic retries stop. A delivery is resent once.
 */
/** Deliveries are made only to a webhook that is on (one turned off takes nothing, not even a test). */
const requireEnabled = (hook: { enabled: boolean }) => {
  if (!hook.enabled) throw conflict('webhook_disabled', WEBHOOK_TEXT.turnedOff);
};

export async function resend(db: Db, hook: Hook, activityId: string) {
  requireEnabled(hook);
  const id = hook.id;
  return db.transaction(async (tx) => {
    const [original] = await tx
      .select()
      .from(webhookActivities)
      .where(and(eq(webhookActivities.id, activityId), eq(webhookActivities.webhookId, id)))
      .for('update');
    if (!original) throw notFound('Webhook activity');
    if (original.resent) throw conflict('already_resent', WEBHOOK_TEXT.alreadyResent);
    await tx.update(webhookActivities).set({ resent: true, nextAttemptAt: null }).where(eq(webhookActivities.id, activityId));
    const newIdOf = await queueDelivery(tx, id, { id: original.eventId, type: original.eventType, payload: original.payload });
    const [made] = await tx.select().from(webhookActivities).where(eq(webhookActivities.id, newIdOf));
    return toActivity(made!);
  });
}

/** A test event: the first type the webhook listens to, `data.test: true`, an id of its own (`evt_test_…`). */
export async function sendTest(db: Db, hook: Hook) {
  requireEnabled(hook);
  const { id, publisherId } = hook;
  const type = hook.events[0] ?? 'app.purchase.created';
  const now = new Date();
  const data = { test: true, publisherId, message: 'A test event sent from the marketplace portal: no purchase happened.' };
  return db.transaction(async (tx) => {
    const activityId = await queueDelivery(tx, id, { id: `evt_test_${newId()}`, type, payload: deliveryBody(type, now, data) });
    const [made] = await tx.select().from(webhookActivities).where(eq(webhookActivities.id, activityId));
    return toActivity(made!);
  });
}

const secretView = (w: { secret: string; previousSecretUntil: Date | null }, now: Date) => ({
  secret: w.secret,
  previousSecretUntil: w.previousSecretUntil && w.previousSecretUntil > now ? w.previousSecretUntil.toISOString() : null,
});

export const revealSecret = (hook: Hook, now: Date) => secretView(hook, now);

/** A new secret; the one it replaces keeps signing beside it for ROTATION_OVERLAP_MS (two signatures). */
export async function rotateSecret(db: Db, hook: Hook, now: Date) {
  const [row] = await db
    .update(webhooks)
    .set({ secret: newSecret(), previousSecret: hook.secret, previousSecretUntil: new Date(now.getTime() + ROTATION_OVERLAP_MS) })
    .where(eq(webhooks.id, hook.id))
    .returning();
  return secretView(row!, now);
}
