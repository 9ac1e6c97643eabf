import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { siteOf } from '../services/mail/worker';
import { deliverNext, type Clock, type DeliveryDeps } from '../services/webhooks/deliver';
import { dispatchEvents } from '../services/webhooks/dispatch';
import { pollWhileOpen } from './poll';

/** Deliveries in flight at once in this process (each waits up to the timeout for its endpoint). */
const CONCURRENCY = 4;

/**
 * Webhook deliveries, unless WEBHOOK_WORKER=false: each poll fans new outbox events out into deliveries,
 * then makes the due ones, several at a time. `app.clock` is the time deliveries are scheduled by (tests
 * move it to see the retry schedule without waiting hours).
 */
export default fp(
  async function webhooksWorker(app: FastifyInstance) {
    const clock: Clock = { now: () => new Date() };
    app.decorate('clock', clock);
    const deps = (): DeliveryDeps => ({
      db: app.db,
      policy: { allowPrivateNetworks: app.config.webhooks.allowPrivateNetworks },
      timeoutMs: app.config.webhooks.timeoutSeconds * 1000,
      leaseSeconds: app.config.jobLeaseSeconds,
      clock,
      site: siteOf(app),
      log: app.log,
    });
    app.decorate('webhookDeliveries', deps);
    if (!app.config.webhooks.worker) return;
    const lane = async (stopped: () => boolean) => {
      while (!stopped() && (await deliverNext(deps()))) {
        /* the next one */
      }
    };
    pollWhileOpen(app, 'webhook worker', async (stopped) => {
      while (!stopped() && (await dispatchEvents(app.db)) > 0) {
        /* fan out what is waiting */
      }
      await Promise.all(Array.from({ length: CONCURRENCY }, () => lane(stopped)));
    });
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
