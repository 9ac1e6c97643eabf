// At least once: a portal process killed (SIGKILL) while a delivery is on the wire is restarted on the same
// database, and the delivery is made again — with the same webhook-id — once its job's lease runs out.
// The portal runs as deployed (`server/main.ts`): on the embedded PGlite in a data folder, or on
// PostgreSQL in the API tests' PostgreSQL pass.
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { uuidOf } from '../../server/dev/seed/seed';
import { demoUsers } from '../../server/dev/seed/seed-data';
import { callAt, signInAt, startPortalProcess, tempDataDir, type PortalProcess } from '../portal-process';
import { startReceiver } from '../webhook-receiver';
import { eventually } from '../eventually';

const admin = process.env.TEST_DATABASE_URL;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let portal: PortalProcess | undefined;
const dataDir = tempDataDir('portal-crash-');
let dbName = '';
const env: Record<string, string> = {
  DATA_DIR: dataDir.path,
  WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'true',
  // A short lease (it must still cover a delivery and a compile), looked after every second.
  JOB_LEASE_SECONDS: '11',
  WEBHOOK_TIMEOUT_SECONDS: '5',
  COMPILE_TIMEOUT_SECONDS: '1',
  JOB_SUPERVISE_SECONDS: '1',
  JOB_POLL_SECONDS: '1',
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
  await portal?.stop();
  await receiver?.close();
  dataDir.remove();
  if (dbName) {
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await c.end();
  }
});

async function start() {
  portal = await startPortalProcess(env);
  return portal.base;
}
const signIn = (base: string, cloudUserId: string) => signInAt(base, cloudUserId);
const call = callAt;

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
  const bought = await call(base, 'POST', '/v1/admin/purchases', support, {
    appId: uuidOf('app:Jira Connector'),
    workspaceId: acmeHq,
    externallyManaged: true,
    planId: '',
    seats: 0,
    addonTierId: '',
    periodEnd: new Date().toISOString(),
  });
  expect(bought.status).toBe(201);
  await eventually(() => receiver.received.length === 1);
  await portal!.stop('SIGKILL');

  base = await start();
  await eventually(() => receiver.received.length === 2);
  const [first, second] = receiver.received;
  expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
  expect(JSON.parse(second!.body)).toEqual(JSON.parse(first!.body));
  const token = await signIn(base, demoUsers.owner.id);
  await eventually(async () => (await call(base, 'GET', `/v1/publisher/webhooks/${made.json.id}/activities`, token)).json.data[0]?.status === 'delivered');
  const log = (await call(base, 'GET', `/v1/publisher/webhooks/${made.json.id}/activities`, token)).json;
  expect(log.meta.total).toBe(1);
  expect(log.data[0].event.id).toBe(first!.headers['webhook-id']);
  // Once delivered, never again.
  await new Promise((r) => setTimeout(r, 1000));
  expect(receiver.received).toHaveLength(2);
});
