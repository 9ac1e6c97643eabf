import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DELIVER_JOB, DISPATCH_JOB } from '../../kernel/job-kinds';
import { siteOf } from '../../mail/worker';
import { deliver, type Clock, type DeliveryDeps } from '../deliver';
import { dispatchEvents } from '../dispatch';

/**
 * Webhook deliveries, unless WEBHOOK_WORKER=false: the dispatcher fans the outbox's new events out into
 * deliveries (its job is queued in the sale's own transaction), and the delivery workers make each
 * attempt, several at a time. `app.clock` is the time deliveries are scheduled by — the job queue's (a
 * test moves it to see the retry schedule without waiting hours).
 */
export default fp(
  async function webhooksWorker(app: FastifyInstance) {
    const clock: Clock = { now: () => new Date(app.jobs.clock.now()) };
    app.decorate('clock', clock);
    const deps = (): DeliveryDeps => ({
      db: app.db,
      jobs: app.jobs,
      policy: { allowPrivateNetworks: app.config.webhooks.allowPrivateNetworks },
      timeoutMs: app.config.webhooks.timeoutSeconds * 1000,
      clock,
      site: siteOf(app),
      log: app.log,
    });
    app.decorate('webhookDeliveries', deps);
    if (!app.config.webhooks.worker) return;
    await app.jobs.work(DISPATCH_JOB, async (claim) => {
      while ((await dispatchEvents(app.db)) > 0) {
        /* fan out what is waiting */
      }
      await claim.complete();
    });
    await app.jobs.work<{ activityId: string }>(DELIVER_JOB, (claim) => deliver(deps(), claim));
    // Events left undispatched by an earlier version (or while no process ran a worker) go out now.
    await app.jobs.send(app.db, DISPATCH_JOB, {}, { singletonKey: 'start', singletonSeconds: 60 });
    app.addHook('onClose', async () => app.jobs.stopWorking([DISPATCH_JOB, DELIVER_JOB]));
  },
  { name: 'webhooks', dependencies: ['db'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** The time webhook deliveries are scheduled by. */
    clock: Clock;
    /** What a delivery needs, as the worker makes it (tests drive deliveries with it). */
    webhookDeliveries: () => DeliveryDeps;
  }
}
