import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CENTS_MESSAGE, LIMITS, PRICE_MAX_MESSAGE, tooLong } from '../../contract/common';
import { CHANGE_PRICING_MESSAGES } from '../../contract/schemas/price';
import { HTTPS_MESSAGE } from '../../contract/schemas/publisher';
import { apps, appVersions } from '../../server/db/schema';
import { uuidOf } from '../../server/dev/seed/seed';
import { startServer, type TestServer } from '../harness';

/** Every field is bounded on the server with the rule and message of its form; past a bound: 400, nothing changes. */
let s: TestServer;
let owner: string;
let admin: string;
beforeAll(async () => {
  s = await startServer();
  [owner, admin] = await Promise.all([s.signIn('owner'), s.signIn('admin')]);
});
afterAll(() => s.close());

const weather = uuidOf('app:Weather Now');
const calendar = uuidOf('app:Calendar Sync');
const snapshot = async () => JSON.stringify([await s.app.db.select().from(apps), await s.app.db.select().from(appVersions)]);
const versionOf = async (appId: string) => (await s.app.db.select().from(appVersions).where(eq(appVersions.appId, appId)))[0]!.internalId;
const long = (n: number) => 'x'.repeat(n);
const info = {
  shortDescription: 'Forecasts for any city',
  description: 'Any city.',
  privacyPolicySummary: 'None kept.',
  documentationUrl: 'https://w.example/docs',
};

describe('bounds', () => {
  const cases: [name: string, call: () => Promise<{ status: number; json: any }>, field: string, message: string][] = [
    [
      'a price override of 1e12 (was a 500)',
      () => s.request('POST', `/v1/admin/app/${calendar}/usageBased`, { token: admin, body: { priceOverride: 1e12 } }),
      'priceOverride',
      PRICE_MAX_MESSAGE,
    ],
    [
      'a price override of 1.8e308',
      () => s.request('POST', `/v1/admin/app/${calendar}/usageBased`, { token: admin, body: '{"priceOverride": 1.8e308}' }),
      'priceOverride',
      'The price override must be a number.',
    ],
    [
      'a one-time price below 0.01 (not free)',
      () => s.request('POST', `/v1/publisher/apps/${calendar}/pricing`, { token: owner, body: { type: 'buy', buyPrice: 0.005 } }),
      'buyPrice',
      CHANGE_PRICING_MESSAGES.priceMin,
    ],
    [
      'a one-time price of a million',
      () => s.request('POST', `/v1/publisher/apps/${calendar}/pricing`, { token: owner, body: { type: 'buy', buyPrice: 1_000_000 } }),
      'buyPrice',
      PRICE_MAX_MESSAGE,
    ],
    [
      'fractions of a cent',
      () => s.request('POST', `/v1/publisher/apps/${calendar}/pricing`, { token: owner, body: { type: 'buy', buyPrice: 5.999 } }),
      'buyPrice',
      CENTS_MESSAGE,
    ],
    [
      'a javascript: documentation url',
      async () =>
        s.request('POST', `/v1/publisher/apps/${weather}/info/${await versionOf(weather)}/info`, {
          token: owner,
          body: { ...info, documentationUrl: 'javascript:alert(1)' },
        }),
      'documentationUrl',
      "You must provide a url to your app's documentation.",
    ],
    [
      'a description of 10 001 characters',
      async () =>
        s.request('POST', `/v1/publisher/apps/${weather}/info/${await versionOf(weather)}/info`, {
          token: owner,
          body: { ...info, description: long(LIMITS.text + 1) },
        }),
      'description',
      tooLong(LIMITS.text),
    ],
    [
      'a change log of 100 000 characters',
      async () =>
        s.request('POST', `/v1/publisher/apps/${weather}/info/${await versionOf(weather)}/changes`, {
          token: owner,
          body: { changesNote: long(100_000), internalChangesNote: 'x' },
        }),
      'changesNote',
      tooLong(LIMITS.text),
    ],
    [
      'a first name of 101 characters',
      () => s.request('POST', '/v1/me', { token: owner, body: { firstName: long(101), lastName: 'B' } }),
      'firstName',
      tooLong(LIMITS.name),
    ],
    [
      'an http TOS link',
      () =>
        s.request('PUT', '/v1/publisher', {
          token: owner,
          body: { name: 'N', tosLink: 'http://n.example/tos', privacyLink: 'https://n.example/p', webhookLink: '' },
        }),
      'tosLink',
      HTTPS_MESSAGE,
    ],
    [
      'a javascript: privacy link',
      () =>
        s.request('PUT', '/v1/publisher', {
          token: owner,
          body: { name: 'N', tosLink: 'https://n.example/t', privacyLink: 'javascript://x', webhookLink: '' },
        }),
      'privacyLink',
      HTTPS_MESSAGE,
    ],
    [
      'a rejection reason of 2 001 characters',
      async () =>
        s.request('POST', `/v1/admin/app/${weather}/version/${await versionOf(weather)}/reject`, {
          token: admin,
          body: { action: 'reject', rejectionReason: long(2001) },
        }),
      'rejectionReason',
      tooLong(LIMITS.note),
    ],
    [
      'a tier priced at 1e12',
      () =>
        s.request('POST', `/v1/publisher/apps/${calendar}/prices`, {
          token: owner,
          body: {
            name: 'Team',
            trialEnabled: false,
            monthly: {
              enabled: true,
              price: 5,
              isSeatBased: true,
              tiers: [
                { price: 1e12, perUnit: true, minimum: 1, maximum: 50 },
                { price: 1, perUnit: true, minimum: 51, maximum: -1 },
              ],
            },
            yearly: { enabled: false, price: 0, isSeatBased: false, tiers: [] },
          },
        }),
      'monthly.tiers.0.price',
      PRICE_MAX_MESSAGE,
    ],
    ['an offset of 1e12', () => s.request('GET', '/v1/publisher/apps?limit=25&offset=1000000000000', { token: owner }), 'query.offset', ''],
  ];
  it.each(cases)('refuses %s with a 400 naming the field; nothing changes', async (_name, call, field, message) => {
    const before = await snapshot();
    const res = await call();
    expect(res.status, JSON.stringify(res.json)).toBe(400);
    expect(res.json).toMatchObject({ code: 'validation_error', requestId: expect.any(String) });
    const named = (res.json.fields as { path: string; message: string }[]).filter((f) => f.path === field).map((f) => f.message);
    expect(named.length, JSON.stringify(res.json.fields)).toBeGreaterThan(0);
    if (message) expect(named).toContain(message);
    expect(await snapshot()).toBe(before);
  });

  it('keeps 0 as Free and 0.01 as the smallest one-time price', async () => {
    const free = await s.request('POST', `/v1/publisher/apps/${weather}/pricing`, { token: owner, body: { type: 'buy', buyPrice: 0 } });
    expect(free.status, free.text).toBe(200);
    const cent = await s.request('POST', `/v1/publisher/apps/${weather}/pricing`, { token: owner, body: { type: 'buy', buyPrice: 0.01 } });
    expect(cent.status, cent.text).toBe(200);
  });
});
