import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { developers, publishers } from '../../server/db/schema';
import { startServer, type TestServer } from '../harness';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.close());

const valid = {
  name: 'Lumen Apps',
  publisherCity: 'Lisbon',
  publisherState: 'Lisboa',
  publisherCountry: 'PT',
  tosLink: 'https://lumen.example/terms',
  privacyLink: 'https://lumen.example/privacy',
  chatUsername: 'elena.petrova',
  agreement: true,
};

const counts = async () => {
  const [p] = await s.app.db.select({ n: count() }).from(publishers);
  const [d] = await s.app.db.select({ n: count() }).from(developers);
  return { publishers: p!.n, developers: d!.n };
};

describe('POST /v1/publisher (sign-up)', () => {
  it.each([
    ['name', { name: '  ' }, 'Your publisher name is required.'],
    ['publisherCity', { publisherCity: '' }, 'Your publisher city is required.'],
    ['publisherState', { publisherState: undefined }, 'Your publisher state is required.'],
    ['publisherCountry', { publisherCountry: 'XX' }, 'You must select the country.'],
    ['chatUsername', { chatUsername: '' }, 'We need your open.Rocket.chat username so that we can contact you.'],
    ['tosLink', { tosLink: '' }, 'You must provide the TOS link.'],
    ['tosLink', { tosLink: 'http://lumen.example/terms' }, 'Invalid url, it must start with "https://".'],
    ['privacyLink', { privacyLink: undefined }, 'You must provide the Privacy link.'],
    ['privacyLink', { privacyLink: 'ftp://x' }, 'Invalid url, it must start with "https://".'],
    ['agreement', { agreement: false }, 'You must agree to the TOS and Privacy Agreement.'],
  ])('refuses a bad %s with the spec message, writing nothing', async (field, change, message) => {
    const token = await s.signIn('newcomer');
    const before = await counts();
    const res = await s.request('POST', '/v1/publisher', { token, body: { ...valid, ...change } });
    expect(res.status).toBe(400);
    expect(res.json.fields).toContainEqual({ path: field, message });
    expect(await counts()).toEqual(before);
  });

  it('needs a signed-in user', async () => {
    expect((await s.request('POST', '/v1/publisher', { body: valid })).status).toBe(401);
  });

  it('creates the publisher and its owner, then refuses a second sign-up', async () => {
    const token = await s.signIn('newcomer');
    const res = await s.request('POST', '/v1/publisher', { token, body: valid });
    expect(res.status).toBe(201);
    expect(res.json.publisher).toMatchObject({ name: 'Lumen Apps', country: 'PT', isRegistered: true, canCreatePaidApps: false });
    expect(res.json.developer).toMatchObject({ role: 'owner', systemRole: 'user', email: 'elena.petrova@example.com' });
    const me = await s.request('GET', '/v1/me', { token });
    expect(me.json.publisherId).toBe(res.json.publisher._id);
    const again = await s.request('POST', '/v1/publisher', { token, body: valid });
    expect(again.status).toBe(409);
    expect(again.json.code).toBe('already_registered');
  });

  it('completes an unregistered publisher instead of making a second one', async () => {
    const token = await s.signIn('unregistered');
    const before = await s.request('GET', '/v1/publisher', { token });
    expect(before.json.isRegistered).toBe(false);
    const counted = await counts();
    const res = await s.request('POST', '/v1/publisher', { token, body: { ...valid, name: 'Harbor Analytics SpA' } });
    expect(res.status).toBe(201);
    expect(res.json.publisher).toMatchObject({ _id: before.json._id, name: 'Harbor Analytics SpA', isRegistered: true });
    expect(await counts()).toEqual(counted);
  });

  it('is refused while sign-ups are disabled', async () => {
    const closed = await startServer({ signupsEnabled: false });
    try {
      expect((await closed.request('GET', '/v1/misc/supported/signups')).json).toEqual({ enabled: false });
      const token = await closed.signIn('candidate');
      const res = await closed.request('POST', '/v1/publisher', { token, body: valid });
      expect(res.status).toBe(403);
      expect(res.json.error).toBe('Sign ups are disabled');
    } finally {
      await closed.close();
    }
  });
});

describe('profile and publisher edits', () => {
  it('updates the developer profile with the spec messages', async () => {
    const token = await s.signIn('developer');
    const bad = await s.request('POST', '/v1/me', { token, body: { firstName: '', lastName: ' ' } });
    expect(bad.status).toBe(400);
    expect(bad.json.fields).toEqual([
      { path: 'firstName', message: 'First name is required.' },
      { path: 'lastName', message: 'Last name is required.' },
    ]);
    const ok = await s.request('POST', '/v1/me', { token, body: { firstName: 'Marc', lastName: 'Chen-Lee' } });
    expect(ok.json).toEqual({ firstName: 'Marc', lastName: 'Chen-Lee', email: 'marcus.chen@northwind.example' });
  });

  it('lets an owner edit the publisher, with https links only', async () => {
    const token = await s.signIn('owner');
    const bad = await s.request('PUT', '/v1/publisher', {
      token,
      body: { name: 'Northwind', tosLink: 'https://n.example/tos', privacyLink: 'https://n.example/p', webhookLink: 'http://n.example/h' },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.fields).toEqual([{ path: 'webhookLink', message: 'Invalid url, it must start with "https://".' }]);
    const ok = await s.request('PUT', '/v1/publisher', {
      token,
      body: { name: 'Northwind Integrations Ltd', tosLink: 'https://n.example/tos', privacyLink: 'https://n.example/p', webhookLink: '' },
    });
    expect(ok.status).toBe(200);
    expect(ok.json.name).toBe('Northwind Integrations Ltd');
  });
});

describe('publisher users and developers', () => {
  it('lists addable cloud users with placeholder ids, adds one, and never shows other publishers’ developers', async () => {
    const token = await s.signIn('owner');
    const users = (await s.request('GET', '/v1/publisher/users', { token })).json as { id: string; cloudId: string; label: string }[];
    const olivia = users.find((u) => u.label.startsWith('Olivia Bennett'))!;
    expect(olivia.id).not.toMatch(/^0+$/);
    const noah = users.find((u) => u.label.startsWith('Noah Williams'))!;
    expect(noah.id).toBe('000000000000000000000000');
    expect(users.some((u) => u.label.startsWith('Lars Eriksen'))).toBe(false);

    const missingRole = await s.request('POST', '/v1/publisher/users', { token, body: { userCloudId: noah.cloudId } });
    expect(missingRole.json.fields).toEqual([{ path: 'role', message: 'Please select what role the new user should be.' }]);
    const noUser = await s.request('POST', '/v1/publisher/users', { token, body: { userCloudId: '', role: 'viewer' } });
    expect(noUser.json.fields).toEqual([{ path: 'userCloudId', message: 'Please select the user to add.' }]);

    const added = await s.request('POST', '/v1/publisher/users', { token, body: { userCloudId: noah.cloudId, role: 'developer' } });
    expect(added.status).toBe(201);
    expect(added.json).toMatchObject({ role: 'developer', email: 'noah.williams@example.com' });
    const twice = await s.request('POST', '/v1/publisher/users', { token, body: { userCloudId: noah.cloudId, role: 'developer' } });
    expect(twice.status).toBe(409);

    const devs = (await s.request('GET', '/v1/publisher/developers', { token })).json as { email: string }[];
    expect(devs.map((d) => d.email)).toContain('noah.williams@example.com');
    expect(devs.every((d) => !d.email.includes('fjordlabs'))).toBe(true);
  });
});
