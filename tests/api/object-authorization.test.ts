// Object rows of the authorization matrix: every route whose path names a publisher's row (an app, a version,
// a price, a compile job, a screenshot, a bundle, a webhook, a webhook delivery, a team member) is called with
// Northwind's real rows by every caller of another publisher — Fjord Labs' owner and the staff publisher's
// members in each of their roles — and answers 404, exactly as for a row that does not exist, writing
// nothing (a trigger counts every row written to any table). The routes come from the contract, so a new
// route is covered the day it is added, and every route of a publisher feature that names an id must declare
// the row it names (its resolver), else this test fails.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSystemFeature, type ResourceKind, type RouteAccess } from '../../contract/access';
import { contract } from '../../contract';
import { flattenRoutes } from '../../contract/walk';
import { uuidOf } from '../../server/dev/seed/seed';
import { pngImage } from '../fixtures/images';
import { startServer, type DemoKey, type TestServer } from '../harness';

const NORTHWIND = '6560a1f0c0ffee0000000001';
const jira = uuidOf('app:Jira Connector');
const others: DemoKey[] = ['fjordOwner', 'staffViewer', 'support', 'reviewer', 'admin'];

let s: TestServer;
let owner: string;
const tokens: Partial<Record<DemoKey, string>> = {};
/** Northwind's rows, one of each kind, by the path parameters that name them. */
const rows: Partial<Record<ResourceKind, Record<string, string>>> = {};

const one = async <T>(query: ReturnType<typeof sql>) => ((await s.app.db.execute(query)) as unknown as { rows: T[] }).rows[0];
const writes = async () => Number((await one<{ n: string }>(sql`SELECT n FROM object_writes`))!.n);

beforeAll(async () => {
  s = await startServer({}, { COMPILE_WORKER: 'false', WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'true' });
  owner = await s.signIn('owner');
  for (const c of others) tokens[c] = await s.signIn(c);
  // Rows the seed may not have for Northwind: a screenshot, a webhook and one of its deliveries, an API token.
  const latest = (await s.request('GET', `/v1/publisher/apps/${jira}`, { token: owner })).json.latest;
  const draft = await s.request('GET', `/v1/publisher/apps/${uuidOf('app:Weather Now')}`, { token: owner });
  await s.upload('POST', `/v1/publisher/apps/${draft.json.appId}/info/${draft.json.latest.id}/screenshots`, owner, [
    { field: 'screenshots', filename: 'a.png', data: await pngImage(960, 540) },
  ]);
  await s.app.db.execute(sql`UPDATE publishers SET can_use_webhooks = true, can_create_bundles = true WHERE id = ${NORTHWIND}`);
  const hook = await s.request('POST', '/v1/publisher/webhooks', {
    token: owner,
    body: { label: 'Objects', enabled: true, url: 'http://127.0.0.1:9/hook', for: ['app.purchase.created'] },
  });
  await s.request('POST', `/v1/publisher/webhooks/${hook.json.id}/test`, { token: owner });
  const apiToken = await s.request('POST', '/v1/publisher/tokens', { token: owner, body: { name: 'Objects', abilities: ['read'], appIds: null } });
  const policy = await s.request('POST', `/v1/publisher/apps/${jira}/trust`, {
    token: owner,
    body: { repository: 'northwind/jira-connector', workflow: 'release.yml' },
  });

  const q = <T>(query: ReturnType<typeof sql>) => one<T>(query);
  const price = await q<{ id: string }>(sql`SELECT id FROM prices WHERE app_id = ${jira} LIMIT 1`);
  const job = await q<{ id: string }>(sql`SELECT id FROM compile_jobs WHERE app_id = ${jira} LIMIT 1`);
  const shot = await q<{ id: string; app_id: string; internal_id: string }>(
    sql`SELECT s.id, s.app_id, s.internal_id FROM screenshots s JOIN apps a ON a.id = s.app_id WHERE a.publisher_id = ${NORTHWIND} LIMIT 1`,
  );
  const bundle = await q<{ id: string }>(sql`SELECT id FROM apps WHERE publisher_id = ${NORTHWIND} AND is_bundle LIMIT 1`);
  const activity = await q<{ id: string; webhook_id: string }>(
    sql`SELECT a.id, a.webhook_id FROM webhook_activities a JOIN webhooks w ON w.id = a.webhook_id WHERE w.publisher_id = ${NORTHWIND} LIMIT 1`,
  );
  const member = await q<{ id: string }>(sql`SELECT id FROM developers WHERE publisher_id = ${NORTHWIND} AND role <> 'owner' LIMIT 1`);
  rows.app = { id: jira, appId: jira };
  rows.appVersion = { id: jira, appId: jira, versionId: latest.id, internalId: latest.id };
  rows.price = { id: jira, priceId: price!.id };
  rows.compileJob = { id: jira, jobId: job!.id };
  rows.screenshot = { id: shot!.app_id, appId: shot!.app_id, internalId: shot!.internal_id, screenshotId: shot!.id };
  rows.bundle = { id: bundle!.id };
  rows.webhook = { id: hook.json.id };
  rows.webhookActivity = { id: activity!.webhook_id, activityId: activity!.id };
  rows.teamMember = { developerId: member!.id };
  rows.apiToken = { tokenId: apiToken.json.token.id };
  rows.trustPolicy = { id: jira, policyId: policy.json.id };
  // A payout of Northwind's (its statement's routes): written as the payout service completes one.
  await s.app.db.execute(sql`INSERT INTO payouts (id, publisher_id, amount, status) VALUES ('po_objects', ${NORTHWIND}, 1, 'paid')`);
  rows.payout = { id: 'po_objects' };

  // From here on, every row written to any table is counted.
  await s.app.db.execute(sql`CREATE TABLE object_writes (n bigint NOT NULL)`);
  await s.app.db.execute(sql`INSERT INTO object_writes VALUES (0)`);
  await s.app.db.execute(
    sql`CREATE FUNCTION object_count() RETURNS trigger AS $$ BEGIN UPDATE object_writes SET n = n + 1; RETURN NULL; END; $$ LANGUAGE plpgsql`,
  );
  const tables = (
    (await s.app.db.execute(
      sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> 'object_writes'`,
    )) as unknown as { rows: { table_name: string }[] }
  ).rows;
  for (const { table_name } of tables)
    await s.app.db.execute(
      sql.raw(`CREATE TRIGGER object_count AFTER INSERT OR UPDATE OR DELETE ON "${table_name}" FOR EACH ROW EXECUTE FUNCTION object_count()`),
    );
});
afterAll(() => s.close());

const rule = (metadata: unknown) => metadata as RouteAccess;
const publisherRoutes = flattenRoutes(contract).filter(({ route }) => {
  const r = rule(route.metadata);
  return r.access === 'feature' && !isSystemFeature(r.feature);
});

describe('a publisher’s rows exist only for its own publisher', () => {
  it('every publisher route whose path names an id declares the row it names (the gate loads and authorizes it)', () => {
    const undeclared = publisherRoutes.filter(({ route }) => route.path.includes('/:') && !(rule(route.metadata) as { resource?: string }).resource);
    expect(undeclared.map(({ key }) => key)).toEqual([]);
  });

  const named = publisherRoutes.filter(({ route }) => (rule(route.metadata) as { resource?: string }).resource);
  it.each(named.map(({ key, route }) => [key, route] as const))('%s: 404 for every caller of another publisher, nothing written', async (_key, route) => {
    const kind = (rule(route.metadata) as { resource: ResourceKind }).resource;
    const params = rows[kind];
    expect(params, `a row of Northwind for ${kind}`).toBeDefined();
    const path = route.path.replace(/:(\w+)/g, (_, name: string) => {
      if (name === 'action' || name === 'status') return 'x';
      expect(params![name], `${route.path}: ${name}`).toBeDefined();
      return encodeURIComponent(params![name]!);
    });
    const before = await writes();
    for (const c of others) {
      const res = await s.request(route.method, path, { token: tokens[c], body: route.method === 'GET' ? undefined : {} });
      // The gate's 404 for the row (not the router's for the path), in the envelope.
      expect([c, res.status, res.json?.requestId !== undefined, /^No route/.test(res.json?.error ?? '')]).toEqual([c, 404, true, false]);
    }
    expect(await writes()).toBe(before);
    // The row is there for its own publisher (what 404 hides exists).
    if (route.method === 'GET') {
      const mine = await s.request('GET', path, { token: owner });
      expect([mine.status, mine.text.slice(0, 200)]).toEqual([200, expect.anything()]);
    }
  });
});
