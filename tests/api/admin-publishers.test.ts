import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LAYOUT } from '../../contract/schemas/notifications';
import { demoPublishers } from '../../server/dev/seed/seed-data';
import { publisherActivity } from '../../server/db/schema';
import { startServer, type TestServer } from '../harness';

let s: TestServer;
let admin: string;
let support: string;
beforeAll(async () => {
  s = await startServer();
  [admin, support] = await Promise.all([s.signIn('admin'), s.signIn('support')]);
});
afterAll(() => s.close());

const pub = (key: (typeof demoPublishers)[number]['key']) => demoPublishers.find((p) => p.key === key)!.id;
const dev = (key: string) => createHash('sha256').update(`developer:${key}`).digest('hex').slice(0, 24);
const activity = async (publisherId: string) => s.app.db.select().from(publisherActivity).where(eq(publisherActivity.publisherId, publisherId));
const flags = { canCreatePaidApps: false, canCreateBundles: false, canUseNPMModules: false, canUseWebhooks: false };

describe('finding publishers', () => {
  it('lists every publisher by name, paged with the total, and searches by name', async () => {
    const all = await s.request('GET', '/v1/admin/publishers?limit=2&offset=0', { token: support });
    expect(all.status).toBe(200);
    expect(all.json.meta.total).toBe(demoPublishers.length);
    expect(all.json.data.map((p: { name: string }) => p.name)).toEqual(['Cedar & Pine Software', 'Fjord Labs']);
    const next = await s.request('GET', '/v1/admin/publishers?limit=2&offset=2', { token: support });
    expect(next.json.data.map((p: { name: string }) => p.name)).toEqual(['Harbor Analytics', 'Marketplace Team']);
    const found = await s.request('GET', `/v1/admin/publishers?q=${encodeURIComponent('  fjord ')}`, { token: support });
    expect(found.json).toMatchObject({ meta: { total: 1 }, data: [{ name: 'Fjord Labs' }] });
    // Wildcards are searched for as characters.
    expect((await s.request('GET', '/v1/admin/publishers?q=%25', { token: support })).json.meta.total).toBe(0);
    expect((await s.request('GET', '/v1/admin/publishers?limit=0', { token: support })).status).toBe(400);
  });

  it('reads one publisher with its apps, bundles and developers; an unknown id is a 404', async () => {
    const northwind = await s.request('GET', `/v1/admin/publishers/${pub('northwind')}`, { token: support });
    expect(northwind.json).toMatchObject({ name: 'Northwind Integrations', stripeAccountId: 'acct_1NwNorthwind' });
    const apps = (await s.request('GET', `/v1/admin/publishers/${pub('northwind')}/apps`, { token: support })).json as { latest: { name: string } }[];
    expect(apps.map((a) => a.latest.name)).toContain('Jira Connector');
    expect(apps.every((a) => !a.latest.name.includes('GitLab'))).toBe(true);
    expect((await s.request('GET', `/v1/admin/publishers/${pub('northwind')}/bundles`, { token: support })).status).toBe(200);
    const devs = (await s.request('GET', `/v1/admin/publishers/${pub('northwind')}/developers`, { token: support })).json as { email: string }[];
    expect(devs.map((d) => d.email).sort()).toEqual(['marcus.chen@northwind.example', 'olivia.bennett@northwind.example', 'priya.raman@northwind.example']);
    for (const path of ['', '/apps', '/bundles', '/developers'])
      expect((await s.request('GET', `/v1/admin/publishers/nope${path}`, { token: support })).status).toBe(404);
  });
});

describe('editing a publisher', () => {
  it('changes its name and flags, which the publisher’s permissions follow at once, and logs who did it', async () => {
    const lars = await s.signIn('fjordOwner');
    expect((await s.request('GET', '/v1/me/ac', { token: lars })).json.canCreateBundles ?? false).toBe(false);
    const res = await s.request('POST', `/v1/admin/publishers/${pub('fjord')}`, {
      token: support,
      body: { ...flags, name: 'Fjord Labs AS', canCreateBundles: true, canUseWebhooks: true },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ name: 'Fjord Labs AS', canCreateBundles: true, canUseWebhooks: true, canCreatePaidApps: false });
    expect((await s.request('GET', '/v1/publisher', { token: lars })).json).toMatchObject({ name: 'Fjord Labs AS', canCreateBundles: true });
    const [line] = (await activity(pub('fjord'))).filter((l) => l.action === 'edit');
    expect(line).toMatchObject({ userName: 'Hannah Weber', extra: { changed: { name: 'Fjord Labs AS', canCreateBundles: true, canUseWebhooks: true } } });
  });

  it('requires the name and every flag, with the spec’s message, changing nothing', async () => {
    const blank = await s.request('POST', `/v1/admin/publishers/${pub('cedar')}`, { token: admin, body: { ...flags, name: '  ' } });
    expect(blank.status).toBe(400);
    expect(blank.json.fields).toContainEqual({ path: 'name', message: 'Name is required.' });
    expect((await s.request('POST', `/v1/admin/publishers/${pub('cedar')}`, { token: admin, body: { name: 'X', canCreatePaidApps: 'yes' } })).status).toBe(400);
    expect((await s.request('GET', `/v1/admin/publishers/${pub('cedar')}`, { token: admin })).json.name).toBe('Cedar & Pine Software');
    expect((await s.request('POST', '/v1/admin/publishers/nope', { token: admin, body: { ...flags, name: 'X' } })).status).toBe(404);
  });
});

describe('the publisher’s developers', () => {
  const base = `/v1/admin/publishers/${pub('northwind')}/developers`;

  it('edits a developer’s names, username and email (all required)', async () => {
    const body = { firstName: 'Marcus', lastName: 'Chen-Li', chatUsername: 'marcus.chenli', email: 'marcus@northwind.example' };
    const res = await s.request('POST', `${base}/${dev('developer')}`, { token: support, body });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject(body);
    const bad = await s.request('POST', `${base}/${dev('developer')}`, {
      token: support,
      body: { firstName: '', lastName: '', chatUsername: '', email: 'nope' },
    });
    expect(bad.json.fields.map((f: { message: string }) => f.message).sort()).toEqual([
      'A valid email is required.',
      'First name is required.',
      'Last name is required.',
      'Username is required.',
    ]);
    // Another publisher's developer through this publisher: not found.
    expect((await s.request('POST', `${base}/${dev('fjordOwner')}`, { token: support, body })).status).toBe(404);
  });

  it('changes a publisher role, keeping the last owner', async () => {
    expect((await s.request('POST', `${base}/${dev('viewer')}/role`, { token: support, body: { role: 'developer' } })).json.role).toBe('developer');
    const last = await s.request('POST', `${base}/${dev('owner')}/role`, { token: support, body: { role: 'viewer' } });
    expect(last.status).toBe(409);
    expect((await s.request('POST', `${base}/${dev('viewer')}/role`, { token: support, body: { role: 'boss' } })).json.fields).toContainEqual({
      path: 'role',
      message: 'Please select what role the new user should be.',
    });
  });

  it('lets only system admins change system roles', async () => {
    expect((await s.request('POST', `${base}/${dev('viewer')}/system-role`, { token: support, body: { role: 'admin' } })).status).toBe(403);
    const res = await s.request('POST', `${base}/${dev('viewer')}/system-role`, { token: admin, body: { role: 'support' } });
    expect(res.status).toBe(200);
    expect(res.json.systemRole).toBe('support');
    const priya = await s.signIn('viewer');
    expect((await s.request('GET', '/v1/admin/publishers', { token: priya })).status).toBe(200);
    await s.request('POST', `${base}/${dev('viewer')}/system-role`, { token: admin, body: { role: 'user' } });
    expect((await s.request('GET', '/v1/admin/publishers', { token: priya })).status).toBe(403);
    expect((await s.request('POST', `${base}/${dev('viewer')}/system-role`, { token: admin, body: { role: 'god' } })).json.fields).toContainEqual({
      path: 'role',
      message: 'Please select the system role.',
    });
  });
});

describe('the activity log', () => {
  it('lists what staff did to the publisher, newest first, paged with the total', async () => {
    const id = pub('cedar');
    await s.request('POST', `/v1/admin/publishers/${id}`, { token: support, body: { ...flags, name: 'Cedar & Pine', canCreatePaidApps: true } });
    await s.request('POST', `/v1/admin/publishers/${id}`, { token: admin, body: { ...flags, name: 'Cedar & Pine Software', canCreatePaidApps: true } });
    const page = await s.request('GET', `/v1/admin/publishers/${id}/activity?limit=1&offset=0`, { token: support });
    expect(page.status).toBe(200);
    expect(page.json.meta.total).toBeGreaterThanOrEqual(2);
    expect(page.json.data).toHaveLength(1);
    expect(page.json.data[0]).toMatchObject({ userName: 'Sofia Rossi', action: 'edit', extra: { changed: { name: 'Cedar & Pine Software' } } });
    const next = await s.request('GET', `/v1/admin/publishers/${id}/activity?limit=1&offset=1`, { token: support });
    expect(next.json.data[0]).toMatchObject({ userName: 'Hannah Weber', action: 'edit' });
    expect((await s.request('GET', '/v1/admin/publishers/nope/activity', { token: support })).status).toBe(404);
  });
});

describe('contacting a publisher', () => {
  it('mails the owners through the mail service, in the chosen layout, with the reply-to address', async () => {
    const res = await s.request('POST', `/v1/admin/publishers/${pub('northwind')}/email`, {
      token: support,
      body: {
        layout: DEFAULT_LAYOUT,
        subject: 'About {{ publisher.name }}',
        content: 'Hello {{ developer.firstName }},\nyour listing needs a new icon.',
        relatedAppId: '',
        replyTo: 'support@marketplace.example',
      },
    });
    expect(res.status).toBe(200);
    const outbox = join(s.config.dataDir, 'outbox');
    const files = () => {
      try {
        return readdirSync(outbox).filter((f) => f.endsWith('.eml'));
      } catch {
        return [];
      }
    };
    await expect.poll(() => files().length, { timeout: 20_000 }).toBe(1);
    const mail = await simpleParser(readFileSync(join(outbox, files()[0]!)));
    expect(mail.subject).toBe('About Northwind Integrations');
    expect(mail.replyTo?.text).toBe('support@marketplace.example');
    expect((mail.to as { text: string }).text).toBe('olivia.bennett@northwind.example');
    expect(mail.text).toContain('Hello Olivia,');
    expect((await activity(pub('northwind'))).some((l) => l.action === 'email')).toBe(true);
  });

  it('requires a subject and content, and refuses unknown layouts and other publishers’ apps', async () => {
    const path = `/v1/admin/publishers/${pub('northwind')}/email`;
    const empty = await s.request('POST', path, { token: support, body: { subject: '', content: ' ' } });
    expect(empty.json.fields).toEqual(
      expect.arrayContaining([
        { path: 'subject', message: 'Subject is required.' },
        { path: 'content', message: 'Content is required.' },
      ]),
    );
    expect((await s.request('POST', path, { token: support, body: { subject: 'Hi', content: 'Hi', layout: 'no-such-layout' } })).status).toBe(400);
    const gitlab = (await s.request('GET', `/v1/admin/publishers/${pub('fjord')}/apps`, { token: support })).json[0].appId;
    expect((await s.request('POST', path, { token: support, body: { subject: 'Hi', content: 'Hi', relatedAppId: gitlab } })).status).toBe(400);
    expect((await s.request('POST', path, { token: support, body: { subject: 'Hi', content: 'Hi', replyTo: 'not-an-email' } })).status).toBe(400);
    expect((await s.request('POST', path, { token: support, body: { subject: 'Hi', content: '{% if %}' } })).status).toBe(400);
  });
});
