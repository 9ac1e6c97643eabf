import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Account = { id: string; details_submitted: boolean; email: string; available: number; pending: number };
type Payout = { id: string; object: 'payout'; account: string; amount: number; currency: string; arrival_date: number; status: string; key: string | undefined };

/**
 * A small stateful fake of exactly the Stripe endpoints the portal uses (Connect Express accounts, Account
 * Links, login links, the connected account's balance, payouts with idempotency keys), in Stripe's wire
 * format, so the official SDK talks to it as to Stripe. Amounts in cents.
 */
export async function startStripeFake(secretKey = 'sk_test_fake') {
  const accounts = new Map<string, Account>();
  const payouts: Payout[] = [];
  const idempotent = new Map<string, { params: string; status: number; body: unknown }>();
  const requests: { method: string; path: string; account: string | undefined; idempotencyKey: string | undefined }[] = [];
  let n = 0;
  let failNext: number | null = null;

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
  const accountJson = (a: Account) => ({ id: a.id, object: 'account', type: 'express', details_submitted: a.details_submitted, email: a.email, payouts_enabled: a.details_submitted });

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

    if (req.headers.authorization !== `Bearer ${secretKey}`) return error(res, 401, 'invalid_request_error', 'Invalid API Key provided');
    const stripeAccount = req.headers['stripe-account'] as string | undefined;
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    requests.push({ method: req.method ?? '', path, account: stripeAccount, idempotencyKey });
    if (failNext !== null) {
      const status = failNext;
      failNext = null;
      return error(res, status, 'api_error', 'Stripe had a problem (fake).');
    }
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const byKey = idempotencyKey && req.method === 'POST' ? `${stripeAccount ?? ''}:${idempotencyKey}` : undefined;
    if (byKey && idempotent.has(byKey)) {
      const earlier = idempotent.get(byKey)!;
      if (earlier.params !== `${path}?${form.toString()}`) return error(res, 400, 'idempotency_error', 'Keys for idempotent requests can only be used with the same parameters they were first used with.');
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
      if (req.method === 'POST' && one[2]) return reply(200, { object: 'login_link', created: Math.floor(Date.now() / 1000), url: `${base}/express/${account.id}` });
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
      return send(res, 200, { object: 'balance', livemode: false, available: [{ amount: account.available, currency: 'usd' }], pending: [{ amount: account.pending, currency: 'usd' }] });
    }
    if (req.method === 'POST' && path === '/v1/payouts') {
      const account = accounts.get(stripeAccount ?? '');
      if (!account) return error(res, 403, 'invalid_request_error', 'The provided key does not have access to account');
      const amount = Number(form.get('amount'));
      if (!Number.isInteger(amount) || amount <= 0) return reply(400, { error: { type: 'invalid_request_error', message: 'Invalid integer: amount' } });
      if (amount > account.available) return reply(400, { error: { type: 'invalid_request_error', code: 'balance_insufficient', message: 'You have insufficient funds in your Stripe account for this transfer.' } });
      account.available -= amount;
      const payout: Payout = { id: `po_fake${++n}`, object: 'payout', account: account.id, amount, currency: form.get('currency') ?? 'usd', arrival_date: Math.floor(Date.now() / 1000) + 2 * 86_400, status: 'pending', key: idempotencyKey };
      payouts.push(payout);
      return reply(200, payout);
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
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type StripeFake = Awaited<ReturnType<typeof startStripeFake>>;
