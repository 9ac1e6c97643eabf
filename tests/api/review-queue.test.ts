// Staff review over real HTTP (docs/packages-and-review.md, Staff review): the queue (the longest waiting first, filters, the 48-hour target),
// assignment, the publish checks' severities as staff configure them, a blocking finding refusing Submit (409
// with its reason) until staff weigh it otherwise, the publisher's expected wait, and a rejection's citations.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredFinding } from '../../contract/schemas/review';
import { appVersions, compileJobs } from '../../server/db/schema';
import { fixtureFiles, withManifest, zip } from '../fixtures/packages';
import { startServer, type TestServer } from '../harness';

let s: TestServer;
let owner: string;
let reviewer: string;
let admin: string;
const HOUR = 3_600_000;

type Made = { appId: string; internalId: string; compileJobId: string };
/** A new app (compiled, its listing complete) named `name`, its compile having found `findings`. */
async function compiledApp(name: string, findings: StoredFinding[] = []): Promise<Made> {
  const files = withManifest(fixtureFiles('reminder-bot'), { id: randomUUID(), name, nameSlug: name.toLowerCase().replace(/\s+/g, '-') });
  const made = await s.upload('POST', '/v1/publisher/apps', owner, [{ field: 'app', filename: 'app.zip', data: zip(files) }]);
  expect(made.status, made.text).toBe(201);
  const v = made.json.latest as { internalId: string; compileJobId: string };
  await s.app.db.update(compileJobs).set({ status: 'succeeded', findings, finishedAt: new Date() }).where(eq(compileJobs.id, v.compileJobId));
  await s.app.db
    .update(appVersions)
    .set({
      status: 'compiled',
      compiled: true,
      categories: ['Productivity'],
      languages: ['en'],
      shortDescription: 'Reminds a room',
      description: 'Reminds a room later.',
      privacyPolicySummary: 'Nothing kept.',
      documentationUrl: 'https://docs.example/r',
    })
    .where(eq(appVersions.internalId, v.internalId));
  return { appId: made.json.appId, internalId: v.internalId, compileJobId: v.compileJobId };
}
const submit = (m: Made) => s.request('POST', `/v1/publisher/apps/${m.appId}/info/${m.internalId}/submit`, { token: owner });
const queue = (query = '', token = reviewer) => s.request('GET', `/v1/admin/reviews${query}`, { token });
const names = (res: { json: { data: { appName: string }[] } }) => res.json.data.map((i) => i.appName);

const secret: StoredFinding = {
  check: 'secrets',
  reason: 'A private key is in the package (keys/app.pem, line 1): remove it and upload a revision.',
  file: 'keys/app.pem',
  line: 1,
};
const permission: StoredFinding = { check: 'new-permissions', reason: 'This version asks for a new permission: room.read.' };

let older: Made;
let newer: Made;
let blocked: Made;
beforeAll(async () => {
  s = await startServer({}, { COMPILE_WORKER: 'false' });
  [owner, reviewer, admin] = await Promise.all([s.signIn('owner'), s.signIn('reviewer'), s.signIn('admin')]);
  older = await compiledApp('Queue Older', [permission]);
  newer = await compiledApp('Queue Newer');
  blocked = await compiledApp('Queue Blocked', [secret, permission]);
  for (const m of [older, newer]) expect((await submit(m)).status).toBe(200);
  // Older has waited three days (past the target), newer an hour.
  await s.app.db
    .update(appVersions)
    .set({ submittedAt: new Date(Date.now() - 72 * HOUR) })
    .where(eq(appVersions.internalId, older.internalId));
  await s.app.db
    .update(appVersions)
    .set({ submittedAt: new Date(Date.now() - HOUR) })
    .where(eq(appVersions.internalId, newer.internalId));
});
afterAll(async () => {
  await s?.close();
});

describe('the review queue', () => {
  it('lists the waiting versions, the longest waiting first, overdue past the target, with their findings', async () => {
    const res = await queue('?q=Queue');
    expect(res.status, res.text).toBe(200);
    expect(names(res)).toEqual(['Queue Older', 'Queue Newer']);
    const [o, n] = res.json.data;
    expect(o).toMatchObject({
      overdue: true,
      findings: { blocks: 0, warns: 1 },
      assignee: null,
      status: 'author-approved',
      publisher: { label: expect.any(String) },
    });
    expect(o.waitingHours).toBeGreaterThanOrEqual(72);
    expect(n).toMatchObject({ overdue: false, waitingHours: 1, findings: { blocks: 0, warns: 0 } });
    expect(res.json.targetHours).toBe(48);
    expect(res.json.overdueCount).toBeGreaterThanOrEqual(1);
    expect(names(await queue('?q=Queue&overdue=true'))).toEqual(['Queue Older']);
    expect(names(await queue('?q=Queue&overdue=false'))).toEqual(['Queue Newer']);
    // Not waiting: a compiled version its publisher has not submitted.
    expect(names(await queue('?q=Queue%20Blocked'))).toEqual([]);
  });

  it('assigns a version to the reviewer and back; the filters follow; a version not waiting is 409', async () => {
    const taken = await s.request('POST', `/v1/admin/app/${newer.appId}/review/${newer.internalId}`, { token: reviewer, body: {} });
    expect(taken.status, taken.text).toBe(200);
    expect(taken.json.assignee).toMatchObject({ id: expect.any(String), name: expect.any(String) });
    expect(names(await queue('?q=Queue&assignee=me'))).toEqual(['Queue Newer']);
    expect(names(await queue('?q=Queue&assignee=me', admin))).toEqual([]);
    expect(names(await queue('?q=Queue&assignee=nobody'))).toEqual(['Queue Older']);
    // Taken: another reviewer cannot take it by accident (nothing changes); anyone may give it back.
    const clash = await s.request('POST', `/v1/admin/app/${newer.appId}/review/${newer.internalId}`, { token: admin, body: {} });
    expect(clash.status).toBe(409);
    expect(clash.json).toMatchObject({ code: 'already_assigned', error: `${taken.json.assignee.name} is already reviewing this version.` });
    expect(names(await queue('?q=Queue&assignee=me'))).toEqual(['Queue Newer']);
    const given = await s.request('DELETE', `/v1/admin/app/${newer.appId}/review/${newer.internalId}`, { token: admin });
    expect(given.json.assignee).toBeNull();
    expect(names(await queue('?q=Queue&assignee=nobody'))).toEqual(['Queue Older', 'Queue Newer']);
    const notWaiting = await s.request('POST', `/v1/admin/app/${blocked.appId}/review/${blocked.internalId}`, { token: reviewer, body: {} });
    expect(notWaiting.status).toBe(409);
    expect(notWaiting.json).toMatchObject({ code: 'not_waiting', error: 'This version is not waiting for review.' });
    expect((await s.app.db.select().from(appVersions).where(eq(appVersions.internalId, blocked.internalId)))[0]!.reviewAssigneeId).toBeNull();
  });

  it('pages and refuses bad filters with a 400', async () => {
    const page = await queue('?q=Queue&limit=1&offset=1');
    expect(names(page)).toEqual(['Queue Newer']);
    expect(page.json.meta.total).toBe(2);
    expect((await queue('?assignee=someone')).status).toBe(400);
    expect((await queue('?overdue=maybe')).status).toBe(400);
  });

  it('tells the publisher where the version stands: its place and the hours left to the target', async () => {
    const mine = await s.request('GET', `/v1/publisher/apps/${newer.appId}/findings/${newer.internalId}`, { token: owner });
    expect(mine.status, mine.text).toBe(200);
    expect(mine.json.review).toMatchObject({ overdue: false, targetHours: 48, expectedWithinHours: 47 });
    const ahead = (await queue('?limit=100')).json.data.findIndex((i: { internalId: string }) => i.internalId === newer.internalId);
    expect(mine.json.review.position).toBe(ahead + 1);
    const late = await s.request('GET', `/v1/publisher/apps/${older.appId}/findings/${older.internalId}`, { token: owner });
    expect(late.json.review).toMatchObject({ overdue: true, expectedWithinHours: 0 });
  });
});

describe('the publish checks’ severities and Submit', () => {
  it('a blocking finding refuses Submit with its reason, on the server; nothing changes', async () => {
    const shown = await s.request('GET', `/v1/publisher/apps/${blocked.appId}/findings/${blocked.internalId}`, { token: owner });
    expect(shown.json.findings.map((f: { check: string; severity: string }) => [f.check, f.severity])).toEqual([
      ['secrets', 'blocks'],
      ['new-permissions', 'warns'],
    ]);
    expect(shown.json.blocking).toMatchObject({ check: 'secrets', file: 'keys/app.pem', line: 1 });
    expect(shown.json.review.waitingSince).toBeNull();
    const refused = await submit(blocked);
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ code: 'blocked_by_check', error: `Secrets in the package: ${secret.reason}` });
    expect((await s.app.db.select().from(appVersions).where(eq(appVersions.internalId, blocked.internalId)))[0]!.status).toBe('compiled');
  });

  it('staff weigh the checks: secrets made a warning lets it through, and it joins the queue', async () => {
    const before = await s.request('GET', '/v1/admin/publish-checks', { token: reviewer });
    expect(before.json.checks.find((c: { id: string }) => c.id === 'secrets')).toMatchObject({
      severity: 'blocks',
      defaultSeverity: 'blocks',
      title: 'Secrets in the package',
    });
    expect(before.json.disallowedLicences).toContain('AGPL-3.0-only');
    const bad = await s.request('PUT', '/v1/admin/publish-checks', {
      token: reviewer,
      body: { severities: { secrets: 'warns' }, disallowedLicences: ['not a licence!'] },
    });
    expect(bad.status).toBe(400);
    expect((await s.request('GET', '/v1/admin/publish-checks', { token: reviewer })).json.checks.find((c: { id: string }) => c.id === 'secrets').severity).toBe(
      'blocks',
    );
    const set = await s.request('PUT', '/v1/admin/publish-checks', {
      token: reviewer,
      body: { severities: { secrets: 'warns', 'new-permissions': 'blocks' }, disallowedLicences: ['GPL-3.0-only', 'GPL-3.0-only'] },
    });
    expect(set.status, set.text).toBe(200);
    expect(set.json).toMatchObject({ disallowedLicences: ['GPL-3.0-only'], updatedBy: expect.any(String) });
    // New permissions now block instead.
    const refused = await submit(blocked);
    expect(refused.json).toMatchObject({ code: 'blocked_by_check', error: `New permissions: ${permission.reason}` });
    await s.request('PUT', '/v1/admin/publish-checks', {
      token: admin,
      body: { severities: { 'new-permissions': 'warns' }, disallowedLicences: ['GPL-3.0-only'] },
    });
    expect((await submit(blocked)).status).toBe(200);
    const waiting = (await queue('?q=Queue%20Blocked')).json.data;
    expect(waiting).toMatchObject([{ appName: 'Queue Blocked', findings: { blocks: 0, warns: 2 }, waitingHours: 0 }]);
  });
});

describe('review notes the publisher can act on', () => {
  it('a rejection cites a finding and a diff line, checked by the server (the line’s text read from the package)', async () => {
    const blocksLine12 = Buffer.from(fixtureFiles('reminder-bot')['lib/blocks.ts']!).toString().split('\n')[11]!;
    const finding = { kind: 'finding', check: 'secrets', reason: secret.reason, file: 'keys/app.pem', line: 1 };
    const line = { kind: 'line', path: 'lib/blocks.ts', side: 'new', line: 12, text: 'whatever the browser said' };
    const reject = (m: Made, citations: unknown[]) =>
      s.request('POST', `/v1/admin/app/${m.appId}/version/${m.internalId}/reject`, {
        token: reviewer,
        body: { action: 'reject', rejectionReason: 'Remove the key and the token, then upload a new version.', citations },
      });
    // Refused, nothing changed: a finding the version does not have, a line past the file's end, too many.
    const invented = await reject(blocked, [{ ...finding, reason: 'Something else.' }]);
    expect(invented.status).toBe(400);
    expect(invented.json.fields).toEqual([{ path: 'citations.0', message: 'A cited finding is not among this version’s findings.' }]);
    const past = await reject(blocked, [{ ...line, line: 9999 }]);
    expect(past.json.fields).toEqual([{ path: 'citations.0', message: 'lib/blocks.ts has no line 9999 in this version.' }]);
    expect((await reject(older, Array(21).fill(line))).status).toBe(400);
    // No approved version to compare with: an old-side line has nothing to cite.
    expect((await reject(blocked, [{ ...line, side: 'old' }])).json.fields[0].message).toBe('There is no approved version with a stored package to cite.');
    for (const m of [blocked, older])
      expect((await s.app.db.select().from(appVersions).where(eq(appVersions.internalId, m.internalId)))[0]!.status).not.toBe('rejected');

    const rejected = await reject(blocked, [finding, line]);
    expect(rejected.status, rejected.text).toBe(200);
    const seen = await s.request('GET', `/v1/publisher/apps/${blocked.appId}/info/${blocked.internalId}`, { token: owner });
    expect(seen.json).toMatchObject({
      status: 'rejected',
      rejectionNote: 'Remove the key and the token, then upload a new version.',
      reviewCitations: [finding, { ...line, text: blocksLine12 }],
    });
  });
});
