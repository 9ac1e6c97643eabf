import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { webhookActivities, webhooks } from '../db/schema';
import { DELIVER_JOB, scheduledDelay } from '../kernel/job-kinds';
import type { Claim, Jobs } from '../kernel/jobs';
import { report } from '../kernel/metrics-events';
import type { Site } from '../mail/notify';
import type { AddressPolicy } from './addresses';
import { queueDisabledNotice } from './disable-notice';
import { post, type PostOutcome } from './post';
import { secretsInUse, signedHeaders } from './signing';

/** An endpoint whose deliveries have all failed for this long is turned off (and its owners told). */
export const DISABLE_AFTER_MS = 5 * 24 * 60 * 60 * 1000;

export type Clock = { now(): Date };

export type DeliveryDeps = {
  db: Db;
  jobs: Jobs;
  policy: AddressPolicy;
  timeoutMs: number;
  /** The time deliveries are scheduled by (the job queue's: a test clock moves it); signatures carry the real time. */
  clock: Clock;
  site: Site;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
};

type Status = 'delivered' | 'failure' | 'timeout' | 'internal-error';

/** What one attempt came to (SPEC §4 statuses: only a 2xx is delivered). */
export function outcomeOf(o: PostOutcome): { status: Status; statusCode: number; body: string; type: string; error?: string } {
  switch (o.kind) {
    case 'answered':
      return { status: o.statusCode >= 200 && o.statusCode < 300 ? 'delivered' : 'failure', statusCode: o.statusCode, body: o.body, type: o.type };
    case 'timeout':
      return { status: 'timeout', statusCode: 0, body: '', type: '', error: 'No answer in time.' };
    case 'refused':
      return { status: 'failure', statusCode: 0, body: '', type: '', error: `Not sent: ${o.message}` };
    case 'unreachable':
      return { status: 'failure', statusCode: 0, body: '', type: '', error: o.message };
  }
}

/**
 * One attempt at a delivery, as `claim` holds it: signed, POSTed, recorded on the activity. A failed
 * attempt queues the next (a job of its own, due on the webhook kind's schedule, WEBHOOK_RETRY_DELAYS) in
 * the transaction that records it, until the schedule ends; the endpoint that has failed for
 * DISABLE_AFTER_MS is turned off. A run that no longer holds its job — paused past its lease while another
 * run made the attempt — neither POSTs nor records anything (StaleClaim). A process killed mid-delivery
 * leaves the job running; once its lease runs out the same attempt is made again, with the same
 * `webhook-id` (at least once).
 */
export async function deliver(deps: DeliveryDeps, claim: Claim<{ activityId: string }>) {
  const { db, clock } = deps;
  const activityId = String(claim.data.activityId);
  const [row] = await db
    .select({ activity: webhookActivities, webhook: webhooks })
    .from(webhookActivities)
    .innerJoin(webhooks, eq(webhooks.id, webhookActivities.webhookId))
    .where(eq(webhookActivities.id, activityId));
  if (!row) return void (await claim.complete());
  const { activity, webhook } = row;
  if (activity.resent || !webhook.enabled) {
    // Resent (this delivery is replaced) or the webhook is turned off: no more attempts.
    return void (await claim.complete((tx) => tx.update(webhookActivities).set({ nextAttemptAt: null }).where(eq(webhookActivities.id, activityId))));
  }
  // Still this run's job, just before the request: a run that lost it sends nothing.
  await claim.check();
  const started = performance.now();
  let result: ReturnType<typeof outcomeOf>;
  try {
    const body = JSON.stringify(activity.payload);
    const headers = signedHeaders(activity.eventId, body, secretsInUse(webhook, clock.now()), new Date());
    result = outcomeOf(await post(webhook.url, headers, body, deps.policy, deps.timeoutMs));
  } catch (err) {
    deps.log.error({ err, activity: activityId }, 'a webhook delivery failed on our side');
    result = { status: 'internal-error', statusCode: 0, body: '', type: '', error: 'The portal could not make this delivery.' };
  }
  report(db, { type: 'webhookDelivery', outcome: result.status });
  const now = clock.now();
  const attempt = {
    at: now.toISOString(),
    status: result.status,
    statusCode: result.statusCode,
    ms: Math.round(performance.now() - started),
    ...(result.error ? { error: result.error } : {}),
  };
  const attemptNo = activity.attempts.length + 1;
  const delay = result.status === 'delivered' ? undefined : scheduledDelay(deps.jobs.kinds[DELIVER_JOB]!, attemptNo);
  const next = delay === undefined ? null : new Date(now.getTime() + delay * 1000);
  await claim.complete(async (tx) => {
    await tx
      .update(webhookActivities)
      .set({
        status: result.status,
        responseStatusCode: result.statusCode,
        responseBody: result.error && !result.body ? result.error : result.body,
        responseType: result.error && !result.body ? 'text/plain' : result.type,
        attempts: sql`${webhookActivities.attempts} || ${JSON.stringify([attempt])}::jsonb`,
        nextAttemptAt: next,
      })
      .where(eq(webhookActivities.id, activityId));
    if (result.status === 'delivered') {
      // Only when it was failing: a row every delivery rewrote would serialize them all.
      if (webhook.failingSince)
        await tx
          .update(webhooks)
          .set({ failingSince: null })
          .where(and(eq(webhooks.id, webhook.id), isNotNull(webhooks.failingSince)));
      return;
    }
    const failingSince = webhook.failingSince ?? now;
    const turnOff = webhook.enabled && now.getTime() - failingSince.getTime() >= DISABLE_AFTER_MS;
    await tx
      .update(webhooks)
      .set({ failingSince, ...(turnOff ? { enabled: false } : {}) })
      .where(eq(webhooks.id, webhook.id));
    if (turnOff) {
      deps.log.warn({ webhook: webhook.id }, 'a webhook failing for 5 days was turned off');
      await queueDisabledNotice(tx, deps.site, webhook, Math.floor((now.getTime() - failingSince.getTime()) / 86_400_000));
    }
    if (next && !turnOff) {
      await deps.jobs.send(tx, DELIVER_JOB, { activityId }, { startAfter: next });
      return;
    }
    await tx.update(webhookActivities).set({ nextAttemptAt: null }).where(eq(webhookActivities.id, activityId));
  });
}

/** Claims and makes the next due delivery (null when none is due): what the webhook worker does each time. */
export async function deliverNext(deps: DeliveryDeps) {
  return deps.jobs.runNext<{ activityId: string }>(DELIVER_JOB, (claim) => deliver(deps, claim));
}
