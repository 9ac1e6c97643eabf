// Rocket.Chat's own Apps CLI (`@rocket.chat/apps-cli@1.9.0`, installed by the test, unmodified) publishing to a
// portal process. The CLI hard-codes https://marketplace.rocket.chat and https://cloud.rocket.chat: both answer
// from a local TLS front (tls-front.ts) on a certificate of a CA made here (certificates.ts), trusted through
// NODE_EXTRA_CA_CERTS, the names resolved to 127.0.0.1 inside the CLI's process (scripts/apps-cli/preload.cjs). Its prompts are
// answered through a pseudo-terminal (terminal.ts) and its browser sign-in is played by the test (browser.ts).
// One publisher's way: sign in once, submit the fixture as a new app, then an update with its change note; the
// same version again is refused with the portal's text; an expired token is refreshed; `rc-apps logout` revokes.
// Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set (a database of its own).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPublishers, demoUsers } from '../../server/dev/seed/seed-data';
import { callAt, signInAt, startPortalProcess, tempDataDir, type PortalProcess } from '../portal-process';
import {
  CLI_CLIENT_ID,
  CLI_REDIRECT_URI,
  CLI_SPEC,
  CLI_VERSION,
  FIXTURE_APP,
  cliTokenStore,
  copyFixtureApp,
  freePort,
  rcApps,
  type CliMachine,
} from './apps-cli';
import { TestBrowser } from './browser';
import { makeCertificates } from '../../scripts/apps-cli/certificates';
import { installed } from './installs';
import { startTlsFront, type TlsFront } from '../../scripts/apps-cli/tls-front';
import { eventually } from '../eventually';

const admin = process.env.TEST_DATABASE_URL;
const APP_ID: string = JSON.parse(readFileSync(join(FIXTURE_APP, 'app.json'), 'utf8')).id;
const CATEGORY = 'Developer Tools';
const NOTE = 'Reminders can now be snoozed from the terminal.';
const publisher = demoUsers.developer; // a developer of Northwind, signing in as their cloud user
const northwind = demoPublishers.find((p) => p.key === 'northwind')!;
// How long a CLI run, a compile or a portal start may take on a busy 2-core machine: bounds, not waits.
const SLOW = 300_000;

let work = '';
let dataDir: ReturnType<typeof tempDataDir> | undefined;
let dbName = '';
let portal: PortalProcess | undefined;
let front: TlsFront | undefined;
let machine: CliMachine;
let ca = '';
let session = '';

const call = (method: string, path: string) => callAt(portal!.base, method, path, session);
/** The whole of what the CLI printed on one line (it wraps long errors to the terminal's width). */
const flat = (text: string) => text.replace(/\s+/g, ' ');
const setVersion = (version: string) => {
  const file = join(machine.appDir, 'app.json');
  writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), version }, null, 4));
};

/** The refresh grant as the CLI sends it (cloudAuth.ts refreshToken), to the portal directly. */
const refresh = (refreshToken: string) =>
  fetch(`${portal!.base}/api/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: CLI_CLIENT_ID,
      refresh_token: refreshToken,
      scope: 'offline_access marketplace:app-submit',
      grant_type: 'refresh_token',
      redirect_uri: CLI_REDIRECT_URI,
    }),
  });

/** Waits for a compile job to end; the job as the publisher's API shows it then. */
async function compiled(jobId: string) {
  let job: any;
  await eventually(async () => {
    job = (await call('GET', `/v1/publisher/apps/${APP_ID}/jobs/${jobId}`)).json;
    return job?.status === 'succeeded' || job?.status === 'failed';
  });
  return job;
}

// Each step goes on from where the one before left the CLI and the portal: after a failure the rest are skipped.
let failed = '';
const step = (name: string, body: () => Promise<void>) =>
  it(
    name,
    async (ctx) => {
      if (failed) ctx.skip(`it goes on from "${failed}", which failed`);
      try {
        await body();
      } catch (error) {
        failed = name;
        throw error;
      }
    },
    SLOW,
  );
/** Signed in already, the CLI must not ask again (it would wait for a browser that never comes). */
const SIGN_IN = /Have you logged into our Publisher Portal\?/;

describe(`Rocket.Chat's Apps CLI ${CLI_VERSION} publishing to the portal`, () => {
  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'apps-cli-'));
    // The first run installs the CLI and the fixture's compiler (~30 s); later runs reuse .tmp/tests-cli.
    const [cliDir, fixtureDeps, certs, callbackPort] = await Promise.all([
      installed(CLI_SPEC),
      installed(FIXTURE_APP),
      makeCertificates(['marketplace.rocket.chat', 'cloud.rocket.chat']),
      freePort(),
    ]);
    ca = certs.caCert;
    const env: Record<string, string> = { SEED_DEMO_DATA: 'true', RATE_LIMIT_SIGN_IN: '100000', RATE_LIMIT_UPLOADS: '100000' };
    if (admin) {
      dbName = `portal_cli_${randomBytes(6).toString('hex')}`;
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`CREATE DATABASE ${dbName}`);
      await c.end();
      const url = new URL(admin);
      url.pathname = `/${dbName}`;
      env.DATABASE_URL = url.toString();
    }
    dataDir = tempDataDir('portal-cli-');
    portal = await startPortalProcess({ ...env, DATA_DIR: dataDir.path });
    front = await startTlsFront(certs, { host: '127.0.0.1', port: Number(new URL(portal.base).port) });
    const caFile = join(work, 'test-ca.pem');
    writeFileSync(caFile, certs.caCert);
    machine = { cliDir, appDir: join(work, 'terminal-publisher'), home: join(work, 'home'), caFile, frontPort: front.port, callbackPort };
    copyFixtureApp(machine.appDir, fixtureDeps);
    session = await signInAt(portal.base, publisher.id);
  }, 900_000);

  afterAll(async () => {
    await front?.close();
    await portal?.stop();
    dataDir?.remove();
    if (work) rmSync(work, { recursive: true, force: true });
    if (dbName) {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await c.end();
    }
  }, SLOW);

  step('signs in through the browser, submits the fixture as a new app, and the portal shows it as a draft to finish', async () => {
    const cli = rcApps(['submit', '-c', CATEGORY], machine);
    try {
      await cli.expect(/fetched!/); // the categories, from https://marketplace.rocket.chat/v1/categories
      await cli.expect(/Have you logged into our Publisher Portal\?/);
      cli.type('y\r');
      const [, authorizeUrl] = await cli.expect(/open this:\s*(https:\/\/\S+)\n/);
      const url = new URL(authorizeUrl!);
      expect(url.origin + url.pathname).toBe('https://cloud.rocket.chat/authorize');
      expect(url.searchParams.get('client_id')).toBe(CLI_CLIENT_ID);

      const browser = new TestBrowser({ ca, frontPort: machine.frontPort, callbackPort: machine.callbackPort, portal: portal!.base });
      const callback = await browser.signIn(authorizeUrl!, publisher.id);
      expect(callback.status).toBe(200);
      expect(callback.body).toContain('Thank you');
      expect(callback.url.searchParams.get('state')).toBe(url.searchParams.get('state'));

      await cli.expect(/waiting for authorization\.*\s*success!/);
      await cli.expect(/Is this a new App\?/);
      cli.type('y\r');
      await cli.expect(/Is this App free or will it require payment\?/);
      cli.type('y\r');
      await cli.expect(/Are you ready to submit\?/);
      cli.type('y\r');
      await cli.expect(/submitting your app\.*\s*submitted!/);
      expect(await cli.end()).toBe(0);
    } finally {
      cli.kill();
    }

    // The CLI keeps what the token endpoint gave it: an access token for submitting and, for offline_access, a refresh token.
    const stored = await cliTokenStore(machine);
    expect(stored?.token.access_token).toBeTruthy();
    expect(stored?.token.refresh_token).toBeTruthy();

    const app = await call('GET', `/v1/publisher/apps/${APP_ID}`);
    expect(app.status).toBe(200);
    expect(app.json.publisher.id).toBe(northwind.id);
    expect(app.json.latest).toMatchObject({ name: 'Terminal Publisher', version: '1.0.0', categories: [CATEGORY] });
    expect(['draft', 'compiling', 'compiled']).toContain(app.json.latest.status);
    const job = await compiled(app.json.latest.compileJobId);
    expect(job.status, JSON.stringify(job.diagnostics)).toBe('succeeded');
    // A draft for the publisher to finish (pricing, screenshots, description) and submit in the portal.
    expect((await call('GET', `/v1/publisher/apps/${APP_ID}`)).json.latest).toMatchObject({ status: 'compiled', compiled: true });
  });

  step('submits an update with its change note, signed in already', async () => {
    setVersion('1.1.0');
    const cli = rcApps(['submit', '--update', '-c', CATEGORY], machine);
    try {
      await cli.expect(/What changes were made in this version\?/, { unless: SIGN_IN });
      cli.type(`${NOTE}\r`);
      await cli.expect(/Are you ready to submit\?/);
      cli.type('y\r');
      await cli.expect(/submitting your app\.*\s*submitted!/);
      expect(await cli.end()).toBe(0);
    } finally {
      cli.kill();
    }
    expect(cli.text()).not.toContain('Have you logged into');

    const versions = (await call('GET', `/v1/publisher/apps/${APP_ID}/all`)).json as any[];
    expect(versions.map((v) => v.version).sort()).toEqual(['1.0.0', '1.1.0']);
    const update = versions.find((v) => v.version === '1.1.0');
    expect(update).toMatchObject({ changesNote: NOTE, categories: [CATEGORY] });
    expect(update.compileJobId).toBeTruthy();
    const job = await compiled(update.compileJobId);
    expect(job).toMatchObject({ status: 'succeeded', appId: APP_ID, internalAppId: update.internalId });
    expect((await call('GET', `/v1/publisher/apps/${APP_ID}`)).json.latest).toMatchObject({ version: '1.1.0', status: 'compiled', changesNote: NOTE });
  });

  step('revises the version not yet submitted with the same number: its package replaced and compiled again', async () => {
    const before = ((await call('GET', `/v1/publisher/apps/${APP_ID}/all`)).json as any[]).find((v) => v.version === '1.1.0');
    const cli = rcApps(['submit', '--update', '-c', CATEGORY], machine);
    try {
      await cli.expect(/What changes were made in this version\?/, { unless: SIGN_IN });
      cli.type('Once more\r');
      await cli.expect(/Are you ready to submit\?/);
      cli.type('y\r');
      await cli.expect(/submitted!/);
      expect(await cli.end()).toBe(0);
    } finally {
      cli.kill();
    }
    const versions = (await call('GET', `/v1/publisher/apps/${APP_ID}/all`)).json as any[];
    expect(versions.map((v) => v.version).sort()).toEqual(['1.0.0', '1.1.0']);
    const after = versions.find((v) => v.version === '1.1.0');
    // The same version (docs/lifecycle.md: UPLOAD_REVISION from compiled), a new compile of the new package.
    expect([after.id, after.changesNote]).toEqual([before.id, 'Once more']);
    expect(after.compileJobId).not.toBe(before.compileJobId);
    expect(await compiled(after.compileJobId)).toMatchObject({ status: 'succeeded', internalAppId: before.internalId });
  });

  step('refuses an older version: the CLI prints the portal’s reason, exits 1, and nothing changes', async () => {
    setVersion('1.0.5');
    const before = (await call('GET', `/v1/publisher/apps/${APP_ID}/all`)).json;
    const cli = rcApps(['submit', '--update', '-c', CATEGORY], machine);
    try {
      await cli.expect(/What changes were made in this version\?/, { unless: SIGN_IN });
      cli.type('Once more\r');
      await cli.expect(/Are you ready to submit\?/);
      cli.type('y\r');
      expect(await cli.end()).toBe(1);
    } finally {
      cli.kill();
    }
    const printed = flat(cli.text());
    expect(printed).toContain('Error:');
    // The wizard's text for an update whose number is not greater (server/apps/packages/upload.ts).
    expect(printed).toContain("The update's version 1.0.5 must be greater than 1.1.0.");
    expect(printed).not.toContain('submitted!');
    expect((await call('GET', `/v1/publisher/apps/${APP_ID}/all`)).json).toEqual(before);
  });

  step('refreshes its expired access token with the refresh token, and submits with the new one', async () => {
    const before = await cliTokenStore(machine, 'expire');
    setVersion('1.2.0');
    const cli = rcApps(['submit', '--update', '-c', CATEGORY], machine);
    try {
      await cli.expect(/What changes were made in this version\?/, { unless: SIGN_IN });
      cli.type('Refreshed.\r');
      await cli.expect(/Are you ready to submit\?/);
      cli.type('y\r');
      await cli.expect(/submitted!/);
      expect(await cli.end()).toBe(0);
    } finally {
      cli.kill();
    }
    const after = await cliTokenStore(machine);
    expect(after?.token.access_token).toBeTruthy();
    expect(after?.token.access_token).not.toBe(before?.token.access_token);
    expect(new Date(after!.expiresAt).getTime()).toBeGreaterThan(Date.now());
    const versions = (await call('GET', `/v1/publisher/apps/${APP_ID}/all`)).json as any[];
    expect(versions.find((v) => v.version === '1.2.0')).toMatchObject({ changesNote: 'Refreshed.' });
    // CLI 1.9.0 stores only the new access token: the refresh token it keeps must go on working for the next time.
    expect(after?.token.refresh_token).toBe(before?.token.refresh_token);
    expect((await refresh(after!.token.refresh_token!)).status).toBe(200);
  });

  step('signs out with `rc-apps logout`, which revokes the refresh token at the portal', async () => {
    const refreshToken = (await cliTokenStore(machine))?.token.refresh_token;
    expect(refreshToken).toBeTruthy();
    const cli = rcApps(['logout'], machine);
    try {
      await cli.expect(/revoking your credentials\.*\s*success!/);
      expect(await cli.end()).toBe(0);
    } finally {
      cli.kill();
    }
    expect(await cliTokenStore(machine)).toBeUndefined();
    // The CLI forgets its tokens whatever the portal answered: the portal must no longer honour the refresh token.
    const res = await refresh(refreshToken!);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe('invalid_grant');
  });
});
