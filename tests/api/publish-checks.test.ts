// The publish checks through the real compile worker (docs/packages-and-review.md, Publish checks): a package with a private key file and one with a
// token in source are flagged where the secret is (never showing it) and Submit answers 409 with the reason; an
// update asking for a permission the approved version did not have is flagged against it.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appVersions } from '../../server/db/schema';
import { fixtureFiles, withManifest, zip } from '../fixtures/packages';
import { startServer, type TestServer } from '../harness';

let s: TestServer;
let owner: string;
beforeAll(async () => {
  s = await startServer();
  owner = await s.signIn('owner');
});
afterAll(async () => {
  await s?.close();
});

type Finding = { check: string; severity: string; reason: string; file?: string; line?: number };
/** Uploads a fixture app, waits for its compile (the checks run with it), and reads its findings. */
async function checked(files: Record<string, Uint8Array | string>) {
  const made = await s.upload('POST', '/v1/publisher/apps', owner, [{ field: 'app', filename: 'app.zip', data: zip(files) }]);
  expect(made.status, made.text).toBe(201);
  const settled = await s.settled(owner, made.json.appId);
  const res = await s.request('GET', `/v1/publisher/apps/${made.json.appId}/findings/${settled.latest.internalId}`, { token: owner });
  expect(res.status, res.text).toBe(200);
  return {
    appId: made.json.appId as string,
    version: settled.latest as { internalId: string; status: string },
    findings: res.json.findings as Finding[],
    blocking: res.json.blocking as Finding | null,
  };
}

/** Completes the listing so that only the checks stand between the version and Submit. */
async function completeListing(appId: string, internalId: string) {
  await s.app.db
    .update(appVersions)
    .set({
      categories: ['Productivity'],
      languages: ['en'],
      shortDescription: 'Signs outgoing webhooks',
      description: 'Signs outgoing webhooks.',
      privacyPolicySummary: 'Nothing kept.',
      documentationUrl: 'https://docs.example/a',
      changesNote: 'Changes.',
    })
    .where(and(eq(appVersions.appId, appId), eq(appVersions.internalId, internalId)));
}

describe('publish checks run with the compile', () => {
  it('flags a private key file, blocking Submit with the reason (409), the key never shown', async () => {
    const files = fixtureFiles('leaky-key');
    const { appId, version, findings, blocking } = await checked(files);
    expect(version.status).toBe('compiled');
    const pem = Buffer.from(files['keys/service-account.pem']!).toString().split('\n');
    const begins = pem.findIndex((l) => l.includes('PRIVATE KEY-----'));
    expect(blocking).toMatchObject({ check: 'secrets', severity: 'blocks', file: 'keys/service-account.pem', line: begins + 1 });
    const body = pem[begins + 1]!;
    for (const f of findings) expect(f.reason).not.toContain(body.slice(0, 20));
    await completeListing(appId, version.internalId);
    const refused = await s.request('POST', `/v1/publisher/apps/${appId}/info/${version.internalId}/submit`, { token: owner });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.json).toMatchObject({ code: 'blocked_by_check', error: `Secrets in the package: ${blocking!.reason}` });
    const [after] = await s.app.db.select().from(appVersions).where(eq(appVersions.internalId, version.internalId));
    expect(after!.status).toBe('compiled');
  });

  it('flags a token in source at its file and line', async () => {
    const { findings } = await checked(fixtureFiles('leaky-token'));
    const secrets = findings.filter((f) => f.check === 'secrets');
    expect(secrets.length).toBeGreaterThan(0);
    expect(secrets[0]).toMatchObject({ severity: 'blocks', file: expect.stringMatching(/^lib\/clients\.ts$/), line: expect.any(Number) });
  });

  it('flags an update asking for a permission the approved version did not have', async () => {
    const first = fixtureFiles('reminder-bot');
    const made = await checked(first);
    expect(made.findings.filter((f) => f.check === 'new-permissions')).toEqual([]);
    await s.app.db.update(appVersions).set({ status: 'published' }).where(eq(appVersions.internalId, made.version.internalId));
    const manifest = JSON.parse(Buffer.from(first['app.json']!).toString()) as { permissions: { name: string }[] };
    const next = withManifest(first, { version: '2.4.0', permissions: [...manifest.permissions, { name: 'room.read' }] });
    const update = await s.upload('PUT', `/v1/apps/${made.appId}`, owner, [{ field: 'app', filename: 'u.zip', data: zip(next) }]);
    expect(update.status, update.text).toBeLessThan(300);
    const settled = await s.settled(owner, made.appId);
    expect(settled.latest.version).toBe('2.4.0');
    const res = await s.request('GET', `/v1/publisher/apps/${made.appId}/findings/${settled.latest.internalId}`, { token: owner });
    expect(res.json.findings.filter((f: Finding) => f.check === 'new-permissions')).toEqual([
      expect.objectContaining({
        severity: 'warns',
        file: 'app.json',
        reason: expect.stringContaining('"room.read", which version 2.3.1 (the last approved) did not have'),
      }),
    ]);
    expect(res.json.blocking).toBeNull();
  });

  it('compares again once a version has been approved since the compile (an update made while its predecessor waited)', async () => {
    const first = withManifest(fixtureFiles('reminder-bot'), { id: '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f', nameSlug: 'reminder-waiting' });
    const made = await checked(first);
    const manifest = JSON.parse(Buffer.from(first['app.json']!).toString()) as { permissions: { name: string }[] };
    const next = withManifest(first, { version: '2.4.0', nameSlug: 'reminder-renamed', permissions: [...manifest.permissions, { name: 'room.read' }] });
    const update = await s.upload('PUT', `/v1/apps/${made.appId}`, owner, [{ field: 'app', filename: 'u.zip', data: zip(next) }]);
    expect(update.status, update.text).toBeLessThan(300);
    const settled = await s.settled(owner, made.appId);
    const url = `/v1/publisher/apps/${made.appId}/findings/${settled.latest.internalId}`;
    // Nothing approved yet: nothing to compare with.
    expect(
      (await s.request('GET', url, { token: owner })).json.findings.filter((f: Finding) => ['new-permissions', 'manifest-mismatch'].includes(f.check)),
    ).toEqual([]);
    // Staff approve 2.3.1 meanwhile: 2.4.0's permission and its new slug are judged against it now.
    await s.app.db.update(appVersions).set({ status: 'approved' }).where(eq(appVersions.internalId, made.version.internalId));
    const now = (await s.request('GET', url, { token: owner })).json;
    expect(now.findings.map((f: Finding) => [f.check, f.severity])).toEqual([
      ['manifest-mismatch', 'blocks'],
      ['new-permissions', 'warns'],
    ]);
    expect(now.blocking.reason).toContain('the approved versions of this app have "reminder-waiting"');
    expect(now.findings[1].reason).toContain('"room.read", which version 2.3.1 (the last approved) did not have');
  });
});
