// Registered Rocket.Chat workspaces download packages and report installs, updates, uninstalls and usage —
// the calls as Rocket.Chat's server makes them (apps/meteor/ee/server/apps/communication/rest.ts,
// apps/meteor/ee/server/apps/marketplace/appInstall.ts) — and the portal's install numbers come from nothing else.
import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/db/ids';
import { uuidOf } from '../../server/dev/seed/seed';
import { accounts, appInstallEvents, appVersions, purchaseRecords, usageRecords, workspaceTokens, workspaces } from '../../server/db/schema';
import { fixtureFiles, withManifest, zip } from '../fixtures/packages';
import { writeListing } from '../listing';
import { startServer, type TestServer } from '../harness';

let s: TestServer;
let owner: string;
let reviewer: string;
let admin: string;
let fjord: string;
beforeAll(async () => {
  s = await startServer();
  [owner, reviewer, admin, fjord] = await Promise.all([s.signIn('owner'), s.signIn('reviewer'), s.signIn('admin'), s.signIn('fjordOwner')]);
});
afterAll(() => s?.close());

const hex = (name: string) => createHash('sha256').update(name).digest('hex').slice(0, 24);
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const BOTH = 'marketplace:read marketplace:download';

/** A registered workspace with an access token (rows written as the token grant writes them); an existing workspace gets a token. */
async function workspace(nickname: string, o: { scope?: string; id?: string; expiresIn?: number } = {}) {
  let id = o.id;
  if (!id) {
    id = newId();
    const accountId = newId();
    await s.app.db.insert(accounts).values({ id: accountId, name: `${nickname} Inc.` });
    await s.app.db
      .insert(workspaces)
      .values({ id, accountId, nickname, address: `https://${id}.chat.example`, clientId: `client-${id}`, registeredAt: new Date() });
  }
  const token = randomBytes(32).toString('base64url');
  await s.app.db
    .insert(workspaceTokens)
    .values({ tokenHash: sha256(token), workspaceId: id, scope: o.scope ?? BOTH, expiresAt: new Date(Date.now() + (o.expiresIn ?? 3600) * 1000) });
  return { id, token };
}

/** GET of a package exactly as Rocket.Chat asks for one: the token in the query, only the engine version as a header. */
const download = (appId: string, version: string, token: string | undefined) =>
  fetch(`${s.base}/v2/apps/${appId}/download/${version}${token === undefined ? '' : `?token=${token}`}`, { headers: { 'X-Apps-Engine-Version': '1.47.0' } });

/** Rocket.Chat's notifyMarketplace body. */
const report = (action: 'install' | 'update' | 'uninstall', appVersion: string, extra: Record<string, unknown> = {}) => ({
  action,
  appName: 'Reminder Bot',
  appSlug: 'reminder-bot',
  appVersion,
  rocketChatVersion: '7.5.0',
  engineVersion: '1.47.0-alpha.1',
  siteUrl: 'https://chat.example',
  ...extra,
});
const notify = (appId: string, token: string | undefined, body: unknown) =>
  s.request('POST', `/v1/apps/${appId}/install`, { body, headers: token === undefined ? {} : { authorization: `Bearer ${token}` } });

const eventsOf = (appId: string) => s.app.db.select().from(appInstallEvents).where(eq(appInstallEvents.appId, appId));
const eventCount = async () => (await s.app.db.select({ n: count() }).from(appInstallEvents))[0]!.n;
const stats = async (appId: string, token = owner) => (await s.request('GET', `/v1/publisher/apps/${appId}/installs`, { token })).json;
const compiledPathOf = async (appId: string, version: string) =>
  (
    await s.app.db
      .select({ path: appVersions.compiledPath })
      .from(appVersions)
      .where(and(eq(appVersions.appId, appId), eq(appVersions.version, version)))
  )[0]!.path;

const jira = uuidOf('app:Jira Connector');
const standup = uuidOf('app:Standup Bot');

/** A free app of Northwind uploaded, compiled, approved and published (as a publisher and staff do it), at `version`. */
async function publishedApp(appId: string, version: string) {
  const up = await s.upload('POST', '/v1/publisher/apps', owner, [
    {
      field: 'app',
      filename: 'app.zip',
      data: zip(withManifest(fixtureFiles('reminder-bot'), { id: appId, version, nameSlug: `reminder-${appId.slice(0, 8)}` })),
    },
  ]);
  expect([201, 200], up.text).toContain(up.status);
  const app = await s.settled(owner, appId);
  expect(app.latest.status).toBe('compiled');
  const act = (action: string, token: string) => s.request('POST', `/v1/admin/app/${appId}/version/${app.latest.id}/${action}`, { token, body: { action } });
  // Staff approve a version whose listing is complete (machines/version-actions.ts).
  await writeListing(s, owner, appId, app.latest.id);
  expect((await act('approve', reviewer)).json.status).toBe('approved');
  expect((await act('publish', admin)).json.status).toBe('published');
  return app.latest.id as string;
}

describe('the seed writes no numbers', () => {
  it('starts with no install events (downloads among them) or usage records: every number comes from workspaces', async () => {
    const rows = (await s.app.db.execute(
      sql`SELECT (SELECT count(*) FROM usage_records) AS usage, (SELECT count(*) FROM app_install_events) AS events`,
    )) as unknown as {
      rows: { usage: string | number; events: string | number }[];
    };
    expect(rows.rows[0]).toEqual({ usage: expect.anything(), events: expect.anything() });
    expect(Object.values(rows.rows[0]!).map(Number)).toEqual([0, 0]);
    const jiraStats = (await s.request('GET', `/v1/publisher/apps/${jira}/stats`, { token: owner })).json;
    expect(jiraStats).toMatchObject({ totalDownloads: 0, appVersions: { '1.0.0': { downloads: 0 } } });
    expect(await stats(jira)).toMatchObject({ totals: { installs: 0, updates: 0, uninstalls: 0, downloads: 0, activeWorkspaces: 0 }, versions: [] });
  });
});

describe('GET /v2/apps/:id/download/:version', () => {
  const APP = '7d0c51a2-3e94-4c1b-8f26-0b9d4e6a1c01';
  let acme: { id: string; token: string };
  let stranger: { id: string; token: string };
  beforeAll(async () => {
    await publishedApp(APP, '1.0.0');
    acme = await workspace('Acme HQ', { id: hex('ws:acme-hq') });
    stranger = await workspace('Stranger Co');
  });

  it('answers the compiled package of that version, byte for byte, as application/zip, and counts the download', async () => {
    const before = await eventsOf(APP);
    const res = await download(APP, '1.0.0', stranger.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const bytes = Buffer.from(await res.arrayBuffer());
    const stored = await s.app.storage.get(await compiledPathOf(APP, '1.0.0'));
    expect(bytes.equals(stored)).toBe(true);
    expect(Number(res.headers.get('content-length'))).toBe(stored.length);
    const files = unzipSync(new Uint8Array(bytes));
    expect(Object.keys(files)).toContain('ReminderBotApp.js');
    expect(JSON.parse(strFromU8(files['app.json']!))).toMatchObject({ id: APP, version: '1.0.0' });
    const after = await eventsOf(APP);
    expect(after.length).toBe(before.length + 1);
    expect(after.find((e) => !before.some((b) => b.id === e.id))).toMatchObject({
      action: 'download',
      workspaceId: stranger.id,
      appVersion: '1.0.0',
      engineVersion: '1.47.0',
    });
    // Every download counts, each with a key of its own.
    expect((await download(APP, '1.0.0', stranger.token)).status).toBe(200);
    const downloads = (await eventsOf(APP)).filter((e) => e.action === 'download');
    expect(downloads).toHaveLength(2);
    expect(new Set(downloads.map((d) => d.dedupeKey)).size).toBe(2);
    const appStats = (await s.request('GET', `/v1/publisher/apps/${APP}/stats`, { token: owner })).json;
    expect(appStats).toMatchObject({ totalDownloads: 2, appVersions: { '1.0.0': { downloads: 2 } } });
  });

  it('serves a paid app only to a workspace that bought it (268), a subscription app only while subscribed (465)', async () => {
    const notBought = await download(jira, '1.0.0', stranger.token);
    expect(notBought.status).toBe(403);
    expect(await notBought.json()).toMatchObject({ code: 268, error: expect.any(String), requestId: expect.any(String) });
    const bought = await download(jira, '1.0.0', acme.token);
    expect([bought.status, bought.headers.get('content-type')]).toEqual([200, 'application/zip']);
    expect(Buffer.from(await bought.arrayBuffer()).equals(await s.app.storage.get(await compiledPathOf(jira, '1.0.0')))).toBe(true);

    const unsubscribed = await download(standup, '2.0.0', stranger.token);
    expect(unsubscribed.status).toBe(403);
    expect((await unsubscribed.json()).code).toBe(465);
    // A subscription that stopped billing entitles to nothing.
    const lapsed = await workspace('Lapsed Ltd');
    const [account] = await s.app.db.select({ id: workspaces.accountId }).from(workspaces).where(eq(workspaces.id, lapsed.id));
    await s.app.db.insert(purchaseRecords).values({
      id: newId(),
      appId: standup,
      workspaceId: lapsed.id,
      accountId: account!.id,
      purchaseType: 'subscription',
      price: 4,
      subscriptionStatus: 'pastDue',
      publisherId: '6560a1f0c0ffee0000000001',
      endedAt: new Date(),
    });
    expect((await (await download(standup, '2.0.0', lapsed.token)).json()).code).toBe(465);
    // Acme Europe's subscription is on a trial; Initech's is past due, but it subscribes to a bundle with the app in.
    const trial = await workspace('Acme Europe', { id: hex('ws:acme-eu') });
    expect((await download(standup, '2.0.0', trial.token)).status).toBe(200);
    const viaBundle = await workspace('Initech Teachers', { id: hex('ws:initech') });
    expect((await download(standup, '2.0.0', viaBundle.token)).status).toBe(200);
  });

  it('is 404 for a version that is not published — rejected, unpublished, in review — and for what does not exist, counting nothing', async () => {
    const before = await eventCount();
    const unpublished = await download(uuidOf('app:Giphy Reactions'), '1.4.0', acme.token);
    expect([unpublished.status, (await unpublished.json()).code]).toEqual([404, 'not_found']);
    expect((await download(uuidOf('app:Zendesk Helpdesk'), '3.1.0', acme.token)).status).toBe(404);
    expect((await download(uuidOf('app:Translate Bridge'), '1.2.0', acme.token)).status).toBe(404);
    expect((await download(jira, '1.1.0', acme.token)).status).toBe(404);
    expect((await download(APP, '9.9.9', acme.token)).status).toBe(404);
    expect((await download('no-such-app', '1.0.0', acme.token)).status).toBe(404);
    // A bundle is bought, never downloaded.
    expect((await download(uuidOf('bundle:Northwind Productivity Pack'), '1.0.0', acme.token)).status).toBe(404);
    expect(await eventCount()).toBe(before);
  });

  it('refuses a version the caller’s engine cannot run (426, counting nothing); an engine header that is no version is 400 {code: 200}', async () => {
    const at = and(eq(appVersions.appId, APP), eq(appVersions.version, '1.0.0'));
    const [row] = await s.app.db.select({ range: appVersions.requiredApiVersion }).from(appVersions).where(at);
    await s.app.db.update(appVersions).set({ requiredApiVersion: '^99.0.0' }).where(at);
    try {
      const before = await eventCount();
      const refused = await download(APP, '1.0.0', stranger.token);
      expect(refused.status).toBe(426);
      expect(await refused.json()).toMatchObject({
        code: 'engine_incompatible',
        error: 'Version 1.0.0 needs Apps-Engine ^99.0.0; this workspace runs 1.47.0. Update Rocket.Chat, or install a version it runs.',
      });
      const bad = await fetch(`${s.base}/v2/apps/${APP}/download/1.0.0?token=${stranger.token}`, { headers: { 'X-Apps-Engine-Version': 'latest' } });
      expect([bad.status, (await bad.json()).code]).toEqual([400, 200]);
      expect(await eventCount()).toBe(before);
      // Without the header (the engine unknown), it is served.
      const unknown = await fetch(`${s.base}/v2/apps/${APP}/download/1.0.0?token=${stranger.token}`);
      expect(unknown.status).toBe(200);
      await unknown.arrayBuffer();
    } finally {
      await s.app.db.update(appVersions).set({ requiredApiVersion: row!.range }).where(at);
    }
  });

  it('asks for a workspace token with marketplace:download: 401 without a valid one, 403 without the scope', async () => {
    const before = await eventCount();
    for (const token of [undefined, '', 'not-a-token', owner]) {
      const res = await download(APP, '1.0.0', token);
      expect([token, res.status]).toEqual([token, 401]);
      expect(await res.json()).toMatchObject({ code: 'invalid_workspace_token', requestId: expect.any(String) });
    }
    const expired = await workspace('Expired Ltd', { expiresIn: -60 });
    expect((await download(APP, '1.0.0', expired.token)).status).toBe(401);
    const readOnly = await workspace('Reader Ltd', { scope: 'marketplace:read' });
    const res = await download(APP, '1.0.0', readOnly.token);
    expect([res.status, (await res.json()).code]).toEqual([403, 'insufficient_scope']);
    const revoked = await workspace('Revoked Ltd');
    await s.app.db.update(workspaces).set({ revokedAt: new Date() }).where(eq(workspaces.id, revoked.id));
    expect((await download(APP, '1.0.0', revoked.token)).status).toBe(401);
    // The Authorization header is not how Rocket.Chat sends it, and not how the portal reads it.
    const header = await fetch(`${s.base}/v2/apps/${APP}/download/1.0.0`, { headers: { authorization: `Bearer ${stranger.token}` } });
    expect(header.status).toBe(401);
    expect(await eventCount()).toBe(before);
  });
});

describe('a download from an S3 bucket', () => {
  it('streams the object’s body as the package, byte for byte', async () => {
    const { default: S3rver } = await import('s3rver');
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 's3rver-installs-'));
    const bucket = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: 'installs', configs: [] }] });
    const { port } = (await bucket.run()) as import('node:net').AddressInfo;
    const onS3 = await startServer({
      s3: {
        bucket: 'installs',
        prefix: 'files/',
        endpoint: `http://127.0.0.1:${port}`,
        region: 'us-east-1',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
      },
    });
    try {
      const token = randomBytes(32).toString('base64url');
      await onS3.app.db
        .insert(workspaceTokens)
        .values({ tokenHash: sha256(token), workspaceId: hex('ws:acme-hq'), scope: BOTH, expiresAt: new Date(Date.now() + 3_600_000) });
      const res = await fetch(`${onS3.base}/v2/apps/${jira}/download/1.0.0?token=${token}`);
      expect([res.status, res.headers.get('content-type')]).toEqual([200, 'application/zip']);
      const [row] = await onS3.app.db
        .select({ path: appVersions.compiledPath })
        .from(appVersions)
        .where(and(eq(appVersions.appId, jira), eq(appVersions.version, '1.0.0')));
      expect(Buffer.from(await res.arrayBuffer()).equals(await onS3.app.storage.get(row!.path))).toBe(true);
    } finally {
      await onS3.close();
      await bucket.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('POST /v1/apps/:id/install', () => {
  const APP = '7d0c51a2-3e94-4c1b-8f26-0b9d4e6a1c02';
  beforeAll(async () => {
    await publishedApp(APP, '1.0.0');
  });

  it('records what Rocket.Chat reports, per workspace; answers 200 {}', async () => {
    const w = await workspace('Reporter One');
    const res = await notify(APP, w.token, report('install', '1.0.0'));
    expect([res.status, res.json]).toEqual([200, {}]);
    expect(await eventsOf(APP)).toEqual([
      expect.objectContaining({
        workspaceId: w.id,
        action: 'install',
        appVersion: '1.0.0',
        rocketChatVersion: '7.5.0',
        engineVersion: '1.47.0-alpha.1',
        siteUrl: 'https://chat.example',
      }),
    ]);
  });

  it('refuses without a valid workspace token (401, the body not read), an unknown app (404), a bad body (400): nothing changes', async () => {
    const w = await workspace('Refused Ltd');
    const before = await eventCount();
    for (const token of [undefined, '', 'nope', owner]) expect((await notify(APP, token, report('install', '1.0.0'))).status).toBe(401);
    // Without a token, even a broken body is a 401: the token is checked before the body is read.
    expect((await notify(APP, undefined, { action: 'explode' })).status).toBe(401);
    expect((await notify('no-such-app', w.token, report('install', '1.0.0'))).status).toBe(404);
    expect((await notify(uuidOf('bundle:Northwind Productivity Pack'), w.token, report('install', '1.0.0'))).status).toBe(404);
    for (const body of [
      {},
      { action: 'explode', appVersion: '1.0.0' },
      { action: 'install' },
      { action: 'install', appVersion: '' },
      { action: 'install', appVersion: 1 },
      'install',
    ]) {
      const res = await notify(APP, w.token, body);
      expect([JSON.stringify(body), res.status, typeof res.json?.error]).toEqual([JSON.stringify(body), 400, 'string']);
    }
    expect(await eventCount()).toBe(before);
  });

  it('counts a repeated report once, also when both copies arrive at once', async () => {
    const w = await workspace('Repeater');
    for (let i = 0; i < 3; i++) expect((await notify(APP, w.token, report('install', '1.0.0'))).status).toBe(200);
    await Promise.all([0, 1, 2, 3].map(() => notify(APP, w.token, report('update', '1.1.0'))));
    const mine = (await eventsOf(APP)).filter((e) => e.workspaceId === w.id);
    expect(mine.map((e) => [e.action, e.appVersion]).sort()).toEqual([
      ['install', '1.0.0'],
      ['update', '1.1.0'],
    ]);
  });

  it('keeps each workspace to its own state: a report names no other workspace', async () => {
    const [a, b] = [await workspace('Own State A'), await workspace('Own State B')];
    await notify(APP, a.token, report('install', '1.0.0'));
    // B's uninstall, even naming A, is B's.
    await notify(APP, b.token, report('uninstall', '1.0.0', { workspaceId: a.id }));
    const events = await eventsOf(APP);
    expect(events.filter((e) => e.workspaceId === a.id).map((e) => e.action)).toEqual(['install']);
    expect(events.filter((e) => e.workspaceId === b.id).map((e) => e.action)).toEqual(['uninstall']);
    // A's token does not download B's way past its own entitlements, and vice versa: each answer is the caller's.
    expect((await download(jira, '1.0.0', a.token)).status).toBe(403);
  });
});

describe('installs read from the events', () => {
  const APP = '7d0c51a2-3e94-4c1b-8f26-0b9d4e6a1c03';
  beforeAll(async () => {
    await publishedApp(APP, '1.0.0');
  });

  it('shows N install events from M workspaces as N installs and M active workspaces; repeats do not count; an uninstall lowers them', async () => {
    const [w1, w2, w3] = [await workspace('Stats One'), await workspace('Stats Two'), await workspace('Stats Three')];
    // 5 install events from 3 workspaces (w1 installs twice, with an uninstall between; w2 reinstalls too).
    await notify(APP, w1.token, report('install', '1.0.0'));
    await notify(APP, w1.token, report('uninstall', '1.0.0'));
    await notify(APP, w1.token, report('install', '1.0.0'));
    await notify(APP, w2.token, report('install', '1.0.0'));
    await notify(APP, w2.token, report('uninstall', '1.0.0'));
    await notify(APP, w2.token, report('install', '1.0.0'));
    await notify(APP, w3.token, report('install', '1.0.0'));
    // Repeats of the latest reports.
    for (const w of [w1, w2, w3]) await notify(APP, w.token, report('install', '1.0.0'));
    await notify(APP, w3.token, report('update', '1.1.0'));
    await notify(APP, w3.token, report('update', '1.1.0'));
    await download(APP, '1.0.0', w1.token);

    let read = await stats(APP);
    expect(read.totals).toEqual({ installs: 5, updates: 1, uninstalls: 2, downloads: 1, activeWorkspaces: 3 });
    expect(read.days).toHaveLength(90);
    const today = new Date().toISOString().slice(0, 10);
    expect(read.days.at(-1)).toEqual({ date: today, installs: 5, updates: 1, uninstalls: 2, downloads: 1 });
    expect(read.days.slice(0, -1).every((d: { installs: number; downloads: number }) => d.installs === 0 && d.downloads === 0)).toBe(true);
    expect(read.versions).toEqual([
      { version: '1.1.0', activeWorkspaces: [...Array(89).fill(0), 1] },
      { version: '1.0.0', activeWorkspaces: [...Array(89).fill(0), 2] },
    ]);

    await notify(APP, w2.token, report('uninstall', '1.0.0'));
    read = await stats(APP);
    expect(read.totals).toMatchObject({ uninstalls: 3, activeWorkspaces: 2 });
    expect(read.versions.find((v: { version: string }) => v.version === '1.0.0').activeWorkspaces.at(-1)).toBe(1);
    // Staff read the same numbers on the admin app detail.
    expect((await s.request('GET', `/v1/admin/app/${APP}/installs`, { token: reviewer })).json).toEqual(read);
  });

  it('counts active workspaces per version at each day’s end, from the latest event up to that day', async () => {
    const day = (n: number) => new Date(Date.now() - n * 86_400_000);
    const history = [await workspace('History One'), await workspace('History Two')];
    const event = (w: { id: string }, action: 'install' | 'update' | 'uninstall', appVersion: string, at: Date) => ({
      id: newId(),
      appId: standup,
      workspaceId: w.id,
      action,
      appVersion,
      at,
      dedupeKey: `test:${newId()}`,
    });
    await s.app.db.insert(appInstallEvents).values([
      // Before the window: History One runs 1.0.0 when it opens.
      event(history[0]!, 'install', '1.0.0', day(120)),
      event(history[0]!, 'update', '2.0.0', day(10)),
      event(history[0]!, 'uninstall', '2.0.0', day(3)),
      event(history[1]!, 'install', '2.0.0', day(10)),
      // Two events in one day: the later one is the day's state.
      event(history[1]!, 'uninstall', '2.0.0', day(5)),
      event(history[1]!, 'install', '2.0.0', new Date(day(5).getTime() + 1000)),
    ]);
    const read = await stats(standup);
    const at = (version: string, daysAgo: number) => read.versions.find((v: { version: string }) => v.version === version).activeWorkspaces[89 - daysAgo];
    expect([at('1.0.0', 89), at('1.0.0', 11), at('1.0.0', 10), at('1.0.0', 0)]).toEqual([1, 1, 0, 0]);
    expect([at('2.0.0', 11), at('2.0.0', 10), at('2.0.0', 5), at('2.0.0', 4), at('2.0.0', 3), at('2.0.0', 0)]).toEqual([0, 2, 2, 2, 1, 1]);
    expect(read.totals).toMatchObject({ installs: 3, updates: 1, uninstalls: 2, activeWorkspaces: 1 });
    expect(read.days[89 - 5]).toMatchObject({ installs: 1, uninstalls: 1 });
  });

  it('is the app’s own publisher’s (404 to another publisher) and staff’s', async () => {
    expect((await s.request('GET', `/v1/publisher/apps/${APP}/installs`, { token: fjord })).status).toBe(404);
    expect((await s.request('GET', `/v1/publisher/apps/${APP}/installs`)).status).toBe(401);
    expect((await s.request('GET', `/v1/admin/app/${APP}/installs`, { token: owner })).status).toBe(403);
  });
});

describe('POST /v1/apps/:id/usage', () => {
  const usage = (appId: string, token: string | undefined, body: unknown) =>
    s.request('POST', `/v1/apps/${appId}/usage`, { body, headers: token === undefined ? {} : { authorization: `Bearer ${token}` } });
  const item = { price: 0.02, quantity: 140, description: 'Standups run' };

  it('records usage of an app the workspace may have, labelled with its nickname; a retried report is one record', async () => {
    const acme = await workspace('Acme HQ', { id: hex('ws:acme-hq') });
    const first = await usage(standup, acme.token, { billingCycleId: '2026-11', items: [item], reportId: 'standups-2026-11' });
    expect(first.status, first.text).toBe(201);
    const again = await usage(standup, acme.token, { billingCycleId: '2026-11', items: [item], reportId: 'standups-2026-11' });
    expect([again.status, again.json.id]).toEqual([200, first.json.id]);
    const page = (await s.request('GET', `/v1/admin/app/${standup}/usage?limit=5&offset=0`, { token: reviewer })).json;
    expect(page.meta.total).toBe(1);
    expect(page.data[0]).toMatchObject({ id: first.json.id, workspaceLabel: 'Acme HQ', billingCycleId: '2026-11', items: [item] });
    // Without a report id every call is a record: seven reports page five at a time with the total.
    for (let i = 0; i < 6; i++)
      expect(
        (await usage(standup, acme.token, { billingCycleId: `2026-${String(i + 1).padStart(2, '0')}`, items: [{ price: 0.02, quantity: 100 + i }] })).status,
      ).toBe(201);
    const one = (await s.request('GET', `/v1/admin/app/${standup}/usage?limit=5&offset=0`, { token: reviewer })).json;
    const two = (await s.request('GET', `/v1/admin/app/${standup}/usage?limit=5&offset=5`, { token: reviewer })).json;
    expect([one.data.length, two.data.length, one.meta.total]).toEqual([5, 2, 7]);
  });

  it('refuses a workspace without the subscription (465), no token (401), an unknown app (404) and a bad body (400), recording nothing', async () => {
    const stranger = await workspace('Usage Stranger');
    const count0 = (await s.app.db.select({ n: count() }).from(usageRecords))[0]!.n;
    const refused = await usage(standup, stranger.token, { billingCycleId: '2026-11', items: [item] });
    expect([refused.status, refused.json.code]).toEqual([403, 465]);
    expect((await usage(standup, undefined, { billingCycleId: '2026-11', items: [item] })).status).toBe(401);
    expect((await usage(standup, owner, { billingCycleId: '2026-11', items: [item] })).status).toBe(401);
    expect((await usage('no-such-app', stranger.token, { billingCycleId: '2026-11', items: [item] })).status).toBe(404);
    const acme = await workspace('Acme HQ', { id: hex('ws:acme-hq') });
    for (const body of [{}, { billingCycleId: '2026-11', items: [] }, { billingCycleId: '', items: [item] }, { billingCycleId: 'x', items: [{ price: -1 }] }]) {
      expect((await usage(standup, acme.token, body)).status).toBe(400);
    }
    expect((await s.app.db.select({ n: count() }).from(usageRecords))[0]!.n).toBe(count0);
  });
});
