// Two portal processes (`server/main.ts`, as deployed) on one PostgreSQL database and one S3-compatible
// bucket (s3rver, started here): a sign-in begun on one ends on the other, an upload on one is compiled
// exactly once and downloadable from either, files live in the bucket, and a sign-out or a profile change
// made through one is honoured by the other within a second. Needs PostgreSQL: it runs in the API tests'
// PostgreSQL pass (`npm run test:api:pg`, part of `npm test`).
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import pg from 'pg';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUsers } from '../../server/dev/seed/seed-data';
import { fixtureFiles, withManifest, zip } from '../fixtures/packages';
import { callAt, signInAt, startPortalProcess, tempDataDir, type PortalProcess } from '../portal-process';
import { eventually } from '../eventually';

const admin = process.env.TEST_DATABASE_URL;
const BUCKET = 'portal-files';

let s3: S3rver;
let s3Endpoint = '';
let s3Dir: ReturnType<typeof tempDataDir> | undefined;
let dbName = '';
let portals: PortalProcess[] = [];
const dataDirs: ReturnType<typeof tempDataDir>[] = [];

const startPortal = (env: Record<string, string>) => {
  const dir = tempDataDir('portal-two-');
  dataDirs.push(dir);
  return startPortalProcess({ ...env, DATA_DIR: dir.path });
};
const signIn = (first: PortalProcess, second: PortalProcess, cloudUserId: string) => signInAt(first.base, cloudUserId, second.base);
const call = (p: PortalProcess, method: string, path: string, token: string, body?: unknown) => callAt(p.base, method, path, token, body);

describe.skipIf(!admin)('two portal processes on one PostgreSQL and one S3 bucket', () => {
  beforeAll(async () => {
    s3 = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: (s3Dir = tempDataDir('s3rver-')).path,
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    const address = (await s3.run()) as AddressInfo;
    s3Endpoint = `http://127.0.0.1:${address.port}`;
    dbName = `portal_two_${randomBytes(6).toString('hex')}`;
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(`CREATE DATABASE ${dbName}`);
    await c.end();
    const url = new URL(admin!);
    url.pathname = `/${dbName}`;
    const env = {
      DATABASE_URL: url.toString(),
      SEED_DEMO_DATA: 'true',
      SERVE_SPA: 'false',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SIGN_IN: '100000',
      RATE_LIMIT_UPLOADS: '100000',
      S3_BUCKET: BUCKET,
      S3_PREFIX: 'files/',
      S3_ENDPOINT: s3Endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    };
    // Started together on an empty database: one migrates and seeds, the other waits for it.
    portals = await Promise.all([startPortal(env), startPortal(env)]);
  });

  afterAll(async () => {
    await Promise.all(portals.map((p) => p.stop()));
    await s3?.close();
    for (const d of [...dataDirs, s3Dir]) d?.remove();
    if (dbName) {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await c.end();
    }
  });

  it('signs in across processes, compiles each upload once and serves its files from the bucket through either', async () => {
    const [a, b] = portals as [PortalProcess, PortalProcess];
    const owner = await signIn(a, b, demoUsers.owner.id);
    const reviewer = await signIn(b, a, demoUsers.reviewer.id);
    const ids = ['5b0e1c2d-3f4a-4b5c-8d6e-7f8091a2b3c4', '6c1f2d3e-4a5b-4c6d-9e7f-8091a2b3c4d5', '7d2a3e4f-5b6c-4d7e-8f90-91a2b3c4d5e6'];
    // Uploads through both processes; both run the compile worker.
    for (const [i, id] of ids.entries()) {
      const form = new FormData();
      const data = zip(withManifest(fixtureFiles('standup-helper'), { id, nameSlug: `standup-two-${i}`, name: `Standup Two ${i}` }));
      form.append('app', new Blob([new Uint8Array(data)], { type: 'application/zip' }), 'app.zip');
      const up = await fetch(`${(i % 2 ? b : a).base}/v1/publisher/apps`, { method: 'POST', headers: { authorization: `Bearer ${owner}` }, body: form });
      expect(up.status, await up.clone().text()).toBe(201);
    }
    for (const id of ids) {
      await eventually(async () => (await call(b, 'GET', `/v1/publisher/apps/${id}`, owner)).json.latest.status !== 'compiling');
      const jobs = (await call(a, 'GET', `/v1/admin/app/${id}/jobs`, reviewer)).json as { status: string }[];
      // Claimed once: one job, run once, by one of the two processes.
      expect(jobs.map((j) => j.status)).toEqual(['succeeded']);
    }
    const c = new pg.Client({ connectionString: new URL(`/${dbName}`, admin!).toString() });
    await c.connect();
    // Every compile job of the queue (the demo data queues none) ran once, in one process: completed on its first run.
    const { rows } = await c.query<{ retryCount: number; state: string }>(`SELECT retry_count AS "retryCount", state FROM pgboss.job WHERE name = 'compile'`);
    await c.end();
    expect(rows).toEqual(ids.map(() => ({ retryCount: 0, state: 'completed' })));

    // The files are in the bucket, not in either process's data folder.
    const client = new S3Client({
      region: 'us-east-1',
      endpoint: s3Endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'files/' }));
    client.destroy();
    expect(listed.Contents?.length ?? 0).toBeGreaterThanOrEqual(ids.length * 2);

    // A download link made by one process, fetched from the other.
    const versionId = (await call(a, 'GET', `/v1/publisher/apps/${ids[0]}`, owner)).json.latest.id as string;
    const { secret } = (await call(a, 'GET', '/v1/admin/secret', reviewer)).json;
    const link = (await call(a, 'GET', `/v1/admin/apps/download/${versionId}?secret=${encodeURIComponent(secret)}&compiled=true`, reviewer)).json.url as string;
    const file = await fetch(b.base + link);
    expect(file.status).toBe(200);
    expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(100);
  });

  // How soon is the listener's business (a notification, no polling; docs/adr/0006): here, that it happens.
  it('honours a sign-out and a profile change made through one process on the other, once the database announces them', async () => {
    const [a, b] = portals as [PortalProcess, PortalProcess];
    const token = await signIn(a, a, demoUsers.developer.id);
    // Both processes now know the session (and may answer from memory).
    for (const p of [a, b]) expect((await call(p, 'GET', '/v1/me', token)).status).toBe(200);
    expect((await call(a, 'POST', '/v1/me', token, { firstName: 'Marc', lastName: 'Chen' })).status).toBe(200);
    await eventually(
      async () => (await call(b, 'GET', '/v1/me', token)).json.firstName,
      (name) => name === 'Marc',
    );
    expect((await call(a, 'DELETE', '/v1/oauth/session', token)).status).toBeLessThan(300);
    await eventually(
      async () => (await call(b, 'GET', '/v1/me', token)).status,
      (status) => status === 401,
    );
  });
});
