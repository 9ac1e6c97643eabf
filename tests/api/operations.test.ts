// Running behind a load balancer: TRUST_PROXY and the rate limits it keys, limits shared through the
// database by several servers, /healthz and /readyz (a database taken away and given back), and /metrics
// read with a strict parser of Prometheus' text format while requests, jobs and deliveries move it.
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { uuidOf } from '../../server/dev/seed/seed';
import { demoPublishers } from '../../server/dev/seed/seed-data';
import { webhooks } from '../../server/db/schema';
import { deliverNext } from '../../server/webhooks/deliver';
import { dispatchEvents } from '../../server/webhooks/dispatch';
import { fixtureFiles, zip } from '../fixtures/packages';
import { startServer, type TestServer } from '../harness';
import { startReceiver } from '../webhook-receiver';
import { eventually } from '../eventually';

const TOKEN = 'metrics-token-for-tests';
const BAD_CODE = { code: 'nope', redirectUri: 'http://localhost/oauth/callback', codeVerifier: 'v'.repeat(43) };
/** A token exchange that fails (400) unless the limit answers first (429), from `from` when given. */
const exchange = async (s: TestServer, from?: string) =>
  (await s.request('POST', '/v1/oauth/exchange', { body: BAD_CODE, headers: from ? { 'x-forwarded-for': from } : {} })).status;
const junkUpload = async (s: TestServer, token: string) =>
  (await s.upload('POST', '/v1/publisher/apps', token, [{ field: 'app', filename: 'a.zip', data: Buffer.from('x') }])).status;

type Sample = { name: string; labels: Record<string, string>; value: number };
const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const LABEL = '([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\\\\n]|\\\\[\\\\"n])*)"';
const SAMPLE = new RegExp(
  `^(${NAME})(?:\\{(${LABEL}(?:,${LABEL})*)?\\})? ([Nn][Aa][Nn]|[+-]?[Ii][Nn][Ff]|[+-]?\\d+(?:\\.\\d+)?(?:[eE][+-]?\\d+)?)(?: -?\\d+)?$`,
);
const SUFFIXES: Record<string, string[]> = { histogram: ['_bucket', '_sum', '_count'], summary: ['', '_sum', '_count'] };

/**
 * Prometheus' text exposition format, strictly: each line empty, a HELP or TYPE of a family, or a sample of
 * a family declared before it (histograms by their _bucket/_sum/_count), labels quoted and escaped as the
 * format says, the text ending in a newline. Anything else throws.
 */
function parseMetrics(text: string) {
  expect(text.endsWith('\n')).toBe(true);
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.slice(0, -1).split('\n')) {
    if (line === '') continue; // the format ignores empty lines (prom-client puts one between families)
    const type = new RegExp(`^# TYPE (${NAME}) (counter|gauge|histogram|summary|untyped)$`).exec(line);
    if (type) {
      expect(types.has(type[1]!), `${type[1]} declared twice`).toBe(false);
      types.set(type[1]!, type[2]!);
      continue;
    }
    if (new RegExp(`^# HELP ${NAME} .*$`).test(line)) continue;
    const m = SAMPLE.exec(line);
    if (!m) throw new Error(`not a line of the Prometheus text format: ${JSON.stringify(line)}`);
    const name = m[1]!;
    const family = [...types].find(([f, t]) => (SUFFIXES[t] ?? ['']).some((s) => name === f + s));
    if (!family) throw new Error(`a sample of no declared family: ${line}`);
    const labels = Object.fromEntries([...(m[2] ?? '').matchAll(new RegExp(LABEL, 'g'))].map((l) => [l[1]!, l[2]!]));
    // Values as Go's ParseFloat reads them (Prometheus' parser): NaN and Inf in any case.
    samples.push({ name, labels, value: Number(m[m.length - 1]!.toLowerCase().replace(/^nan$/, 'NaN').replace('inf', 'Infinity')) });
  }
  /** The sample of `name` whose labels include `labels` (0 when there is none yet). */
  const value = (name: string, labels: Record<string, string> = {}) =>
    samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value ?? 0;
  return { types, samples, value };
}

const scrape = async (s: TestServer) => {
  const res = await s.request('GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status, res.text).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseMetrics(res.text);
};

describe('TRUST_PROXY', () => {
  it('takes addresses and CIDR ranges, or true; refuses hop counts and anything else', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: '2' })).toThrow(/a hop count cannot tell a proxy from a client/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33,proxy.internal' })).toThrow(/not an address or CIDR range: 10\.0\.0\.0\/33, proxy\.internal/);
  });
});

describe('behind a proxy (TRUST_PROXY), with METRICS_TOKEN', () => {
  let s: TestServer;
  let owner: string;
  let developer: string;
  let lars: string;
  let support: string;
  beforeAll(async () => {
    // Four sign-ins from 127.0.0.1 (the proxy's own address) leave it one request of five.
    s = await startServer(
      {},
      {
        TRUST_PROXY: '127.0.0.1',
        RATE_LIMIT_SIGN_IN: '5',
        RATE_LIMIT_UPLOADS: '1',
        METRICS_TOKEN: TOKEN,
        WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'true',
        WEBHOOK_TIMEOUT_SECONDS: '0.5',
      },
    );
    [owner, developer, lars, support] = await Promise.all([s.signIn('owner'), s.signIn('developer'), s.signIn('fjordOwner'), s.signIn('support')]);
  });
  afterAll(() => s?.close());

  it('limits each client behind the proxy by its forwarded address', async () => {
    const a = [];
    for (let i = 0; i < 6; i++) a.push(await exchange(s, '203.0.113.1'));
    expect(a).toEqual([400, 400, 400, 400, 400, 429]);
    expect(await exchange(s, '203.0.113.2')).toBe(400);
    // Through two proxies: the client is the last address that no trusted proxy stands for.
    expect(await exchange(s, '203.0.113.1, 127.0.0.1')).toBe(429);
  });

  it('limits uploads per signed-in person, not per address', async () => {
    expect([await junkUpload(s, owner), await junkUpload(s, owner)]).toEqual([400, 429]);
    expect(await junkUpload(s, lars)).toBe(400);
  });

  it('answers /healthz and /readyz without a token, never limited', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => s.request('GET', i % 2 ? '/healthz' : '/readyz')));
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.headers.get('x-ratelimit-limit')).toBeNull();
    }
    expect(answers[0]!.json).toEqual({ status: 'ready' });
    expect(answers[1]!.json).toEqual({ status: 'ok' });
  });

  it('refuses /metrics without the token, or with another', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong' }, { authorization: TOKEN }] as Record<string, string>[]) {
      const res = await s.request('GET', '/metrics', { headers });
      expect(res.status).toBe(401);
      expect(res.json).toMatchObject({ code: 'unauthenticated', requestId: expect.any(String) });
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
    }
  });

  it('counts requests by route pattern and status, never the raw URL', async () => {
    const labels = { method: 'GET', route: '/v1/publisher/apps/:id', status: '404' };
    const before = await scrape(s);
    expect((await s.request('GET', '/v1/publisher/apps/no-such-app-4711', { token: owner })).status).toBe(404);
    const after = await scrape(s);
    expect(after.types.get('portal_http_requests_total')).toBe('counter');
    expect(after.types.get('portal_http_request_duration_seconds')).toBe('histogram');
    expect(after.value('portal_http_requests_total', labels)).toBe(before.value('portal_http_requests_total', labels) + 1);
    expect(after.value('portal_http_request_duration_seconds_count', labels)).toBe(before.value('portal_http_request_duration_seconds_count', labels) + 1);
    expect(after.samples.some((x) => Object.values(x.labels).some((v) => v.includes('no-such-app-4711')))).toBe(false);
    // The process's own (prom-client's defaults), and no pool on the embedded database.
    expect(after.types.get('process_cpu_user_seconds_total')).toBe('counter');
    expect(after.types.has('portal_db_pool_connections')).toBe(!!process.env.TEST_DATABASE_URL);
  });

  it('moves with a compile job: claimed, compiled, timed', async () => {
    const before = await scrape(s);
    const res = await s.upload('POST', '/v1/publisher/apps', developer, [{ field: 'app', filename: 'app.zip', data: zip(fixtureFiles('standup-helper')) }]);
    expect(res.status, res.text).toBe(201);
    expect((await s.settled(developer, res.json.appId)).latest.status).toBe('compiled');
    const after = await scrape(s);
    expect(after.value('portal_jobs_claimed_total', { kind: 'compile' })).toBe(before.value('portal_jobs_claimed_total', { kind: 'compile' }) + 1);
    expect(after.value('portal_compile_duration_seconds_count', { outcome: 'succeeded' })).toBe(
      before.value('portal_compile_duration_seconds_count', { outcome: 'succeeded' }) + 1,
    );
    expect(after.value('portal_compile_duration_seconds_sum', { outcome: 'succeeded' })).toBeGreaterThan(
      before.value('portal_compile_duration_seconds_sum', { outcome: 'succeeded' }),
    );
    expect(after.value('portal_jobs', { kind: 'compile', state: 'queued' })).toBe(0);
  });

  it('moves with a webhook delivery: queued, claimed, delivered', async () => {
    // What the webhook worker does each poll: fan the outbox out into deliveries, then make the due ones.
    const dispatchAll = () =>
      eventually(
        () => dispatchEvents(s.app.db),
        (n) => n === 0,
      );
    const deliverAll = () =>
      eventually(
        () => deliverNext(s.app.webhookDeliveries()),
        (job) => !job,
      );
    const drain = async () => {
      await dispatchAll();
      await deliverAll();
    };
    const receiver = await startReceiver();
    try {
      const northwind = demoPublishers.find((p) => p.key === 'northwind')!.id;
      const made = await s.request('POST', '/v1/publisher/webhooks', {
        token: owner,
        body: { label: 'Ops', enabled: true, url: receiver.url, for: ['app.purchase.created'] },
      });
      expect(made.status).toBe(201);
      await s.app.db.update(webhooks).set({ enabled: false }).where(eq(webhooks.publisherId, northwind));
      await s.app.db.update(webhooks).set({ enabled: true }).where(eq(webhooks.id, made.json.id));
      await drain();
      const kind = { kind: 'webhook.deliver' };
      const before = await scrape(s);
      const bought = await s.request('POST', '/v1/admin/purchases', {
        token: support,
        body: {
          appId: uuidOf('app:Jira Connector'),
          workspaceId: createHash('sha256').update('ws:acme-hq').digest('hex').slice(0, 24),
          externallyManaged: true,
          planId: '',
          seats: 0,
          addonTierId: '',
          periodEnd: new Date().toISOString(),
        },
      });
      expect(bought.status, bought.text).toBe(201);
      await dispatchAll();
      const queued = await scrape(s);
      expect(queued.value('portal_jobs', { ...kind, state: 'queued' })).toBe(before.value('portal_jobs', { ...kind, state: 'queued' }) + 1);
      expect(queued.value('portal_jobs_oldest_queued_seconds', kind)).toBeGreaterThanOrEqual(0);
      await deliverAll();
      expect(receiver.received).toHaveLength(1);
      const after = await scrape(s);
      expect(after.value('portal_webhook_deliveries_total', { outcome: 'delivered' })).toBe(
        before.value('portal_webhook_deliveries_total', { outcome: 'delivered' }) + 1,
      );
      expect(after.value('portal_jobs_claimed_total', kind)).toBe(before.value('portal_jobs_claimed_total', kind) + 1);
      expect(after.value('portal_jobs', { ...kind, state: 'queued' })).toBe(before.value('portal_jobs', { ...kind, state: 'queued' }));
    } finally {
      await receiver.close();
    }
  });
});

describe('without TRUST_PROXY', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer({}, { RATE_LIMIT_SIGN_IN: '2' });
  });
  afterAll(() => s?.close());

  it('counts every client of the proxy as the proxy: X-Forwarded-For is not believed', async () => {
    expect([await exchange(s, '203.0.113.1'), await exchange(s, '203.0.113.2'), await exchange(s, '203.0.113.3')]).toEqual([400, 400, 429]);
  });

  it('serves /metrics without a token in development when METRICS_TOKEN is unset', async () => {
    expect((await scrapeOpen(s)).types.get('portal_jobs')).toBe('gauge');
  });
});

describe('production without METRICS_TOKEN', () => {
  it('does not serve /metrics', async () => {
    const s = await startServer({ production: true });
    try {
      const res = await s.request('GET', '/metrics');
      expect(res.status).toBe(404);
      expect(res.json).toMatchObject({ code: 'not_found', error: 'Metrics are not served: METRICS_TOKEN is not set.' });
    } finally {
      await s.close();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two servers on one PostgreSQL database', () => {
  let one: TestServer;
  let two: TestServer;
  beforeAll(async () => {
    const env = { RATE_LIMIT_SIGN_IN: '3', TRUST_PROXY: '127.0.0.1' };
    one = await startServer({}, env);
    two = await startServer({ databaseUrl: one.config.databaseUrl }, env);
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
  });

  it('hold one limit between them, also for requests at the same moment', async () => {
    const [first, second] = ['198.51.100.1', '198.51.100.2'];
    expect([await exchange(one, first), await exchange(two, first), await exchange(one, first), await exchange(two, first)]).toEqual([400, 400, 400, 429]);
    const together = await Promise.all(Array.from({ length: 12 }, (_, i) => exchange(i % 2 ? one : two, second)));
    expect(together.filter((status) => status === 400)).toHaveLength(3);
  });

  it('are not ready while their database refuses connections, and are again once it takes them', async () => {
    const name = new URL(one.config.databaseUrl!).pathname.slice(1);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const ready = (s: TestServer) => s.request('GET', '/readyz');
    try {
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
      for (const s of [one, two]) {
        const down = await eventually(
          () => ready(s),
          (r) => r.status === 503,
        );
        expect(down.json).toMatchObject({
          code: 'not_ready',
          requestId: expect.any(String),
          error: expect.stringMatching(/^Not ready: the database is unreachable/),
        });
        expect(down.json.reasons).toEqual([expect.stringMatching(/^the database is unreachable \(.+\)$/)]);
        // The process itself lives, and its metrics still answer.
        expect((await s.request('GET', '/healthz')).json).toEqual({ status: 'ok' });
        expect((await scrapeOpen(s)).types.get('portal_db_pool_connections')).toBe('gauge');
      }
    } finally {
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
      await admin.end();
    }
    for (const s of [one, two])
      expect(
        (
          await eventually(
            () => ready(s),
            (r) => r.status === 200,
          )
        ).json,
      ).toEqual({ status: 'ready' });
  });
});

/** /metrics of a server without METRICS_TOKEN (open in development). */
async function scrapeOpen(s: TestServer) {
  const res = await s.request('GET', '/metrics');
  expect(res.status, res.text).toBe(200);
  return parseMetrics(res.text);
}
