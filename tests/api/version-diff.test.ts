// What changed between two versions of an app, over real HTTP: the publisher's own route and staff's, the
// default comparison (since the last approved version), the files (added, removed, changed; binary listed, not
// diffed; paged), the manifest and its permissions, the listing.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appVersions } from '../../server/db/schema';
import { fixtureFiles, withManifest, zip } from '../fixtures/packages';
import { startServer, type TestServer } from '../harness';

let s: TestServer;
let owner: string;
let admin: string;
let appId: string;
beforeAll(async () => {
  s = await startServer({}, { COMPILE_WORKER: 'false' });
  owner = await s.signIn('owner');
  admin = await s.signIn('admin');
  const first = fixtureFiles('reminder-bot');
  const made = await s.upload('POST', '/v1/publisher/apps', owner, [{ field: 'app', filename: 'app.zip', data: zip(first) }]);
  expect(made.status, made.text).toBe(201);
  appId = made.json.appId;
  // Staff approved and published 2.3.1 (the lifecycle's own tests drive that path).
  await s.app.db
    .update(appVersions)
    .set({ status: 'published' })
    .where(and(eq(appVersions.appId, appId), eq(appVersions.version, '2.3.1')));
  // 2.4.0: a new permission and description, lib/blocks.ts changed, lib/logged.ts removed, lib/extra.ts added, a new icon.
  const { 'lib/logged.ts': _gone, ...kept } = first;
  const blocks = Buffer.from(first['lib/blocks.ts']!).toString().replace('In ${minutes} min', 'In ${minutes} minutes');
  const icon = Buffer.from(first['icon.png']!);
  const next = withManifest(
    { ...kept, 'lib/blocks.ts': blocks, 'lib/extra.ts': 'export const extra = 1;\n', 'icon.png': Buffer.concat([icon, Buffer.from([0, 1, 2])]) },
    {
      version: '2.4.0',
      description: 'Reminds a room later, now with minutes spelled out.',
      permissions: [{ name: 'slashcommand' }, { name: 'message.write' }, { name: 'room.read' }],
    },
  );
  const update = await s.upload('PUT', `/v1/apps/${appId}`, owner, [{ field: 'app', filename: 'u.zip', data: zip(next) }]);
  expect(update.status, update.text).toBeLessThan(300);
});
afterAll(async () => {
  await s?.close();
});

describe('GET /v1/publisher/apps/:id/diff and /v1/admin/app/:id/diff', () => {
  it('compares the latest version with the last approved one by default: files, manifest, permissions', async () => {
    const res = await s.request('GET', `/v1/publisher/apps/${appId}/diff`, { token: owner });
    expect(res.status, res.text).toBe(200);
    const d = res.json;
    expect(d).toMatchObject({
      from: { version: '2.3.1', status: 'published', packageStored: true },
      to: { version: '2.4.0', packageStored: true },
      fromIsLastApproved: true,
    });
    expect(d.permissions).toEqual({ added: ['room.read'], removed: [] });
    expect(d.manifest).toEqual([
      {
        field: 'description',
        from: 'Reminds a room about something later, with a digest of who asked.',
        to: 'Reminds a room later, now with minutes spelled out.',
      },
      { field: 'version', from: '2.3.1', to: '2.4.0' },
    ]);
    expect(d.listing.map((c: { field: string }) => c.field)).toContain('description');
    expect(d.files.summary).toMatchObject({ added: 1, removed: 1, changed: 3 });
    const byPath = Object.fromEntries((d.files.items as { path: string; hunks: { lines: string[] }[] | null }[]).map((f) => [f.path, f]));
    expect(Object.keys(byPath)).toEqual(['app.json', 'icon.png', 'lib/blocks.ts', 'lib/extra.ts', 'lib/logged.ts']);
    expect(byPath['icon.png']).toMatchObject({ change: 'changed', binary: true, hunks: null });
    expect(byPath['lib/extra.ts']).toMatchObject({ change: 'added', binary: false, hunks: [{ lines: ['+export const extra = 1;'] }] });
    expect(byPath['lib/logged.ts']).toMatchObject({ change: 'removed' });
    const lines = byPath['lib/blocks.ts']!.hunks!.flatMap((h) => h.lines);
    expect(lines.filter((l) => l.startsWith('-') || l.startsWith('+'))).toEqual([
      "-        text: { type: 'mrkdwn', text: `:alarm_clock: In ${minutes} min: ${text}` },",
      "+        text: { type: 'mrkdwn', text: `:alarm_clock: In ${minutes} minutes: ${text}` },",
    ]);
    expect(d.files.next).toBeNull();
  });

  it('pages the differing files, and staff compare any two versions either way', async () => {
    const first = await s.request('GET', `/v1/admin/app/${appId}/diff?limit=2`, { token: admin });
    expect(first.status, first.text).toBe(200);
    expect(first.json.files.items.map((f: { path: string }) => f.path)).toEqual(['app.json', 'icon.png']);
    expect(first.json.files.next).toBe('icon.png');
    const second = await s.request('GET', `/v1/admin/app/${appId}/diff?limit=2&after=icon.png`, { token: admin });
    expect(second.json.files.items.map((f: { path: string }) => f.path)).toEqual(['lib/blocks.ts', 'lib/extra.ts']);
    const back = await s.request('GET', `/v1/admin/app/${appId}/diff?from=2.4.0&to=2.3.1`, { token: admin });
    expect(back.json).toMatchObject({
      from: { version: '2.4.0' },
      to: { version: '2.3.1' },
      fromIsLastApproved: false,
      permissions: { added: [], removed: ['room.read'] },
    });
  });

  it('a first version is all new; unknown or equal versions are 400; another publisher’s app is 404', async () => {
    const firstOnly = await s.request('GET', `/v1/publisher/apps/${appId}/diff?to=2.3.1`, { token: owner });
    expect(firstOnly.json).toMatchObject({ from: null, fromIsLastApproved: false, pricing: [] });
    expect(firstOnly.json.files.summary).toMatchObject({ removed: 0, changed: 0, unchanged: 0 });
    const unknown = await s.request('GET', `/v1/publisher/apps/${appId}/diff?from=9.9.9`, { token: owner });
    expect([unknown.status, unknown.json.error]).toEqual([400, 'The app has no version 9.9.9.']);
    expect((await s.request('GET', `/v1/publisher/apps/${appId}/diff?from=2.4.0`, { token: owner })).status).toBe(400);
    expect((await s.request('GET', `/v1/publisher/apps/${appId}/diff?limit=0`, { token: owner })).status).toBe(400);
    const lars = await s.signIn('fjordOwner');
    expect((await s.request('GET', `/v1/publisher/apps/${appId}/diff`, { token: lars })).status).toBe(404);
  });
});
