import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { appVersions, apps } from '../../server/db/schema';
import { startServer, type TestServer } from '../harness';
import { eventually } from '../eventually';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.close());

describe('GET /v1/publisher/apps', () => {
  it('pages the publisher’s own apps with their latest version, newest change first', async () => {
    const token = await s.signIn('owner');
    // A change to the app itself (a pricing change, a staff flag) touches the app, not its latest version:
    // the order must still follow the column the rows show.
    const before = (await s.request('GET', '/v1/publisher/apps?limit=10&offset=0', { token })).json.data as {
      appId: string;
      latest: { modifiedDate: string };
    }[];
    const shown = before.map((a) => a.latest.modifiedDate);
    expect(shown).toEqual([...shown].sort().reverse());
    await s.app.db
      .update(apps)
      .set({ modifiedAt: new Date() })
      .where(eq(apps.id, before.at(-1)!.appId));
    const first = await s.request('GET', '/v1/publisher/apps?limit=4&offset=0', { token });
    expect(first.status).toBe(200);
    expect(first.json.meta.total).toBe(6);
    expect(first.json.data).toHaveLength(4);
    const rest = await s.request('GET', '/v1/publisher/apps?limit=4&offset=4', { token });
    const names = [...first.json.data, ...rest.json.data].map((a: { latest: { name: string } }) => a.latest.name);
    expect(new Set(names).size).toBe(6);
    // Ordered by the Modified column the rows show (the latest version's), newest first, across pages.
    const modified = [...first.json.data, ...rest.json.data].map((a: { latest: { modifiedDate: string } }) => a.latest.modifiedDate);
    expect(modified).toEqual([...modified].sort().reverse());
    const jira = [...first.json.data, ...rest.json.data].find((a: { latest: { name: string } }) => a.latest.name === 'Jira Connector');
    expect(jira.latest).toMatchObject({ version: '1.1.0', status: 'author-approved' });
    expect(jira.bundledIn).toEqual([{ bundleId: expect.any(String), bundleName: 'Northwind Productivity Pack' }]);
    expect(jira.publisher.label).toBe('Northwind Integrations');
  });

  it('never shows another publisher’s apps', async () => {
    const token = await s.signIn('fjordOwner');
    const res = await s.request('GET', '/v1/publisher/apps', { token });
    expect(res.json.data.map((a: { publisher: { label: string } }) => a.publisher.label)).toEqual(['Fjord Labs', 'Fjord Labs', 'Fjord Labs']);
  });

  it('keeps each app’s latest version whatever writes its versions (the stored pointer lists read)', async () => {
    const token = await s.signIn('owner');
    const list = async () =>
      (await s.request('GET', '/v1/publisher/apps?limit=10&offset=0', { token })).json.data as {
        appId: string;
        latest: { name: string; version: string; modifiedDate: string };
      }[];
    const [first, , last] = await list();
    // A newer version written straight to the table, and a change to an older app's latest version.
    const [row] = await s.app.db.select().from(appVersions).where(eq(appVersions.appId, first!.appId)).limit(1);
    await s.app.db.insert(appVersions).values({
      ...row!,
      internalId: `${row!.internalId}-next`,
      version: '9.9.9',
      createdDate: new Date(Date.now() + 1000),
      modifiedDate: new Date(Date.now() + 1000),
    });
    await s.app.db
      .update(appVersions)
      .set({ modifiedDate: new Date(Date.now() + 2000) })
      .where(eq(appVersions.internalId, (await s.app.db.select().from(apps).where(eq(apps.id, last!.appId)))[0]!.latestVersionId!));
    const after = await list();
    expect(after[0]!.appId).toBe(last!.appId);
    expect(after.find((a) => a.appId === first!.appId)!.latest.version).toBe('9.9.9');
    // Removing it brings the previous latest version back.
    await s.app.db.delete(appVersions).where(eq(appVersions.internalId, `${row!.internalId}-next`));
    expect((await list()).find((a) => a.appId === first!.appId)!.latest.version).toBe(first!.latest.version);
  });

  it('answers a poll of an unchanged list with 304 and no body, and a changed one in full', async () => {
    const token = await s.signIn('owner');
    const first = await s.request('GET', '/v1/publisher/apps?limit=3&offset=0', { token });
    const tag = first.headers.get('etag')!;
    expect(tag).toMatch(/^W\/"/);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    const again = await s.request('GET', '/v1/publisher/apps?limit=3&offset=0', { token, headers: { 'if-none-match': tag } });
    expect([again.status, again.text]).toEqual([304, '']);
    const other = await s.request('GET', '/v1/publisher/apps?limit=2&offset=0', { token, headers: { 'if-none-match': tag } });
    expect(other.status).toBe(200);
    // Errors and writes are never tagged.
    const bad = await s.request('GET', '/v1/publisher/apps?limit=0', { token });
    expect(bad.headers.get('etag')).toBeNull();
  });

  it('refuses a bad page with 400', async () => {
    const token = await s.signIn('owner');
    const res = await s.request('GET', '/v1/publisher/apps?limit=0&offset=-1', { token });
    expect(res.status).toBe(400);
    expect(res.json.fields.map((f: { path: string }) => f.path).sort()).toEqual(['query.limit', 'query.offset']);
  });
});

describe('GET /v1/publisher/apps from the read cache', () => {
  let c: TestServer;
  beforeAll(async () => {
    c = await startServer({}, { READ_CACHE_SECONDS: '30' });
  });
  afterAll(() => c.close());

  const names = async (token: string) =>
    ((await c.request('GET', '/v1/publisher/apps?limit=10&offset=0', { token })).json.data as { latest: { name: string } }[]).map((a) => a.latest.name);

  it('shows a change at once, whoever makes it: the publisher, staff, or the database itself', async () => {
    const owner = await c.signIn('owner');
    const before = await names(owner);
    expect(await names(owner)).toEqual(before);
    // Another publisher's list is its own.
    expect(await names(await c.signIn('fjordOwner'))).not.toEqual(before);
    // A write straight to the database (as the compile worker's): heard through the notification.
    const shown = (await c.request('GET', '/v1/publisher/apps?limit=10&offset=0', { token: owner })).json.data as { appId: string; latest: { name: string } }[];
    const [app] = await c.app.db
      .select()
      .from(apps)
      .where(eq(apps.id, shown.find((x) => x.latest.name !== 'Jira Connector')!.appId));
    await c.app.db.update(appVersions).set({ name: 'Renamed In The Database' }).where(eq(appVersions.internalId, app!.latestVersionId!));
    await eventually(
      () => names(owner),
      (seen) => seen.includes('Renamed In The Database'),
      { what: 'the rename heard' },
    );
    // A write through the API by someone else (staff): the list never shows the old status after it.
    const reviewer = await c.signIn('reviewer');
    const list = (await c.request('GET', '/v1/publisher/apps?limit=10&offset=0', { token: owner })).json.data as {
      appId: string;
      latest: { id: string; name: string; status: string };
    }[];
    const jira = list.find((a) => a.latest.name === 'Jira Connector')!;
    expect(jira.latest.status).toBe('author-approved');
    const rejected = await c.request('POST', `/v1/admin/app/${jira.appId}/version/${jira.latest.id}/reject`, {
      token: reviewer,
      body: { action: 'reject', rejectionReason: 'Not this time.' },
    });
    expect(rejected.status, rejected.text).toBe(200);
    const after = (await c.request('GET', '/v1/publisher/apps?limit=10&offset=0', { token: owner })).json.data as {
      appId: string;
      latest: { status: string };
    }[];
    expect(after.find((a) => a.appId === jira.appId)!.latest.status).toBe('rejected');
  });
});
