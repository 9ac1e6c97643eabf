import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidOf } from '../../server/dev/seed/seed';
import { startServer, type TestServer } from '../harness';

let s: TestServer;
let owner: string;
beforeAll(async () => {
  s = await startServer();
  owner = await s.signIn('owner');
});
afterAll(() => s.close());

const appId = (name: string) => uuidOf(`app:${name}`);
const latest = async (name: string, token = owner) => (await s.request('GET', `/v1/publisher/apps/${appId(name)}`, { token })).json.latest;
const setStatus = (name: string, versionId: string, status: string, extra: Record<string, unknown> = {}, token = owner) =>
  s.request('POST', `/v1/publisher/apps/${appId(name)}/status/${versionId}`, {
    token,
    body: { status, appId: appId(name), versionId, ...extra },
  });

describe('publisher reads of an app', () => {
  it('gets the app, its versions, one version, stats and compile jobs', async () => {
    const id = appId('Jira Connector');
    const app = await s.request('GET', `/v1/publisher/apps/${id}`, { token: owner });
    expect(app.json.latest).toMatchObject({ version: '1.1.0', status: 'author-approved' });
    const all = await s.request('GET', `/v1/publisher/apps/${id}/all`, { token: owner });
    expect(all.json.map((v: { version: string }) => v.version)).toEqual(['1.1.0', '1.0.0']);
    const one = await s.request('GET', `/v1/publisher/apps/${id}/info/${all.json[1].id}`, { token: owner });
    expect(one.json.status).toBe('published');
    const stats = await s.request('GET', `/v1/publisher/apps/${id}/stats`, { token: owner });
    expect(stats.json).toMatchObject({ purchases: 2, totalDownloads: expect.any(Number), appVersions: { '1.0.0': { downloads: expect.any(Number) } } });
    const jobs = await s.request('GET', `/v1/publisher/apps/${appId('Poll Master')}/jobs`, { token: owner });
    expect(jobs.json[0]).toMatchObject({ status: 'failed', typeScriptVersion: '5.9.3' });
    expect(jobs.json[0].diagnostics[0]).toMatchObject({ file: 'PollMasterApp.ts', line: 42, character: 17 });
    const job = await s.request('GET', `/v1/publisher/apps/${appId('Poll Master')}/jobs/${jobs.json[0].id}`, { token: owner });
    expect(job.json.id).toBe(jobs.json[0].id);
  });

  it('lists prices, active first by date, with legacy ones', async () => {
    const res = await s.request('GET', `/v1/publisher/apps/${appId('Standup Bot')}/prices`, { token: owner });
    expect(res.json.map((p: { name: string; active: boolean }) => [p.name, p.active])).toEqual([
      ['Team', true],
      ['Launch pricing', false],
    ]);
    expect(res.json[0]).toMatchObject({
      type: 'subscription',
      monthly: {
        enabled: true,
        isSeatBased: true,
        tiers: [
          { price: 4, perUnit: true, minimum: 1, maximum: 50 },
          { price: 3.5, perUnit: true, minimum: 51, maximum: 150 },
        ],
      },
      yearly: { enabled: true, price: 40 },
      trialDuration: 14,
      actives: 3,
    });
    const one = await s.request('GET', `/v1/publisher/apps/${appId('Standup Bot')}/prices/${res.json[1].id}`, { token: owner });
    expect(one.json.name).toBe('Launch pricing');
    expect((await s.request('GET', `/v1/publisher/apps/${appId('Standup Bot')}/prices/nope`, { token: owner })).status).toBe(404);
  });

  it('answers 404 for another publisher’s app and for unknown ids', async () => {
    const lars = await s.signIn('fjordOwner');
    expect((await s.request('GET', `/v1/publisher/apps/${appId('Jira Connector')}`, { token: lars })).status).toBe(404);
    expect((await s.request('GET', `/v1/publisher/apps/${appId('Jira Connector')}/jobs`, { token: lars })).status).toBe(404);
    expect((await s.request('GET', `/v1/publisher/apps/no-such-app`, { token: owner })).status).toBe(404);
  });
});

describe('publisher status changes go through the lifecycle machine', () => {
  it('publishes an approved version and unpublishes it', async () => {
    const v = await latest('Calendar Sync');
    expect(v.status).toBe('approved');
    const published = await setStatus('Calendar Sync', v.id, 'published');
    expect(published.status).toBe(200);
    expect(published.json.status).toBe('published');
    expect((await setStatus('Calendar Sync', v.id, 'unpublished')).json.status).toBe('unpublished');
    expect((await setStatus('Calendar Sync', v.id, 'published')).json.status).toBe('published');
  });

  it('rejects a compiled version with a reason (author-rejected), and asks for the reason', async () => {
    const v = await latest('Translate Bridge');
    const noReason = await setStatus('Translate Bridge', v.id, 'rejected');
    expect(noReason.status).toBe(400);
    expect(noReason.json.fields).toEqual([{ path: 'rejectionReason', message: 'Please provide a reason for the rejection.' }]);
    const res = await setStatus('Translate Bridge', v.id, 'rejected', { rejectionReason: 'Wrong translation provider keys.' });
    expect(res.json).toMatchObject({ status: 'author-rejected', rejectionNote: 'Wrong translation provider keys.' });
  });

  it.each([
    ['Weather Now', 'published'],
    ['Weather Now', 'rejected'],
    ['Poll Master', 'published'],
    ['Standup Bot', 'published'],
    ['Jira Connector', 'unpublished'],
  ])('refuses an illegal change (%s → %s) with 409 and changes nothing', async (name, status) => {
    const before = await latest(name);
    expect(before).toBeDefined();
    const res = await setStatus(name, before.id, status, { rejectionReason: 'x' });
    expect(res.status).toBe(409);
    expect(res.json.code).toBe('invalid_transition');
    expect((await latest(name)).status).toBe(before.status);
  });

  it('refuses statuses a publisher cannot ask for, and a body that names another version', async () => {
    const v = await latest('Jira Connector');
    expect((await setStatus('Jira Connector', v.id, 'approved')).status).toBe(400);
    const mismatch = await s.request('POST', `/v1/publisher/apps/${appId('Jira Connector')}/status/${v.id}`, {
      token: owner,
      body: { status: 'published', appId: appId('Jira Connector'), versionId: 'other' },
    });
    expect(mismatch.status).toBe(400);
  });

  it('gives exactly one success to 50 simultaneous publishes of one version', async () => {
    const cedar = await s.signIn('cedarOwner');
    const v = await latest('Giphy Reactions', cedar);
    expect(v.status).toBe('unpublished');
    const results = await Promise.all(Array.from({ length: 50 }, () => setStatus('Giphy Reactions', v.id, 'published', {}, cedar)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((x) => x === 200)).toHaveLength(1);
    expect(statuses.filter((x) => x === 409)).toHaveLength(49);
    expect((await latest('Giphy Reactions', cedar)).status).toBe('published');
  });

  it('keeps viewers out (403) and other publishers away (404)', async () => {
    const v = await latest('Jira Connector');
    const viewer = await s.signIn('viewer');
    expect((await setStatus('Jira Connector', v.id, 'rejected', { rejectionReason: 'x' }, viewer)).status).toBe(403);
    const lars = await s.signIn('fjordOwner');
    expect((await setStatus('Jira Connector', v.id, 'rejected', { rejectionReason: 'x' }, lars)).status).toBe(404);
  });
});
