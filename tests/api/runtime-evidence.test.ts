// Runtime evidence through the compile worker (docs/packages-and-review.md, Runtime evidence): every version that
// compiles is started in Rocket.Chat's own Apps-Engine (1.53's Deno runtime, or 1.42's Node runtime for an app made
// for an engine before Deno), what it registers is reported exactly, and the runtime checks block what would fail
// in a workspace — with nothing leaving the machine.
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appVersions } from '../../server/db/schema';
import { fixtureFiles, withManifest, zip } from '../fixtures/packages';
import { startServer, type TestServer } from '../harness';
import { writeListing } from '../listing';
import type { RuntimeReport } from '../../contract/schemas/runtime';

let s: TestServer;
let owner: string;
let admin: string;
beforeAll(async () => {
  // The fake compiler bundles as the real one does (its subject is not the compile); the runtime is real.
  s = await startServer({ runtime: 'real' });
  owner = await s.signIn('owner');
  admin = await s.signIn('admin');
});
afterAll(async () => {
  await s?.close();
});

type Finding = { check: string; severity: string; reason: string; file?: string };
type Files = Record<string, Uint8Array | string>;

/** Uploads a package (a new app, or a version of `appId`), waits for its compile and start, and reads what they found. */
async function started(files: Files, appId?: string) {
  // A new app, or an update of `appId` (the Apps CLI's route).
  const made = appId
    ? await s.upload('PUT', `/v1/apps/${appId}`, owner, [{ field: 'app', filename: 'app.zip', data: zip(files) }])
    : await s.upload('POST', '/v1/publisher/apps', owner, [{ field: 'app', filename: 'app.zip', data: zip(files) }]);
  expect(made.status, made.text).toBe(appId ? 200 : 201);
  const id = appId ?? (made.json.appId as string);
  const settled = await s.settled(owner, id);
  const internalId = settled.latest.internalId as string;
  const runtime = await s.request('GET', `/v1/publisher/apps/${id}/versions/${internalId}/runtime`, { token: owner });
  expect(runtime.status, runtime.text).toBe(200);
  expect(runtime.json.compile).toBe('succeeded');
  const checks = await s.request('GET', `/v1/publisher/apps/${id}/findings/${internalId}`, { token: owner });
  expect(checks.status, checks.text).toBe(200);
  return {
    appId: id,
    internalId,
    status: settled.latest.status as string,
    report: runtime.json.report as RuntimeReport,
    findings: checks.json.findings as Finding[],
    blocking: checks.json.blocking as Finding | null,
  };
}

const ofCheck = (findings: Finding[], check: string) => findings.filter((f) => f.check === check);

let copies = 0;
/** A fixture as another app of its own (a fresh id and name): each test uploads apps nobody has uploaded. */
const fresh = (name: string): Files => {
  const n = ++copies;
  return withManifest(fixtureFiles(name), { id: randomUUID(), name: `${name} ${n}`, nameSlug: `${name}-${n}` });
};

describe('a version is started in Apps-Engine after it compiles', () => {
  it('reports exactly what an app registers: its slash command, settings, endpoint, buttons, job and events', async () => {
    const { report, findings, blocking, status } = await started(fixtureFiles('poll-board'));
    expect(status).toBe('compiled');
    expect(report).toMatchObject({ engine: { version: '1.53.1', runtime: 'deno' }, outcome: 'started', initialized: true, enabled: true, error: null });
    expect(report.startMs).toBeGreaterThan(0);
    expect(report.adds.slashCommands).toEqual([
      { command: 'poll', description: 'Start a poll', params: 'question | option 1 | option 2', providesPreview: false },
    ]);
    expect(report.adds.settings.map((x) => x.id).sort()).toEqual(['poll_anonymous', 'poll_channel', 'poll_default_duration', 'poll_style']);
    expect(report.adds.settings.find((x) => x.id === 'poll_default_duration')).toMatchObject({ type: 'int', required: true });
    expect(report.adds.settings.find((x) => x.id === 'poll_anonymous')).toMatchObject({ type: 'boolean', public: true });
    expect(report.adds.apiEndpoints).toEqual([
      { path: 'vote', methods: ['POST'], visibility: 'public', security: 'unsecure', url: '/api/apps/public/:appId/vote' },
    ]);
    expect(report.adds.actionButtons.map((b) => b.actionId).sort()).toEqual(['poll_close', 'poll_results']);
    expect(report.adds.processors.map((p) => p.id)).toEqual(['poll_closer']);
    expect(report.adds.events).toContain('IPostMessageSent');
    expect(report.http).toEqual([]);
    // What it declares and never used while starting (reading and writing messages happen on events): notes, which block nothing.
    const unused = ofCheck(findings, 'unused-permission');
    expect(unused.map((f) => /“(.+?)”/.exec(f.reason)![1]).sort()).toEqual(['message.read', 'message.write', 'networking']);
    expect(unused.every((f) => f.severity === 'info')).toBe(true);
    expect(blocking).toBeNull();
  });

  it('blocks a version whose constructor throws, with the error and the app’s own frame', async () => {
    const { appId, internalId, report, blocking } = await started(fixtureFiles('constructor-crash'));
    expect(report).toMatchObject({
      outcome: 'failed',
      enabled: false,
      error: { during: 'constructing the app', message: expect.stringContaining('Missing region table') },
    });
    expect(blocking).toMatchObject({ check: 'runtime-start', severity: 'blocks', reason: expect.stringContaining('Missing region table') });
    await writeListing(s, owner, appId, internalId);
    const refused = await s.request('POST', `/v1/publisher/apps/${appId}/info/${internalId}/submit`, { token: owner });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.json).toMatchObject({ code: 'blocked_by_check', error: expect.stringContaining('Starts in Apps-Engine: It does not start') });
  });

  it('blocks an HTTP call without the networking permission, naming the call and the permission', async () => {
    const { report, blocking } = await started(fixtureFiles('undeclared-http'));
    expect(report.permissions).toContainEqual({ permission: 'networking', call: 'HttpBridge.call', granted: false });
    expect(blocking).toMatchObject({ check: 'undeclared-permission', severity: 'blocks', file: 'app.json' });
    expect(blocking!.reason).toContain('HttpBridge.call needs the permission “networking”');
  });

  it('records and refuses the app’s outgoing requests, its own fetch included: nothing reaches a server', async () => {
    const hits: string[] = [];
    const server: Server = createServer((req, res) => {
      hits.push(req.url ?? '');
      res.end('pong');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    try {
      const files = fixtureFiles('ping-home');
      const main = Object.keys(files).find((f) => /App\.ts$/.test(f))!;
      const source = Buffer.from(files[main]!)
        .toString('utf8')
        .replace(/http:\/\/127\.0\.0\.1:9\//g, `http://127.0.0.1:${port}/`);
      const { report, blocking } = await started({ ...files, [main]: source });
      expect(report.outcome).toBe('started');
      // Through Apps-Engine's HTTP accessor, and a fetch of its own (found in Deno's permission audit): both refused.
      expect(report.http).toEqual([
        { method: 'GET', url: `http://127.0.0.1:${port}/ping` },
        { method: 'fetch', url: `http://127.0.0.1:${port}/direct` },
      ]);
      expect(report.permissions).toContainEqual({ permission: 'networking', call: 'fetch()', granted: true });
      expect(blocking).toBeNull();
      expect(hits).toEqual([]);
    } finally {
      server.close();
    }
  });

  it('starts an app that admits an engine before Deno in Apps-Engine 1.42’s Node runtime too', async () => {
    const { report } = await started(fixtureFiles('legacy-greeter'));
    expect(report).toMatchObject({ engine: { version: '1.53.1', runtime: 'deno' }, outcome: 'started' });
    expect(report.olderEngine).toMatchObject({ engine: { version: '1.42.1', runtime: 'node' }, outcome: 'started', error: null });
    expect(report.adds.slashCommands.map((c) => c.command)).toEqual(['greet']);
    expect(report.adds.settings.map((x) => x.id)).toEqual(['greeting']);
  });
});

describe('the runtime checks beside the others', () => {
  it('warns of a slash command a published app already registers, naming it; staff can make it block', async () => {
    const first = await started(fresh('poll-board'));
    await s.app.db.update(appVersions).set({ status: 'published' }).where(eq(appVersions.internalId, first.internalId));
    const other = fresh('poll-board');
    const second = await started(other);
    const { findings } = second;
    const [name] = (await s.app.db.select({ name: appVersions.name }).from(appVersions).where(eq(appVersions.internalId, first.internalId))).map((r) => r.name);
    expect(ofCheck(findings, 'duplicate-command')).toEqual([
      expect.objectContaining({ severity: 'warns', reason: expect.stringContaining(`/poll is already registered by “${name}”`) }),
    ]);
    const set = await s.request('PUT', '/v1/admin/publish-checks', {
      token: admin,
      body: { severities: { 'duplicate-command': 'blocks' }, disallowedLicences: [] },
    });
    expect(set.status, set.text).toBe(200);
    const again = await s.request('GET', `/v1/publisher/apps/${second.appId}/findings/${second.internalId}`, { token: owner });
    expect(again.status).toBe(200);
    expect(again.json.blocking).toMatchObject({ check: 'duplicate-command', severity: 'blocks' });
    const reset = await s.request('PUT', '/v1/admin/publish-checks', {
      token: admin,
      body: { severities: { 'duplicate-command': 'warns' }, disallowedLicences: [] },
    });
    expect(reset.status, reset.text).toBe(200);
  });

  it('compares what two versions add in the version diff, and staff read the same report', async () => {
    const files = fresh('legacy-greeter');
    const first = await started(files);
    const main = Object.keys(files).find((f) => /App\.ts$/.test(f))!;
    const source = Buffer.from(files[main]!).toString('utf8');
    expect(source).toContain("SETTING_GREETING = 'greeting'");
    const next = withManifest({ ...files, [main]: source.replace("SETTING_GREETING = 'greeting'", "SETTING_GREETING = 'salutation'") }, { version: '9.0.0' });
    const second = await started(next, first.appId);
    expect(second.report.adds.settings.map((x) => x.id)).toEqual(['salutation']);
    const diff = await s.request('GET', `/v1/publisher/apps/${first.appId}/diff`, { token: owner });
    expect(diff.status, diff.text).toBe(200);
    expect(diff.json.runtime).toEqual(['adds setting `salutation`', 'removes setting `greeting`']);
    const staff = await s.request('GET', `/v1/admin/app/${first.appId}/versions/${second.internalId}/runtime`, { token: admin });
    expect(staff.status, staff.text).toBe(200);
    expect(staff.json.report).toEqual(second.report);
  });

  it('answers 404 for another publisher’s version and for a version that is not there', async () => {
    const { appId, internalId } = await started(fresh('legacy-greeter'));
    const fjord = await s.signIn('fjordOwner');
    const other = await s.request('GET', `/v1/publisher/apps/${appId}/versions/${internalId}/runtime`, { token: fjord });
    expect(other.status).toBe(404);
    const missing = await s.request('GET', `/v1/publisher/apps/${appId}/versions/no-such-version/runtime`, { token: owner });
    expect(missing.status).toBe(404);
    expect(missing.json).toMatchObject({ error: expect.any(String) });
  });
});

describe('a portal that does not start versions (the runtime off, as APPS_RUNTIME=false sets it)', () => {
  it('says the compile succeeded with no report, and runs no runtime check', async () => {
    const off = await startServer({ runtime: 'off' });
    try {
      const token = await off.signIn('owner');
      const made = await off.upload('POST', '/v1/publisher/apps', token, [{ field: 'app', filename: 'app.zip', data: zip(fresh('undeclared-http')) }]);
      expect(made.status, made.text).toBe(201);
      const { latest } = await off.settled(token, made.json.appId);
      const runtime = await off.request('GET', `/v1/publisher/apps/${made.json.appId}/versions/${latest.internalId}/runtime`, { token });
      expect(runtime.json).toMatchObject({ compile: 'succeeded', report: null });
      const checks = await off.request('GET', `/v1/publisher/apps/${made.json.appId}/findings/${latest.internalId}`, { token });
      expect((checks.json.findings as Finding[]).filter((f) => /runtime|permission|command/.test(f.check) && f.check !== 'new-permissions')).toEqual([]);
    } finally {
      await off.close();
    }
  });
});
