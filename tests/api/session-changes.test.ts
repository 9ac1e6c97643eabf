import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Listen } from '../../server/db/client';
import { developers } from '../../server/db/schema';
import { demoUsers } from '../../server/dev/seed/seed-data';
import { eventually } from '../eventually';
import { startServer, type TestServer } from '../harness';

/**
 * A process keeps who a token belongs to for a while (docs/operations.md, "Scaling out"); the database's
 * `portal_auth` notifications tell every process when a person changes. On PostgreSQL they come a moment
 * after the commit, so a process that changed someone forgets them itself before it answers. These tests
 * hold the notifications back: what a person is refused right after someone else changed them is the
 * process's own doing, on either database.
 */
function heldNotifications() {
  let holding = true;
  const held: (() => void)[] = [];
  const wrap =
    (listen: Listen): Listen =>
    (channel, onMessage, onListening) =>
      listen(channel, (payload) => (holding && channel === 'portal_auth' ? held.push(() => onMessage(payload)) : onMessage(payload)), onListening);
  return {
    wrap,
    hold: () => void (holding = true),
    release() {
      holding = false;
      for (const deliver of held.splice(0)) deliver();
    },
  };
}

const notifications = heldNotifications();
let s: TestServer;
let admin: string;
let owner: string;
beforeAll(async () => {
  s = await startServer({ notifications: notifications.wrap, sessionCacheSeconds: 30 });
  [admin, owner] = await Promise.all([s.signIn('admin'), s.signIn('owner')]);
});
afterAll(() => s.close());
beforeEach(() => notifications.hold());

const dev = (key: keyof typeof demoUsers) => createHash('sha256').update(`developer:${key}`).digest('hex').slice(0, 24);
const publisherOf = async (key: keyof typeof demoUsers) =>
  (
    await s.app.db
      .select({ publisherId: developers.publisherId })
      .from(developers)
      .where(eq(developers.id, dev(key)))
  )[0]!.publisherId;
/** Signs in and makes one request, so that the process keeps who the token is. */
const signedIn = async (key: keyof typeof demoUsers) => {
  const token = await s.signIn(key);
  expect((await s.request('GET', '/v1/me', { token })).status).toBe(200);
  return token;
};

describe('a person changed by someone else', () => {
  it('is answered as they were while the process has not heard of a change made behind its back', async () => {
    // The control: without it, the tests below would pass on a process that keeps nothing.
    const priya = await signedIn('viewer');
    await s.app.db
      .update(developers)
      .set({ firstName: 'Pri' })
      .where(eq(developers.id, dev('viewer')));
    expect((await s.request('GET', '/v1/me', { token: priya })).json.firstName).toBe('Priya');
    notifications.release();
    // On PostgreSQL the change's notification may still be on its way (it was not held): heard a moment later.
    const heard = await eventually(
      async () => (await s.request('GET', '/v1/me', { token: priya })).json.firstName,
      (name) => name === 'Pri',
      { what: 'the change heard' },
    );
    expect(heard).toBe('Pri');
    await s.app.db
      .update(developers)
      .set({ firstName: 'Priya' })
      .where(eq(developers.id, dev('viewer')));
  });

  it('loses a system role at once', async () => {
    const kenji = await signedIn('staffViewer');
    expect((await s.request('GET', '/v1/admin/publishers', { token: kenji })).status).toBe(200);
    const path = `/v1/admin/publishers/${await publisherOf('staffViewer')}/developers/${dev('staffViewer')}/system-role`;
    expect((await s.request('POST', path, { token: admin, body: { role: 'user' } })).status).toBe(200);
    expect((await s.request('GET', '/v1/admin/publishers', { token: kenji })).status).toBe(403);
    expect((await s.request('POST', path, { token: admin, body: { role: 'viewer' } })).status).toBe(200);
    expect((await s.request('GET', '/v1/admin/publishers', { token: kenji })).status).toBe(200);
  });

  it('loses a publisher role changed by staff or by an owner at once', async () => {
    const marcus = await signedIn('developer');
    const byStaff = await s.request('POST', `/v1/admin/publishers/${await publisherOf('developer')}/developers/${dev('developer')}/role`, {
      token: admin,
      body: { role: 'viewer' },
    });
    expect(byStaff.status).toBe(200);
    expect((await s.request('GET', '/v1/me/ac', { token: marcus })).json.roles.publisher).toEqual(['viewer']);
    const byOwner = await s.request('POST', `/v1/publisher/developers/${dev('developer')}/role`, {
      token: owner,
      body: { developerId: dev('developer'), role: 'developer' },
    });
    expect(byOwner.status).toBe(200);
    expect((await s.request('GET', '/v1/me/ac', { token: marcus })).json.roles.publisher).toEqual(['developer']);
  });

  it('is out of the publisher at once when an owner removes them', async () => {
    const priya = await signedIn('viewer');
    expect((await s.request('GET', '/v1/publisher/developers', { token: priya })).status).toBe(200);
    expect((await s.request('DELETE', `/v1/publisher/developers/${dev('viewer')}`, { token: owner })).status).toBe(200);
    expect((await s.request('GET', '/v1/me/ac', { token: priya })).json.roles.publisher).toEqual([]);
    expect((await s.request('GET', '/v1/publisher/developers', { token: priya })).status).toBe(404);
  });
});
