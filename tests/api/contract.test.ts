import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '../../contract';
import type { RouteAccess } from '../../contract/access';
import { ErrorBody } from '../../contract/common';
import { flattenRoutes } from '../../contract/walk';
import { isWorkspaceRoute } from '../../contract/access';
import { startServer, type TestServer } from '../harness';

/** The 92 endpoints of the foundation issue, plus the designed pricing-set call. */
const endpoints =
  `POST /v1/oauth/exchange|POST /v1/oauth/stripe|GET /v1/oauth/stripe|GET /v1/me|GET /v1/me/ac|POST /v1/me|GET /v1/publisher|POST /v1/publisher|PUT /v1/publisher|GET /v1/publisher/stripe/dashboard|GET /v1/publisher/users|POST /v1/publisher/users|GET /v1/publisher/developers|POST /v1/publisher/developers/{}/role|DELETE /v1/publisher/developers/{}|GET /v1/publisher/purchases|GET /v1/publisher/apps|POST /v1/publisher/apps|GET /v1/publisher/apps/{}|GET /v1/publisher/apps/{}/all|GET /v1/publisher/apps/{}/info/{}|GET /v1/publisher/apps/{}/stats|GET /v1/publisher/apps/{}/jobs|GET /v1/publisher/apps/{}/jobs/{}|GET /v1/publisher/apps/{}/prices|GET /v1/publisher/apps/{}/prices/{}|POST /v1/publisher/apps/{}/prices|GET /v1/publisher/apps/{}/info/{}/screenshots|POST /v1/publisher/apps/{}/info/{}/screenshots|POST /v1/publisher/apps/{}/info/{}/details|POST /v1/publisher/apps/{}/info/{}/info|POST /v1/publisher/apps/{}/info/{}/changes|POST /v1/publisher/apps/{}/info/{}/submit|POST /v1/publisher/apps/{}/status/{}|GET /v1/publisher/bundles|POST /v1/publisher/bundles|GET /v1/publisher/bundles/{}/apps|GET /v1/publisher/webhooks|POST /v1/publisher/webhooks|GET /v1/publisher/webhooks/{}|GET /v1/publisher/webhooks/{}/activities|POST /v1/publisher/webhooks/{}/activities/{}|GET /v1/categories|GET /v1/misc/cloud-urls|GET /v1/misc/supported/signups|GET /v1/engine/version|PUT /v1/apps/{}|DELETE /v1/apps/{}/screenshots/{}|GET /v1/admin/apps|GET /v1/admin/app/{}|GET /v1/admin/app/{}/all|GET /v1/admin/app/{}/stats|GET /v1/admin/app/{}/jobs|GET /v1/admin/app/{}/jobs/{}|GET /v1/admin/app/{}/usage|GET /v1/admin/app/{}/prices|GET /v1/admin/app/{}/activityLogs|GET /v1/admin/secret|POST /v1/admin/app/{}/enterpriseOnly|POST /v1/admin/app/{}/usageBased|POST /v1/admin/app/{}/version/{}/{}|GET /v1/admin/apps/download/{}|GET /v1/admin/emailTemplates|POST /v1/admin/emailTemplates|PUT /v1/admin/emailTemplates|GET /v1/admin/purchases|GET /v1/admin/purchases/{}|POST /v1/admin/purchases|POST /v1/admin/purchases/{}|DELETE /v1/admin/purchases/{}|GET /v1/admin/publishers|GET /v1/admin/publishers/{}|POST /v1/admin/publishers/{}|GET /v1/admin/publishers/{}/apps|GET /v1/admin/publishers/{}/bundles|GET /v1/admin/publishers/{}/developers|POST /v1/admin/publishers/{}/developers/{}|POST /v1/admin/publishers/{}/developers/{}/role|POST /v1/admin/publishers/{}/developers/{}/system-role|POST /v1/admin/publishers/{}/email|POST /v1/admin/publishers/{}/payout|GET /v1/admin/workspaces/{}|GET /v1/admin/workspaces/{}/purchases|GET /v1/admin/bundles|GET /v1/admin/bundles/{}|GET /v1/admin/bundles/{}/apps|GET /v1/admin/jobs|GET /v1/admin/categories|POST /v1/admin/categories|GET /v1/admin/featured|POST /v1/admin/featured|DELETE /v1/admin/featured/{}/{}`.split(
    '|',
  );

const normalize = (path: string) => path.replace(/:\w+/g, '{}').replace(/\{\w+\}/g, '{}');
const contractEndpoints = new Set(flattenRoutes(contract).map(({ route }) => `${route.method} ${normalize(route.path)}`));

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.close());

describe('the contract', () => {
  it('lists 92 endpoints', () => expect(endpoints).toHaveLength(92));

  it.each(endpoints)('has %s', (e) => expect(contractEndpoints.has(e)).toBe(true));

  it('has the pricing-set call', () => expect(contractEndpoints.has('POST /v1/publisher/apps/{}/pricing')).toBe(true));

  it('gives every route an access rule', () => {
    for (const { key, route } of flattenRoutes(contract)) {
      expect(route.metadata, key).toMatchObject({ access: expect.stringMatching(/^(public|session|feature)$/) });
    }
  });

  // The rules of `errorsOf` (contract/common.ts), checked against what each route is: its access rule, its
  // path, its body. Statuses that depend on the handler (403/404 on session routes, 409, 502) are the
  // fuzzer's to check (tests/api/fuzz.test.ts: nothing answers a status its route does not declare).
  it('declares on every route the error statuses its kind answers, each with the envelope', () => {
    for (const { key, route } of flattenRoutes(contract)) {
      const errors = Object.keys(route.responses)
        .map(Number)
        .filter((status) => status >= 400)
        .sort((a, b) => a - b);
      const access = (route.metadata as RouteAccess).access;
      const multipart = 'contentType' in route && route.contentType === 'multipart/form-data';
      const takesBody = 'body' in route && route.body !== undefined;
      const must = (status: number, when: boolean) => expect(errors.includes(status), `${key}: ${status} ${when ? 'missing' : 'not answered'}`).toBe(when);
      // A registered Rocket.Chat workspace's route is public to the gate, but checks the workspace's own token
      // (401), the app or version it names (404) and, where it refuses, a scope or a purchase (403).
      const workspace = isWorkspaceRoute(route.metadata) || (route.metadata as { workspace?: string }).workspace === 'optional';
      must(400, true);
      must(500, true);
      must(401, access !== 'public' || workspace);
      if (access === 'feature') for (const status of [403, 404]) must(status, true);
      // …but the requestAccess page's call (docs/rocketchat.md, App requests), which names a workspace and an app that may not exist here.
      if (access === 'public' && !workspace) for (const status of [404, 409]) must(status, status === 404 && key === 'appRequests.create');
      // The checkout's changes refuse what cannot be bought so (409).
      const buyerChange = ['checkout.start', 'checkout.seats', 'checkout.cancel', 'checkout.resume'].includes(key);
      if (workspace)
        for (const [status, when] of [
          [404, true],
          [409, buyerChange],
        ] as const)
          must(status, when);
      // A public route refuses nobody, but trusted publishing's exchange: a CI token no trust policy matches.
      if (access === 'public' && !workspace) must(403, key === 'trust.exchange');
      // …and 403: a scope the token lacks, a purchase it does not hold, another workspace's token.
      if (workspace)
        must(
          403,
          ['workspaceDownloads.download', 'workspaceInstalls.usage'].includes(key) || key.startsWith('checkout.') || key.startsWith('workspaceLicenses.'),
        );
      must(414, route.path.includes(':'));
      must(413, takesBody);
      must(415, takesBody);
      // security.ts limits uploads, the sign-in exchange, trusted publishing's token exchange and the requestAccess page's call.
      must(429, multipart || (route.method === 'POST' && ['/v1/oauth/exchange', '/v1/oauth/token', '/v1/app-request'].includes(route.path)));
      // Rocket.Chat's download refuses a version the caller's engine cannot run (426 Upgrade Required), alone.
      must(426, key === 'workspaceDownloads.download');
      for (const status of errors) {
        expect([400, 401, 403, 404, 409, 413, 414, 415, 426, 429, 500, 502], `${key}: ${status}`).toContain(status);
        expect((route.responses as Record<number, unknown>)[status], `${key}: ${status}`).toBe(ErrorBody);
      }
    }
  });

  it('declares 502 exactly where a service outside the portal is called', () => {
    const upstream = flattenRoutes(contract)
      .filter(({ route }) => 502 in route.responses)
      .map(({ key }) => key)
      .sort();
    expect(upstream).toEqual([
      'admin.publishers.payout',
      'admin.refunds.refund',
      'catalog.cloudUrls',
      'checkout.cancel',
      'checkout.resume',
      'checkout.seats',
      'checkout.start',
      'oauth.exchange',
      'oauth.stripeConnect',
      'oauth.stripeUrl',
      'publisher.balance',
      'publisher.stripeDashboard',
      'trust.exchange',
    ]);
  });
});

describe('the served OpenAPI document', () => {
  it('is OpenAPI 3.1 with every endpoint and real schemas', async () => {
    const res = await s.request('GET', '/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(res.json.openapi).toBe('3.1.0');
    const served = new Set(
      Object.entries(res.json.paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) =>
        Object.keys(ops).map((m) => `${m.toUpperCase()} ${normalize(path)}`),
      ),
    );
    for (const e of endpoints) expect(served.has(e), e).toBe(true);
    // Each operation documents exactly the statuses its contract route declares.
    for (const { key, route } of flattenRoutes(contract)) {
      const op = res.json.paths[route.path.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
      expect(Object.keys(op?.responses ?? {}).sort(), key).toEqual(Object.keys(route.responses).sort());
    }
    const signUp = res.json.paths['/v1/publisher'].post.requestBody.content['application/json'].schema;
    expect(signUp.properties.tosLink.type).toBe('string');
    expect(signUp.required).toContain('agreement');
  });

  it('has a readable reference page', async () => {
    const res = await fetch(`${s.base}/api-docs`, { redirect: 'follow' });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('/v1/openapi.json');
  });
});

describe('errors and limits', () => {
  it('answers unknown API paths with the envelope and a request id', async () => {
    const res = await s.request('GET', '/v1/nothing-here');
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ error: 'No route for GET /v1/nothing-here.', code: 'not_found', requestId: res.headers.get('x-request-id') });
  });

  it('answers malformed JSON with 400 and oversized bodies with 413, never 500', async () => {
    const bad = await s.request('POST', '/v1/oauth/exchange', { body: '{"code":', headers: { 'content-type': 'application/json' } });
    expect(bad.status).toBe(400);
    expect(bad.json.requestId).toBeTruthy();
    const big = await s.request('POST', '/v1/oauth/exchange', { body: JSON.stringify({ code: 'x'.repeat(2_000_000) }) });
    expect(big.status).toBe(413);
    expect(big.json.code).toBe('FST_ERR_CTP_BODY_TOO_LARGE');
  });

  it('refuses every media type but JSON on a JSON route with 415', async () => {
    const xml = await s.request('POST', '/v1/oauth/exchange', { body: '<a/>', headers: { 'content-type': 'application/xml' } });
    expect(xml.status).toBe(415);
    expect(xml.json.requestId).toBeTruthy();
    const text = await s.request('POST', '/v1/oauth/exchange', { body: 'hello', headers: { 'content-type': 'text/plain' } });
    expect(text.status).toBe(415);
    expect(text.json.code).toBe('unsupported_media_type');
    const form = await s.request('POST', '/v1/oauth/exchange', { body: 'code=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect([form.status, form.json.code]).toEqual([415, 'unsupported_media_type']);
  });
});
