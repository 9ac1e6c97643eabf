import { existsSync, readdirSync } from 'node:fs';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apps, appVersions, compileJobs } from '../../server/db/schema';
import { fixtureFiles, withManifest, zip } from '../fixtures/packages';
import { COMPILE_JOB, limitMessages } from '../../server/apps/compile/job';
import { startServer, type TestServer } from '../harness';

let s: TestServer;
let owner: string;
let lars: string;
beforeAll(async () => {
  s = await startServer({ compiler: 'real' });
  owner = await s.signIn('owner');
  lars = await s.signIn('fjordOwner');
});
afterAll(() => s.close());

const standup = () => fixtureFiles('standup-helper');
const APP_ID = '7c0e9d2a-3b1f-4c6e-9a8d-2f5b1e4c7d90';
const upload = (data: Buffer, token = owner, filename = 'app.zip') => s.upload('POST', '/v1/publisher/apps', token, [{ field: 'app', filename, data }]);
const appCount = async () => (await s.app.db.select({ n: count() }).from(apps))[0]!.n;
const storedFiles = () => {
  const dir = `${s.config.dataDir}/files/packages`;
  return existsSync(dir) ? readdirSync(dir, { recursive: true }).length : 0;
};

const settled = (token: string, appId: string) => s.settled(token, appId);

describe('package checks: refused with a clear 4xx, nothing stored', () => {
  const cases: [string, () => Buffer, number, string][] = [
    ['not a zip', () => Buffer.from('just some text, not a zip'), 400, 'package_not_zip'],
    ['a zip-slip entry', () => zip({ ...standup(), '../evil.ts': 'export const x = 1;' }), 400, 'package_unsafe_path'],
    ['an absolute path', () => zip({ ...standup(), '/etc/cron.d/evil': 'x' }), 400, 'package_unsafe_path'],
    ['a symlink', () => zip({ ...standup(), 'lib/link.ts': '/etc/passwd' }, { symlinks: ['lib/link.ts'] }), 400, 'package_symlink'],
    ['a zip bomb (40 MB of zeros)', () => zip({ ...standup(), 'lib/bomb.ts': new Uint8Array(40 * 1024 * 1024) }), 413, 'package_too_large_unpacked'],
    [
      'an oversized zip',
      () =>
        zip({
          ...standup(),
          'lib/noise.bin': crypto.getRandomValues(new Uint8Array(65536)).map((_, i, a) => a[i]!) as Uint8Array,
          ...Object.fromEntries(Array.from({ length: 170 }, (_, i) => [`lib/noise-${i}.bin`, crypto.getRandomValues(new Uint8Array(65536))])),
        }),
      413,
      'package_too_large',
    ],
    ['no app.json', () => zip(Object.fromEntries(Object.entries(standup()).filter(([k]) => k !== 'app.json'))), 400, 'manifest_missing'],
    ['app.json that is not JSON', () => zip({ ...standup(), 'app.json': '{ nope' }), 400, 'manifest_invalid'],
    ['a bad version and id', () => zip(withManifest(standup(), { version: 'one', id: 'not-a-uuid' })), 400, 'manifest_invalid'],
    ['a classFile that is missing', () => zip(withManifest(standup(), { classFile: 'Nope.ts' })), 400, 'manifest_invalid'],
    ['a requiredApiVersion the engine does not meet', () => zip(withManifest(standup(), { requiredApiVersion: '^2.0.0' })), 400, 'engine_version_unsupported'],
  ];
  it.each(cases)('%s', async (_name, make, status, code) => {
    const before = await appCount();
    // The demo's own packages are in the store already (the seed's): none may be added.
    const files = storedFiles();
    const res = await upload(make());
    expect(res.status, res.text).toBe(status);
    expect(res.json).toMatchObject({ code, requestId: expect.any(String) });
    expect(await appCount()).toBe(before);
    expect(storedFiles()).toBe(files);
  });

  it('names the manifest fields that are wrong', async () => {
    const res = await upload(zip(withManifest(standup(), { version: 'one', id: 'not-a-uuid' })));
    expect(res.json.fields).toEqual(
      expect.arrayContaining([
        { path: 'app.json.id', message: 'id must be a UUID.' },
        { path: 'app.json.version', message: 'version must be a semver version (1.0.0).' },
      ]),
    );
  });

  it('wants exactly one file in the field "app"', async () => {
    const before = await appCount();
    const data = zip(standup());
    const two = await s.upload('POST', '/v1/publisher/apps', owner, [
      { field: 'app', filename: 'a.zip', data },
      { field: 'app', filename: 'b.zip', data },
    ]);
    expect(two.status).toBe(400);
    expect(two.json.fields).toEqual([{ path: 'app', message: 'Upload exactly one .zip file in the field "app".' }]);
    const none = await s.upload('POST', '/v1/publisher/apps', owner, [{ field: 'other', filename: 'a.zip', data }]);
    expect(none.status).toBe(400);
    expect(await appCount()).toBe(before);
  });

  it('needs app create permission', async () => {
    expect((await upload(zip(standup()), await s.signIn('viewer'))).status).toBe(403);
  });
});

describe('upload and compile', () => {
  it('compiles a real source package: compiling → compiled, with the versions actually used', async () => {
    const res = await upload(zip(standup()));
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({ appId: APP_ID, latest: { status: 'compiling', name: 'Standup Helper', version: '1.0.0' } });
    expect(res.json.latest.iconFileData).toMatch(/^data:image\/png;base64,/);
    const done = await settled(owner, APP_ID);
    expect(done.latest.status).toBe('compiled');
    const [job] = (await s.request('GET', `/v1/publisher/apps/${APP_ID}/jobs`, { token: owner })).json;
    expect(job).toMatchObject({ status: 'succeeded', typeScriptVersion: '5.9.3', engineVersion: '1.66.0', diagnostics: [] });
    expect(job.duration).toBeGreaterThan(0);
  });

  it('refuses an app id that another publisher owns, and a second upload of the same app', async () => {
    const other = await upload(zip(standup()), lars);
    expect(other.status).toBe(409);
    expect(other.json.code).toBe('app_id_taken');
    const again = await upload(zip(standup()));
    expect(again.json.code).toBe('app_exists');
  });

  it('uploads an update with a greater version; an equal one of a version waiting for review is refused', async () => {
    const versionId = (await s.request('GET', `/v1/publisher/apps/${APP_ID}`, { token: owner })).json.latest.id;
    await s.app.db.update(appVersions).set({ status: 'author-approved' }).where(eq(appVersions.internalId, versionId));
    const same = await s.upload('PUT', `/v1/apps/${APP_ID}`, owner, [{ field: 'app', filename: 'u.zip', data: zip(standup()) }]);
    expect(same.status).toBe(409);
    expect(same.json.code).toBe('version_not_revisable');
    await s.app.db.update(appVersions).set({ status: 'compiled' }).where(eq(appVersions.internalId, versionId));
    const next = await s.upload('PUT', `/v1/apps/${APP_ID}`, owner, [
      { field: 'app', filename: 'u.zip', data: zip(withManifest(standup(), { version: '1.1.0' })) },
    ]);
    expect(next.status, next.text).toBe(200);
    expect(next.json.latest).toMatchObject({ version: '1.1.0', status: 'compiling' });
    expect((await settled(owner, APP_ID)).latest.status).toBe('compiled');
    const lost = await s.upload('PUT', `/v1/apps/${APP_ID}`, lars, [
      { field: 'app', filename: 'u.zip', data: zip(withManifest(standup(), { version: '1.2.0' })) },
    ]);
    expect(lost.status).toBe(404);
  });

  it('reports a type error as compiler-error with file, line and character', async () => {
    const files = withManifest(standup(), { id: '0b4f3f4e-5d7a-4a7c-8f55-0f0b7a3c9e21', nameSlug: 'standup-broken' });
    const cmd = new TextDecoder().decode(files['commands/StandupCommand.ts'] as Uint8Array);
    files['commands/StandupCommand.ts'] = cmd.replace('const text = [', "const count: number = 'three';\n        const text = [");
    const res = await upload(zip(files));
    const done = await settled(owner, res.json.appId);
    expect(done.latest.status).toBe('compiler-error');
    const [job] = (await s.request('GET', `/v1/publisher/apps/${res.json.appId}/jobs`, { token: owner })).json;
    expect(job.status).toBe('failed');
    expect(job.diagnostics).toEqual([
      { file: 'commands/StandupCommand.ts', line: 17, character: 15, message: "Type 'string' is not assignable to type 'number'." },
    ]);
  });

  it('accepts a compiled package (.packagedby and JavaScript)', async () => {
    const res = await upload(
      zip({
        'app.json': JSON.stringify({
          ...JSON.parse(new TextDecoder().decode(standup()['app.json'] as Uint8Array)),
          id: '5e1d2c3b-4a59-4f68-8e7d-6c5b4a392817',
          nameSlug: 'standup-compiled',
          classFile: 'StandupHelperApp.js',
        }),
        '.packagedby': JSON.stringify({ 'apps-engine-cli': '1.6.0' }),
        'StandupHelperApp.js':
          "'use strict';\nObject.defineProperty(exports, '__esModule', { value: true });\nclass StandupHelperApp {}\nexports.StandupHelperApp = StandupHelperApp;\n",
        'icon.png': standup()['icon.png']!,
      }),
    );
    expect(res.status, res.text).toBe(201);
    expect((await settled(owner, res.json.appId)).latest.status).toBe('compiled');
  });

  it('compiles the TypeScript sources `rc-apps submit` packs beside its .packagedby mark', async () => {
    const files = withManifest(standup(), { id: '3c2b1a09-8f7e-4d6c-9b5a-4f3e2d1c0b9a', nameSlug: 'standup-submitted' });
    files['.packagedby'] = JSON.stringify({ tool: '@rocket.chat/apps-cli', version: '1.7.0' });
    const res = await upload(zip(files));
    expect(res.status, res.text).toBe(201);
    const done = await settled(owner, res.json.appId);
    expect(done.latest.status).toBe('compiled');
    const [job] = (await s.request('GET', `/v1/publisher/apps/${res.json.appId}/jobs`, { token: owner })).json;
    expect(job.status).toBe('succeeded');
  });

  it('refuses NPM modules for a publisher without canUseNPMModules, with a diagnostic at the import', async () => {
    const files = withManifest(standup(), { id: '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d', nameSlug: 'standup-npm' });
    files['lib/format.ts'] = "import dayjs from 'dayjs';\nexport const today = () => String(dayjs);\n";
    const res = await upload(zip(files), lars);
    expect(res.status, res.text).toBe(201);
    const done = await settled(lars, res.json.appId);
    expect(done.latest.status).toBe('compiler-error');
    const [job] = (await s.request('GET', `/v1/publisher/apps/${res.json.appId}/jobs`, { token: lars })).json;
    expect(job.diagnostics).toEqual([{ file: 'lib/format.ts', line: 1, character: 19, message: 'NPM modules are not enabled for this publisher: dayjs' }]);
  });
});

describe('compile jobs survive a restart', () => {
  /**
   * Uploads on a server without a worker, claims the compile job as a process that then died would have
   * (its run `attempts`, started an hour ago: its lease long run out), and starts a second server on the
   * same database, which finds the lapsed claim (JOB_SUPERVISE_SECONDS) and runs or gives up the job.
   */
  async function diedMidCompile(id: string, attempts: number) {
    // PGlite in a folder (or a fresh PostgreSQL database) that the second server opens again.
    // Its job made with no delay between runs (a job keeps the retry settings it was queued with).
    const first = await startServer({ compileWorker: false, compileRetrySeconds: 0, ...(process.env.TEST_DATABASE_URL ? {} : { inMemoryDatabase: false }) });
    const token = await first.signIn('owner');
    const res = await first.upload('POST', '/v1/publisher/apps', token, [
      { field: 'app', filename: 'a.zip', data: zip(withManifest(standup(), { id, nameSlug: `standup-${attempts}` })) },
    ]);
    expect(res.status, res.text).toBe(201);
    expect(await first.app.jobs.claim(COMPILE_JOB)).not.toBeNull();
    await first.app.db.execute(
      sql`UPDATE pgboss.job SET retry_count = ${attempts - 1}, started_on = now() - interval '1 hour' WHERE name = ${COMPILE_JOB} AND state = 'active'`,
    );
    const [job] = await first.app.db.select().from(compileJobs).where(eq(compileJobs.appId, id));
    await first.close({ keepDatabase: true });
    const second = await startServer(
      { inMemoryDatabase: false, dataDir: first.config.dataDir, databaseUrl: first.config.databaseUrl },
      { JOB_SUPERVISE_SECONDS: '1' },
    );
    const t2 = await second.signIn('owner');
    return { second, token: t2, jobId: job!.id, app: await second.settled(t2, id) };
  }

  it('gives up a job whose process died on each of its 3 attempts (the lease ran out every time)', async () => {
    const { second, token, jobId, app } = await diedMidCompile('3e4f5a6b-7c8d-4e9f-8a0b-2c3d4e5f6a7b', 3);
    try {
      expect(app.latest.status).toBe('compiler-error');
      const job = (await second.request('GET', `/v1/publisher/apps/${app.appId}/jobs/${jobId}`, { token })).json;
      expect(job).toMatchObject({ status: 'failed', diagnostics: [{ line: 0, character: 0, message: limitMessages.gaveUp }] });
      // Its three runs spent, the job failed into the gave-up queue, whose run recorded the verdict.
      const [queued] = await second.app.jobs.list(COMPILE_JOB);
      expect(queued).toMatchObject({ state: 'failed', retryCount: 2 });
    } finally {
      await second.close();
    }
  });

  it('finishes a job whose server stopped mid-compile', async () => {
    const { second, token, jobId, app } = await diedMidCompile('2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a', 1);
    try {
      expect(app.latest.status).toBe('compiled');
      expect((await second.request('GET', `/v1/publisher/apps/${app.appId}/jobs/${jobId}`, { token })).json.status).toBe('succeeded');
    } finally {
      await second.close();
    }
    // Two servers' starts and a compile (with the publish checks' second type-check) on a busy machine.
  });
});
