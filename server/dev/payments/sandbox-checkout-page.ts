import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { completeCheckout, declineCheckout, openSession } from '../../commerce/billing/checkout';
import { SANDBOX_PATH, type CheckoutLink } from './sandbox';
import { sandboxCard } from './sandbox-cards';
import { esc, page, Token, usd } from './sandbox-pages';

const Pay = Token.extend({
  number: z.string().max(40).default(''),
  expiry: z.string().max(10).default(''),
  cvc: z.string().max(8).default(''),
  action: z.enum(['pay', 'cancel']),
});

const form = (t: string, link: CheckoutLink, error?: { field: string; message: string }, values = { number: '', expiry: '' }) => {
  const per = link.interval ? ` per ${link.interval}` : '';
  const trial =
    link.trialDays > 0
      ? `<p class="note">${link.trialDays}-day free trial: nothing is charged today; the card is charged ${esc(usd(link.amount))}${per} when the trial ends.</p>`
      : '';
  const invalid = (f: string) => (error?.field === f ? ' aria-invalid="true" aria-describedby="card-error"' : '');
  return page(
    'Pay',
    `<h1>Pay ${esc(usd(link.amount))}${esc(per)}</h1>
<p class="note">Payments sandbox: nothing here moves real money. Use a test card: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined, 4000 0000 0000 0341 saves for a trial but fails when charged.</p>
<dl><dt>For</dt><dd>${esc(link.description)}</dd></dl>${trial}
${error ? `<p class="error" id="card-error" role="alert">${esc(error.message)}</p>` : ''}
<form method="post" action="${SANDBOX_PATH}/checkout">
<input type="hidden" name="t" value="${esc(t)}">
<label>Card number <input name="number" inputmode="numeric" autocomplete="cc-number" maxlength="23" required value="${esc(values.number)}"${invalid('number')}></label>
<div class="row"><label>Expiry (MM/YY) <input name="expiry" autocomplete="cc-exp" maxlength="7" placeholder="MM/YY" required value="${esc(values.expiry)}"${invalid('expiry')}></label>
<label>CVC <input name="cvc" inputmode="numeric" autocomplete="cc-csc" maxlength="4" required${invalid('cvc')}></label></div>
<div class="row"><button class="primary" name="action" value="pay" type="submit">Pay</button>
<button name="action" value="cancel" type="submit" formnovalidate>Cancel</button></div>
</form>`,
  );
};

/**
 * The sandbox's checkout page (what Stripe Checkout is with Stripe): a card form for one checkout session,
 * reached only through the link the portal signed for it. A test card that pays completes the checkout — the
 * purchase, its event and the publisher's credit, in one transaction — and sends the buyer back to the portal's
 * checkout page; a declined card says why and makes nothing; Cancel goes back having made nothing.
 */
export function sandboxCheckoutPage(app: FastifyInstance) {
  const html = (reply: FastifyReply, status: number, body: string) => reply.status(status).header('cache-control', 'no-store').type('text/html').send(body);
  const ended = (reply: FastifyReply, link: CheckoutLink | null) =>
    html(
      reply,
      410,
      page(
        'Checkout ended',
        `<h1>This checkout has ended</h1><p class="note">It was paid, cancelled or it expired.</p>${link ? `<p><a href="${esc(link.cancelUrl)}">Back to the marketplace</a></p>` : ''}`,
      ),
    );

  app.get(`${SANDBOX_PATH}/checkout`, async (request, reply) => {
    const query = Token.safeParse(request.query);
    const link = query.success ? await app.links.verify<CheckoutLink>(query.data.t) : null;
    if (!query.success || !link) return ended(reply, null);
    if (!(await openSession(app.db, link.sessionId))) return ended(reply, link);
    return html(reply, 200, form(query.data.t, link));
  });

  app.post(`${SANDBOX_PATH}/checkout`, async (request, reply) => {
    const body = Pay.safeParse(request.body);
    const link = body.success ? await app.links.verify<CheckoutLink>(body.data.t) : null;
    if (!body.success || !link) return ended(reply, null);
    if (body.data.action === 'cancel') return reply.redirect(link.cancelUrl, 303);
    const session = await openSession(app.db, link.sessionId);
    if (!session) return ended(reply, link);
    const chargedNow = session.trialDays === 0;
    const card = sandboxCard(body.data, chargedNow);
    if (!card.ok) {
      await declineCheckout(app.db, session.id, card.message);
      return html(reply, 402, form(body.data.t, link, card, { number: body.data.number, expiry: body.data.expiry }));
    }
    await completeCheckout(app.db, app.sales, session.id, {
      providerSubscriptionId: session.kind === 'subscription' ? `sub_sbx_${session.id.slice(3)}` : null,
      providerPaymentId: chargedNow ? `ch_sbx_${session.id.slice(3)}` : null,
      paymentMethod: card.method,
    });
    return reply.redirect(link.successUrl, 303);
  });
}
