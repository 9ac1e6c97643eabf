import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUsers } from '../../server/dev/seed/seed-data';
import { startServer, type TestServer } from '../harness';

let s: TestServer;
let olivia: string;
beforeAll(async () => {
  s = await startServer();
  olivia = await s.signIn('owner');
});
afterAll(() => s.close());

/** A demo developer's id (the seed derives it from the demo user's key). */
const dev = (key: keyof typeof demoUsers) => createHash('sha256').update(`developer:${key}`).digest('hex').slice(0, 24);
const marcus = dev('developer');
const priya = dev('viewer');
const oliviaId = dev('owner');
const setRole = (token: string, developerId: string, role: string, body: Record<string, unknown> = {}) =>
  s.request('POST', `/v1/publisher/developers/${developerId}/role`, { token, body: { developerId, role, ...body } });
const team = async () => (await s.request('GET', '/v1/publisher/developers', { token: olivia })).json as { _id: string; role: string }[];

describe('an owner manages the team', () => {
  it('changes a developer’s role', async () => {
    const res = await setRole(olivia, marcus, 'viewer');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ _id: marcus, role: 'viewer' });
    expect((await team()).find((d) => d._id === marcus)?.role).toBe('viewer');
    // The change holds for Marcus's own requests at once: a viewer may not create apps.
    const marcusToken = await s.signIn('developer');
    expect((await s.request('GET', '/v1/me', { token: marcusToken })).json.role).toBe('viewer');
    expect((await setRole(olivia, marcus, 'developer')).status).toBe(200);
  });

  it('refuses a role that is none, and a body that names another developer', async () => {
    const bad = await setRole(olivia, marcus, 'superuser');
    expect(bad.status).toBe(400);
    expect(bad.json.fields).toContainEqual({ path: 'role', message: 'Please select what role the new user should be.' });
    const mismatch = await s.request('POST', `/v1/publisher/developers/${marcus}/role`, { token: olivia, body: { developerId: priya, role: 'owner' } });
    expect(mismatch.status).toBe(400);
    expect((await team()).find((d) => d._id === priya)?.role).toBe('viewer');
  });

  it('never reaches another publisher’s developers (404)', async () => {
    const lars = dev('fjordOwner');
    expect((await setRole(olivia, lars, 'viewer')).status).toBe(404);
    expect((await s.request('DELETE', `/v1/publisher/developers/${lars}`, { token: olivia })).status).toBe(404);
    expect((await s.request('GET', '/v1/publisher', { token: await s.signIn('fjordOwner') })).status).toBe(200);
  });

  it('keeps the last owner: no demotion, no removal', async () => {
    const demote = await setRole(olivia, oliviaId, 'developer');
    expect(demote.status).toBe(409);
    expect(demote.json).toMatchObject({ code: 'last_owner', error: 'A publisher needs at least one owner: make someone else an owner first.' });
    expect((await s.request('DELETE', `/v1/publisher/developers/${oliviaId}`, { token: olivia })).status).toBe(409);
    expect((await team()).find((d) => d._id === oliviaId)?.role).toBe('owner');
  });

  it('lets two owners demote each other at once only as far as one owner', async () => {
    expect((await setRole(olivia, marcus, 'owner')).status).toBe(200);
    const marcusToken = await s.signIn('developer');
    const results = await Promise.all([setRole(olivia, marcus, 'developer'), setRole(marcusToken, oliviaId, 'developer')]);
    // One wins; the other is refused: 409 if it was checked while both were owners, 403 if its caller had
    // already been demoted when it was authorized.
    const statuses = results.map((r) => r.status).sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    expect((await team()).filter((d) => d.role === 'owner')).toHaveLength(1);
    // Back to the demo's team.
    const owner = (await team()).find((d) => d.role === 'owner')!._id;
    const ownerToken = owner === marcus ? marcusToken : olivia;
    await setRole(ownerToken, oliviaId, 'owner');
    await setRole(olivia, marcus, 'developer');
    expect((await team()).find((d) => d._id === oliviaId)?.role).toBe('owner');
  });

  it('removes a developer: they leave the team, keep their account, and may be added again', async () => {
    const priyaToken = await s.signIn('viewer');
    const res = await s.request('DELETE', `/v1/publisher/developers/${priya}`, { token: olivia });
    expect(res.status).toBe(200);
    expect((await team()).map((d) => d._id)).not.toContain(priya);
    expect((await s.request('GET', '/v1/publisher', { token: priyaToken })).status).toBe(404);
    expect((await s.request('DELETE', `/v1/publisher/developers/${priya}`, { token: olivia })).status).toBe(404);
    // In the Add User list again, as someone not yet added (a placeholder id).
    const options = (await s.request('GET', '/v1/publisher/users', { token: olivia })).json as { id: string; cloudId: string }[];
    expect(options.find((o) => o.cloudId === demoUsers.viewer.id)?.id).toMatch(/^0+$/);
  });
});

describe('the Add User list is the publisher’s own cloud account', () => {
  const options = async (token: string) => (await s.request('GET', '/v1/publisher/users', { token })).json as { id: string; cloudId: string; label: string }[];

  it('lists the account’s people only: its developers and those not added yet, never another account’s', async () => {
    const northwind = await options(olivia);
    const ids = northwind.map((o) => o.cloudId);
    expect(ids).toContain(demoUsers.owner.id);
    expect(ids).toContain(demoUsers.candidate.id); // of Northwind's account, not a developer yet
    expect(ids).not.toContain(demoUsers.newcomer.id); // of Fjord's account, not a developer either
    expect(ids).not.toContain(demoUsers.fjordOwner.id);
    expect(ids).not.toContain(demoUsers.staffOnly.id);
    const fjord = await options(await s.signIn('fjordOwner'));
    expect(fjord.map((o) => o.cloudId).sort()).toEqual([demoUsers.fjordOwner.id, demoUsers.newcomer.id].sort());
  });

  it('refuses to add someone of another account as if they did not exist (404), adding nobody', async () => {
    const before = (await team()).length;
    const res = await s.request('POST', '/v1/publisher/users', { token: olivia, body: { userCloudId: demoUsers.newcomer.id, role: 'viewer' } });
    expect(res.status).toBe(404);
    expect((await team()).length).toBe(before);
    expect((await options(await s.signIn('fjordOwner'))).find((o) => o.cloudId === demoUsers.newcomer.id)?.id).toMatch(/^0+$/);
  });

  it('puts a new publisher in its founder’s account, so it lists the founder’s colleagues', async () => {
    // Elena (Fjord's account, no publisher) signs up a publisher of her own: it belongs to her account.
    const elena = await s.signIn('newcomer');
    const body = {
      name: 'Petrova Apps',
      publisherCity: 'Oslo',
      publisherState: 'Oslo',
      publisherCountry: 'NO',
      tosLink: 'https://petrova.example/tos',
      privacyLink: 'https://petrova.example/privacy',
      chatUsername: 'elena',
      agreement: true,
    };
    const created = await s.request('POST', '/v1/publisher', { token: elena, body });
    expect(created.status).toBe(201);
    const [me] = (await options(elena)).filter((o) => o.cloudId === demoUsers.newcomer.id);
    expect(me?.id).not.toMatch(/^0+$/);
    expect((await options(elena)).map((o) => o.cloudId)).not.toContain(demoUsers.candidate.id);
  });
});

describe('who may', () => {
  it('refuses developers and viewers (403) and the signed-out (401)', async () => {
    const marcusToken = await s.signIn('developer');
    expect((await setRole(marcusToken, marcus, 'owner')).status).toBe(403);
    expect((await s.request('DELETE', `/v1/publisher/developers/${marcus}`, { token: marcusToken })).status).toBe(403);
    expect((await s.request('DELETE', `/v1/publisher/developers/${marcus}`)).status).toBe(401);
  });
});
