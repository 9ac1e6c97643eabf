import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { newId } from '../db/ids';
import { publishers, salesEvents, webhookActivities, webhooks } from '../db/schema';
import { DELIVER_JOB } from '../kernel/job-kinds';
import { enqueue } from '../kernel/jobs';

export { DELIVER_JOB, DISPATCH_JOB } from '../kernel/job-kinds';

/** What a delivery's body is: `{type, timestamp, data}` (Standard Webhooks' shape). */
export const deliveryBody = (type: string, occurredAt: Date | string, data: unknown) => ({ type, timestamp: new Date(occurredAt).toISOString(), data });

type EventRow = { id: string; type: string; publisherId: string; occurredAt: string | Date; payload: Record<string, unknown> };

/** One delivery of an event to a webhook: its activity (`created`) and the job that sends it, in `tx`. */
export async function queueDelivery(tx: Pick<Tx, 'insert' | 'execute'>, webhookId: string, event: { id: string; type: string; payload: unknown }) {
  const id = newId();
  await tx.insert(webhookActivities).values({ id, webhookId, status: 'created', eventId: event.id, eventType: event.type, payload: event.payload });
  await enqueue(tx, DELIVER_JOB, { activityId: id });
  return id;
}

/**
 * Turns up to `limit` undelivered outbox events (oldest first) into deliveries: one per enabled webhook of
 * the event's publisher (while it may use webhooks) that listens to the event's type — and only those.
 * The events are claimed with FOR UPDATE SKIP LOCKED and marked in the same transaction as the deliveries,
 * so several processes share the outbox and an event fans out exactly once, whichever commits first. What
 * the dispatch job (DISPATCH_JOB, queued in the transaction that records the events) runs.
 */
export async function dispatchEvents(db: Db, limit = 100): Promise<number> {
  return db.transaction(async (tx) => {
    const result = await tx.execute(sql`
      SELECT id, type, publisher_id AS "publisherId", occurred_at AS "occurredAt", payload
      FROM sales_events WHERE dispatched_at IS NULL ORDER BY seq LIMIT ${limit} FOR UPDATE SKIP LOCKED`);
    const events = (result as unknown as { rows: EventRow[] }).rows;
    if (events.length === 0) return 0;
    const listening = await tx
      .select({ id: webhooks.id, publisherId: webhooks.publisherId, events: webhooks.events })
      .from(webhooks)
      .innerJoin(publishers, eq(publishers.id, webhooks.publisherId))
      .where(
        and(inArray(webhooks.publisherId, [...new Set(events.map((e) => e.publisherId))]), eq(webhooks.enabled, true), eq(publishers.canUseWebhooks, true)),
      )
      .orderBy(webhooks.createdAt);
    for (const event of events) {
      for (const hook of listening) {
        if (hook.publisherId !== event.publisherId || !hook.events.includes(event.type)) continue;
        await queueDelivery(tx, hook.id, { id: event.id, type: event.type, payload: deliveryBody(event.type, event.occurredAt, event.payload) });
      }
    }
    await tx
      .update(salesEvents)
      .set({ dispatchedAt: sql`now()` })
      .where(
        inArray(
          salesEvents.id,
          events.map((e) => e.id),
        ),
      );
    return events.length;
  });
}
