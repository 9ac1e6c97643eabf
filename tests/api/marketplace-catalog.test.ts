// The catalog as Rocket.Chat's server reads it (contract/marketplace.ts): every answer parsed with Rocket.Chat's
// own schemas (tests/api/rocketchat-schemas.ts) and the contract's, with no null anywhere; only published
// versions of apps listed; engine compatibility from X-Apps-Engine-Version; ETag/304 and no stale listing after
// a change (in this process, through the database's notifications, and in a second process on PostgreSQL); a
// workspace's purchases seen only with its own token. Runs on PGlite and on PostgreSQL.
import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contract } from '../../contract';
import { PublicCategory } from '../../contract/schemas/catalog';
import { uuidOf } from '../../server/dev/seed/seed';
import { categories, workspaceTokens, workspaces } from '../../server/db/schema';
import { eventually } from '../eventually';
import { startServer, type TestServer } from '../harness';
import { startPortalProcess, tempDataDir, type PortalProcess } from '../portal-process';
import {
  appReleasesSchema,
  appVersionInfoSchema,
  bundleAppsSchema,
  featuredAppsSchema,
  fetchMarketplaceAppsSchema,
  fetchMarketplaceCategoriesSchema,
  latestAppSchema,
  nullsIn,
  screenshotsSchema,
} from './rocketchat-schemas';

const hexId = (name: string) => createHash('sha256').update(name).digest('hex').slice(0, 24);
const jira = uuidOf('app:Jira Connector');
const standup = uuidOf('app:Standup Bot');
const giphy = uuidOf('app:Giphy Reactions');
const zendesk = uuidOf('app:Zendesk Helpdesk');
const pack = uuidOf('bundle:Northwind Productivity Pack');
const jira100 = hexId('version:Jira Connector:1.0.0');
const standup200 = hexId('version:Standup Bot:2.0.0');
const ws = { acmeHq: hexId('ws:acme-hq'), initech: hexId('ws:initech'), globex: hexId('ws:globex') };

let s: TestServer;
let reviewer: string;
let owner: string;

type Res = Awaited<ReturnType<TestServer['request']>>;
const get = (path: string, o: { token?: string; engine?: string; headers?: Record<string, string> } = {}) =>
  s.request('GET', path, { token: o.token, headers: { ...(o.engine ? { 'x-apps-engine-version': o.engine } : {}), ...o.headers } });
const route = contract.marketplace;
/** Each answer: 200, valid for Rocket.Chat's schema and for the contract's, and without a null anywhere. */
function valid(res: Res, rocketChat: z.ZodType, ours: z.ZodType) {
  expect(res.status, res.text.slice(0, 300)).toBe(200);
  expect(nullsIn(res.json)).toEqual([]);
  const theirs = rocketChat.safeParse(res.json);
  expect(theirs.success, JSON.stringify(theirs.error?.issues.slice(0, 3))).toBe(true);
  const mine = ours.safeParse(res.json);
  expect(mine.success, JSON.stringify(mine.error?.issues.slice(0, 3))).toBe(true);
  return res.json;
}
type Listed = z.infer<typeof fetchMarketplaceAppsSchema>[number];
const list = async (o: Parameters<typeof get>[1] = {}) => valid(await get('/v1/apps', o), fetchMarketplaceAppsSchema, route.apps.responses[200]) as Listed[];
const one = (apps: Listed[], id: string) => apps.find((a) => a.appId === id);
const rows = async <T>(q: ReturnType<typeof sql>) => ((await s.app.db.execute(q)) as unknown as { rows: T[] }).rows;
/** A workspace token, stored as the token endpoint stores it (sha256 hex). */
async function tokenFor(workspaceId: string, o: { scope?: string; expiresAt?: Date } = {}) {
  const token = randomBytes(24).toString('base64url');
  await s.app.db.insert(workspaceTokens).values({
    tokenHash: createHash('sha256').update(token).digest('hex'),
    workspaceId,
    scope: o.scope ?? 'marketplace:read marketplace:download workspace:client:write',
    expiresAt: o.expiresAt ?? new Date(Date.now() + 3_600_000),
  });
  return token;
}
const action = (appId: string, versionId: string, act: 'publish' | 'unpublish') =>
  s.request('POST', `/v1/admin/app/${appId}/version/${versionId}/${act}`, { token: reviewer, body: { action: act } });

beforeAll(async () => {
  // The catalog cache on, as in production (the harness turns the read caches off for tests that write behind them).
  s = await startServer({ compileWorker: false }, { READ_CACHE_SECONDS: '30' });
  [reviewer, owner] = await Promise.all([s.signIn('reviewer'), s.signIn('owner')]);
});
afterAll(() => s?.close());

describe('GET /v1/apps', () => {
  it('lists the apps with a published version, in Rocket.Chat’s shape: latest published version, bundles, price', async () => {
    const apps = await list();
    const published = await rows<{ app_id: string }>(
      sql`SELECT DISTINCT v.app_id FROM app_versions v JOIN apps a ON a.id = v.app_id WHERE v.status = 'published' AND NOT a.is_bundle`,
    );
    expect(apps.map((a) => a.appId).sort()).toEqual(published.map((r) => r.app_id).sort());
    // Unpublished, rejected, never published, and bundles: never listed.
    for (const id of [giphy, zendesk, uuidOf('app:Poll Master'), pack]) expect(one(apps, id), id).toBeUndefined();
    const j = one(apps, jira)!;
    // 1.1.0 is author-approved: the published 1.0.0 is the one offered.
    expect(j.latest).toMatchObject({ id: jira, internalId: jira100, version: '1.0.0', status: 'published', isVisible: true, requiredApiVersion: '^1.40.0' });
    expect(j.latest).not.toHaveProperty('versionIncompatible');
    expect(j).toMatchObject({ isBundle: false, isAddon: false, purchaseType: 'buy', price: 4.99, isPurchased: false, isSubscribed: false });
    expect(j.pricingPlans).toEqual([expect.objectContaining({ strategy: 'once', price: 4.99, enabled: true, trialDays: 0 })]);
    expect(j.bundledIn).toEqual([{ bundleId: pack, bundleName: 'Northwind Productivity Pack' }]);
    expect(j.subscriptionInfo).toMatchObject({ status: '', typeOf: '' });
    // The icon is base64 without a data: prefix (Rocket.Chat prepends one).
    expect(j.latest.iconFileData).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(j.latest.detailedDescription.rendered).toMatch(/^<p>/);
    const st = one(apps, standup)!;
    expect(st).toMatchObject({ purchaseType: 'subscription', price: 0 });
    expect(st.pricingPlans!.map((p) => p.strategy)).toEqual(['monthly', 'yearly']);
    expect(st.pricingPlans![0]).toMatchObject({
      isPerSeat: true,
      trialDays: 14,
      tiers: [expect.objectContaining({ perUnit: true, minimum: 1, maximum: 50, price: 4 }), expect.anything()],
    });
    for (const a of apps) expect(a.latest.status).toBe('published');
  });

  it('answers anonymous callers, and `Bearer ` with nothing after it (an unregistered Rocket.Chat) as anonymous', async () => {
    expect((await get('/v1/apps')).status).toBe(200);
    expect((await get('/v1/apps', { headers: { authorization: 'Bearer ' } })).status).toBe(200);
  });

  it('has a strong ETag: 304 on If-None-Match, a new tag after a change', async () => {
    const first = await get('/v1/apps', { headers: { 'accept-encoding': 'identity' } });
    const tag = first.headers.get('etag')!;
    expect(tag).toMatch(/^"[\w-]+"$/);
    const again = await get('/v1/apps', { headers: { 'accept-encoding': 'identity', 'if-none-match': tag } });
    expect([again.status, again.text]).toEqual([304, '']);
    // The compressed body has a tag of its own; either tag answers 304.
    const gz = await get('/v1/apps', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gz.headers.get('etag')).not.toBe(tag);
    expect(gz.text).toBe(first.text);
    expect((await get('/v1/apps', { headers: { 'accept-encoding': 'gzip', 'if-none-match': tag } })).status).toBe(304);
    expect((await get('/v1/apps', { headers: { 'if-none-match': `W/${tag}, "other"` } })).status).toBe(304);
    // A price change is seen at once, with another tag.
    const priced = await s.request('POST', `/v1/publisher/apps/${jira}/pricing`, { token: owner, body: { type: 'buy', buyPrice: 6.5 } });
    expect(priced.status, priced.text).toBe(200);
    const changed = await get('/v1/apps', { headers: { 'accept-encoding': 'identity', 'if-none-match': tag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(tag);
    expect(one(changed.json, jira)).toMatchObject({ price: 6.5, pricingPlans: [expect.objectContaining({ strategy: 'once', price: 6.5 })] });
    await s.request('POST', `/v1/publisher/apps/${jira}/pricing`, { token: owner, body: { type: 'buy', buyPrice: 4.99 } });
  });

  it('shows an unpublish and a publish at once (the cached listing is forgotten before the answer leaves)', async () => {
    expect(one(await list(), jira)).toBeDefined();
    expect((await action(jira, jira100, 'unpublish')).status).toBe(200);
    expect(one(await list(), jira)).toBeUndefined();
    expect((await get(`/v1/apps/${jira}`)).status).toBe(404);
    expect((await get(`/v1/apps/${jira}?appVersion=1.0.0`)).status).toBe(404);
    expect((await action(jira, jira100, 'publish')).status).toBe(200);
    expect(one(await list(), jira)?.latest.version).toBe('1.0.0');
  });

  it('forgets the listing on the database’s notification of a change made outside this process’s requests', async () => {
    await list();
    await s.app.db.execute(sql`UPDATE app_versions SET short_description = 'Changed behind the API' WHERE internal_id = ${jira100}`);
    await eventually(
      () => list(),
      (apps) => one(apps, jira)?.latest.shortDescription === 'Changed behind the API',
      { what: 'the new short description' },
    );
  });

  it('answers from the listing kept in the process until the database announces a change', async () => {
    const before = one(await list(), jira)!.latest.shortDescription;
    // A write no trigger announces (replica mode skips them) is not seen: the answer is the kept one …
    await s.app.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx.execute(sql`UPDATE app_versions SET short_description = 'Unannounced' WHERE internal_id = ${jira100}`);
    });
    expect(one(await list(), jira)!.latest.shortDescription).toBe(before);
    // … until a change to what the catalog shows is announced (any publisher's).
    await s.app.db.execute(sql`SELECT pg_notify('portal_reads', 'publisher:someone')`);
    await eventually(
      () => list(),
      (apps) => one(apps, jira)?.latest.shortDescription === 'Unannounced',
      { what: 'the announced change' },
    );
  });

  it('serves the description’s Markdown as sanitized HTML (rendered once, not at each load)', async () => {
    const raw =
      '# Jira\n\n**Bold** and _soft_ `code` <script>alert(1)</script> [docs](https://jira.example/docs) [bad](javascript:alert(1)) <img src=x onerror=alert(1)>\n\n- one\n- two';
    // Written behind the API without its HTML (as a row older than the HTML column): rendered in the background.
    await s.app.db.execute(sql`UPDATE app_versions SET description = ${raw}, description_html = NULL WHERE internal_id = ${jira100}`);
    const apps = await eventually(
      () => list(),
      (a) => !!one(a, jira)?.latest.detailedDescription.rendered?.startsWith('<h1>'),
      { what: 'the new description rendered' },
    );
    expect(one(apps, jira)!.latest.detailedDescription.raw).toBe(raw);
    const html = one(apps, jira)!.latest.detailedDescription.rendered!;
    expect(html).toContain('<h1>Jira</h1>');
    expect(html).toContain('<strong>Bold</strong>');
    expect(html).toContain('<em>soft</em>');
    expect(html).toContain('<code>code</code>');
    expect(html).toContain('<a href="https://jira.example/docs" rel="nofollow noopener noreferrer">docs</a>');
    expect(html).toMatch(/<ul>\s*<li>one<\/li>\s*<li>two<\/li>\s*<\/ul>/);
    expect(html).not.toMatch(/<script|<img|href="javascript|<a[^>]*>bad/i);
    expect(html).toContain('&lt;script&gt;');
  });
});

describe('the caller’s engine (X-Apps-Engine-Version)', () => {
  beforeAll(async () => {
    // A newer published Standup Bot that needs Apps-Engine 2.
    await s.app.db.execute(sql`
      INSERT INTO app_versions (internal_id, app_id, version, name, name_slug, status, short_description, description, categories, languages,
        icon_file_data, icon_thumb_data, author, required_api_version, manifest, compiled, changes_note, created_date, modified_date)
      SELECT 'standup-300', app_id, '3.0.0', name, name_slug, 'published', short_description, description, categories, languages,
        icon_file_data, icon_thumb_data, author, '^2.0.0', manifest, true, '- Needs Apps-Engine 2', now(), now()
      FROM app_versions WHERE internal_id = ${standup200}`);
    await eventually(
      () => list(),
      (apps) => one(apps, standup)?.latest.version === '3.0.0',
      { what: '3.0.0 listed' },
    );
  });

  it('offers each app’s newest published version the engine runs; none: the newest, marked versionIncompatible', async () => {
    expect(one(await list(), standup)!.latest).not.toHaveProperty('versionIncompatible');
    const old = one(await list({ engine: '1.47.0' }), standup)!.latest;
    expect([old.version, 'versionIncompatible' in old]).toEqual(['2.0.0', false]);
    const current = one(await list({ engine: '2.1.0' }), standup)!.latest;
    expect([current.version, 'versionIncompatible' in current]).toEqual(['3.0.0', false]);
    const ancient = await list({ engine: '0.5.0' });
    expect(one(ancient, standup)!.latest).toMatchObject({ version: '3.0.0', versionIncompatible: true });
    expect(one(ancient, jira)!.latest).toMatchObject({ version: '1.0.0', versionIncompatible: true });
    // The same for the featured sections, a bundle’s apps and the app’s latest.
    const latest = valid(await get(`/v1/apps/${standup}/latest?appVersion=${standup}`, { engine: '1.47.0' }), latestAppSchema, route.latest.responses[200]);
    expect(latest.version).toBe('2.0.0');
    const bundle = valid(await get(`/v1/bundles/${pack}/apps`, { engine: '1.47.0' }), bundleAppsSchema, route.bundleApps.responses[200]);
    expect(one(bundle, standup)!.latest.version).toBe('2.0.0');
  });

  it('marks a named version the engine does not run, and lists the release history newest first', async () => {
    const [info] = valid(await get(`/v1/apps/${standup}?appVersion=3.0.0`, { engine: '1.47.0' }), appVersionInfoSchema, route.app.responses[200]);
    expect(info).toMatchObject({ id: standup, version: '3.0.0', versionIncompatible: true, requiredApiVersion: '^2.0.0' });
    const [fits] = valid(await get(`/v1/apps/${standup}?appVersion=2.0.0`, { engine: '1.47.0' }), appVersionInfoSchema, route.app.responses[200]);
    expect(fits).not.toHaveProperty('versionIncompatible');
    const releases = valid(await get(`/v1/apps/${standup}`), appReleasesSchema, route.app.responses[200]);
    expect(releases.map((r: { version: string }) => r.version)).toEqual(['3.0.0', '2.0.0']);
    // 3.0.0 was written behind the API without its HTML: its change log is rendered in the background.
    const rendered = await eventually(
      async () => (await get(`/v1/apps/${standup}`)).json,
      (r) => r[0].detailedChangelog.rendered.startsWith('<ul>'),
      { what: '3.0.0’s change log rendered' },
    );
    expect(rendered[0].detailedChangelog).toEqual({ raw: '- Needs Apps-Engine 2', rendered: '<ul>\n<li>Needs Apps-Engine 2</li>\n</ul>' });
  });

  it('answers a header that is not a version with 400 and code 200 (what Rocket.Chat reads), on every call', async () => {
    for (const path of [
      '/v1/apps',
      '/v1/featured-apps',
      `/v1/apps/${jira}`,
      `/v1/apps/${jira}?appVersion=1.0.0`,
      `/v1/apps/${jira}/latest`,
      `/v1/apps/${jira}/screenshots`,
      `/v1/bundles/${pack}/apps`,
    ]) {
      for (const engine of ['not-a-version', '1.47', 'x'.repeat(300)]) {
        const res = await get(path, { engine });
        expect([path, res.status, res.json?.code, typeof res.json?.error, typeof res.json?.requestId]).toEqual([path, 400, 200, 'string', 'string']);
      }
    }
  });
});

describe('the other calls', () => {
  it('GET /v1/featured-apps: the sections staff curate, each with its listed apps', async () => {
    const added = await s.request('POST', '/v1/admin/featured', { token: reviewer, body: { appId: standup, sectionSlug: 'video_conferencing' } });
    expect(added.status, added.text).toBe(201);
    // No notification tells of a featured change: the sections are read at every call.
    const res = valid(await get('/v1/featured-apps'), featuredAppsSchema, route.featured.responses[200]);
    const section = res.sections.find((x: { slug: string }) => x.slug === 'video_conferencing');
    expect(section).toMatchObject({ i18nLabel: 'Video conferencing', apps: [expect.objectContaining({ appId: standup })] });
    expect((await s.request('DELETE', `/v1/admin/featured/video_conferencing/${standup}`, { token: reviewer })).status).toBe(200);
    const after = valid(await get('/v1/featured-apps'), featuredAppsSchema, route.featured.responses[200]);
    expect(after.sections.map((x: { slug: string }) => x.slug)).not.toContain('video_conferencing');
    // Every app of every section is a listed one.
    const listed = new Set((await list()).map((a) => a.appId));
    for (const sec of after.sections) for (const a of sec.apps) expect(listed.has(a.appId)).toBe(true);
  });

  it('GET /v1/apps/:id?appVersion=X: an array of exactly one flat IMarketplaceInfo, the full icon; 404s with Rocket.Chat’s codes', async () => {
    const [info] = valid(await get(`/v1/apps/${jira}?appVersion=1.0.0`), appVersionInfoSchema, route.app.responses[200]);
    expect(info).toMatchObject({
      id: jira,
      name: 'Jira Connector',
      version: '1.0.0',
      status: 'published',
      purchaseType: 'buy',
      isBundled: true,
      implements: [],
    });
    expect(info.iconFileData).toMatch(/^[A-Za-z0-9+/]+=*$/);
    const missing = await get(`/v1/apps/${jira}?appVersion=1.1.0`);
    expect([missing.status, missing.json.code]).toEqual([404, 427]);
    for (const id of [giphy, zendesk, pack, 'no-such-app']) {
      const res = await get(`/v1/apps/${id}`);
      expect([id, res.status, res.json.code]).toEqual([id, 404, 426]);
    }
    expect((await get(`/v1/apps/${zendesk}?appVersion=3.1.0`)).status).toBe(404);
  });

  it('GET /v1/apps/:id/latest: one object with tosLink, privacyLink and bundledIn, whatever appVersion says', async () => {
    for (const q of ['', `?appVersion=${jira}`, '?appVersion=0.0.1', '?appVersion=%20']) {
      const res = valid(await get(`/v1/apps/${jira}/latest${q}`), latestAppSchema, route.latest.responses[200]);
      expect(res).toMatchObject({
        id: jira,
        version: '1.0.0',
        tosLink: expect.any(String),
        privacyLink: expect.any(String),
        bundledIn: [{ bundleId: pack, bundleName: 'Northwind Productivity Pack' }],
      });
    }
    expect((await get(`/v1/apps/${giphy}/latest`)).status).toBe(404);
  });

  it('GET /v1/apps/:id/screenshots: the listed version’s, at absolute addresses; none for an app not listed', async () => {
    await s.app.db.execute(
      sql`INSERT INTO screenshots (id, app_id, internal_id, file_name, storage_path) VALUES ('0123456789abcdef01234567', ${jira}, ${jira100}, 'board.png', ${`screenshots/${jira}/0123456789abcdef01234567.png`})`,
    );
    const shots = valid(await get(`/v1/apps/${jira}/screenshots`), screenshotsSchema, route.screenshots.responses[200]);
    expect(shots).toEqual([
      expect.objectContaining({ appId: jira, fileName: 'board.png', accessUrl: `${s.base}/media/screenshots/${jira}/0123456789abcdef01234567.png` }),
    ]);
    expect(valid(await get(`/v1/apps/${giphy}/screenshots`), screenshotsSchema, route.screenshots.responses[200])).toEqual([]);
  });

  it('GET /v1/bundles/:id/apps: the listed apps of a published bundle; 404 (code 319) for any other id', async () => {
    const apps = valid(await get(`/v1/bundles/${pack}/apps`), bundleAppsSchema, route.bundleApps.responses[200]);
    // Calendar Sync is in the pack but not published.
    expect(apps.map((a: Listed) => a.appId).sort()).toEqual([jira, standup].sort());
    for (const id of [uuidOf('bundle:Northwind Team Essentials'), jira, 'nothing']) {
      const res = await get(`/v1/bundles/${id}/apps`);
      expect([id, res.status, res.json.code]).toEqual([id, 404, 319]);
    }
  });

  it('GET /v1/categories: with description and hidden, for Rocket.Chat and for the portal’s screens', async () => {
    await s.app.db.update(categories).set({ description: 'Bots and notices', hidden: true }).where(eq(categories.title, 'Social'));
    const res = valid(await get('/v1/categories'), fetchMarketplaceCategoriesSchema, z.array(PublicCategory));
    expect(res.find((c: { title: string }) => c.title === 'Social')).toMatchObject({
      description: 'Bots and notices',
      hidden: true,
      id: expect.any(String),
      createdDate: expect.any(String),
    });
    expect(res.find((c: { title: string }) => c.title === 'Productivity')).toMatchObject({ description: '', hidden: false });
    // The portal's own screens read it signed in, as before.
    expect((await s.request('GET', '/v1/categories', { token: owner })).status).toBe(200);
  });
});

describe('a workspace’s own purchases, with its token', () => {
  let acme: string;
  let initech: string;
  let fresh: string;
  beforeAll(async () => {
    [acme, initech] = await Promise.all([tokenFor(ws.acmeHq), tokenFor(ws.initech)]);
    await s.app.db.insert(workspaces).values({
      id: 'ws-fresh',
      accountId: hexId('account:acme'),
      nickname: 'Fresh',
      address: 'https://fresh.example',
      clientId: 'fresh-client',
      registeredAt: new Date(),
    });
    fresh = await tokenFor('ws-fresh');
  });

  it('shows what each workspace bought or subscribes to, and nothing of it to anyone else', async () => {
    const mine = await list({ token: acme });
    // Acme HQ bought Jira and subscribes to Standup Bot (35 of 50 seats).
    expect(one(mine, jira)).toMatchObject({ isPurchased: true, latest: expect.objectContaining({ isPurchased: true }) });
    expect(one(mine, standup)).toMatchObject({ isPurchased: true, isSubscribed: true });
    expect(one(mine, standup)!.subscriptionInfo).toMatchObject({
      typeOf: 'app',
      status: 'active',
      isSeatBased: true,
      seats: 35,
      maxSeats: 50,
      isSubscribedViaBundle: false,
    });
    // Initech: its own Standup subscription is past due, but it subscribes (cancelling) to the pack that holds
    // Jira and Standup: both are subscribed through the bundle.
    const theirs = await list({ token: initech });
    for (const id of [jira, standup]) {
      expect(one(theirs, id)).toMatchObject({ isPurchased: true, isSubscribed: true });
      expect(one(theirs, id)!.subscriptionInfo).toMatchObject({ status: 'cancelling', isSubscribedViaBundle: true });
    }
    // A workspace with no purchases, and anonymous callers (after Acme's call: nothing of it was kept), see none.
    for (const token of [fresh, undefined]) {
      const apps = await list({ token });
      expect(one(apps, jira)).toMatchObject({ isPurchased: false });
      expect(one(apps, standup)).toMatchObject({ isSubscribed: false, subscriptionInfo: expect.objectContaining({ status: '' }) });
    }
    // Free apps are everyone's to install.
    const freeApps = (await list()).filter((a) => a.price === 0 && a.purchaseType === 'buy');
    for (const a of freeApps) expect(a.isPurchased).toBe(true);
  });

  it('gives a workspace’s answer its own ETag', async () => {
    const anon = await get('/v1/apps');
    const mine = await get('/v1/apps', { token: acme });
    expect(mine.headers.get('etag')).not.toBe(anon.headers.get('etag'));
    expect((await get('/v1/apps', { token: acme, headers: { 'if-none-match': mine.headers.get('etag')! } })).status).toBe(304);
    expect((await get('/v1/apps', { token: initech, headers: { 'if-none-match': mine.headers.get('etag')! } })).status).toBe(200);
    // A workspace without purchases gets everyone's answer.
    expect((await get('/v1/apps', { token: fresh })).headers.get('etag')).toBe(anon.headers.get('etag'));
  });

  it('carries the state into one app’s calls and the featured sections', async () => {
    const [info] = valid(await get(`/v1/apps/${jira}?appVersion=1.0.0`, { token: acme }), appVersionInfoSchema, route.app.responses[200]);
    expect(info.isPurchased).toBe(true);
    const latest = valid(await get(`/v1/apps/${standup}/latest`, { token: acme }), latestAppSchema, route.latest.responses[200]);
    expect(latest).toMatchObject({ isSubscribed: true, subscriptionInfo: expect.objectContaining({ status: 'active' }) });
    expect(valid(await get(`/v1/apps/${jira}/latest`, { token: fresh }), latestAppSchema, route.latest.responses[200]).isPurchased).toBe(false);
    // (Jira left its featured section when it was unpublished above.)
    await s.request('POST', '/v1/admin/featured', { token: reviewer, body: { appId: jira, sectionSlug: 'featured' } });
    const featured = valid(await get('/v1/featured-apps', { token: acme }), featuredAppsSchema, route.featured.responses[200]);
    const jiraFeatured = featured.sections.flatMap((x: { apps: Listed[] }) => x.apps).find((a: Listed) => a.appId === jira);
    expect(jiraFeatured?.isPurchased).toBe(true);
    const bundle = valid(await get(`/v1/bundles/${pack}/apps`, { token: acme }), bundleAppsSchema, route.bundleApps.responses[200]);
    expect(one(bundle, jira)!.isPurchased).toBe(true);
  });

  it('keeps a workspace’s token and purchases in the process until the database announces a change of its rows', async () => {
    await s.app.db.insert(workspaces).values({
      id: 'ws-kept',
      accountId: hexId('account:acme'),
      nickname: 'Kept',
      address: 'https://kept.example',
      clientId: 'kept-client',
      registeredAt: new Date(),
    });
    const kept = await tokenFor('ws-kept');
    expect(one(await list({ token: kept }), jira)!.isPurchased).toBe(false);
    const buy = sql`INSERT INTO purchase_records (id, app_id, workspace_id, account_id, purchase_type, price, publisher_id)
      SELECT 'kept-purchase', id, 'ws-kept', ${hexId('account:acme')}, 'buy', 4.99, publisher_id FROM apps WHERE id = ${jira}`;
    // A purchase no trigger announces (replica mode skips them) is not seen: the kept answer stands …
    await s.app.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx.execute(buy);
    });
    expect(one(await list({ token: kept }), jira)!.isPurchased).toBe(false);
    // … another workspace's announced change does not touch it …
    await s.app.db.execute(sql`SELECT pg_notify('workspace_reads', ${ws.initech})`);
    expect(one(await list({ token: kept }), jira)!.isPurchased).toBe(false);
    // … until this workspace's is.
    await s.app.db.execute(sql`SELECT pg_notify('workspace_reads', 'ws-kept')`);
    await eventually(
      () => list({ token: kept }),
      (apps) => one(apps, jira)?.isPurchased === true,
      { what: 'the purchase' },
    );
    // A refund written behind the API is announced by its trigger.
    await s.app.db.execute(sql`UPDATE purchase_records SET refunded_at = now() WHERE id = 'kept-purchase'`);
    await eventually(
      () => list({ token: kept }),
      (apps) => one(apps, jira)?.isPurchased === false,
      { what: 'the refund' },
    );
    // The kept token: revoking its workspace (or deleting the token) behind the API ends it as soon as it is announced.
    await s.app.db.update(workspaces).set({ revokedAt: new Date() }).where(eq(workspaces.id, 'ws-kept'));
    await eventually(
      () => get('/v1/apps', { token: kept }),
      (res) => res.status === 401,
      { what: 'the revoked workspace refused' },
    );
    await s.app.db.update(workspaces).set({ revokedAt: null }).where(eq(workspaces.id, 'ws-kept'));
    await eventually(
      () => get('/v1/apps', { token: kept }),
      (res) => res.status === 200,
      { what: 'the workspace back' },
    );
    await s.app.db.delete(workspaceTokens).where(eq(workspaceTokens.workspaceId, 'ws-kept'));
    await eventually(
      () => get('/v1/apps', { token: kept }),
      (res) => res.status === 401,
      { what: 'the deleted token refused' },
    );
  });

  it('sees an app request made through the portal once the database announces it', async () => {
    const stats = () => list({ token: fresh }).then((apps) => one(apps, standup)?.appRequestStats?.totalUnseen ?? 0);
    const before = await stats();
    const requester = Buffer.from(JSON.stringify({ id: 'u-kept', username: 'kept', name: 'Kept', nickname: '', emails: [] })).toString('base64');
    const made = await s.request('POST', '/v1/app-request', { body: { workspaceId: 'ws-fresh', appId: standup, requester, message: 'Please' } });
    expect(made.status, made.text).toBeLessThan(300);
    await eventually(stats, (n) => n === before + 1, { what: 'the request counted' });
  });

  it('refuses a token that is not a live workspace token with 401 in the envelope', async () => {
    const expired = await tokenFor(ws.acmeHq, { expiresAt: new Date(Date.now() - 1000) });
    const noRead = await tokenFor(ws.acmeHq, { scope: 'marketplace:download' });
    const revoked = await tokenFor(ws.globex);
    await s.app.db.update(workspaces).set({ revokedAt: new Date() }).where(eq(workspaces.id, ws.globex));
    const portalSession = reviewer;
    for (const path of [
      '/v1/apps',
      '/v1/featured-apps',
      `/v1/apps/${jira}`,
      `/v1/apps/${jira}/latest`,
      `/v1/apps/${jira}/screenshots`,
      `/v1/bundles/${pack}/apps`,
    ]) {
      for (const headers of [
        { authorization: 'Bearer not-a-token' },
        { authorization: `Bearer ${expired}` },
        { authorization: `Bearer ${noRead}` },
        { authorization: `Bearer ${revoked}` },
        { authorization: `Bearer ${portalSession}` },
        { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` },
      ]) {
        const res = await get(path, { headers });
        expect([path, res.status, res.json?.code, typeof res.json?.requestId]).toEqual([path, 401, 'invalid_token', 'string']);
      }
      // The gate decides the token, before the handler reads the engine header (a 400 without the token).
      const both = await get(path, { headers: { authorization: 'Bearer not-a-token', 'x-apps-engine-version': 'nope' } });
      expect([path, both.status, both.json?.code]).toEqual([path, 401, 'invalid_token']);
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('a second portal process on the same PostgreSQL database', () => {
  // A portal as deployed (server/main.ts in a process of its own), its catalog cache on.
  let second: PortalProcess | undefined;
  let dir: ReturnType<typeof tempDataDir> | undefined;
  beforeAll(async () => {
    dir = tempDataDir('portal-catalog-');
    second = await startPortalProcess({
      DATABASE_URL: s.config.databaseUrl!,
      DATA_DIR: dir.path,
      READ_CACHE_SECONDS: '30',
      COMPILE_WORKER: 'false',
      MAIL_WORKER: 'false',
      WEBHOOK_WORKER: 'false',
    });
  });
  afterAll(async () => {
    await second?.stop();
    dir?.remove();
  });

  it('stops listing an app the first one unpublished, and lists it again once republished, without a stale listing', async () => {
    const listed = async () => ((await (await fetch(`${second!.base}/v1/apps`)).json()) as Listed[]).map((a) => a.appId);
    // Its cache is warm.
    expect(await listed()).toContain(jira);
    expect(await listed()).toContain(jira);
    expect((await action(jira, jira100, 'unpublish')).status).toBe(200);
    await eventually(listed, (ids) => !ids.includes(jira), { what: 'gone from the second process' });
    expect((await action(jira, jira100, 'publish')).status).toBe(200);
    await eventually(listed, (ids) => ids.includes(jira), { what: 'back in the second process' });
  });

  it('shows a workspace there the purchase recorded here, once the database announces it', async () => {
    const token = await tokenFor('ws-fresh');
    const bought = async () => {
      const res = await fetch(`${second!.base}/v1/apps`, { headers: { authorization: `Bearer ${token}` } });
      return ((await res.json()) as Listed[]).find((a) => a.appId === jira)?.isPurchased;
    };
    // Its token and purchases are kept there.
    expect([await bought(), await bought()]).toEqual([false, false]);
    await s.app.db.execute(sql`INSERT INTO purchase_records (id, app_id, workspace_id, account_id, purchase_type, price, publisher_id)
      SELECT 'fresh-purchase', id, 'ws-fresh', ${hexId('account:acme')}, 'buy', 4.99, publisher_id FROM apps WHERE id = ${jira}`);
    await eventually(bought, (v) => v === true, { what: 'bought in the second process' });
    await s.app.db.execute(sql`DELETE FROM purchase_records WHERE id = 'fresh-purchase'`);
    await eventually(bought, (v) => v === false, { what: 'no longer bought in the second process' });
  });
});
