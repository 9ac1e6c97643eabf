import { createHash } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidOf } from '../../server/dev/seed/seed';
import { demoPublishers } from '../../server/dev/seed/seed-data';
import { apps, purchaseRecords, salesEvents, sandboxLedger, workspaces } from '../../server/db/schema';
import { changeSubscription, createPurchase } from '../../server/commerce/sales/purchases';
import { startServer, type TestServer } from '../harness';

let s: TestServer;
let support: string;
let admin: string;
let reviewer: string;
let owner: string;
let fjord: string;
beforeAll(async () => {
  s = await startServer();
  [support, admin, reviewer, owner, fjord] = await Promise.all([
    s.signIn('support'),
    s.signIn('admin'),
    s.signIn('reviewer'),
    s.signIn('owner'),
    s.signIn('fjordOwner'),
  ]);
});
afterAll(() => s.close());

const hex = (v: string) => createHash('sha256').update(v).digest('hex').slice(0, 24);
const standup = uuidOf('app:Standup Bot');
const jira = uuidOf('app:Jira Connector');
const perSeat = `${hex('price:Standup Bot')}:monthly`;
const yearly = `${hex('price:Standup Bot')}:yearly`;
const acmeHq = hex('ws:acme-hq');
const northwind = demoPublishers.find((p) => p.key === 'northwind')!.id;
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();
const events = (purchaseId: string) => s.app.db.select().from(salesEvents).where(eq(salesEvents.purchaseId, purchaseId)).orderBy(asc(salesEvents.seq));
const create = (body: Record<string, unknown>, token = support) =>
  s.request('POST', '/v1/admin/purchases', {
    token,
    body: { externallyManaged: true, planId: '', seats: 0, addonTierId: '', periodEnd: inDays(30), workspaceId: acmeHq, ...body },
  });
const edit = (id: string, body: Record<string, unknown>) => s.request('POST', `/v1/admin/purchases/${id}`, { token: support, body });

describe('creating a purchase record (SPEC §5, §7)', () => {
  it('says what is missing, field by field, and creates nothing', async () => {
    const before = (await s.request('GET', '/v1/admin/purchases?limit=1', { token: support })).json.meta.total;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ appId: '' }, 'appId', 'Select the App which will be marked as purchased.'],
      [{ appId: 'no-such-app' }, 'appId', 'Select the App which will be marked as purchased.'],
      [{ appId: jira, workspaceId: ' ' }, 'workspaceId', 'A valid Workspace ID is required.'],
      [{ appId: jira, workspaceId: 'no-such-workspace' }, 'workspaceId', 'A valid Workspace ID is required.'],
      [{ appId: standup, planId: '' }, 'planId', 'Please input the plan which should be used'],
      [{ appId: standup, planId: 'made-up:monthly' }, 'planId', 'Please input the plan which should be used'],
      [{ appId: standup, planId: perSeat, seats: 0 }, 'seats', 'Please input the number of seats'],
      [{ appId: standup, planId: perSeat, seats: 3, periodEnd: inDays(-3) }, 'periodEnd', 'Please select the period end date'],
      [{ appId: standup, planId: perSeat, seats: 3, periodEnd: 'not a date' }, 'periodEnd', 'Please select the period end date'],
    ];
    for (const [body, path, message] of cases) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.fields).toContainEqual({ path, message });
    }
    expect((await create({ appId: jira, externallyManaged: false })).status).toBe(400);
    expect((await s.request('GET', '/v1/admin/purchases?limit=1', { token: support })).json.meta.total).toBe(before);
  });

  it('makes an externally managed per-seat subscription priced by its tier, with its event', async () => {
    const res = await create({ appId: standup, planId: perSeat, seats: 60, periodEnd: inDays(20) });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      appId: standup,
      appName: 'Standup Bot',
      isBundle: false,
      purchaseType: 'subscription',
      price: 210,
      subscriptionInfo: { status: 'active', isSeatBased: true, seats: 60, maxSeats: 150, externallyManaged: true },
    });
    const [event, ...more] = await events(res.json._id);
    expect(more).toEqual([]);
    expect(event).toMatchObject({
      type: 'app.subscription.created',
      publisherId: northwind,
      appId: standup,
      payload: { purchase: res.json, workspaceId: acmeHq },
    });
    expect(event!.id).toMatch(/^evt_[0-9a-f]{24}$/);
    // Externally managed: billed outside the marketplace, so nothing is credited.
    expect(
      await s.app.db
        .select()
        .from(sandboxLedger)
        .where(eq(sandboxLedger.id, `txn_sale_${res.json._id}`)),
    ).toEqual([]);
    const flat = await create({ appId: standup, planId: yearly, seats: 7 });
    expect(flat.json).toMatchObject({ price: 40, subscriptionInfo: { isSeatBased: false, seats: 0, maxSeats: 0 } });
  });

  it('makes a one-time purchase at the app’s price with app.purchase.created', async () => {
    const res = await create({ appId: jira });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ appName: 'Jira Connector', purchaseType: 'buy', price: 4.99, subscriptionInfo: null });
    expect((await events(res.json._id)).map((e) => e.type)).toEqual(['app.purchase.created']);
  });
});

describe('period end dates (create and edit)', () => {
  const year = new Date().getUTCFullYear() + 2;
  const unreal = [
    `${year}-02-30`,
    `${year}-13-01`,
    `${year}-06-01T24:00:00Z`,
    `${year}-06-01T12:00:00`,
    '+275760-09-13T00:00:00.000Z',
    '1999-12-31T00:00:00Z',
    20300101,
  ];
  const refused = (res: { status: number; json: { error: string; code: string; requestId: string; fields: unknown[] } }, message: string) => {
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ error: message, code: 'validation_error', requestId: expect.any(String), fields: [{ path: 'periodEnd', message }] });
  };

  it('creates nothing for a date that is not a real calendar date-time in 2000–9999, and reads the real ones exactly', async () => {
    const count = () => s.app.db.$count(purchaseRecords);
    const before = await count();
    for (const periodEnd of unreal) refused(await create({ appId: standup, planId: perSeat, seats: 3, periodEnd }), 'Please select the period end date');
    expect(await count()).toBe(before);
    const dateOnly = await create({ appId: standup, planId: perSeat, seats: 3, periodEnd: `${year}-02-28` });
    expect(dateOnly.json.subscriptionInfo.periodEnd).toBe(`${year}-02-28T00:00:00.000Z`);
    const offset = await create({ appId: standup, planId: perSeat, seats: 3, periodEnd: `${year}-12-31T23:30:00-05:00` });
    expect(offset.json.subscriptionInfo.periodEnd).toBe(`${year + 1}-01-01T04:30:00.000Z`);
  });

  it('changes nothing for such a date in an edit, and stores a real one as the instant it names', async () => {
    const sub = (await create({ appId: standup, planId: perSeat, seats: 10, periodEnd: inDays(15) })).json;
    const base = { status: 'active', seats: 10, externallyManaged: true };
    for (const periodEnd of unreal) refused(await edit(sub._id, { ...base, periodEnd }), 'Period end is required.');
    expect((await s.request('GET', `/v1/admin/purchases/${sub._id}`, { token: support })).json.purchaseRecord).toEqual(sub);
    expect((await events(sub._id)).length).toBe(1);
    const res = await edit(sub._id, { ...base, periodEnd: `${year}-02-28T12:00+02:00` });
    expect(res.status).toBe(200);
    expect(res.json.subscriptionInfo.periodEnd).toBe(`${year}-02-28T10:00:00.000Z`);
  });
});

describe('reading purchase records', () => {
  it('lists every record newest first or oldest first, paged, with the total; the publisher sees its own', async () => {
    const all = (await s.request('GET', '/v1/admin/purchases?limit=100', { token: support })).json;
    const dates = all.data.map((p: { date: string }) => p.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    const asc = (await s.request('GET', '/v1/admin/purchases?limit=100&order=asc', { token: support })).json;
    expect(asc.data.map((p: { _id: string }) => p._id)).toEqual(all.data.map((p: { _id: string }) => p._id).reverse());
    const pages = [];
    for (let offset = 0; offset < all.meta.total; offset += 3)
      pages.push(...(await s.request('GET', `/v1/admin/purchases?limit=3&offset=${offset}`, { token: support })).json.data);
    expect(pages).toEqual(all.data);
    expect((await s.request('GET', `/v1/admin/purchases?limit=3&offset=${all.meta.total}`, { token: support })).json.data).toEqual([]);
    expect((await s.request('GET', '/v1/admin/purchases?order=sideways', { token: support })).status).toBe(400);

    const mine = (await s.request('GET', '/v1/publisher/purchases?limit=100', { token: owner })).json;
    const northwindApps = new Set((await s.app.db.select({ id: apps.id }).from(apps).where(eq(apps.publisherId, northwind))).map((a) => a.id));
    expect(mine.data.length).toBe(mine.meta.total);
    expect(mine.data.every((p: { appId: string }) => northwindApps.has(p.appId))).toBe(true);
    expect(mine.data.map((p: { _id: string }) => p._id)).toEqual(
      all.data.filter((p: { appId: string }) => northwindApps.has(p.appId)).map((p: { _id: string }) => p._id),
    );
    const theirs = (await s.request('GET', '/v1/publisher/purchases?limit=100', { token: fjord })).json;
    expect(theirs.data.some((p: { appId: string }) => northwindApps.has(p.appId))).toBe(false);
  });

  it('reads one record with its app, account and workspace; an unknown id is a 404', async () => {
    const [first] = (await s.request('GET', '/v1/admin/purchases?limit=1', { token: support })).json.data;
    const res = await s.request('GET', `/v1/admin/purchases/${first._id}`, { token: reviewer });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      purchaseRecord: first,
      app: { appId: first.appId, name: first.appName },
      account: { name: expect.any(String) },
      workspace: { nickname: expect.any(String) },
    });
    expect((await s.request('GET', '/v1/admin/purchases/nope', { token: support })).status).toBe(404);
  });

  it('exports the whole list as CSV in the list’s order, formulas defused', async () => {
    const res = await s.request('GET', '/v1/admin/purchases/export', { token: support });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="purchase-records-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const all = (await s.request('GET', '/v1/admin/purchases?limit=100', { token: support })).json;
    expect(lines[0]).toContain('Purchase ID,App ID,App Name');
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(all.data.map((p: { _id: string }) => p._id));
    const mine = await s.request('GET', '/v1/publisher/purchases/export', { token: owner });
    expect(mine.text.trim().split('\r\n').length - 1).toBe((await s.request('GET', '/v1/publisher/purchases?limit=1', { token: owner })).json.meta.total);
  });
});

describe('editing a subscription (SPEC §4, §5, §6)', () => {
  const newSub = async () => (await create({ appId: standup, planId: perSeat, seats: 10, periodEnd: inDays(15) })).json;
  const marketplaceSub = async () => {
    const p = await createPurchase(s.app.db, s.app.sales, {
      appId: standup,
      workspaceId: acmeHq,
      planId: perSeat,
      seats: 4,
      periodEnd: inDays(30),
      externallyManaged: false,
    });
    return p;
  };

  it('changes seats (repriced by tier) as app.subscription.modified; a refused edit changes and records nothing', async () => {
    const sub = await marketplaceSub();
    const base = { status: 'active', periodEnd: sub.subscriptionInfo!.periodEnd, seats: 4, externallyManaged: false };
    const res = await edit(sub._id, { ...base, seats: 55 });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ price: 192.5, subscriptionInfo: { seats: 55, maxSeats: 150 } });
    expect((await events(sub._id)).map((e) => e.type)).toEqual(['app.subscription.created', 'app.subscription.modified']);
    expect((await events(sub._id))[1]!.payload).toMatchObject({ changes: { seats: { from: 4, to: 55 } } });
    for (const body of [
      { ...base, seats: 0 },
      { ...base, status: 'pastDue' },
      { ...base, periodEnd: inDays(40) },
      { ...base, status: 'trialing', periodEnd: inDays(-2) },
      { ...base, externallyManaged: true },
    ]) {
      const refused = await edit(sub._id, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.json.fields.length).toBeGreaterThan(0);
    }
    expect((await events(sub._id)).length).toBe(2);
    // The same values again: nothing changed, nothing recorded.
    expect((await edit(sub._id, { ...base, seats: 55 })).status).toBe(200);
    expect((await events(sub._id)).length).toBe(2);
  });

  it('converts to externally managed once (active until the new period end) as app.subscription.migrated', async () => {
    const sub = await marketplaceSub();
    const periodEnd = inDays(60);
    const res = await edit(sub._id, { status: 'cancelling', periodEnd, seats: 4, externallyManaged: true });
    expect(res.status).toBe(200);
    expect(res.json.subscriptionInfo).toMatchObject({ status: 'active', externallyManaged: true, periodEnd });
    expect((await events(sub._id)).map((e) => e.type)).toEqual(['app.subscription.created', 'app.subscription.migrated']);
    const back = await edit(sub._id, { status: 'active', periodEnd, seats: 4, externallyManaged: false });
    expect(back.json.fields).toContainEqual({ path: 'externallyManaged', message: expect.any(String) });
  });

  it('cancels as app.subscription.cancelled, after which the record cannot be edited', async () => {
    const sub = await newSub();
    const res = await edit(sub._id, { status: 'cancelled', periodEnd: sub.subscriptionInfo.periodEnd, seats: 10, externallyManaged: true });
    expect(res.json.subscriptionInfo.status).toBe('cancelled');
    expect((await events(sub._id)).map((e) => e.type)).toEqual(['app.subscription.created', 'app.subscription.cancelled']);
    const again = await edit(sub._id, { status: 'trialing', periodEnd: sub.subscriptionInfo.periodEnd, seats: 10, externallyManaged: true });
    expect(again.status).toBe(409);
    expect((await events(sub._id)).length).toBe(2);
  });

  it('refuses one-time purchases and bundles', async () => {
    const buy = (await create({ appId: jira })).json;
    expect((await edit(buy._id, { status: 'active', periodEnd: inDays(3), seats: 0, externallyManaged: true })).status).toBe(409);
    const bundle = (await s.request('GET', '/v1/admin/purchases?limit=100', { token: support })).json.data.find((p: { isBundle: boolean }) => p.isBundle);
    expect((await edit(bundle._id, { status: 'cancelled', periodEnd: bundle.subscriptionInfo.periodEnd, seats: 0, externallyManaged: false })).status).toBe(
      409,
    );
    expect((await edit('nope', { status: 'cancelled', periodEnd: inDays(3), seats: 1, externallyManaged: true })).status).toBe(404);
  });
});

describe('deleting a purchase record (SPEC §6)', () => {
  it('deletes an externally managed record, cancelling its subscription in an event, and lists close the gap', async () => {
    const sub = (await create({ appId: standup, planId: perSeat, seats: 2 })).json;
    const total = (await s.request('GET', '/v1/admin/purchases?limit=1', { token: support })).json.meta.total;
    expect((await s.request('DELETE', `/v1/admin/purchases/${sub._id}`, { token: support })).json).toEqual({ success: true });
    expect((await s.request('GET', `/v1/admin/purchases/${sub._id}`, { token: support })).status).toBe(404);
    expect((await events(sub._id)).map((e) => [e.type, (e.payload as { reason?: string }).reason])).toEqual([
      ['app.subscription.created', undefined],
      ['app.subscription.cancelled', 'removed'],
    ]);
    const all = (await s.request('GET', '/v1/admin/purchases?limit=100', { token: support })).json;
    expect(all.meta.total).toBe(total - 1);
    const positions = await s.app.db.select({ p: purchaseRecords.position }).from(purchaseRecords).orderBy(asc(purchaseRecords.position));
    expect(positions.map((r) => r.p)).toEqual(positions.map((_, i) => i + 1));
  });

  it('keeps marketplace-managed records and one-time purchases', async () => {
    const sub = await createPurchase(s.app.db, s.app.sales, {
      appId: standup,
      workspaceId: acmeHq,
      planId: perSeat,
      seats: 4,
      periodEnd: inDays(30),
      externallyManaged: false,
    });
    const res = await s.request('DELETE', `/v1/admin/purchases/${sub._id}`, { token: admin });
    expect(res.status).toBe(409);
    expect((await s.request('GET', `/v1/admin/purchases/${sub._id}`, { token: support })).status).toBe(200);
    expect((await events(sub._id)).length).toBe(1);
  });
});

describe('money and stats follow the sales', () => {
  it('credits the publisher’s share of a paid sale once, pending for the settlement delay; a trial when it starts billing', async () => {
    const sale = await createPurchase(s.app.db, s.app.sales, {
      appId: jira,
      workspaceId: acmeHq,
      planId: '',
      seats: 0,
      periodEnd: inDays(0),
      externallyManaged: false,
    });
    const [credit] = await s.app.db
      .select()
      .from(sandboxLedger)
      .where(eq(sandboxLedger.id, `txn_sale_${sale._id}`));
    expect(credit).toMatchObject({ kind: 'credit', amount: 3.49 }); // 4.99 less the marketplace's 30 %
    expect(credit!.availableOn.getTime()).toBeGreaterThan(Date.now() + 6.9 * 86_400_000);

    const trial = await createPurchase(s.app.db, s.app.sales, {
      appId: standup,
      workspaceId: acmeHq,
      planId: perSeat,
      seats: 10,
      periodEnd: inDays(14),
      externallyManaged: false,
      trial: true,
    });
    expect(trial.subscriptionInfo!.status).toBe('trialing');
    expect(
      await s.app.db
        .select()
        .from(sandboxLedger)
        .where(eq(sandboxLedger.id, `txn_sale_${trial._id}`)),
    ).toEqual([]);
    const row = (await s.app.db.select().from(purchaseRecords).where(eq(purchaseRecords.id, trial._id)))[0]!;
    await s.app.db.transaction((tx) => changeSubscription(tx, s.app.sales, row, { subscriptionStatus: 'active' }));
    const credits = await s.app.db
      .select()
      .from(sandboxLedger)
      .where(eq(sandboxLedger.id, `txn_sale_${trial._id}`));
    expect(credits.map((c) => c.amount)).toEqual([28]);
    // Back to trialing and active again: still credited once.
    const again = (await s.app.db.select().from(purchaseRecords).where(eq(purchaseRecords.id, trial._id)))[0]!;
    await s.app.db.transaction((tx) => changeSubscription(tx, s.app.sales, { ...again, subscriptionStatus: 'trialing' }, { subscriptionStatus: 'active' }));
    expect(
      (
        await s.app.db
          .select()
          .from(sandboxLedger)
          .where(eq(sandboxLedger.id, `txn_sale_${trial._id}`))
      ).length,
    ).toBe(1);
  });

  it('counts stats from the records, with purchases and active subscriptions per day', async () => {
    const stats = async () => (await s.request('GET', `/v1/publisher/apps/${standup}/stats`, { token: owner })).json;
    const before = await stats();
    const sub = (await create({ appId: standup, planId: perSeat, seats: 1 })).json;
    const after = await stats();
    expect(after.purchases).toBe(before.purchases + 1);
    expect(after.activeSubscriptions).toBe(before.activeSubscriptions + 1);
    expect(after.daily).toHaveLength(90);
    expect(after.daily.at(-1)).toEqual({
      day: new Date().toISOString().slice(0, 10),
      purchases: before.daily.at(-1).purchases + 1,
      activeSubscriptions: before.daily.at(-1).activeSubscriptions + 1,
    });
    await edit(sub._id, { status: 'cancelled', periodEnd: sub.subscriptionInfo.periodEnd, seats: 1, externallyManaged: true });
    const cancelled = await stats();
    expect(cancelled).toMatchObject({ activeSubscriptions: before.activeSubscriptions, inactiveSubscriptions: before.inactiveSubscriptions + 1 });
    expect(cancelled.daily.at(-1).activeSubscriptions).toBe(before.daily.at(-1).activeSubscriptions);
    const count = await s.app.db.$count(purchaseRecords, and(eq(purchaseRecords.appId, standup)));
    expect(cancelled.purchases).toBe(count);
  });
});

describe('workspaces (system admins)', () => {
  it('looks a workspace up with its purchase records; an unknown one is a 404', async () => {
    const ws = await s.request('GET', `/v1/admin/workspaces/${acmeHq}`, { token: admin });
    expect(ws.json).toEqual({ id: acmeHq, nickname: 'Acme HQ', address: 'https://chat.acme-logistics.example' });
    const records = (await s.request('GET', `/v1/admin/workspaces/${acmeHq}/purchases`, { token: admin })).json as { date: string }[];
    expect(records.length).toBeGreaterThan(2);
    expect(records.map((r) => r.date)).toEqual(
      records
        .map((r) => r.date)
        .sort()
        .reverse(),
    );
    expect((await s.request('GET', '/v1/admin/workspaces/nope', { token: admin })).status).toBe(404);
    expect((await s.request('GET', '/v1/admin/workspaces/nope/purchases', { token: admin })).status).toBe(404);
  });

  it('looks a registered workspace up by its client id too, and answers with its own id', async () => {
    const [before] = await s.app.db.select({ clientId: workspaces.clientId }).from(workspaces).where(eq(workspaces.id, acmeHq));
    await s.app.db.update(workspaces).set({ clientId: 'client-of-acme-hq' }).where(eq(workspaces.id, acmeHq));
    try {
      const byClient = await s.request('GET', '/v1/admin/workspaces/client-of-acme-hq', { token: admin });
      expect(byClient.json).toEqual({ id: acmeHq, nickname: 'Acme HQ', address: 'https://chat.acme-logistics.example' });
      const records = await s.request('GET', '/v1/admin/workspaces/client-of-acme-hq/purchases', { token: admin });
      expect(records.json).toEqual((await s.request('GET', `/v1/admin/workspaces/${acmeHq}/purchases`, { token: admin })).json);
    } finally {
      await s.app.db.update(workspaces).set({ clientId: before!.clientId }).where(eq(workspaces.id, acmeHq));
    }
  });
});
