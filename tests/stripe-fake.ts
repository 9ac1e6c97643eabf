import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

type Account = { id: string; details_submitted: boolean; email: string; available: number; pending: number };
type Payout = {
  id: string;
  object: 'payout';
  account: string;
  amount: number;
  currency: string;
  arrival_date: number;
  status: string;
  key: string | undefined;
};

/** Stripe's form encoding (`a[b][0][c]=v`) as nested objects; lists stay objects keyed '0', '1' … (see `list`). */
type Form = { [key: string]: string | Form };
type Json = Record<string, any>;
export type FakeEvent = {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  type: string;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  data: { object: Json; previous_attributes?: Json };
};
export type FakeRefund = {
  id: string;
  object: 'refund';
  amount: number;
  payment_intent: string;
  status: 'succeeded';
  currency: 'usd';
  reverse_transfer: boolean;
  refund_application_fee: boolean;
  key: string | undefined;
};
/** A checkout session as answered (`json`), with what it was created with (`params`, decoded). */
export type FakeCheckoutSession = { json: Json; params: Form };

/** Stripe's test cards: one that pays, one always declined, one that attaches but whose charges fail. */
export const TEST_CARDS = { pays: '4242424242424242', declined: '4000000000000002', chargesFail: '4000000000000341' } as const;

function decode(form: URLSearchParams): Form {
  const root: Form = {};
  for (const [key, value] of form) {
    const parts = key.replace(/\]/g, '').split('[');
    let node = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = (typeof node[part] === 'object' ? node[part] : (node[part] = {})) as Form;
    });
  }
  return root;
}
const list = (v: string | Form | undefined): Form[] => (v && typeof v === 'object' ? (Object.values(v) as Form[]) : []);
const obj = (v: string | Form | undefined): Form => (v && typeof v === 'object' ? v : {});
const str = (v: string | Form | undefined) => (typeof v === 'string' ? v : undefined);
const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
/**
 * A Unix time one interval (month or year) later, as Stripe's billing cycle moves: on the anchor's day of the
 * month, or the month's last day when it has fewer (an anchor on the 31st: 28 February, then 31 March).
 */
function addInterval(t: number, interval: string, anchor = t) {
  const d = new Date(t * 1000);
  const day = new Date(anchor * 1000).getUTCDate();
  d.setUTCDate(1);
  if (interval === 'year') d.setUTCFullYear(d.getUTCFullYear() + 1);
  else d.setUTCMonth(d.getUTCMonth() + 1);
  d.setUTCDate(Math.min(day, new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate()));
  return Math.floor(d.getTime() / 1000);
}

/**
 * A small stateful fake of exactly the Stripe endpoints the portal uses, in Stripe's wire format (API
 * 2025-03-31 and later: an invoice's subscription under `parent`, periods on subscription items, an
 * invoice's payments at /v1/invoice_payments), so the official SDK talks to it as to Stripe. Amounts in cents.
 * - Connect: Express accounts, Account Links, login links, the connected account's balance, payouts.
 * - Checkout: sessions (POST/GET /v1/checkout/sessions, POST …/expire), and the hosted page at `session.url` a browser (or
 *   a test's fetch) pays on with a test card: the payment intent (one-time) or the subscription and its first
 *   invoice (none during a trial) are made, the events are sent to the webhook, and the browser is sent to
 *   `success_url`; cancel sends it to `cancel_url`.
 * - Billing: GET/POST/DELETE /v1/subscriptions/:id, GET /v1/invoice_payments, POST /v1/refunds; a test clock
 *   (`advance`) ends a subscription's period: renewed, failed (past due) or ended (cancel at period end).
 * - Events: signed as Stripe signs them (`Stripe-Signature: t=…,v1=HMAC-SHA256(secret, "t.payload")`), sent
 *   one at a time, in order, to the URL `setWebhook` names; `resend` delivers one again, `idle` waits for all.
 * Idempotency keys answer the first answer again (the same parameters) or 400 (others).
 */
export async function startStripeFake(secretKey = 'sk_test_fake') {
  const accounts = new Map<string, Account>();
  const payouts: Payout[] = [];
  const idempotent = new Map<string, { params: string; status: number; body: unknown }>();
  const requests: { method: string; path: string; account: string | undefined; idempotencyKey: string | undefined; params: Form }[] = [];
  let n = 0;
  let failNext: number | null = null;

  // ——— Checkout and Billing state ———
  const sessions = new Map<string, FakeCheckoutSession>();
  const prices = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const invoices = new Map<string, Json>();
  const paymentIntents = new Map<string, Json>();
  const invoicePayments: Json[] = [];
  const refunds: FakeRefund[] = [];
  /** The card each customer's payment method is (its number decides what charges do). */
  const cards = new Map<string, string>();
  const events: FakeEvent[] = [];
  const deliveries: { eventId: string; type: string; status: number; body: string }[] = [];
  let webhook: { url: string; secret: string } | null = null;
  let queue: Promise<void> = Promise.resolve();
  /** Whether a subscription's change answers only once its events were delivered (`eventsBeforeAnswers`). */
  let eventsFirst = false;
  /** While set (`holdEvents`), deliveries wait for it: events made meanwhile reach the webhook only once released, in order. */
  let gate: { wait: Promise<void>; open: () => void } | null = null;
  const now = () => Math.floor(Date.now() / 1000);
  const id = (prefix: string) => `${prefix}_fake${++n}`;

  /** Sends an event to the webhook (if one is set), after those before it. */
  const deliver = (event: FakeEvent) => {
    queue = queue.then(async () => {
      if (gate) await gate.wait;
      if (!webhook) return;
      const payload = JSON.stringify(event, null, 2);
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhook.secret });
      try {
        const res = await fetch(webhook.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'stripe-signature': signature,
            'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          },
          body: payload,
        });
        deliveries.push({ eventId: event.id, type: event.type, status: res.status, body: await res.text() });
      } catch (e) {
        deliveries.push({ eventId: event.id, type: event.type, status: 0, body: String(e) });
      }
    });
    return queue;
  };
  const emit = (type: string, object: Json, previous?: Json) => {
    const event: FakeEvent = {
      id: id('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: now(),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: structuredClone(object), ...(previous ? { previous_attributes: structuredClone(previous) } : {}) },
    };
    events.push(event);
    void deliver(event);
    return event;
  };

  const priceOf = (data: Form, product?: string) => {
    const recurring = obj(data.recurring);
    const price: Json = {
      id: id('price'),
      object: 'price',
      active: true,
      currency: str(data.currency) ?? 'usd',
      livemode: false,
      metadata: {},
      product: product ?? str(data.product) ?? id('prod'),
      unit_amount: Number(str(data.unit_amount) ?? 0),
      recurring: recurring.interval ? { interval: str(recurring.interval), interval_count: 1, usage_type: 'licensed' } : null,
      type: recurring.interval ? 'recurring' : 'one_time',
    };
    prices.set(price.id, price);
    return price;
  };
  const chargeable = (card: string) => card === TEST_CARDS.pays;
  const paymentIntent = (p: { amount: number; customer: string; payment_method: string; fee: number | null; destination: string | null; metadata?: Json }) => {
    const pi: Json = {
      id: id('pi'),
      object: 'payment_intent',
      amount: p.amount,
      amount_received: p.amount,
      currency: 'usd',
      status: 'succeeded',
      customer: p.customer,
      payment_method: p.payment_method,
      application_fee_amount: p.fee,
      transfer_data: p.destination ? { destination: p.destination } : null,
      latest_charge: id('ch'),
      metadata: p.metadata ?? {},
      livemode: false,
      created: now(),
      refunded: 0,
    };
    paymentIntents.set(pi.id, pi);
    // A destination charge: the connected account gets the amount less the application fee, pending.
    const account = p.destination ? accounts.get(p.destination) : undefined;
    if (account) account.pending += p.amount - (p.fee ?? 0);
    return pi;
  };
  /** A subscription's invoice for [start, end]: paid by a new payment intent when the card pays, else open (its charge failed). */
  const invoiceFor = (sub: Json, reason: string, start: number, end: number, paid: boolean) => {
    const item = sub.items.data[0];
    const amount = item.price.unit_amount * item.quantity;
    const pi =
      paid && amount > 0
        ? paymentIntent({
            amount,
            customer: sub.customer,
            payment_method: sub.default_payment_method,
            fee: Math.round((amount * (sub.application_fee_percent ?? 0)) / 100),
            destination: sub.transfer_data?.destination ?? null,
          })
        : null;
    const invoice: Json = {
      id: id('in'),
      object: 'invoice',
      customer: sub.customer,
      billing_reason: reason,
      collection_method: 'charge_automatically',
      currency: 'usd',
      created: now(),
      livemode: false,
      metadata: {},
      status: paid ? 'paid' : 'open',
      amount_due: amount,
      amount_paid: paid ? amount : 0,
      amount_remaining: paid ? 0 : amount,
      attempt_count: 1,
      attempted: true,
      period_start: start,
      period_end: start,
      parent: { type: 'subscription_details', quote_details: null, subscription_details: { subscription: sub.id, metadata: { ...sub.metadata } } },
      lines: {
        object: 'list',
        has_more: false,
        url: '/v1/invoices/lines',
        data: [
          {
            id: id('il'),
            object: 'line_item',
            amount,
            currency: 'usd',
            description: `1 × ${item.price.product}`,
            livemode: false,
            metadata: {},
            quantity: item.quantity,
            period: { start, end },
            parent: {
              type: 'subscription_item_details',
              invoice_item_details: null,
              subscription_item_details: {
                subscription: sub.id,
                subscription_item: item.id,
                proration: false,
                invoice_item: null,
                proration_details: { credited_items: null },
              },
            },
            pricing: {
              type: 'price_details',
              price_details: { price: item.price.id, product: item.price.product },
              unit_amount_decimal: String(item.price.unit_amount),
            },
          },
        ],
      },
    };
    invoices.set(invoice.id, invoice);
    if (pi) {
      pi.invoice = invoice.id;
      invoicePayments.push({
        id: id('inpay'),
        object: 'invoice_payment',
        invoice: invoice.id,
        amount_paid: amount,
        amount_requested: amount,
        currency: 'usd',
        is_default: true,
        livemode: false,
        created: now(),
        payment: { type: 'payment_intent', payment_intent: pi.id },
        status: 'paid',
        status_transitions: { paid_at: now(), canceled_at: null },
      });
    }
    sub.latest_invoice = invoice.id;
    return invoice;
  };
  const subscriptionPeriod = (sub: Json) => ({ items: { ...sub.items, data: sub.items.data.map((i: Json) => ({ ...i })) } });

  /** The hosted page was paid with `card`: answers why it was declined, or completes the session (and sends its events). */
  const pay = (session: FakeCheckoutSession, card: string): string | null => {
    const p = session.params;
    const line = obj(list(p.line_items)[0]);
    const priceData = obj(line.price_data);
    const quantity = Number(str(line.quantity) ?? 1);
    const subscriptionData = obj(p.subscription_data);
    const trialDays = Number(str(subscriptionData.trial_period_days) ?? 0);
    const known = Object.values(TEST_CARDS) as string[];
    if (!known.includes(card)) return 'Your card number is invalid.';
    if (card === TEST_CARDS.declined) return 'Your card was declined.';
    // A card whose charges fail is saved when nothing is charged now (a trial), and declined otherwise.
    if (card === TEST_CARDS.chargesFail && !(session.json.mode === 'subscription' && trialDays > 0)) return 'Your card was declined.';
    const customer = id('cus');
    const method = id('pm');
    cards.set(method, card);
    const t = now();
    const price = priceOf(priceData, id('prod'));
    if (session.json.mode === 'payment') {
      const intentData = obj(p.payment_intent_data);
      const transfer = obj(intentData.transfer_data);
      const fee = str(intentData.application_fee_amount);
      const pi = paymentIntent({
        amount: price.unit_amount * quantity,
        customer,
        payment_method: method,
        fee: fee === undefined ? null : Number(fee),
        destination: str(transfer.destination) ?? null,
        metadata: obj(intentData.metadata),
      });
      Object.assign(session.json, { status: 'complete', payment_status: 'paid', customer, payment_intent: pi.id });
    } else {
      const interval = price.recurring?.interval ?? 'month';
      const trialEnd = trialDays > 0 ? t + trialDays * 86_400 : null;
      const periodEnd = trialEnd ?? addInterval(t, interval);
      const subId = id('sub');
      const transfer = obj(subscriptionData.transfer_data);
      const sub: Json = {
        id: subId,
        object: 'subscription',
        customer,
        status: trialEnd ? 'trialing' : 'active',
        cancel_at_period_end: false,
        cancel_at: null,
        canceled_at: null,
        ended_at: null,
        created: t,
        start_date: t,
        billing_cycle_anchor: trialEnd ?? t,
        trial_start: trialEnd ? t : null,
        trial_end: trialEnd,
        collection_method: 'charge_automatically',
        currency: 'usd',
        livemode: false,
        default_payment_method: method,
        latest_invoice: null,
        metadata: { ...obj(subscriptionData.metadata) },
        application_fee_percent: str(subscriptionData.application_fee_percent) === undefined ? null : Number(str(subscriptionData.application_fee_percent)),
        transfer_data: str(transfer.destination) ? { destination: str(transfer.destination), amount_percent: null } : null,
        items: {
          object: 'list',
          has_more: false,
          total_count: 1,
          url: `/v1/subscription_items?subscription=${subId}`,
          data: [
            {
              id: id('si'),
              object: 'subscription_item',
              created: t,
              current_period_start: t,
              current_period_end: periodEnd,
              metadata: {},
              price,
              quantity,
              subscription: subId,
            },
          ],
        },
      };
      subscriptions.set(subId, sub);
      // The first invoice charges the first period now; during a trial nothing is charged (and nothing is invoiced here).
      const invoice = trialEnd ? null : invoiceFor(sub, 'subscription_create', t, periodEnd, true);
      Object.assign(session.json, {
        status: 'complete',
        payment_status: trialEnd ? 'no_payment_required' : 'paid',
        customer,
        subscription: subId,
        invoice: invoice?.id ?? null,
      });
      emit('customer.subscription.created', sub);
      if (invoice) emit('invoice.paid', invoice);
    }
    emit('checkout.session.completed', session.json);
    return null;
  };
  const page = (title: string, body: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title></head><body><main>${body}</main></body></html>`;
  const payPage = (session: FakeCheckoutSession, error = '') => {
    const line = obj(list(session.params.line_items)[0]);
    const priceData = obj(line.price_data);
    const amount = (Number(str(priceData.unit_amount) ?? 0) / 100).toFixed(2);
    return page(
      'Pay — Stripe Checkout (fake)',
      `<h1>${esc(str(obj(priceData.product_data).name) ?? '')}</h1><p>$${amount}${obj(priceData.recurring).interval ? ` per ${esc(str(obj(priceData.recurring).interval) ?? '')}` : ''}</p>${error ? `<p role="alert">${esc(error)}</p>` : ''}
<form method="post"><label>Card number <input name="card" autocomplete="cc-number"></label><button name="action" value="pay">Pay</button><button name="action" value="cancel">Cancel</button></form>`,
    );
  };

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_fake_${++n}` });
    res.end(JSON.stringify(body));
  };
  const error = (res: ServerResponse, status: number, type: string, message: string, code?: string) => send(res, status, { error: { type, message, code } });
  const readBody = (req: IncomingMessage) =>
    new Promise<URLSearchParams>((resolve) => {
      let data = '';
      req.on('data', (c: Buffer) => (data += c.toString()));
      req.on('end', () => resolve(new URLSearchParams(data)));
    });
  const accountJson = (a: Account) => ({
    id: a.id,
    object: 'account',
    type: 'express',
    details_submitted: a.details_submitted,
    email: a.email,
    payouts_enabled: a.details_submitted,
  });

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname;
    const form = await readBody(req);
    // The pages a person visits (not the API): onboarding completes and returns; the dashboard shows the account.
    const onboarding = path.match(/^\/setup\/(acct_[\w]+)$/);
    if (onboarding && req.method === 'GET') {
      const account = accounts.get(onboarding[1]!);
      if (!account) return error(res, 404, 'invalid_request_error', 'No such account');
      account.details_submitted = true;
      res.writeHead(302, { location: url.searchParams.get('return_url') ?? '/' });
      return res.end();
    }
    if (path.startsWith('/express/')) {
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end(`<h1>Express dashboard of ${path.slice('/express/'.length)}</h1>`);
    }
    // Checkout's hosted page: shows the price; a card pays (or is declined, and the page says why); cancel goes back.
    const hosted = path.match(/^\/c\/pay\/(cs_[\w]+)$/);
    if (hosted) {
      const session = sessions.get(hosted[1]!);
      const html = (status: number, body: string) => {
        res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(body);
      };
      if (!session) return html(404, page('Not found', '<h1>Something went wrong</h1><p>The page you were looking for could not be found.</p>'));
      if (session.json.status !== 'open') return html(410, page('Expired', `<h1>This checkout session is ${esc(String(session.json.status))}</h1>`));
      if (req.method === 'GET') return html(200, payPage(session));
      if (req.method === 'POST') {
        const redirect = (location: string) => {
          res.writeHead(303, { location });
          return res.end();
        };
        if (form.get('action') === 'cancel') return redirect(String(session.json.cancel_url));
        const declined = pay(session, (form.get('card') ?? '').replace(/\D/g, ''));
        if (declined) return html(402, payPage(session, declined));
        return redirect(String(session.json.success_url).replaceAll('{CHECKOUT_SESSION_ID}', session.json.id));
      }
    }

    if (req.headers.authorization !== `Bearer ${secretKey}`) return error(res, 401, 'invalid_request_error', 'Invalid API Key provided');
    const stripeAccount = req.headers['stripe-account'] as string | undefined;
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    requests.push({ method: req.method ?? '', path, account: stripeAccount, idempotencyKey, params: decode(req.method === 'POST' ? form : url.searchParams) });
    if (failNext !== null) {
      const status = failNext;
      failNext = null;
      return error(res, status, 'api_error', 'Stripe had a problem (fake).');
    }
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const byKey = idempotencyKey && req.method === 'POST' ? `${stripeAccount ?? ''}:${idempotencyKey}` : undefined;
    if (byKey && idempotent.has(byKey)) {
      const earlier = idempotent.get(byKey)!;
      if (earlier.params !== `${path}?${form.toString()}`)
        return error(res, 400, 'idempotency_error', 'Keys for idempotent requests can only be used with the same parameters they were first used with.');
      return send(res, earlier.status, earlier.body);
    }
    const reply = (status: number, body: unknown) => {
      if (byKey) idempotent.set(byKey, { params: `${path}?${form.toString()}`, status, body });
      return send(res, status, body);
    };

    if (req.method === 'POST' && path === '/v1/accounts') {
      const id = `acct_fake${++n}`;
      accounts.set(id, { id, details_submitted: false, email: form.get('email') ?? '', available: 0, pending: 0 });
      return reply(200, accountJson(accounts.get(id)!));
    }
    const one = path.match(/^\/v1\/accounts\/(acct_[\w]+)(\/login_links)?$/);
    if (one) {
      const account = accounts.get(one[1]!);
      if (!account) return error(res, 404, 'invalid_request_error', `No such account: '${one[1]}'`, 'resource_missing');
      if (req.method === 'GET' && !one[2]) return send(res, 200, accountJson(account));
      if (req.method === 'POST' && one[2])
        return reply(200, { object: 'login_link', created: Math.floor(Date.now() / 1000), url: `${base}/express/${account.id}` });
    }
    if (req.method === 'POST' && path === '/v1/account_links') {
      const account = accounts.get(form.get('account') ?? '');
      if (!account) return error(res, 400, 'invalid_request_error', 'No such account', 'resource_missing');
      const page = new URL(`${base}/setup/${account.id}`);
      page.searchParams.set('return_url', form.get('return_url') ?? '');
      return reply(200, { object: 'account_link', url: page.toString(), expires_at: Math.floor(Date.now() / 1000) + 300 });
    }
    if (req.method === 'GET' && path === '/v1/balance') {
      const account = accounts.get(stripeAccount ?? '');
      if (!account) return error(res, 403, 'invalid_request_error', 'The provided key does not have access to account');
      return send(res, 200, {
        object: 'balance',
        livemode: false,
        available: [{ amount: account.available, currency: 'usd' }],
        pending: [{ amount: account.pending, currency: 'usd' }],
      });
    }
    if (req.method === 'POST' && path === '/v1/payouts') {
      const account = accounts.get(stripeAccount ?? '');
      if (!account) return error(res, 403, 'invalid_request_error', 'The provided key does not have access to account');
      const amount = Number(form.get('amount'));
      if (!Number.isInteger(amount) || amount <= 0) return reply(400, { error: { type: 'invalid_request_error', message: 'Invalid integer: amount' } });
      if (amount > account.available)
        return reply(400, {
          error: {
            type: 'invalid_request_error',
            code: 'balance_insufficient',
            message: 'You have insufficient funds in your Stripe account for this transfer.',
          },
        });
      account.available -= amount;
      const payout: Payout = {
        id: `po_fake${++n}`,
        object: 'payout',
        account: account.id,
        amount,
        currency: form.get('currency') ?? 'usd',
        arrival_date: Math.floor(Date.now() / 1000) + 2 * 86_400,
        status: 'pending',
        key: idempotencyKey,
      };
      payouts.push(payout);
      return reply(200, payout);
    }

    // ——— Checkout ———
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      const p = decode(form);
      const mode = str(p.mode);
      const lines = list(p.line_items);
      if (mode !== 'payment' && mode !== 'subscription')
        return reply(400, { error: { type: 'invalid_request_error', param: 'mode', message: 'Invalid mode: must be one of payment, setup, or subscription' } });
      if (!str(p.success_url))
        return reply(400, { error: { type: 'invalid_request_error', param: 'success_url', message: 'Missing required param: success_url.' } });
      if (lines.length !== 1 || !obj(lines[0]!.price_data).currency)
        return reply(400, { error: { type: 'invalid_request_error', param: 'line_items', message: 'The fake takes one line item with price_data.' } });
      const recurring = !!obj(obj(lines[0]!.price_data).recurring).interval;
      if (recurring !== (mode === 'subscription'))
        return reply(400, {
          error: {
            type: 'invalid_request_error',
            param: 'line_items',
            message: `You must provide ${mode === 'subscription' ? 'at least one recurring price' : 'only one-time prices'} in \`${mode}\` mode.`,
          },
        });
      const priceData = obj(lines[0]!.price_data);
      const sessionId = `cs_test_${++n}fake`;
      const json: Json = {
        id: sessionId,
        object: 'checkout.session',
        mode,
        status: 'open',
        payment_status: 'unpaid',
        livemode: false,
        created: now(),
        expires_at: now() + 86_400,
        url: `${base}/c/pay/${sessionId}`,
        client_reference_id: str(p.client_reference_id) ?? null,
        metadata: { ...obj(p.metadata) },
        success_url: str(p.success_url),
        cancel_url: str(p.cancel_url) ?? null,
        currency: 'usd',
        amount_total: Number(str(priceData.unit_amount) ?? 0) * Number(str(lines[0]!.quantity) ?? 1),
        customer: null,
        payment_intent: null,
        subscription: null,
        invoice: null,
      };
      sessions.set(sessionId, { json, params: p });
      return reply(200, json);
    }
    // Expiring a session (a newer one replaces it): only an open one can be; it is no longer payable, and
    // checkout.session.expired is sent.
    const expiring = path.match(/^\/v1\/checkout\/sessions\/(cs_[\w]+)\/expire$/);
    if (expiring && req.method === 'POST') {
      const session = sessions.get(expiring[1]!);
      if (!session) return error(res, 404, 'invalid_request_error', `No such checkout.session: '${expiring[1]}'`, 'resource_missing');
      if (session.json.status !== 'open')
        return reply(400, {
          error: { type: 'invalid_request_error', message: `This Checkout Session is ${String(session.json.status)} and can no longer be expired.` },
        });
      session.json.status = 'expired';
      emit('checkout.session.expired', session.json);
      return reply(200, session.json);
    }
    const checkoutSession = path.match(/^\/v1\/checkout\/sessions\/(cs_[\w]+)$/);
    if (checkoutSession && req.method === 'GET') {
      const session = sessions.get(checkoutSession[1]!);
      if (!session) return error(res, 404, 'invalid_request_error', `No such checkout.session: '${checkoutSession[1]}'`, 'resource_missing');
      return send(res, 200, session.json);
    }

    // ——— Billing ———
    const subscription = path.match(/^\/v1\/subscriptions\/(sub_[\w]+)$/);
    if (subscription) {
      const sub = subscriptions.get(subscription[1]!);
      if (!sub) return error(res, 404, 'invalid_request_error', `No such subscription: '${subscription[1]}'`, 'resource_missing');
      if (req.method === 'GET') return send(res, 200, sub);
      if (sub.status === 'canceled')
        return reply(400, {
          error: { type: 'invalid_request_error', message: 'A canceled subscription can only update its cancellation_details and metadata.' },
        });
      if (req.method === 'DELETE') {
        const previous = { status: sub.status };
        const comment = str(obj(decode(url.searchParams).cancellation_details).comment);
        Object.assign(sub, {
          status: 'canceled',
          canceled_at: now(),
          ended_at: now(),
          cancellation_details: { comment: comment ?? null, feedback: null, reason: 'cancellation_requested' },
        });
        emit('customer.subscription.deleted', sub, previous);
        if (eventsFirst) await queue;
        return send(res, 200, sub);
      }
      if (req.method === 'POST') {
        const p = decode(form);
        const previous: Json = {};
        const cancel = str(p.cancel_at_period_end);
        if (cancel !== undefined && (cancel === 'true') !== sub.cancel_at_period_end) {
          previous.cancel_at_period_end = sub.cancel_at_period_end;
          sub.cancel_at_period_end = cancel === 'true';
          sub.cancel_at = sub.cancel_at_period_end ? sub.items.data[0].current_period_end : null;
        }
        for (const change of list(p.items)) {
          const item = sub.items.data.find((i: Json) => i.id === str(change.id));
          if (!item) return reply(400, { error: { type: 'invalid_request_error', param: 'items', message: `Invalid subscription item: ${str(change.id)}` } });
          if (!('items' in previous)) Object.assign(previous, subscriptionPeriod(sub));
          if (change.price_data) item.price = priceOf(obj(change.price_data));
          if (str(change.quantity)) item.quantity = Number(str(change.quantity));
        }
        if (p.metadata) {
          previous.metadata = { ...sub.metadata };
          for (const [k, v] of Object.entries(obj(p.metadata))) {
            if (v === '') delete sub.metadata[k];
            else sub.metadata[k] = v;
          }
        }
        if (Object.keys(previous).length) emit('customer.subscription.updated', sub, previous);
        if (eventsFirst) await queue;
        return reply(200, sub);
      }
    }
    if (req.method === 'GET' && path === '/v1/invoice_payments') {
      const q = url.searchParams;
      const data = invoicePayments
        .filter((x) => (!q.get('invoice') || x.invoice === q.get('invoice')) && (!q.get('status') || x.status === q.get('status')))
        .slice(0, Number(q.get('limit') ?? 10));
      return send(res, 200, { object: 'list', data, has_more: false, url: '/v1/invoice_payments' });
    }
    if (req.method === 'POST' && path === '/v1/refunds') {
      const p = decode(form);
      const pi = paymentIntents.get(str(p.payment_intent) ?? '');
      if (!pi)
        return reply(400, {
          error: {
            type: 'invalid_request_error',
            param: 'payment_intent',
            code: 'resource_missing',
            message: `No such payment_intent: '${str(p.payment_intent)}'`,
          },
        });
      const left = pi.amount_received - pi.refunded;
      const amount = str(p.amount) === undefined ? left : Number(str(p.amount));
      if (!Number.isInteger(amount) || amount <= 0)
        return reply(400, { error: { type: 'invalid_request_error', param: 'amount', message: 'Invalid positive integer' } });
      if (amount > left)
        return reply(400, {
          error: {
            type: 'invalid_request_error',
            param: 'amount',
            code: 'amount_too_large',
            message: `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
          },
        });
      pi.refunded += amount;
      // The transfer reversed in proportion (what the connected account got of this part of the charge).
      const destination = str(p.reverse_transfer) === 'true' && pi.transfer_data ? accounts.get(pi.transfer_data.destination) : undefined;
      if (destination) destination.pending -= Math.round((amount * (pi.amount - (pi.application_fee_amount ?? 0))) / pi.amount);
      const refund: FakeRefund = {
        id: id('re'),
        object: 'refund',
        amount,
        payment_intent: pi.id,
        status: 'succeeded',
        currency: 'usd',
        reverse_transfer: str(p.reverse_transfer) === 'true',
        refund_application_fee: str(p.refund_application_fee) === 'true',
        key: idempotencyKey,
      };
      refunds.push(refund);
      const { reverse_transfer: _r, refund_application_fee: _f, key: _k, ...json } = refund;
      return reply(200, { ...json, charge: pi.latest_charge, created: now(), metadata: {} });
    }
    return error(res, 404, 'invalid_request_error', `Unrecognized request URL (${req.method}: ${path}).`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    secretKey,
    accounts,
    payouts,
    requests,
    /** A connected account that exists at "Stripe" already (the demo publishers'). */
    addAccount(id: string, cents: { available: number; pending: number }) {
      accounts.set(id, { id, details_submitted: true, email: '', ...cents });
    },
    /** The next API request fails with this status (a Stripe outage). */
    failNext(status: number) {
      failNext = status;
    },
    sessions,
    subscriptions,
    invoices,
    paymentIntents,
    refunds,
    /** Every event made, oldest first, and each delivery of one (its answer). */
    events,
    deliveries,
    /** Where events are sent, signed with `secret` (the endpoint's whsec_…). */
    setWebhook(url: string, secret: string) {
      webhook = { url, secret };
    },
    /** Delivers an event again (Stripe's retry, or a resend from its dashboard): the same event, a new signature. */
    resend(eventId: string) {
      const event = events.find((e) => e.id === eventId);
      if (!event) throw new Error(`no event ${eventId}`);
      return deliver(event);
    },
    /**
     * A subscription's update or cancellation answers only once its events were delivered (and answered): the
     * caller hears of its own change from the webhook first, as it can from Stripe.
     */
    eventsBeforeAnswers(on: boolean) {
      eventsFirst = on;
    },
    /**
     * Events are made but not delivered until `releaseEvents` (a webhook endpoint slow or down while Stripe goes
     * on: a payment completes at Stripe before the portal hears of it).
     */
    holdEvents() {
      if (gate) return;
      let open = () => {};
      const wait = new Promise<void>((resolve) => (open = resolve));
      gate = { wait, open };
    },
    /** Delivers the events held since `holdEvents`, in order (and those made after, as usual). */
    releaseEvents() {
      gate?.open();
      gate = null;
    },
    /** Resolves once every event made so far (and any they led to) was delivered. */
    async idle() {
      let last: Promise<void> | null = null;
      while (last !== queue) {
        last = queue;
        await queue;
      }
    },
    /** The session's time ran out unpaid: expired, and `checkout.session.expired` is sent. */
    expire(sessionId: string) {
      const session = sessions.get(sessionId);
      if (!session || session.json.status !== 'open') throw new Error(`session ${sessionId} is not open`);
      session.json.status = 'expired';
      emit('checkout.session.expired', session.json);
    },
    /**
     * The test clock: the subscription's current period (or trial) ends now. Cancelling at the period end: it
     * ends (customer.subscription.deleted). Otherwise the next period is invoiced and charged to the saved card:
     * paid → invoice.paid (subscription_cycle) and customer.subscription.updated (active, the new period);
     * failed → invoice.payment_failed and customer.subscription.updated (past_due). Answers the subscription.
     */
    advance(subscriptionId: string) {
      const sub = subscriptions.get(subscriptionId);
      if (!sub || sub.status === 'canceled') throw new Error(`no running subscription ${subscriptionId}`);
      const item = sub.items.data[0];
      const end: number = item.current_period_end;
      if (sub.cancel_at_period_end) {
        const previous = { status: sub.status };
        Object.assign(sub, { status: 'canceled', canceled_at: end, ended_at: end });
        emit('customer.subscription.deleted', sub, previous);
        return sub;
      }
      const next = addInterval(end, item.price.recurring?.interval ?? 'month', sub.billing_cycle_anchor);
      const paid = chargeable(cards.get(sub.default_payment_method) ?? '');
      const invoice = invoiceFor(sub, 'subscription_cycle', end, next, paid);
      const previous = { status: sub.status, ...subscriptionPeriod(sub) };
      Object.assign(item, { current_period_start: end, current_period_end: next });
      sub.status = paid ? 'active' : 'past_due';
      emit(paid ? 'invoice.paid' : 'invoice.payment_failed', invoice);
      emit('customer.subscription.updated', sub, previous);
      return sub;
    },
    /**
     * Stripe's retries of a past-due subscription's invoice are used up: the subscription is cancelled (the
     * "cancel the subscription" choice of Stripe's revenue recovery settings), customer.subscription.deleted.
     */
    retriesExhausted(subscriptionId: string) {
      const sub = subscriptions.get(subscriptionId);
      if (!sub || sub.status !== 'past_due') throw new Error(`subscription ${subscriptionId} is not past due`);
      const previous = { status: sub.status };
      Object.assign(sub, { status: 'canceled', canceled_at: now(), ended_at: now() });
      emit('customer.subscription.deleted', sub, previous);
      return sub;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type StripeFake = Awaited<ReturnType<typeof startStripeFake>>;
