import { randomBytes, createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../server/app';
import type { Listen } from '../server/db/client';
import { loadConfig, type Config } from '../server/config';
import { demoUsers } from '../server/dev/seed/seed-data';
import { PG_TEMPLATE_ENV, PGLITE_TEMPLATE_ENV } from './database-template';
import { eventually } from './eventually';
import { fakeCompiler } from './fake-compiler';
import { runInSandbox, runtimeOff } from '../server/apps/runtime/sandbox';

const DATA_PREFIX = 'portal-data-';
export type DemoKey = keyof typeof demoUsers;
export const REDIRECT_URI = 'http://localhost:8080/oauth/callback';

/**
 * A real server on a fresh database: in-memory PGlite, or a new database on the PostgreSQL server
 * named by TEST_DATABASE_URL (dropped again on close). Seeded with the demo data. Its compiles run on the
 * fake compiler (tests/fake-compiler.ts) unless `compiler: 'real'`: the sandbox and Rocket.Chat's TypeScript,
 * for the tests whose subject is the compile. Compiled versions are not started in Apps-Engine unless
 * `runtime: 'real'` (the runtime sandbox, for the tests whose subject is what a version does when started).
 */
export async function startServer(
  options: Partial<Config> & { compiler?: 'real' | 'fake'; runtime?: 'real' | 'off'; notifications?: (listen: Listen) => Listen } = {},
  env: Record<string, string> = {},
) {
  const { compiler = 'fake', runtime = 'off', notifications, ...overrides } = options;
  let databaseUrl: string | undefined = overrides.databaseUrl;
  let dropDatabase = async () => {};
  const admin = process.env.TEST_DATABASE_URL;
  // A server may reuse another's database (a restart): pass its databaseUrl, or its dataDir with inMemoryDatabase false.
  const reuse = overrides.databaseUrl !== undefined || overrides.inMemoryDatabase === false;
  if (admin && !reuse) {
    const name = `portal_test_${randomBytes(6).toString('hex')}`;
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    // From the run's migrated template database (tests/database-template.ts) when there is one.
    const template = process.env[PG_TEMPLATE_ENV];
    await client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
    await client.end();
    const url = new URL(admin);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  // A data folder of its own (files, outbox), removed on close; a restart passes the first server's folder.
  const dataDir = overrides.dataDir ?? mkdtempSync(join(tmpdir(), DATA_PREFIX));
  const config = loadConfig(
    // Tests sign in and upload far more often than a person: the rate limits have a test of their own.
    // Many tests write to the database directly and read at once: the read cache has tests of its own.
    // Retries come due without a notification: idle workers look every second (the default is 10 s).
    {
      LOG_LEVEL: 'silent',
      SERVE_SPA: 'false',
      DATA_DIR: dataDir,
      RATE_LIMIT_SIGN_IN: '100000',
      RATE_LIMIT_UPLOADS: '100000',
      RATE_LIMIT_APP_REQUESTS: '100000',
      READ_CACHE_SECONDS: '0',
      WEBHOOK_WORKER: 'false',
      JOB_POLL_SECONDS: '1',
      ...env,
    },
    // In memory: from the run's migrated database (tests/database-template.ts) when there is one.
    { inMemoryDatabase: !databaseUrl, inMemoryDatabaseFrom: process.env[PGLITE_TEMPLATE_ENV], port: 0, ...overrides, databaseUrl },
  );
  const app: FastifyInstance = await buildApp(config, {
    compile: compiler === 'fake' ? fakeCompiler : undefined,
    runtime: runtime === 'off' ? runtimeOff : runInSandbox,
    notifications,
  });
  await app.listen({ port: config.port, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const request = async (method: string, path: string, opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: string | undefined;
    if (opts.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
    }
    const res = await fetch(base + path, { method, headers, body, redirect: 'manual' });
    const text = await res.text();
    let json: any;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: res.status, headers: res.headers, text, json };
  };

  return {
    app,
    base,
    config,
    request,
    /** The browser's part of the code flow against the embedded authorization server. */
    async authorize(cloudUserId: string, o: { verifier?: string; state?: string; redirectUri?: string } = {}) {
      const verifier = o.verifier ?? randomBytes(32).toString('base64url');
      const params = {
        response_type: 'code',
        client_id: config.cloudClientId,
        redirect_uri: o.redirectUri ?? REDIRECT_URI,
        scope: 'marketplace',
        state: o.state ?? randomBytes(8).toString('hex'),
        code_challenge: createHash('sha256').update(verifier).digest('base64url'),
        code_challenge_method: 'S256',
      };
      const res = await fetch(`${base}/dev-auth/authorize`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...params, user_id: cloudUserId }),
        redirect: 'manual',
      });
      const location = new URL(res.headers.get('location') ?? 'http://invalid/');
      return { status: res.status, code: location.searchParams.get('code') ?? '', state: location.searchParams.get('state'), verifier, params };
    },
    async signIn(key: DemoKey) {
      const { code, verifier } = await this.authorize(demoUsers[key].id);
      const res = await request('POST', '/v1/oauth/exchange', { body: { code, redirectUri: REDIRECT_URI, codeVerifier: verifier } });
      if (res.status !== 200) throw new Error(`sign-in of ${key} failed: ${res.status} ${res.text}`);
      return res.json.access_token as string;
    },
    /** Multipart upload of files (field, file name, bytes). */
    async upload(method: string, path: string, token: string, parts: { field: string; filename: string; data: Buffer }[]) {
      const form = new FormData();
      for (const p of parts) form.append(p.field, new Blob([new Uint8Array(p.data)], { type: 'application/zip' }), p.filename);
      const res = await fetch(base + path, { method, headers: { authorization: `Bearer ${token}` }, body: form });
      const text = await res.text();
      return { status: res.status, json: text ? JSON.parse(text) : undefined, text };
    },
    /** A multipart form of text parts only (the bundle form). */
    async form(method: string, path: string, token: string | undefined, fields: Record<string, string>) {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      const res = await fetch(base + path, { method, headers: token ? { authorization: `Bearer ${token}` } : {}, body: form });
      const text = await res.text();
      return { status: res.status, json: text ? JSON.parse(text) : undefined, text };
    },
    /** The publisher's app once its latest version has left `compiling`. */
    async settled(token: string, appId: string) {
      const res = await eventually(
        () => request('GET', `/v1/publisher/apps/${appId}`, { token }),
        (r) => r.json?.latest?.status !== 'compiling',
        { what: `the compile of ${appId}`, interval: 100 },
      );
      return res.json;
    },
    async close(opts: { keepDatabase?: boolean } = {}) {
      await app.close();
      if (opts.keepDatabase) return;
      await dropDatabase();
      // A folder the harness made (this server's, or the first of a restart's): gone with the last server.
      if (dirname(config.dataDir) === tmpdir() && basename(config.dataDir).startsWith(DATA_PREFIX)) rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}
export type TestServer = Awaited<ReturnType<typeof startServer>>;
