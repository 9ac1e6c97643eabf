// At least once: a portal process killed (SIGKILL) while a delivery is on the wire is restarted on the same
// database, and the delivery is made again — with the same webhook-id — once its job's lease runs out.
// The portal runs as deployed (`server/main.ts`): on the embedded PGlite in a data folder, or on
// PostgreSQL in the API tests' PostgreSQL pass.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { uuidOf } from '../../server/db/seed';
import { demoUsers } from '../../server/db/seed-data';
import { startReceiver } from '../webhook-receiver';

const admin = process.env.TEST_DATABASE_URL;
const REDIRECT_URI = 'http://localhost:8080/oauth/callback';
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let child: ChildProcess | undefined;
let dbName = '';
const env: Record<string, string> = {
  DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-crash-')),
  WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'true',
  JOB_LEASE_SECONDS: '5',
  COMPILE_WORKER: 'false',
  MAIL_WORKER: 'false',
  LOG_LEVEL: 'warn',
};

beforeAll(async () => {
  receiver = await startReceiver();
  if (admin) {
    dbName = `portal_crash_${randomBytes(6).toString('hex')}`;
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(`CREATE DATABASE ${dbName}`);
    await c.end();
    const url = new URL(admin);
    url.pathname = `/${dbName}`;
    env.DATABASE_URL = url.toString();
  }
});
afterAll(async () => {
  child?.kill('SIGKILL');
  await receiver?.close();
  if (dbName) {
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await c.end();
  }
});

async function start() {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', 'ignore', 'inherit'] });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`the portal exited with ${child.exitCode}`);
    if (await fetch(`${base}/v1/engine/version`).then((r) => r.ok, () => false)) return base;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the portal did not start');
}

async function signIn(base: string, cloudUserId: string) {
  const verifier = randomBytes(32).toString('base64url');
  const params = { response_type: 'code', client_id: 'marketplace-portal', redirect_uri: REDIRECT_URI, scope: 'marketplace', state: 's', code_challenge: createHash('sha256').update(verifier).digest('base64url'), code_challenge_method: 'S256', user_id: cloudUserId };
  const res = await fetch(`${base}/dev-auth/authorize`, { method: 'POST', body: new URLSearchParams(params), redirect: 'manual' });
  const code = new URL(res.headers.get('location')!).searchParams.get('code')!;
  const exchange = await fetch(`${base}/v1/oauth/exchange`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code, redirectUri: REDIRECT_URI, codeVerifier: verifier }) });
  return ((await exchange.json()) as { access_token: string }).access_token;
}

const call = async (base: string, method: string, path: string, token: string, body?: unknown) => {
  const res = await fetch(base + path, { method, headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
  return { status: res.status, json: (await res.json()) as any };
};

async function until(ms: number, check: () => boolean | Promise<boolean>) {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

it('delivers again, with the same webhook-id, after the process is killed mid-delivery', async () => {
  let base = await start();
  const [owner, support] = [await signIn(base, demoUsers.owner.id), await signIn(base, demoUsers.support.id)];
  const hooks = (await call(base, 'GET', '/v1/publisher/webhooks', owner)).json as { id: string }[];
  for (const h of hooks) await call(base, 'POST', `/v1/publisher/webhooks/${h.id}/enabled`, owner, { enabled: false });
  const made = await call(base, 'POST', '/v1/publisher/webhooks', owner, { label: 'Crash', enabled: true, url: receiver.url, for: ['app.purchase.created'] });
  expect(made.status).toBe(201);
  // The endpoint takes the first delivery and never answers: the process is killed while it waits.
  receiver.answer((res, n) => {
    if (n > 1) res.writeHead(200).end('ok');
  });
  const acmeHq = createHash('sha256').update('ws:acme-hq').digest('hex').slice(0, 24);
  const bought = await call(base, 'POST', '/v1/admin/purchases', support, { appId: uuidOf('app:Jira Connector'), workspaceId: acmeHq, externallyManaged: true, planId: '', seats: 0, addonTierId: '', periodEnd: new Date().toISOString() });
  expect(bought.status).toBe(201);
  await until(15_000, () => receiver.received.length === 1);
  child!.kill('SIGKILL');
  await new Promise((r) => child!.once('exit', r));

  base = await start();
  await until(30_000, () => receiver.received.length === 2);
  const [first, second] = receiver.received;
  expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
  expect(JSON.parse(second!.body)).toEqual(JSON.parse(first!.body));
  const token = await signIn(base, demoUsers.owner.id);
  await until(10_000, async () => (await call(base, 'GET', `/v1/publisher/webhooks/${made.json.id}/activities`, token)).json.data[0]?.status === 'delivered');
  const log = (await call(base, 'GET', `/v1/publisher/webhooks/${made.json.id}/activities`, token)).json;
  expect(log.meta.total).toBe(1);
  expect(log.data[0].event.id).toBe(first!.headers['webhook-id']);
  // Once delivered, never again.
  await new Promise((r) => setTimeout(r, 1000));
  expect(receiver.received).toHaveLength(2);
}, 120_000);
