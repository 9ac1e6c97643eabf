import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidOf } from '../../server/dev/seed/seed';
import { fixtureFiles, withManifest, zip } from '../fixtures/packages';
import { startServer, type TestServer } from '../harness';
import { eventually } from '../eventually';

let s: TestServer;
let reviewer: string;
let admin: string;
let owner: string;
beforeAll(async () => {
  s = await startServer();
  [reviewer, admin, owner] = await Promise.all([s.signIn('reviewer'), s.signIn('admin'), s.signIn('owner')]);
});
afterAll(() => s.close());

const appId = (name: string) => uuidOf(`app:${name}`);
const latest = async (id: string) => (await s.request('GET', `/v1/admin/app/${id}`, { token: reviewer })).json.latest;
const act = (id: string, versionId: string, action: string, extra: Record<string, unknown> = {}, token = reviewer) =>
  s.request('POST', `/v1/admin/app/${id}/version/${versionId}/${action}`, { token, body: { action, ...extra } });
const logs = async (id: string, offset = 0) => (await s.request('GET', `/v1/admin/app/${id}/activityLogs?limit=5&offset=${offset}`, { token: reviewer })).json;

const settled = (id: string) =>
  eventually(
    () => latest(id),
    (v) => v.status !== 'compiling',
    { what: 'the compile to finish', interval: 250 },
  );

describe('staff reads', () => {
  it('lists every publisher’s apps (not bundles), newest change first, paged and searchable', async () => {
    const all = await s.request('GET', '/v1/admin/apps?limit=100&offset=0', { token: reviewer });
    expect(all.json.meta.total).toBe(12);
    expect(new Set(all.json.data.map((a: { publisher: { label: string } }) => a.publisher.label))).toEqual(
      new Set(['Northwind Integrations', 'Fjord Labs', 'Cedar & Pine Software']),
    );
    expect(all.json.data.every((a: { isBundle: boolean }) => !a.isBundle)).toBe(true);
    const page = await s.request('GET', '/v1/admin/apps?limit=5&offset=10', { token: reviewer });
    expect(page.json.data).toHaveLength(2);
    const found = await s.request('GET', '/v1/admin/apps?q=gitlab', { token: reviewer });
    expect(found.json.data.map((a: { latest: { name: string } }) => a.latest.name)).toEqual(['GitLab Notifier']);
    expect((await s.request('GET', '/v1/admin/apps?q=50%25_off', { token: reviewer })).json.meta.total).toBe(0);
  });

  // Usage records come only from workspaces' reports: their paging is in tests/api/workspace-installs.test.ts.
  it('pages activity logs five at a time with the total', async () => {
    const page = await logs(appId('Jira Connector'));
    expect(page.meta.total).toBe(6);
    expect(page.data[0]).toMatchObject({ userExtra: { name: 'Daniel Kim' }, action: expect.any(String) });
  });

  it('lists compile jobs of every publisher, newest first, with the app’s name and version', async () => {
    const res = await s.request('GET', '/v1/admin/jobs?limit=25&offset=0', { token: reviewer });
    expect(res.json.meta.total).toBeGreaterThan(0);
    const times = res.json.data.map((j: { requestedAt: string }) => j.requestedAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(res.json.data.find((j: { appName?: string }) => j.appName === 'Poll Master')).toMatchObject({ appVersion: '0.9.0', status: 'failed' });
  });

  it('answers 404 for unknown apps and jobs', async () => {
    expect((await s.request('GET', '/v1/admin/app/nope', { token: reviewer })).status).toBe(404);
    expect((await s.request('GET', `/v1/admin/app/${appId('Poll Master')}/jobs/nope`, { token: reviewer })).status).toBe(404);
  });
});

describe('staff version actions go through the lifecycle machine and into the activity log', () => {
  it('asks for changes with a note; the note is required', async () => {
    const id = appId('Translate Bridge');
    const v = await latest(id);
    expect(v.status).toBe('compiled');
    const noNote = await act(id, v.id, 'review');
    expect(noNote.status).toBe(400);
    expect(noNote.json.fields).toEqual([{ path: 'reviewNote', message: 'Please write the changes you ask of the publisher.' }]);
    expect((await latest(id)).status).toBe('compiled');
    const res = await act(id, v.id, 'review', { reviewNote: 'Please add a privacy policy link.' });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ status: 'reviewed', reviewedNote: 'Please add a privacy policy link.' });
    const [entry] = (await logs(id)).data;
    expect(entry).toMatchObject({
      userExtra: { name: 'Daniel Kim' },
      action: 'review',
      actionExtra: { from: 'compiled', to: 'reviewed', reviewedNote: 'Please add a privacy policy link.' },
    });
    expect(Date.now() - Date.parse(entry.when)).toBeLessThan(60_000);
  });

  it('approves, then publishes and unpublishes; the publisher sees each status', async () => {
    const id = appId('Jira Connector');
    const v = await latest(id);
    expect((await act(id, v.id, 'approve')).json.status).toBe('approved');
    expect((await act(id, v.id, 'publish', {}, admin)).json.status).toBe('published');
    expect((await act(id, v.id, 'unpublish')).json.status).toBe('unpublished');
    expect((await s.request('GET', `/v1/publisher/apps/${id}`, { token: owner })).json.latest.status).toBe('unpublished');
    expect((await logs(id)).data.slice(0, 3).map((l: { action: string; userExtra: { name: string } }) => [l.action, l.userExtra.name])).toEqual([
      ['unpublish', 'Daniel Kim'],
      ['publish', 'Sofia Rossi'],
      ['approve', 'Daniel Kim'],
    ]);
  });

  it('rejects with a reason (required) and refuses illegal actions with 409, changing nothing', async () => {
    const id = appId('Kanban Board');
    const v = await latest(id);
    expect((await act(id, v.id, 'reject')).status).toBe(400);
    const illegal = await act(id, v.id, 'publish');
    expect(illegal.status).toBe(409);
    expect(illegal.json).toMatchObject({ code: 'invalid_transition', requestId: expect.any(String) });
    expect((await act(id, v.id, 'review', { reviewNote: 'x' })).status).toBe(409);
    expect((await act(id, v.id, 'reject', { rejectionReason: 'Duplicates an existing app.' })).json).toMatchObject({
      status: 'rejected',
      rejectionNote: 'Duplicates an existing app.',
    });
    expect((await act(id, v.id, 'approve')).status).toBe(409);
    expect((await act(id, v.id, 'approve', { action: 'reject' })).status).toBe(400);
  });

  it('makes a compiled version a draft', async () => {
    const id = appId('Translate Bridge');
    // Reviewed above; a fresh compiled version comes from an upload below, so use the 404/409 paths here.
    expect((await act(id, (await latest(id)).id, 'make-draft')).status).toBe(409);
    expect((await act(id, 'no-such-version', 'make-draft')).status).toBe(404);
  });

  it('cannot queue a compile of a version without a stored package', async () => {
    const id = appId('GitLab Notifier');
    const res = await act(id, (await latest(id)).id, 'compile');
    expect(res.status).toBe(409);
    expect(res.json.code).toBe('no_package');
    expect((await latest(id)).status).toBe('reviewed');
  });
});

describe('queue compile, downloads and compiled packages', () => {
  const APP = '3a9c1e77-58d2-4f0b-9e3c-6d1f2a8b4c05';
  let versionId: string;

  it('recompiles an uploaded version as a new job and writes the compiled package', async () => {
    const up = await s.upload('POST', '/v1/publisher/apps', owner, [
      { field: 'app', filename: 'app.zip', data: zip(withManifest(fixtureFiles('standup-helper'), { id: APP, nameSlug: 'standup-admin' })) },
    ]);
    expect(up.status, up.text).toBe(201);
    const v = await settled(APP);
    versionId = v.id;
    expect(v).toMatchObject({ status: 'compiled', packages: { source: true, compiled: true } });
    const queued = await act(APP, v.id, 'compile');
    expect(queued.json.status).toBe('compiling');
    expect(queued.json.compileJobId).not.toBe(v.compileJobId);
    expect((await settled(APP)).status).toBe('compiled');
    const jobs = (await s.request('GET', `/v1/admin/app/${APP}/jobs`, { token: reviewer })).json;
    expect(jobs.map((j: { status: string }) => j.status)).toEqual(['succeeded', 'succeeded']);
    expect((await logs(APP)).data[0]).toMatchObject({ action: 'compile', actionExtra: { from: 'compiled', to: 'compiling' } });
  });

  it('makes a compiled version a draft', async () => {
    expect((await act(APP, versionId, 'make-draft')).json.status).toBe('draft');
  });

  it('downloads the source and the compiled package through a secret and a short-lived link', async () => {
    const { secret } = (await s.request('GET', '/v1/admin/secret', { token: reviewer })).json;
    const source = await s.request('GET', `/v1/admin/apps/download/${versionId}?secret=${encodeURIComponent(secret)}`, { token: reviewer });
    expect(source.status, source.text).toBe(200);
    expect(source.json.url).toMatch(/^\/files\/standup-admin-1\.0\.0\.zip\?token=[\w-]+\.[\w-]+$/);
    const sourceZip = await fetch(`${s.base}${source.json.url}`);
    expect(sourceZip.headers.get('content-disposition')).toBe('attachment; filename="standup-admin-1.0.0.zip"');
    const sourceFiles = unzipSync(new Uint8Array(await sourceZip.arrayBuffer()));
    expect(Object.keys(sourceFiles)).toContain('StandupHelperApp.ts');

    const compiled = await s.request('GET', `/v1/admin/apps/download/${versionId}?secret=${encodeURIComponent(secret)}&compiled=true`, { token: reviewer });
    const files = unzipSync(new Uint8Array(await (await fetch(`${s.base}${compiled.json.url}`)).arrayBuffer()));
    // One bundled main file (the command and settings modules inside it), as Rocket.Chat's packager makes.
    expect(Object.keys(files).sort()).toEqual(['.packagedby', 'StandupHelperApp.js', 'app.json', 'i18n/en.json', 'i18n/pt-BR.json', 'icon.png']);
    expect(strFromU8(files['StandupHelperApp.js']!)).toContain('var StandupHelperApp = class extends App_1.App');
    expect(strFromU8(files['StandupHelperApp.js']!)).toContain('var StandupCommand = class');
    expect((await logs(APP)).data[0]).toMatchObject({ action: 'download', userExtra: { name: 'Daniel Kim' }, actionExtra: { compiled: true } });
  });

  it('refuses another staff member’s secret, a tampered link and a version without packages', async () => {
    const { secret } = (await s.request('GET', '/v1/admin/secret', { token: admin })).json;
    const borrowed = await s.request('GET', `/v1/admin/apps/download/${versionId}?secret=${encodeURIComponent(secret)}`, { token: reviewer });
    expect(borrowed.status).toBe(403);
    expect(borrowed.json.code).toBe('invalid_secret');
    const mine = (await s.request('GET', '/v1/admin/secret', { token: reviewer })).json.secret;
    const link = (await s.request('GET', `/v1/admin/apps/download/${versionId}?secret=${encodeURIComponent(mine)}`, { token: reviewer })).json.url as string;
    const [path, token] = link.split('?token=');
    const [body, mac] = token!.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), file: '../../etc/passwd' })).toString('base64url');
    expect((await fetch(`${s.base}${path}?token=${forged}.${mac}`)).status).toBe(404);
    expect((await fetch(`${s.base}/files/other.zip?token=${token}`)).status).toBe(404);
    expect((await fetch(`${s.base}${link}`)).status).toBe(200);
    const seeded = await latest(appId('GitLab Notifier'));
    expect(seeded.packages).toEqual({ source: false, compiled: false });
    expect((await s.request('GET', `/v1/admin/apps/download/${seeded.id}?secret=${encodeURIComponent(mine)}`, { token: reviewer })).status).toBe(404);
  });
});

describe('premium-only and usage-based are one-way', () => {
  it('sets each once; the second time is a 409 and the log has one entry each', async () => {
    const id = appId('Calendar Sync');
    const premium = await s.request('POST', `/v1/admin/app/${id}/enterpriseOnly`, { token: reviewer, body: { enterpriseOnly: true, addonTierId: 'tier-1' } });
    expect(premium.json).toMatchObject({ isEnterpriseOnly: true, isUsageBased: false });
    expect((await s.request('POST', `/v1/admin/app/${id}/enterpriseOnly`, { token: admin, body: { enterpriseOnly: true } })).status).toBe(409);
    expect((await s.request('POST', `/v1/admin/app/${id}/enterpriseOnly`, { token: admin, body: { enterpriseOnly: false } })).status).toBe(400);
    const usage = await s.request('POST', `/v1/admin/app/${id}/usageBased`, { token: reviewer, body: { priceOverride: 0.05 } });
    expect(usage.json.isUsageBased).toBe(true);
    expect((await s.request('POST', `/v1/admin/app/${id}/usageBased`, { token: reviewer, body: {} })).json.code).toBe('already_set');
    expect((await s.request('POST', `/v1/admin/app/${id}/usageBased`, { token: reviewer, body: { priceOverride: -1 } })).status).toBe(400);
    expect((await logs(id)).data.map((l: { action: string }) => l.action)).toEqual(['make-usage-based', 'make-premium-only']);
    expect((await s.request('POST', '/v1/admin/app/nope/usageBased', { token: reviewer, body: {} })).status).toBe(404);
  });
});
