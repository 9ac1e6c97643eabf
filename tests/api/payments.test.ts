import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPublishers } from '../../server/dev/seed/seed-data';
import { payouts, publisherActivity, sandboxLedger } from '../../server/db/schema';
import { KEY_REUSED_MESSAGE, payoutKey, reconcilePayouts } from '../../server/commerce/payments/payouts';
import type { SandboxProvider } from '../../server/dev/payments/sandbox';
import { startServer, type TestServer } from '../harness';
import { startStripeFake, type StripeFake } from '../stripe-fake';

const pub = (key: (typeof demoPublishers)[number]['key']) => demoPublishers.find((p) => p.key === key)!;
const state = () => randomBytes(18).toString('base64url');
const devId = (key: string) => createHash('sha256').update(`developer:${key}`).digest('hex').slice(0, 24);
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/** What differs between the providers: how a person onboards, and what the provider recorded. */
type Provider = {
  name: 'sandbox' | 'stripe';
  start(): Promise<TestServer>;
  accountPattern: RegExp;
  /** Where the provider's onboarding will send the browser back (read from the link, before onboarding). */
  returnUrlOf(url: string): URL;
  /** A person finishing the onboarding: where the browser ends up. */
  onboard(url: string): Promise<URL>;
  dashboardShows(url: string): Promise<void>;
  /** Dollars paid out of an account, and how many payouts a key made, as the provider recorded them. */
  paidOut(account: string): Promise<number>;
  payoutsWithKey(key: string): Promise<number>;
  /** Money arriving at the provider (a sale), available at once. */
  credit(account: string, dollars: number): Promise<void>;
  close(): Promise<void>;
};

function sandbox(): Provider {
  let s: TestServer;
  const ledger = (account: string) => s.app.db.select().from(sandboxLedger).where(eq(sandboxLedger.accountId, account));
  return {
    name: 'sandbox',
    start: async () => (s = await startServer()),
    accountPattern: /^acct_sbx_/,
    returnUrlOf(url) {
      const token = new URL(url, s.base).searchParams.get('t')!;
      return new URL(JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()).returnUrl);
    },
    async onboard(url) {
      const target = new URL(url, s.base);
      const page = await fetch(target);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Set up payouts');
      const res = await fetch(new URL(target.pathname, s.base), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form({ t: target.searchParams.get('t')!, business_name: 'Fjord Labs AS', action: 'connect' }),
        redirect: 'manual',
      });
      expect(res.status).toBe(303);
      return new URL(res.headers.get('location')!);
    },
    async dashboardShows(url) {
      const page = await fetch(new URL(url, s.base));
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('$312.75');
    },
    paidOut: async (account) => -(await ledger(account)).filter((e) => e.kind === 'payout').reduce((sum, e) => sum + e.amount, 0),
    payoutsWithKey: async (key) => (await s.app.db.select().from(sandboxLedger).where(eq(sandboxLedger.idempotencyKey, key))).length,
    credit: (account, dollars) => (s.app.payments as SandboxProvider).credit(account, dollars, new Date(Date.now() - 1000), 'Sale'),
    close: () => s.close(),
  };
}

function stripe(): Provider {
  let s: TestServer;
  let fake: StripeFake;
  return {
    name: 'stripe',
    async start() {
      fake = await startStripeFake();
      // The demo's connected publishers exist at Stripe with the balances the seed shows.
      for (const p of demoPublishers.filter((x) => x.stripe))
        fake.addAccount(p.stripe, { available: Math.round(p.available * 100), pending: Math.round(p.pending * 100) });
      s = await startServer({}, { STRIPE_SECRET_KEY: fake.secretKey, STRIPE_API_URL: fake.base });
      return s;
    },
    accountPattern: /^acct_fake/,
    returnUrlOf: (url) => new URL(new URL(url).searchParams.get('return_url')!),
    async onboard(url) {
      expect(url.startsWith(fake.base)).toBe(true);
      const res = await fetch(url, { redirect: 'manual' });
      expect(res.status).toBe(302);
      return new URL(res.headers.get('location')!);
    },
    async dashboardShows(url) {
      expect(url).toBe(`${fake.base}/express/${pub('northwind').stripe}`);
      expect((await fetch(url)).status).toBe(200);
    },
    paidOut: async (account) => fake.payouts.filter((p) => p.account === account).reduce((sum, p) => sum + p.amount, 0) / 100,
    payoutsWithKey: async (key) => fake.payouts.filter((p) => p.key === key).length,
    async credit(account, dollars) {
      fake.accounts.get(account)!.available += Math.round(dollars * 100);
    },
    async close() {
      await s.close();
      await fake.close();
    },
  };
}

describe.each([sandbox(), stripe()])('payments through the $name provider', (provider) => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await provider.start();
    admin = await s.signIn('admin');
  });
  afterAll(() => provider.close());

  const publisherOf = async (id: string) =>
    (await s.request('GET', `/v1/admin/publishers/${id}`, { token: admin })).json as {
      stripeAccountId: string;
      stripeAvailableBalance: number;
      stripePendingBalance: number;
    };
  const payout = (id: string, amount: unknown, key?: string, token = admin) =>
    s.request('POST', `/v1/admin/publishers/${id}/payout`, { token, body: { amount }, headers: key ? { 'idempotency-key': key } : {} });

  describe('connecting', () => {
    it('onboards on the provider’s pages and comes back to /publisher/oauth/stripe with a single-use code', async () => {
      const lars = await s.signIn('fjordOwner');
      const st = state();
      const start = await s.request('GET', `/v1/oauth/stripe?state=${st}`, { token: lars });
      expect(start.status).toBe(200);

      // Before the onboarding is finished, the code does not connect.
      const early = provider.returnUrlOf(start.json.url).searchParams.get('code')!;
      const notYet = await s.request('POST', '/v1/oauth/stripe', { token: lars, body: { code: early } });
      expect(notYet.status).toBe(409);
      expect(notYet.json.error).toBe('The payment account is not set up yet: finish the onboarding first.');

      const back = await provider.onboard(start.json.url);
      expect(back.pathname).toBe('/publisher/oauth/stripe');
      expect(back.searchParams.get('state')).toBe(st);
      const code = back.searchParams.get('code')!;

      // Another publisher cannot use it; then its own owner completes the connection, once.
      expect((await s.request('POST', '/v1/oauth/stripe', { token: await s.signIn('owner'), body: { code } })).status).toBe(400);
      expect((await s.request('POST', '/v1/oauth/stripe', { token: lars, body: { code, state: st } })).status).toBe(200);
      const publisher = (await s.request('GET', '/v1/publisher', { token: lars })).json;
      expect(publisher.stripeAccountId).toMatch(provider.accountPattern);
      expect(publisher).toMatchObject({ stripeAvailableBalance: 0, stripePendingBalance: 0 });
      const again = await s.request('POST', '/v1/oauth/stripe', { token: lars, body: { code } });
      expect(again.status).toBe(400);
      expect(again.json.error).toBe('This connection link is invalid or has expired: connect again.');

      // Connecting again goes through the same account instead of making another.
      const restart = await s.request('GET', `/v1/oauth/stripe?state=${state()}`, { token: lars });
      const second = await provider.onboard(restart.json.url);
      expect((await s.request('POST', '/v1/oauth/stripe', { token: lars, body: { code: second.searchParams.get('code') } })).status).toBe(200);
      expect((await s.request('GET', '/v1/publisher', { token: lars })).json.stripeAccountId).toBe(publisher.stripeAccountId);
    });

    it('refuses a missing or malformed state, codes it never issued, viewers and the signed-out', async () => {
      const olivia = await s.signIn('owner');
      expect((await s.request('GET', '/v1/oauth/stripe', { token: olivia })).status).toBe(400);
      expect((await s.request('GET', '/v1/oauth/stripe?state=short', { token: olivia })).status).toBe(400);
      expect((await s.request('POST', '/v1/oauth/stripe', { token: olivia, body: { code: 'not-a-code' } })).status).toBe(400);
      expect((await s.request('GET', `/v1/oauth/stripe?state=${state()}`, { token: await s.signIn('viewer') })).status).toBe(403);
      expect((await s.request('GET', `/v1/oauth/stripe?state=${state()}`)).status).toBe(401);
    });

    it('opens the provider’s dashboard for a connected publisher only', async () => {
      const res = await s.request('GET', '/v1/publisher/stripe/dashboard', { token: await s.signIn('owner') });
      expect(res.status).toBe(200);
      await provider.dashboardShows(res.json.url);
      const tomas = await s.signIn('unregistered');
      expect((await s.request('GET', '/v1/publisher/stripe/dashboard', { token: tomas })).status).toBe(400);
    });
  });

  describe('balances', () => {
    it('reads them fresh from the provider: money that arrived there shows, on the profile and for staff', async () => {
      const olivia = await s.signIn('owner');
      const before = (await s.request('GET', '/v1/publisher/balance', { token: olivia })).json as { available: number; pending: number };
      await provider.credit(pub('northwind').stripe, 49.99);
      const after = await s.request('GET', '/v1/publisher/balance', { token: olivia });
      expect(after.status).toBe(200);
      expect(after.json.available).toBeCloseTo(before.available + 49.99, 2);
      expect(after.json.pending).toBe(before.pending);
      expect((await s.request('GET', '/v1/publisher', { token: olivia })).json.stripeAvailableBalance).toBeCloseTo(before.available + 49.99, 2);
      await provider.credit(pub('northwind').stripe, 0.01);
      expect((await publisherOf(pub('northwind').id)).stripeAvailableBalance).toBeCloseTo(before.available + 50, 2);
      // Not connected: nothing to ask, the balances are zero.
      expect((await s.request('GET', '/v1/publisher/balance', { token: await s.signIn('unregistered') })).json).toEqual({ available: 0, pending: 0 });
    });
  });

  describe('payouts: exactly once, never below zero', () => {
    it('pays out from the available balance and answers the expected arrival', async () => {
      const before = await publisherOf(pub('northwind').id);
      const res = await payout(pub('northwind').id, 25.5);
      expect(res.status).toBe(200);
      expect(new Date(res.json.expected).getTime()).toBeGreaterThan(Date.now() + 86_400_000);
      const after = await publisherOf(pub('northwind').id);
      expect(after.stripeAvailableBalance).toBeCloseTo(before.stripeAvailableBalance - 25.5, 2);
      expect(after.stripePendingBalance).toBe(before.stripePendingBalance);
      expect(await provider.paidOut(pub('northwind').stripe)).toBeCloseTo(25.5, 2);
      const log = await s.app.db
        .select()
        .from(publisherActivity)
        .where(eq(publisherActivity.publisherId, pub('northwind').id));
      expect(log.find((l) => l.action === 'payout')).toMatchObject({ userName: 'Sofia Rossi', extra: { amount: 25.5 } });
    });

    it('answers a repeated request with the same key with the same payout, paying once', async () => {
      const id = pub('northwind').id;
      const before = await publisherOf(id);
      const paid = await provider.paidOut(pub('northwind').stripe);
      const key = `retry-${randomBytes(6).toString('hex')}`;
      const [a, b] = await Promise.all([payout(id, 12, key), payout(id, 12, key)]);
      const c = await payout(id, 12, key);
      expect([a.status, b.status, c.status]).toEqual([200, 200, 200]);
      expect(new Set([a.json.expected, b.json.expected, c.json.expected]).size).toBe(1);
      expect((await publisherOf(id)).stripeAvailableBalance).toBeCloseTo(before.stripeAvailableBalance - 12, 2);
      expect(await provider.paidOut(pub('northwind').stripe)).toBeCloseTo(paid + 12, 2);
    });

    it('refuses the key of an earlier payout sent with another amount or publisher (409), paying and writing nothing', async () => {
      const [id, other] = [pub('northwind').id, pub('cedar').id];
      const key = `bound-${randomBytes(6).toString('hex')}`;
      const first = await payout(id, 11, key);
      expect(first.status).toBe(200);
      const before = {
        mine: await publisherOf(id),
        theirs: await publisherOf(other),
        paid: await provider.paidOut(pub('northwind').stripe),
        paidTheirs: await provider.paidOut(pub('cedar').stripe),
      };
      const logged = await s.app.db.$count(publisherActivity);
      for (const res of [await payout(id, 11.01, key), await payout(id, 200, key), await payout(other, 11, key)]) {
        expect(res.status).toBe(409);
        expect(res.json).toEqual({ error: KEY_REUSED_MESSAGE, code: 'idempotency_key_reused', requestId: expect.any(String) });
      }
      // The first request, again, still answers its payout.
      const again = await payout(id, 11, key);
      expect(again.status).toBe(200);
      expect(again.json.expected).toBe(first.json.expected);
      expect(await s.app.db.$count(payouts, eq(payouts.requestKey, key))).toBe(1);
      expect(await s.app.db.$count(publisherActivity)).toBe(logged);
      expect((await publisherOf(id)).stripeAvailableBalance).toBe(before.mine.stripeAvailableBalance);
      expect((await publisherOf(other)).stripeAvailableBalance).toBe(before.theirs.stripeAvailableBalance);
      expect(await provider.paidOut(pub('northwind').stripe)).toBeCloseTo(before.paid, 2);
      expect(await provider.paidOut(pub('cedar').stripe)).toBeCloseTo(before.paidTheirs, 2);
    });

    it('lets one of two concurrent requests with one key and different amounts pay, the other a 409', async () => {
      const id = pub('northwind').id;
      const paid = await provider.paidOut(pub('northwind').stripe);
      const key = `race-${randomBytes(6).toString('hex')}`;
      const results = await Promise.all([payout(id, 14, key), payout(id, 15, key)]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      const [row, ...more] = await s.app.db.select().from(payouts).where(eq(payouts.requestKey, key));
      expect(more).toEqual([]);
      expect(await provider.paidOut(pub('northwind').stripe)).toBeCloseTo(paid + row!.amount, 2);
    });

    it('lets 20 concurrent payouts take the balance to zero and no further', async () => {
      const id = pub('cedar').id; // 96.40 available
      const results = await Promise.all(Array.from({ length: 20 }, () => payout(id, 10)));
      expect(results.filter((r) => r.status === 200)).toHaveLength(9);
      const refused = results.filter((r) => r.status !== 200);
      expect(refused.every((r) => r.status === 400 && r.json.error === 'The amount is more than the available balance.')).toBe(true);
      expect((await publisherOf(id)).stripeAvailableBalance).toBeCloseTo(6.4, 2);
      expect(await provider.paidOut(pub('cedar').stripe)).toBeCloseTo(90, 2);
    });

    it('refuses less than 10, more than available, and publishers without an account, changing nothing', async () => {
      const id = pub('northwind').id;
      const before = await publisherOf(id);
      const small = await payout(id, 9.99);
      expect(small.status).toBe(400);
      expect(small.json.fields).toContainEqual({ path: 'amount', message: 'The minimum payout is 10.' });
      expect((await payout(id, 1_000_000)).status).toBe(400);
      expect((await payout(id, 'ten')).status).toBe(400);
      const none = await payout(pub('harbor').id, 10);
      expect(none.status).toBe(400);
      expect(none.json.error).toBe('This publisher has not connected a payment account.');
      expect((await payout('no-such-publisher', 10)).status).toBe(404);
      expect((await publisherOf(id)).stripeAvailableBalance).toBe(before.stripeAvailableBalance);
    });

    it('completes a payout a crash left pending, with the same provider payout (the key makes the retry safe)', async () => {
      const account = pub('northwind').stripe;
      // The process called the provider and died before recording the outcome.
      const id = `crashed-${provider.name}`;
      await s.app.db
        .insert(payouts)
        .values({ id, publisherId: pub('northwind').id, accountId: account, amount: 10, status: 'pending', requestedBy: devId('admin') });
      const made = await s.app.payments.payout(account, 10, payoutKey(id));
      const [done] = await reconcilePayouts(s.app.db, s.app.payments, 0);
      expect(done).toMatchObject({ id, status: 'paid', providerPayoutId: made.id });
      expect(await provider.payoutsWithKey(payoutKey(id))).toBe(1);
    });

    it('is for staff who may update publishers: support yes, reviewers and publishers no', async () => {
      const id = pub('northwind').id;
      expect((await payout(id, 10, undefined, await s.signIn('support'))).status).toBe(200);
      expect((await payout(id, 10, undefined, await s.signIn('reviewer'))).status).toBe(403);
      expect((await payout(id, 10, undefined, await s.signIn('owner'))).status).toBe(403);
      expect((await payout(id, 10, undefined, '')).status).toBe(401);
    });
  });
});

describe('the sandbox provider’s own pages', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer();
  });
  afterAll(() => s.close());

  it('sends a person who cancels back to the profile without a code, and refuses forged links', async () => {
    const start = await s.request('GET', `/v1/oauth/stripe?state=${state()}`, { token: await s.signIn('cedarOwner') });
    const t = new URL(start.json.url, s.base).searchParams.get('t')!;
    const res = await fetch(`${s.base}/dev-payments/onboard`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form({ t, action: 'cancel' }),
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    const back = new URL(res.headers.get('location')!);
    expect(back.pathname).toBe('/publisher/info');
    expect(back.searchParams.get('code')).toBeNull();
    expect((await fetch(`${s.base}/dev-payments/onboard?t=forged.token`)).status).toBe(400);
    expect((await fetch(`${s.base}/dev-payments/dashboard?t=${t.slice(0, -2)}xx`)).status).toBe(400);
  });
});

describe('a Stripe outage', () => {
  let s: TestServer;
  let fake: StripeFake;
  beforeAll(async () => {
    fake = await startStripeFake();
    fake.addAccount(pub('northwind').stripe, { available: 184_320, pending: 31_275 });
    s = await startServer({}, { STRIPE_SECRET_KEY: fake.secretKey, STRIPE_API_URL: fake.base });
  });
  afterAll(async () => {
    await s.close();
    await fake.close();
  });

  it('retries a payout Stripe failed to answer with the same idempotency key: one payout', async () => {
    fake.failNext(500);
    const res = await s.request('POST', `/v1/admin/publishers/${pub('northwind').id}/payout`, { token: await s.signIn('admin'), body: { amount: 20 } });
    expect(res.status).toBe(200);
    const attempts = fake.requests.filter((r) => r.path === '/v1/payouts');
    expect(attempts.length).toBe(2);
    expect(new Set(attempts.map((r) => r.idempotencyKey)).size).toBe(1);
    expect(fake.payouts).toHaveLength(1);
  });
});
