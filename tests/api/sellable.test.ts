// Nothing nobody could pay for reaches buyers (docs/rocketchat.md, Buying): a paid app whose publisher has no payout
// account is said to be so on its pages and on the checkout page on arrival, and approving, publishing and featuring
// it are refused with the reason, until the publisher connects Stripe.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SALE_TEXT } from '../../contract/schemas/app';
import { CHECKOUT_MESSAGES } from '../../contract/schemas/checkout';
import { publishers } from '../../server/db/schema';
import { uuidOf } from '../../server/dev/seed/seed';
import { demoPublishers } from '../../server/dev/seed/seed-data';
import { startServer, type TestServer } from '../harness';
import { registerWorkspace } from '../registered-workspace';

const jira = uuidOf('app:Jira Connector');
const northwind = demoPublishers.find((p) => p.key === 'northwind')!;

let s: TestServer;
let reviewer: string;
let admin: string;
let owner: string;
beforeAll(async () => {
  s = await startServer();
  [reviewer, admin, owner] = await Promise.all([s.signIn('reviewer'), s.signIn('admin'), s.signIn('owner')]);
});
afterAll(() => s?.close());

const payouts = (account: string) => s.app.db.update(publishers).set({ stripeAccountId: account }).where(eq(publishers.id, northwind.id));
const staffView = async () => (await s.request('GET', `/v1/admin/app/${jira}`, { token: reviewer })).json;
const act = (versionId: string, action: string, token = reviewer) =>
  s.request('POST', `/v1/admin/app/${jira}/version/${versionId}/${action}`, { token, body: { action } });
const feature = () => s.request('POST', '/v1/admin/featured', { token: reviewer, body: { appId: jira, sectionSlug: 'trending' } });

describe('a paid app whose publisher cannot take payments', () => {
  it('says so to its publisher, staff and buyers, and is not approved, published or featured until payouts are connected', async () => {
    expect(northwind.stripe).not.toBe('');
    const ws = await registerWorkspace(s, admin, 'Sellable Buyer');
    const buyer = await ws.token('marketplace:purchase');
    const offer = async () => (await s.request('GET', `/v1/checkout/apps/${jira}?workspaceId=${ws.id}`, { token: buyer })).json;

    const before = await staffView();
    expect([before.purchaseType, before.price > 0, before.cannotSell]).toEqual(['buy', true, null]);
    expect((await offer()).unavailable).toBeNull();

    await payouts('');
    try {
      const app = await staffView();
      expect(app.cannotSell).toBe(SALE_TEXT.cannotTakePayments);
      expect((await s.request('GET', `/v1/publisher/apps/${jira}`, { token: owner })).json.cannotSell).toBe(SALE_TEXT.cannotTakePayments);
      // The checkout says it on arrival, before any plan or term is asked for.
      expect((await offer()).unavailable).toBe(CHECKOUT_MESSAGES.noPayoutAccount);

      const refused = await act(app.latest.id, 'approve');
      expect([refused.status, refused.json.code, refused.json.error]).toEqual([409, 'cannot_take_payments', SALE_TEXT.cannotTakePayments]);
      expect((await staffView()).latest.status).toBe(app.latest.status);
      const featured = await feature();
      expect([featured.status, featured.json.code]).toEqual([409, 'cannot_take_payments']);
      const { sections } = (await s.request('GET', '/v1/admin/featured', { token: reviewer })).json as {
        sections: { slug: string; apps: { appId: string }[] }[];
      };
      expect(sections.find((x) => x.slug === 'trending')?.apps.map((a) => a.appId) ?? []).not.toContain(jira);
      // The featured drawer does not offer it either.
      const candidates = (await s.request('GET', '/v1/admin/featured/apps?q=Jira', { token: reviewer })).json as { appId: string }[];
      expect(candidates.map((a) => a.appId)).not.toContain(jira);
    } finally {
      await payouts(northwind.stripe);
    }

    // Connected: everything it refused succeeds.
    expect((await staffView()).cannotSell).toBeNull();
    expect(((await s.request('GET', '/v1/admin/featured/apps?q=Jira', { token: reviewer })).json as { appId: string }[]).map((a) => a.appId)).toContain(jira);
    expect((await offer()).unavailable).toBeNull();
    const { latest } = await staffView();
    expect((await act(latest.id, 'approve')).json.status).toBe('approved');
    expect((await act(latest.id, 'publish', admin)).json.status).toBe('published');
    expect((await feature()).status).toBe(201);
  });

  it('leaves free apps alone: its publisher’s free apps can still be had', async () => {
    await payouts('');
    try {
      const free = (await s.request('GET', '/v1/admin/apps?limit=100&offset=0', { token: reviewer })).json.data.filter(
        (a: { price: number; purchaseType: string; publisher: { id: string } }) => a.purchaseType === 'buy' && a.price === 0 && a.publisher.id === northwind.id,
      );
      expect(free.length).toBeGreaterThan(0);
      expect(free.every((a: { cannotSell: string | null }) => a.cannotSell === null)).toBe(true);
    } finally {
      await payouts(northwind.stripe);
    }
  });
});
