// Bundles over real HTTP: the form's every rule and message on the server, the lifecycle a bundle's
// version takes (staff approve or reject, publish, unpublish — no compile), apps' bundledIn, staff's lists.
import fc from 'fast-check';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLE_TEXT } from '../../contract/schemas/bundle';
import { apps } from '../../server/db/schema';
import { uuidOf } from '../../server/dev/seed/seed';
import { TRAILER, contains, imageOf, jpegWithGps } from '../fixtures/images';
import { startServer, type TestServer } from '../harness';

let s: TestServer;
let owner: string;
let viewer: string;
let fjord: string;
let reviewer: string;
let admin: string;
let icon = '';
const jira = uuidOf('app:Jira Connector');
const standup = uuidOf('app:Standup Bot');

beforeAll(async () => {
  s = await startServer();
  [owner, viewer, fjord, reviewer, admin] = await Promise.all([
    s.signIn('owner'),
    s.signIn('viewer'),
    s.signIn('fjordOwner'),
    s.signIn('reviewer'),
    s.signIn('admin'),
  ]);
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#6e56cf' } })
    .png()
    .toBuffer();
  icon = `data:image/png;base64,${png.toString('base64')}`;
});
afterAll(() => s?.close());

const info = (over: Record<string, unknown> = {}) => ({
  name: 'Team Pack',
  nameSlug: 'team-pack',
  description: 'Jira and standups, together.',
  version: '1.0.0',
  categories: ['Productivity'],
  requiredApiVersion: s.config.engineVersion,
  iconFileData: icon,
  purchaseType: 'subscription',
  price: 0,
  pricingPlans: [
    {
      strategy: 'monthly',
      trialDays: 14,
      price: 0,
      isPerSeat: true,
      tiers: [
        { price: 4, perUnit: true, minimum: 1, maximum: 50 },
        { price: 3, perUnit: true, minimum: 51, maximum: 150 },
      ],
    },
    { strategy: 'yearly', trialDays: 0, price: 99, isPerSeat: false, tiers: [] },
  ],
  ...over,
});
const create = (bundleInfo: unknown, appIds: unknown = [jira, standup], token = owner) =>
  s.form('POST', '/v1/publisher/bundles', token, { bundleInfo: JSON.stringify(bundleInfo), appIds: JSON.stringify(appIds) });
const messages = (res: { json: { fields?: { message: string }[] } }) => (res.json.fields ?? []).map((f) => f.message);

describe('creating a bundle (SPEC §5, §7)', () => {
  it('makes a submitted bundle of the publisher’s apps, with its plans and each app’s bundledIn', async () => {
    const res = await create(info());
    expect(res.status).toBe(201);
    const id = res.json.appId as string;
    const list = await s.request('GET', '/v1/publisher/bundles', { token: owner });
    const bundle = list.json.data.find((b: { appId: string }) => b.appId === id);
    expect(bundle).toMatchObject({
      isBundle: true,
      purchaseType: 'subscription',
      latest: { name: 'Team Pack', status: 'submitted', isBundle: true, version: '1.0.0' },
    });
    expect(bundle.pricingPlans).toEqual([
      expect.objectContaining({
        strategy: 'monthly',
        isPerSeat: true,
        trialDays: 14,
        tiers: [expect.objectContaining({ minimum: 1, maximum: 50 }), expect.objectContaining({ minimum: 51, maximum: 150 })],
      }),
      expect.objectContaining({ strategy: 'yearly', isPerSeat: false, price: 99, trialDays: 0 }),
    ]);
    const apps = await s.request('GET', `/v1/publisher/bundles/${id}/apps`, { token: owner });
    expect(apps.json.map((a: { appId: string }) => a.appId).sort()).toEqual([jira, standup].sort());
    const jiraApp = await s.request('GET', `/v1/publisher/apps/${jira}`, { token: owner });
    expect(jiraApp.json.bundledIn).toContainEqual({ bundleId: id, bundleName: 'Team Pack' });
  });

  it('answers the form’s messages', async () => {
    const empty = await create(info({ name: ' ', description: '', version: '1.0', categories: [], requiredApiVersion: 'latest', iconFileData: '' }), []);
    expect(empty.status).toBe(400);
    expect(messages(empty)).toEqual(
      expect.arrayContaining([BUNDLE_TEXT.name, BUNDLE_TEXT.description, BUNDLE_TEXT.version, BUNDLE_TEXT.categories, BUNDLE_TEXT.icon]),
    );
    const noApps = await create(info(), []);
    expect(messages(noApps)).toEqual([BUNDLE_TEXT.apps]);
    const twice = await create(info({ pricingPlans: [info().pricingPlans[1], info().pricingPlans[1]] }));
    expect(messages(twice)).toContain('A Yearly Plan Already Exists!');
    const oneTier = await create(
      info({
        pricingPlans: [{ strategy: 'monthly', trialDays: 14, price: 0, isPerSeat: true, tiers: [{ price: 4, perUnit: true, minimum: 1, maximum: 50 }] }],
      }),
    );
    expect(messages(oneTier)).toContain(BUNDLE_TEXT.tierCount);
    const flatZero = await create(info({ pricingPlans: [{ strategy: 'monthly', trialDays: 14, price: 0, isPerSeat: false, tiers: [] }] }));
    expect(messages(flatZero)).toContain(BUNDLE_TEXT.flatPrice);
    const longTrial = await create(info({ pricingPlans: [{ strategy: 'monthly', trialDays: 31, price: 3, isPerSeat: false, tiers: [] }] }));
    expect(longTrial.status).toBe(400);
    expect(messages(longTrial)).toContain(BUNDLE_TEXT.trialDays);
    const enterprise = await create(info({ categories: ['Enterprise'] }));
    expect(enterprise.status).toBe(400);
    const notMine = await create(info(), [uuidOf('app:GitLab Notifier'), 'no-such-app']);
    expect(notMine.status).toBe(400);
    expect(notMine.json.fields[0].path).toBe('appIds');
    const bundleInBundle = await create(info(), [uuidOf('bundle:Northwind Productivity Pack')]);
    expect(bundleInBundle.status).toBe(400);
    const svg = await create(info({ iconFileData: `data:image/svg+xml;base64,${Buffer.from('<svg/>').toString('base64')}` }));
    expect(svg.status).toBe(400);
    expect(svg.json.fields[0].path).toBe('bundleInfo.iconFileData');
    const newer = await create(info({ requiredApiVersion: '99.0.0' }));
    expect(newer.json.fields[0].path).toBe('bundleInfo.requiredApiVersion');
    const notJson = await s.form('POST', '/v1/publisher/bundles', owner, { bundleInfo: '{', appIds: '[]' });
    expect(notJson.status).toBe(400);
    // Nothing was made by any of them.
    const list = await s.request('GET', '/v1/publisher/bundles?limit=100', { token: owner });
    expect(list.json.data.filter((b: { latest: { name: string } }) => b.latest.name === 'Team Pack')).toHaveLength(1);
  });

  it('stores its icon decoded and encoded again: no EXIF or GPS, nothing appended, not a truncated one', async () => {
    const phone = Buffer.concat([await jpegWithGps(128, 128), TRAILER]);
    const res = await create(info({ name: 'Photo Pack', iconFileData: `data:image/png;base64,${phone.toString('base64')}` }), [jira]);
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    const stored = (await s.request('GET', `/v1/admin/bundles/${res.json.appId}`, { token: admin })).json.latest.iconFileData as string;
    // Its type is what its bytes are (a JPEG), whatever the data URL said.
    expect(stored).toMatch(/^data:image\/jpeg;base64,/);
    const bytes = Buffer.from(stored.split(',')[1]!, 'base64');
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 128, height: 128 });
    expect(meta.exif).toBeUndefined();
    expect(contains(bytes, 'PhoneMaker')).toBe(false);
    expect(contains(bytes, TRAILER)).toBe(false);
    const png = await imageOf('png', 64);
    const cut = await create(info({ name: 'Cut Pack', iconFileData: `data:image/png;base64,${png.subarray(0, png.length - 30).toString('base64')}` }), [jira]);
    expect([cut.status, cut.json.fields[0].path]).toEqual([400, 'bundleInfo.iconFileData']);
  });

  it('accepts an older engine version and a free one-time bundle', async () => {
    const res = await create(info({ name: 'Free Pack', requiredApiVersion: '1.0.0', purchaseType: 'buy', price: 0, pricingPlans: [] }), [jira]);
    expect(res.status).toBe(201);
  });

  it('turns away publishers without bundles, and viewers', async () => {
    const denied = await create(info(), [], fjord);
    expect(denied.status).toBe(403);
    expect(denied.json.error).toMatch(/^Bundle Creation not Available/);
    expect((await s.request('GET', '/v1/publisher/bundles', { token: fjord })).status).toBe(403);
    expect((await create(info(), [jira], viewer)).status).toBe(403);
    expect((await s.request('GET', '/v1/publisher/bundles', { token: viewer })).status).toBe(200);
  });

  it('says Invalid Bundle for an app that is not a bundle', async () => {
    const res = await s.request('GET', `/v1/publisher/bundles/${jira}/apps`, { token: owner });
    expect(res.status).toBe(404);
    expect(res.json.error).toBe(`${BUNDLE_TEXT.invalidBundleTitle}: ${BUNDLE_TEXT.invalidBundle}`);
    expect((await s.request('GET', `/v1/admin/bundles/${jira}`, { token: reviewer })).status).toBe(404);
  });
});

describe('a bundle’s lifecycle (SPEC §4: no compile, staff review from submitted)', () => {
  it('is approved, published, unpublished and published again by staff; rejected ones stay rejected', async () => {
    const id = (await create(info({ name: 'Review Pack' }))).json.appId as string;
    const versions = await s.request('GET', `/v1/admin/app/${id}/all`, { token: reviewer });
    const internalId = versions.json[0].internalId as string;
    const act = (action: string, body: Record<string, unknown> = {}) =>
      s.request('POST', `/v1/admin/app/${id}/version/${internalId}/${action}`, { token: reviewer, body: { action, ...body } });
    expect((await act('compile')).status).toBe(409);
    expect((await act('approve')).json.status).toBe('approved');
    expect((await act('publish')).json.status).toBe('published');
    expect((await act('unpublish')).json.status).toBe('unpublished');
    expect((await act('publish')).json.status).toBe('published');
    const rejected = (await create(info({ name: 'Reject Pack' }))).json.appId as string;
    const rv = (await s.request('GET', `/v1/admin/app/${rejected}/all`, { token: reviewer })).json[0].internalId;
    const rej = await s.request('POST', `/v1/admin/app/${rejected}/version/${rv}/reject`, {
      token: reviewer,
      body: { action: 'reject', rejectionReason: 'Icons clash.' },
    });
    expect(rej.json).toMatchObject({ status: 'rejected', isBundle: true });
    expect((await s.request('POST', `/v1/admin/app/${rejected}/version/${rv}/publish`, { token: reviewer, body: { action: 'publish' } })).status).toBe(409);
  });

  it('lists every bundle for staff, with its apps', async () => {
    const list = await s.request('GET', '/v1/admin/bundles?limit=100', { token: admin });
    expect(list.status).toBe(200);
    expect(list.json.data.every((b: { isBundle: boolean }) => b.isBundle)).toBe(true);
    const pack = uuidOf('bundle:Northwind Productivity Pack');
    expect((await s.request('GET', `/v1/admin/bundles/${pack}`, { token: admin })).json.latest.name).toBe('Northwind Productivity Pack');
    expect((await s.request('GET', `/v1/admin/bundles/${pack}/apps`, { token: admin })).json).toHaveLength(3);
  });
});

describe('the multipart form, fuzzed (the contract fuzzer sends JSON bodies; this route takes parts)', () => {
  it('answers generated bundleInfo and appIds parts with a 201 or a 4xx in the envelope; a refusal makes nothing', async () => {
    const nasty = fc.oneof(
      fc.constantFrom(null, true, 0, -1, 1e308, '', ' ', 'x'.repeat(20_000), '\u0000', '../../etc/passwd', 'data:image/png;base64,AAAA', [], {}, [[[[]]]]),
      fc.jsonValue({ maxDepth: 3 }),
      fc.string({ maxLength: 30 }),
    );
    const fields = Object.keys(info());
    const bundleInfo = fc.oneof(
      // One field of a valid form replaced.
      fc.record({ field: fc.constantFrom(...fields), v: nasty }).map(({ field, v }) => JSON.stringify(info({ name: 'Fuzz Pack', [field]: v }))),
      // A plan or a tier replaced.
      nasty.map((v) => JSON.stringify(info({ name: 'Fuzz Pack', pricingPlans: [v] }))),
      nasty.map((v) => JSON.stringify(info({ name: 'Fuzz Pack', pricingPlans: [{ ...info().pricingPlans[0], tiers: [v, v] }] }))),
      // Not JSON, or not an object.
      fc.constantFrom('{', '[]', 'null', '"x"', '{"__proto__": {"admin": true}}'),
    );
    const appIds = fc.oneof(
      fc.constant(JSON.stringify([jira])),
      nasty.map((v) => JSON.stringify(v)),
      fc.constantFrom('[', `["${uuidOf('app:GitLab Notifier')}"]`),
    );
    const seen = new Set<number>();
    const appCount = async () => (await s.app.db.select({ n: count() }).from(apps).where(eq(apps.isBundle, true)))[0]!.n;
    await fc.assert(
      fc.asyncProperty(bundleInfo, appIds, async (b, a) => {
        const before = await appCount();
        const res = await s.form('POST', '/v1/publisher/bundles', owner, { bundleInfo: b, appIds: a });
        seen.add(res.status);
        expect(
          res.status === 201 || (res.status >= 400 && res.status < 500),
          `${res.status} ${res.text.slice(0, 200)} for ${b.slice(0, 200)} / ${a.slice(0, 100)}`,
        ).toBe(true);
        if (res.status !== 201) {
          expect(typeof res.json?.error === 'string' && typeof res.json?.requestId === 'string', res.text.slice(0, 200)).toBe(true);
          expect(await appCount()).toBe(before);
        } else {
          expect(await appCount()).toBe(before + 1);
        }
      }),
      { seed: 20261123, numRuns: 200 },
    );
    // The parts reach the rules: some generated forms are still valid, most are refused.
    expect([...seen].sort()).toEqual(expect.arrayContaining([201, 400]));
  });
});
