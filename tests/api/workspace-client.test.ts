// A Rocket.Chat workspace using the portal as its marketplace, call after call in the order its server makes
// them: registered by staff → token (apps/meteor/app/cloud/server/functions/getWorkspaceAccessTokenWithScope.ts)
// → categories → apps → featured apps (apps/meteor/ee/server/apps/marketplace/fetchMarketplace*.ts) → latest →
// the version's info and its package (communication/rest.ts, POST /api/apps) → install notice (appInstall.ts)
// → an update → an uninstall. Every answer is parsed with the schemas Rocket.Chat's server parses it with
// (tests/api/rocketchat-schemas.ts, copied from its source), and the publisher's numbers are what it did.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appVersions } from '../../server/db/schema';
import { ROCKET_CHAT_DEFAULT_SCOPES } from '../../server/workspaces/scopes';
import { fixtureFiles, withManifest, zip } from '../fixtures/packages';
import { writeListing } from '../listing';
import { startServer, type TestServer } from '../harness';
import {
  appVersionInfoSchema,
  featuredAppsSchema,
  fetchMarketplaceAppsSchema,
  fetchMarketplaceCategoriesSchema,
  latestAppSchema,
  nullsIn,
} from './rocketchat-schemas';

const APP = '3b6f0f7e-5a1d-4c2b-9e8a-7c4d2f1a0b91';
let s: TestServer;
let owner: string;
let reviewer: string;
let admin: string;
let engine: string;
beforeAll(async () => {
  s = await startServer();
  [owner, reviewer, admin] = await Promise.all([s.signIn('owner'), s.signIn('reviewer'), s.signIn('admin')]);
  engine = ((await s.request('GET', '/v1/engine/version')).json as { version: string }).version;
});
afterAll(() => s?.close());

/** Uploads `version` of the fixture app (new, or an update), and staff approve and publish it. */
async function publish(version: string, update: boolean) {
  const data = zip(withManifest(fixtureFiles('reminder-bot'), { id: APP, version, nameSlug: 'workspace-client-reminders' }));
  const up = await s.upload(update ? 'PUT' : 'POST', update ? `/v1/apps/${APP}` : '/v1/publisher/apps', owner, [{ field: 'app', filename: 'app.zip', data }]);
  expect([200, 201], up.text).toContain(up.status);
  const app = await s.settled(owner, APP);
  expect(app.latest.status).toBe('compiled');
  const act = (action: string, token: string) => s.request('POST', `/v1/admin/app/${APP}/version/${app.latest.id}/${action}`, { token, body: { action } });
  // Staff approve a version whose listing is complete (machines/version-actions.ts).
  await writeListing(s, owner, APP, app.latest.id);
  expect((await act('approve', reviewer)).json.status).toBe('approved');
  expect((await act('publish', admin)).json.status).toBe('published');
}

/** A call to the portal as Rocket.Chat's marketplace client makes it (getMarketplaceHeaders.ts: the engine version, the bearer token). */
const marketplace = async (path: string, token: string, init: RequestInit = {}) => {
  const res = await fetch(`${s.base}${path}`, {
    ...init,
    headers: { 'X-Apps-Engine-Version': engine, authorization: `Bearer ${token}`, ...(init.headers ?? {}) },
  });
  return res;
};
const json = async (res: Response) => {
  expect(res.status, `${res.url}: ${res.status}`).toBe(200);
  const body: unknown = await res.json();
  expect(nullsIn(body)).toEqual([]);
  return body;
};

describe('a Rocket.Chat workspace, call after call', () => {
  it('registers, browses, installs, updates and uninstalls, and the publisher sees exactly that', async () => {
    await publish('1.0.0', false);
    // Staff register the workspace; its administrator sets the client id and secret (docs/rocketchat.md).
    const reg = await s.request('POST', '/v1/admin/workspaces', {
      token: admin,
      body: { nickname: 'Client test', address: 'https://chat.client-test.example' },
    });
    expect(reg.status, reg.text).toBe(201);
    const { clientId, clientSecret, workspace } = reg.json as { clientId: string; clientSecret: string; workspace: { id: string } };

    const tokenFor = async (scope: string) => {
      const res = await fetch(`${s.base}/api/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          client_id: clientId,
          client_secret: clientSecret,
          scope,
          grant_type: 'client_credentials',
          redirect_uri: 'https://chat.client-test.example/admin/cloud/oauth-callback',
        }),
      });
      const body = (await json(res)) as { access_token: string; expires_in: number; scope: string };
      expect(body.scope).toBe(scope);
      expect(body.expires_in).toBeGreaterThan(0);
      return body.access_token;
    };
    const token = await tokenFor(ROCKET_CHAT_DEFAULT_SCOPES.join(' '));

    fetchMarketplaceCategoriesSchema.parse(await json(await marketplace('/v1/categories', token)));
    const apps = fetchMarketplaceAppsSchema.parse(await json(await marketplace('/v1/apps', token)));
    const listed = apps.find((a) => a.appId === APP);
    expect(listed?.latest.version).toBe('1.0.0');
    expect(listed?.latest.versionIncompatible).toBeUndefined();
    featuredAppsSchema.parse(await json(await marketplace('/v1/featured-apps', token)));
    // Its app page asks for "latest" with the app's id as appVersion (useAppInfo.ts).
    latestAppSchema.parse(await json(await marketplace(`/v1/apps/${APP}/latest?appVersion=${APP}`, token)));

    // Install (POST /api/apps): the package with a fresh marketplace:download token, the version's info with the usual one.
    const install = async (version: string, action: 'install' | 'update') => {
      const download = await fetch(`${s.base}/v2/apps/${APP}/download/${version}?token=${await tokenFor('marketplace:download')}`, {
        headers: { 'X-Apps-Engine-Version': engine },
      });
      expect(download.status).toBe(200);
      expect(download.headers.get('content-type')).toBe('application/zip');
      const [row] = await s.app.db
        .select({ path: appVersions.compiledPath })
        .from(appVersions)
        .where(and(eq(appVersions.appId, APP), eq(appVersions.version, version)));
      expect(Buffer.from(await download.arrayBuffer()).equals(await s.app.storage.get(row!.path!))).toBe(true);
      if (action === 'install') {
        const [info] = appVersionInfoSchema.parse(await json(await marketplace(`/v1/apps/${APP}?appVersion=${version}`, token)));
        expect(info!.version).toBe(version);
      }
      await notify(action, version);
    };
    const notify = async (action: 'install' | 'update' | 'uninstall', version: string) => {
      const res = await marketplace(`/v1/apps/${APP}/install`, token, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          action,
          appName: 'Reminder Bot',
          appSlug: 'workspace-client-reminders',
          appVersion: version,
          rocketChatVersion: '7.9.0',
          engineVersion: engine,
          siteUrl: 'https://chat.client-test.example',
        }),
      });
      expect(res.ok, `${action}: ${res.status}`).toBe(true);
    };
    await install('1.0.0', 'install');

    await publish('1.1.0', true);
    const updated = fetchMarketplaceAppsSchema.parse(await json(await marketplace('/v1/apps', token)));
    expect(updated.find((a) => a.appId === APP)?.latest.version).toBe('1.1.0');
    await install('1.1.0', 'update');
    // The same notice again (a retry) counts once.
    await notify('update', '1.1.0');
    await notify('uninstall', '1.1.0');

    const stats = await s.request('GET', `/v1/publisher/apps/${APP}/installs`, { token: owner });
    expect(stats.status, stats.text).toBe(200);
    expect(stats.json.totals).toMatchObject({ installs: 1, updates: 1, uninstalls: 1, downloads: 2, activeWorkspaces: 0 });
    const registered = await s.request('GET', '/v1/admin/workspaces?limit=100', { token: admin });
    const mine = (registered.json.data as { id: string; installedApps: number; lastSeenAt: string | null }[]).find((w) => w.id === workspace.id);
    expect(mine).toMatchObject({ installedApps: 0, lastSeenAt: expect.any(String) });
  }, 300_000);
});
