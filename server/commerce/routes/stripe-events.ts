import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { receiveStripeEvent } from '../payments/stripe-events';
import type { StripeProvider } from '../payments/stripe';

/** Where Stripe sends its events (the webhook endpoint registered at Stripe: `<PUBLIC_URL>/v1/stripe/events`). */
export const STRIPE_EVENTS_PATH = '/v1/stripe/events';

/** The body's bytes as they arrived, under a key the body checks (errors plugin) do not walk. */
const RAW = Symbol('raw body');
type RawBody = { [RAW]: Buffer };

/**
 * `POST /v1/stripe/events`: Stripe's signed events. Not in the ts-rest contract (the signature is over the
 * raw body, and Stripe, not a client of the API, calls it): an encapsulated plugin whose own JSON parser keeps
 * the bytes. The signature is checked with the SDK (`Stripe-Signature`, the endpoint's secret, Stripe's 5-minute
 * tolerance); forged, stale or unsigned: 400 in the error envelope, nothing read. A verified event is applied
 * once (commerce/payments/stripe-events.ts) and answered `{received: true}`, events the portal does not use
 * too; a failure to apply answers 500 and Stripe delivers it again. Not rate limited: Stripe retries what it
 * cannot deliver, and an unsigned request costs one HMAC.
 */
export default async function stripeEventsRoutes(app: FastifyInstance, opts: { provider: StripeProvider; secret: string }) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, { [RAW]: body as Buffer } satisfies RawBody));

  app.post(STRIPE_EVENTS_PATH, async (request, reply) => {
    const raw = (request.body as RawBody | undefined)?.[RAW];
    const signature = request.headers['stripe-signature'];
    let event: Stripe.Event;
    try {
      if (!raw || typeof signature !== 'string') throw new Error('unsigned');
      event = opts.provider.event(raw, signature, opts.secret);
    } catch {
      return app.sendError(request, reply, 400, 'invalid_signature', 'The Stripe-Signature header does not sign this body with the endpoint’s secret.');
    }
    const outcome = await receiveStripeEvent(app.db, app.sales, opts.provider, event);
    request.log.info({ stripeEvent: event.id, type: event.type, outcome }, 'stripe event');
    return reply.header('cache-control', 'no-store').send({ received: true });
  });
}
