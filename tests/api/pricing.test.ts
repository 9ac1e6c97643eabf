import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { uuidOf } from '../../server/dev/seed/seed';
import { salesEvents } from '../../server/db/schema';
import { startServer, type TestServer } from '../harness';

let s: TestServer;
let owner: string;
let lars: string;
beforeAll(async () => {
  s = await startServer();
  [owner, lars] = await Promise.all([s.signIn('owner'), s.signIn('fjordOwner')]);
});
afterAll(() => s.close());

const appId = (name: string) => uuidOf(`app:${name}`);
const setPricing = (name: string, body: unknown, token = owner) => s.request('POST', `/v1/publisher/apps/${appId(name)}/pricing`, { token, body });
const prices = async (name: string, token = owner) =>
  (await s.request('GET', `/v1/publisher/apps/${appId(name)}/prices`, { token })).json as {
    id: string;
    name: string;
    active: boolean;
    type: string;
    buyPrice: number;
  }[];
const plan = (over: Record<string, unknown> = {}) => ({
  name: 'Team',
  monthly: { enabled: true, price: 4, isSeatBased: false, tiers: [] },
  yearly: { enabled: true, price: 40, isSeatBased: false, tiers: [] },
  trialEnabled: false,
  trialDuration: 0,
  ...over,
});
const newPlan = (name: string, body: unknown, token = owner) => s.request('POST', `/v1/publisher/apps/${appId(name)}/prices`, { token, body });

describe('the pricing-set call follows the pricing machine', () => {
  it('moves free → one-time → free, one new active price each time (the previous one legacy)', async () => {
    const buy = await setPricing('Weather Now', { type: 'buy', buyPrice: 5.99 });
    expect(buy.status, buy.text).toBe(200);
    expect(buy.json).toMatchObject({ purchaseType: 'buy', price: 5.99 });
    const list = await prices('Weather Now');
    expect(list.filter((p) => p.active)).toEqual([expect.objectContaining({ type: 'buy', buyPrice: 5.99, id: buy.json.currentPricingId })]);
    const free = await setPricing('Weather Now', { type: 'buy', buyPrice: 0 });
    expect(free.json).toMatchObject({ purchaseType: 'buy', price: 0 });
    expect((await prices('Weather Now')).filter((p) => p.active)).toEqual([expect.objectContaining({ type: 'free', buyPrice: 0 })]);
  });

  it('needs a plan for a subscription, and canCreatePaidApps for paid types', async () => {
    const noPlan = await setPricing('Weather Now', { type: 'subscription', buyPrice: 0 });
    expect([noPlan.status, noPlan.json.fields]).toEqual([400, [{ path: 'pricingId', message: 'A pricing plan is required.' }]]);
    const fjord = await setPricing('GitLab Notifier', { type: 'buy', buyPrice: 3 }, lars);
    expect([fjord.status, fjord.json.code]).toEqual([403, 'paid_apps_disabled']);
    expect((await newPlan('GitLab Notifier', plan(), lars)).status).toBe(403);
    expect((await setPricing('GitLab Notifier', { type: 'buy', buyPrice: 0 }, lars)).status).toBe(200);
  });

  it('refuses subscription → one-time with the spec’s words, changing nothing', async () => {
    const res = await setPricing('Standup Bot', { type: 'buy', buyPrice: 9 });
    expect(res.status).toBe(409);
    expect(res.json.error).toBe('Converting from a subscription to one-time purchase is not allowed at this time.');
    expect((await s.request('GET', `/v1/publisher/apps/${appId('Standup Bot')}`, { token: owner })).json.purchaseType).toBe('subscription');
  });

  it('asks before cancelling subscriptions, then really cancels all of them', async () => {
    const stats = async () => (await s.request('GET', `/v1/publisher/apps/${appId('Standup Bot')}/stats`, { token: owner })).json;
    expect((await stats()).activeSubscriptions).toBe(3);
    const cancellations = () =>
      s.app.db
        .select()
        .from(salesEvents)
        .where(and(eq(salesEvents.appId, appId('Standup Bot')), eq(salesEvents.type, 'app.subscription.cancelled')));
    const ask = await setPricing('Standup Bot', { type: 'buy', buyPrice: 0 });
    expect([ask.status, ask.json.code, ask.json.error]).toEqual([
      409,
      'confirmation_required',
      'All 3 active subscription(s) will be automatically cancelled with this change.',
    ]);
    expect((await stats()).activeSubscriptions).toBe(3);
    expect(await cancellations()).toEqual([]);
    const done = await setPricing('Standup Bot', { type: 'buy', buyPrice: 0, confirmCancelSubscriptions: true });
    expect(done.json).toMatchObject({ purchaseType: 'buy', price: 0 });
    const after = await stats();
    // The past-due one stays as it was; the three active ones are cancelled.
    expect([after.activeSubscriptions, after.inactiveSubscriptions]).toEqual([0, 4]);
    // Each cancellation is a sales event, saying why and what the status was.
    const events = await cancellations();
    expect(events).toHaveLength(3);
    expect(events.map((e) => (e.payload as { reason: string }).reason)).toEqual(['pricing-changed', 'pricing-changed', 'pricing-changed']);
    expect(events.map((e) => (e.payload as { changes: { status: { from: string } } }).changes.status.from).sort()).toEqual(['active', 'active', 'trialing']);
  });
});

describe('new pricing plans', () => {
  it('creates a plan that becomes the one active price; the app becomes a subscription app', async () => {
    const res = await newPlan('Calendar Sync', plan({ trialEnabled: true, trialDuration: 14 }));
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({ name: 'Team', type: 'subscription', active: true, trialDuration: 14, monthly: { price: 4 } });
    const app = (await s.request('GET', `/v1/publisher/apps/${appId('Calendar Sync')}`, { token: owner })).json;
    expect(app).toMatchObject({ purchaseType: 'subscription', currentPricingId: res.json.id });
    const list = await prices('Calendar Sync');
    expect(list.filter((p) => p.active).map((p) => p.id)).toEqual([res.json.id]);
    expect(list.length).toBeGreaterThan(1);
  });

  it('keeps exactly one active price under concurrent creates', async () => {
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => newPlan('Calendar Sync', plan({ name: `Plan ${i}` }))));
    expect(results.map((r) => r.status)).toEqual(Array(12).fill(201));
    const list = await prices('Calendar Sync');
    expect(list.filter((p) => p.active)).toHaveLength(1);
    const app = (await s.request('GET', `/v1/publisher/apps/${appId('Calendar Sync')}`, { token: owner })).json;
    expect(list.find((p) => p.active)!.id).toBe(app.currentPricingId);
  });

  it('switches the active plan with the pricing-set call', async () => {
    const older = (await prices('Calendar Sync')).find((p) => !p.active && p.type === 'subscription')!;
    const res = await setPricing('Calendar Sync', { type: 'subscription', buyPrice: 0, pricingId: older.id });
    expect(res.json.currentPricingId).toBe(older.id);
    expect((await prices('Calendar Sync')).filter((p) => p.active).map((p) => p.id)).toEqual([older.id]);
  });

  it('gives each plan rule its message', async () => {
    const say = async (body: unknown) =>
      Object.fromEntries(((await newPlan('Calendar Sync', body)).json.fields ?? []).map((f: { path: string; message: string }) => [f.path, f.message]));
    expect(await say(plan({ name: ' ' }))).toEqual({ name: 'Plan name is required.' });
    expect(await say(plan({ monthly: { enabled: true, price: -1, isSeatBased: false, tiers: [] } }))).toEqual({
      'monthly.price': 'Monthly price can not be negative.',
    });
    expect(await say(plan({ yearly: { enabled: true, price: -1, isSeatBased: false, tiers: [] } }))).toEqual({
      'yearly.price': 'Yearly price can not be negative.',
    });
    expect(await say(plan({ trialEnabled: true, trialDuration: 0 }))).toEqual({ trialDuration: 'Trial days must be at least 1 when enabled.' });
    expect(await say(plan({ monthly: { enabled: true, price: 0, isSeatBased: true, tiers: [{ price: 2, perUnit: true, minimum: 1, maximum: 50 }] } }))).toEqual(
      {
        'monthly.tiers': 'When the pricing plan is per seat there must be at least two tiers.',
      },
    );
    const gap = [
      { price: 2, perUnit: true, minimum: 1, maximum: 50 },
      { price: 1, perUnit: true, minimum: 60, maximum: 150 },
    ];
    expect(await say(plan({ monthly: { enabled: true, price: 0, isSeatBased: true, tiers: gap } }))).toEqual({
      'monthly.tiers.1.minimum': 'Each tier must start at the previous tier’s maximum plus 1.',
    });
  });
});
