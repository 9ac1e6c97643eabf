import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appVersions, compileJobs } from '../../server/db/schema';
import { COMPILE_JOB, limitMessages } from '../../server/apps/compile/job';
import { readZip } from '../../server/apps/packages/zip';
import { fixtureFiles, withManifest, zip } from '../fixtures/packages';
import { startServer, type TestServer } from '../harness';
import { eventually } from '../eventually';

const engine = (createRequire(import.meta.url)('@rocket.chat/apps-engine/package.json') as { version: string }).version;
const idOf = (name: string) => (JSON.parse(new TextDecoder().decode(fixtureFiles(name)['app.json'] as Uint8Array)) as { id: string }).id;

const jobsOf = async (s: TestServer, token: string, appId: string) => (await s.request('GET', `/v1/publisher/apps/${appId}/jobs`, { token })).json;
const upload = (s: TestServer, token: string, data: Buffer, updateOf?: string) =>
  updateOf
    ? s.upload('PUT', `/v1/apps/${updateOf}`, token, [{ field: 'app', filename: 'app.zip', data }])
    : s.upload('POST', '/v1/publisher/apps', token, [{ field: 'app', filename: 'app.zip', data }]);

/** The compiled package the portal stored for an app's latest version. */
async function compiledOf(s: TestServer, appId: string) {
  const [v] = await s.app.db.select().from(appVersions).where(eq(appVersions.appId, appId));
  return readZip(await s.app.storage.get(v!.compiledPath));
}

describe('real Apps-Engine apps compile as with Rocket.Chat’s compiler', () => {
  let s: TestServer;
  let owner: string; // Northwind: canUseNPMModules
  let lars: string; // Fjord Labs: no NPM modules
  beforeAll(async () => {
    // Each version that compiles is started in Apps-Engine as in the portal (docs/packages-and-review.md, Runtime evidence).
    s = await startServer({ compiler: 'real', runtime: 'real' });
    owner = await s.signIn('owner');
    lars = await s.signIn('fjordOwner');
  });
  afterAll(() => s.close());

  /** What the app's latest version registered when it was started in Apps-Engine (docs/packages-and-review.md, Runtime evidence). */
  const added = async (appId: string) => {
    const [v] = await s.app.db.select().from(appVersions).where(eq(appVersions.appId, appId));
    const res = await s.request('GET', `/v1/publisher/apps/${appId}/versions/${v!.internalId}/runtime`, { token: owner });
    expect(res.status, res.text).toBe(200);
    return res.json.report as { outcome: string; engine: { version: string }; adds: { slashCommands: { command: string }[] } };
  };

  it('reports the engine version actually installed', async () => {
    expect((await s.request('GET', '/v1/engine/version')).json).toEqual({ version: engine });
  });

  it('compiles an ecosystem-shaped app (console, Buffer, setTimeout, decorators, ui-kit) and stores one bundled file', async () => {
    const res = await upload(s, owner, zip(fixtureFiles('reminder-bot')));
    expect(res.status, res.text).toBe(201);
    expect((await s.settled(owner, res.json.appId)).latest.status).toBe('compiled');
    const [job] = await jobsOf(s, owner, res.json.appId);
    expect(job).toMatchObject({ status: 'succeeded', typeScriptVersion: expect.stringMatching(/^5\.9\./), engineVersion: engine, diagnostics: [] });
    const compiled = await compiledOf(s, res.json.appId);
    expect([...compiled.keys()].sort()).toEqual(['.packagedby', 'ReminderBotApp.js', 'app.json', 'icon.png']);
    expect(JSON.parse(compiled.get('.packagedby')!.toString())).toMatchObject({ typescript: job.typeScriptVersion, uiKit: expect.stringMatching(/^1\.0\./) });
    // The compiled package starts in Apps-Engine 1.53 and adds its slash command.
    expect(await added(res.json.appId)).toMatchObject({ outcome: 'started', engine: { version: '1.53.1' }, adds: { slashCommands: [{ command: 'remind' }] } });
  });

  it('compiles an app written for UI Kit 0.31 against 0.31, as its package.json declares, and says so in .packagedby', async () => {
    const res = await upload(s, owner, zip(fixtureFiles('vote-buttons')));
    expect(res.status, res.text).toBe(201);
    expect((await s.settled(owner, res.json.appId)).latest.status).toBe('compiled');
    const [job] = await jobsOf(s, owner, res.json.appId);
    expect(job).toMatchObject({ status: 'succeeded', diagnostics: [] });
    const compiled = await compiledOf(s, res.json.appId);
    expect(JSON.parse(compiled.get('.packagedby')!.toString())).toMatchObject({ uiKit: expect.stringMatching(/^0\.31\./) });
    // Its UI Kit is bundled (the Deno runtime refuses to require it): it starts, and adds /vote.
    expect(await added(res.json.appId)).toMatchObject({ outcome: 'started', adds: { slashCommands: [{ command: 'vote' }] } });
    expect(compiled.get('VoteButtonsApp.js')!.toString()).toContain('ButtonStyle.PRIMARY');
  });

  it('bundles the npm modules a package ships for a publisher with canUseNPMModules, and refuses them for one without', async () => {
    const allowed = await upload(s, owner, zip(fixtureFiles('room-slugger')));
    expect((await s.settled(owner, allowed.json.appId)).latest.status).toBe('compiled');
    const bundle = (await compiledOf(s, allowed.json.appId)).get('RoomSluggerApp.js')!.toString();
    expect(bundle).toContain('tiny-slugify@1.0.3');
    expect((await added(allowed.json.appId)).outcome).toBe('started');

    const other = await upload(s, lars, zip(withManifest(fixtureFiles('room-slugger'), { id: '1f3e5d7c-9b1a-4c3e-8d5f-7a9c1e3b5d70' })));
    expect((await s.settled(lars, other.json.appId)).latest.status).toBe('compiler-error');
    const [job] = await jobsOf(s, lars, other.json.appId);
    expect(job.diagnostics).toEqual([
      { file: 'RoomSluggerApp.ts', line: 4, character: 25, message: 'NPM modules are not enabled for this publisher: tiny-slugify' },
    ]);
  });

  it('compiles an app that declares TypeScript ~4.9 with 4.9 (the TS Version the job shows)', async () => {
    const res = await upload(s, owner, zip(fixtureFiles('legacy-poll')));
    expect((await s.settled(owner, res.json.appId)).latest.status).toBe('compiled');
    const [job] = await jobsOf(s, owner, res.json.appId);
    expect(job.typeScriptVersion).toMatch(/^4\.9\./);
    expect((await added(res.json.appId)).outcome).toBe('started');
  });

  it('resolves nothing outside the package, and no answer shows a server path', async () => {
    const res = await upload(s, owner, zip(fixtureFiles('path-escape')));
    const app = await s.settled(owner, res.json.appId);
    expect(app.latest.status).toBe('compiler-error');
    const list = await jobsOf(s, owner, res.json.appId);
    expect(list[0].diagnostics.map((d: { message: string }) => d.message)).toEqual([
      expect.stringContaining("'/etc/hostname'"),
      "Cannot find module '/etc/passwd' or its corresponding type declarations.",
      "Cannot find module '../../server/config' or its corresponding type declarations.",
    ]);
    const everything = JSON.stringify([app, list, (await s.request('GET', `/v1/publisher/apps/${res.json.appId}/jobs/${list[0].id}`, { token: owner })).json]);
    for (const path of [process.cwd(), tmpdir(), s.config.dataDir, '/node_modules/']) expect(everything).not.toContain(path);
  });

  it('refuses an SVG icon and lists apps with a thumbnail, not the full icon', async () => {
    const svg = {
      ...withManifest(fixtureFiles('reminder-bot'), { id: '2a4c6e8f-0b2d-4f6a-8c0e-2b4d6f8a0c91', iconFile: 'icon.svg' }),
      'icon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    };
    const refused = await upload(s, owner, zip(svg));
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({
      code: 'manifest_invalid',
      fields: [{ path: 'app.json.iconFile', message: 'The icon icon.svg must be a PNG, JPEG, GIF or WebP image.' }],
    });
    const list = (await s.request('GET', '/v1/publisher/apps?limit=50&offset=0', { token: owner })).json.data as {
      appId: string;
      latest: { iconFileData: string; iconThumbnail: string };
    }[];
    const row = list.find((a) => a.appId === idOf('reminder-bot'))!;
    expect(row.latest.iconFileData).toBe('');
    expect(row.latest.iconThumbnail).toMatch(/^data:image\/webp;base64,/);
    const one = (await s.request('GET', `/v1/publisher/apps/${idOf('reminder-bot')}`, { token: owner })).json;
    expect(one.latest.iconFileData).toMatch(/^data:image\/png;base64,/);
  });

  it('Upload Revision: the same number revises a version that failed to compile, was reviewed or refused, never one waiting for review; history is kept', async () => {
    const id = '4c6e8a0b-2d4f-4a6c-8e0a-4d6f8a0c2e13';
    const good = withManifest(fixtureFiles('reminder-bot'), { id, version: '1.0.0' });
    const broken = { ...good, 'lib/broken.ts': "export const n: number = 'x';\n" };
    const first = await upload(s, owner, zip(broken));
    expect((await s.settled(owner, id)).latest.status).toBe('compiler-error');
    const versionId = first.json.latest.id;

    const revision = await upload(s, owner, zip(good), id);
    expect(revision.status, revision.text).toBe(200);
    expect(revision.json.latest).toMatchObject({ id: versionId, version: '1.0.0', status: 'compiling' });
    expect((await s.settled(owner, id)).latest).toMatchObject({ id: versionId, status: 'compiled' });
    const history = await jobsOf(s, owner, id);
    expect(history.map((j: { status: string }) => j.status).sort()).toEqual(['failed', 'succeeded']);
    expect((await s.request('GET', `/v1/publisher/apps/${id}/all`, { token: owner })).json).toHaveLength(1);

    // Waiting for review, it is what the reviewers judge.
    await s.app.db.update(appVersions).set({ status: 'author-approved' }).where(eq(appVersions.internalId, versionId));
    const again = await upload(s, owner, zip(good), id);
    expect(again.status).toBe(409);
    expect(again.json.code).toBe('version_not_revisable');
    const older = await upload(s, owner, zip(withManifest(good, { version: '0.9.0' })), id);
    expect(older.json.code).toBe('version_not_newer');

    await s.app.db.update(appVersions).set({ status: 'reviewed', reviewedNote: 'Please log less.' }).where(eq(appVersions.internalId, versionId));
    const afterReview = await upload(s, owner, zip(good), id);
    expect(afterReview.status, afterReview.text).toBe(200);
    expect((await s.settled(owner, id)).latest).toMatchObject({ id: versionId, status: 'compiled' });
    expect(await jobsOf(s, owner, id)).toHaveLength(3);

    // A refused version is fixed in place, as the rejection mail asks.
    for (const [n, status] of [
      [4, 'rejected'],
      [5, 'author-rejected'],
    ] as const) {
      await s.app.db.update(appVersions).set({ status, rejectionNote: 'Please log less.' }).where(eq(appVersions.internalId, versionId));
      const revised = await upload(s, owner, zip(good), id);
      expect(revised.status, revised.text).toBe(200);
      expect((await s.settled(owner, id)).latest).toMatchObject({ id: versionId, status: 'compiled' });
      expect(await jobsOf(s, owner, id)).toHaveLength(n);
    }
  });
});

describe('the sandbox: a package can neither stall the portal nor crash-loop it', () => {
  let s: TestServer;
  let owner: string;
  beforeAll(async () => {
    s = await startServer({ compiler: 'real', compileTimeoutSeconds: 3, compileRetrySeconds: 0 });
    owner = await s.signIn('owner');
  });
  afterAll(() => s.close());

  it('answers other requests while a compile runs, and stops the compile at its time limit', async () => {
    const res = await upload(s, owner, zip(fixtureFiles('runaway-types')));
    const [{ id: jobId }] = await jobsOf(s, owner, res.json.appId);
    const status = async () => (await s.app.db.select({ status: compileJobs.status }).from(compileJobs).where(eq(compileJobs.id, jobId)))[0]!.status;
    await eventually(status, (st) => st !== 'queued', { interval: 50 });
    const answered: number[] = [];
    for (let i = 0; i < 10; i++)
      answered.push((await s.request('GET', '/v1/engine/version')).status, (await s.request('GET', '/v1/publisher/apps', { token: owner })).status);
    // All twenty answered while the compile was still running.
    expect(await status()).toBe('running');
    expect(answered).toEqual(Array(20).fill(200));

    expect((await s.settled(owner, res.json.appId)).latest.status).toBe('compiler-error');
    const [job] = await jobsOf(s, owner, res.json.appId);
    expect(job).toMatchObject({ status: 'failed', diagnostics: [{ line: 0, character: 0, message: limitMessages.timeout(3) }] });
    expect(limitMessages.timeout(60)).toBe('The compile took longer than 60 seconds and was stopped.');
  });

  it('runs one compile at a time (COMPILE_CONCURRENCY=1)', async () => {
    const a = await upload(s, owner, zip(withManifest(fixtureFiles('runaway-types'), { id: '8e0a2c4e-6a8c-4e0a-8c2e-6f8a0c2e4a35', version: '1.0.0' })));
    const b = await upload(s, owner, zip(withManifest(fixtureFiles('runaway-types'), { id: '9f1b3d5f-7b9d-4f1b-9d3f-7a9b1d3f5b46', version: '1.0.0' })));
    // The most compiles seen running at once, looked at every 50 ms until both have ended.
    let most = 0;
    await eventually(
      () =>
        s.app.db
          .select({ status: compileJobs.status })
          .from(compileJobs)
          .where(inArray(compileJobs.appId, [a.json.appId, b.json.appId])),
      (rows) => {
        most = Math.max(most, rows.filter((r) => r.status === 'running').length);
        return rows.every((r) => r.status === 'succeeded' || r.status === 'failed');
      },
      { what: 'both compiles to end', interval: 50 },
    );
    expect(most).toBe(1);
  });
});

describe('the sandbox: a package that crashes the compiler', () => {
  // The default time limit, which no crash comes near even on a busy machine (under the 3 s one above, starting
  // the compiler and parsing the package could run out of time before the crash).
  let s: TestServer;
  let owner: string;
  beforeAll(async () => {
    s = await startServer({ compiler: 'real', compileRetrySeconds: 0 });
    owner = await s.signIn('owner');
  });
  afterAll(() => s.close());

  it('retries a package that crashes the compiler process at most 3 times, then fails it with a diagnostic', async () => {
    const res = await upload(s, owner, zip(fixtureFiles('compiler-crash')));
    expect((await s.settled(owner, res.json.appId)).latest.status).toBe('compiler-error');
    const [job] = await jobsOf(s, owner, res.json.appId);
    expect(job).toMatchObject({ status: 'failed', diagnostics: [{ line: 0, character: 0, message: limitMessages.gaveUp }] });
    // Run three times (the last failure sent it to the gave-up queue, whose run recorded the verdict).
    const [queued] = (await s.app.jobs.list<{ compileJobId: string }>(COMPILE_JOB)).filter((r) => r.data.compileJobId === job.id);
    expect(queued).toMatchObject({ state: 'failed', retryCount: 2 });
    // The portal is still up.
    expect((await s.request('GET', '/v1/engine/version')).status).toBe(200);
  });
});
