import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_FLAGS, features, permissions, publisherFlags } from '../../contract/access';
import { Access } from '../../server/access/enforcer';
import { publisherMatrix, systemMatrix } from '../../server/access/policy';
import { checksFrom } from '../../src/lib/access';
import { startServer, type TestServer, type DemoKey } from '../harness';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.close());

describe('GET /v1/me/ac', () => {
  it('returns the model, both policy lists and the caller’s roles', async () => {
    const token = await s.signIn('reviewer');
    const res = await s.request('GET', '/v1/me/ac', { token });
    expect(res.status).toBe(200);
    expect(res.json.model).toContain('[matchers]');
    expect(res.json.policies.system).toContainEqual(['p', 'reviewer', 'system', 'system:apps', 'update', '-']);
    expect(res.json.policies.publisher).toContainEqual(['p', 'owner', 'publisher', 'app', 'delete', '-']);
    // A feature that needs a flag of the publisher says which (SPEC §6).
    expect(res.json.policies.publisher).toContainEqual(['p', 'owner', 'publisher', 'bundle', 'create', 'canCreateBundles']);
    expect(res.json.roles).toEqual({ system: ['reviewer'], publisher: ['developer'] });
    expect(res.json.flags).toEqual(expect.any(Array));
  });

  it('gives a signed-in user without a publisher the user system role and no publisher role', async () => {
    const token = await s.signIn('newcomer');
    expect((await s.request('GET', '/v1/me/ac', { token })).json.roles).toEqual({ system: ['user'], publisher: [] });
  });

  it('needs a session', async () => {
    expect((await s.request('GET', '/v1/me/ac')).status).toBe(401);
  });

  it.each<DemoKey>(['owner', 'developer', 'viewer', 'admin', 'reviewer', 'support', 'staffViewer', 'fjordOwner'])(
    'the server’s decisions the SPA obeys (allowed in /v1/me/ac) and its enforcer agree with the policy table for %s',
    async (key) => {
      const token = await s.signIn(key);
      const ac = (await s.request('GET', '/v1/me/ac', { token })).json;
      const me = (await s.request('GET', '/v1/me', { token })).json;
      const publisher = me.publisherId ? (await s.request('GET', '/v1/publisher', { token })).json : null;
      const flags = publisherFlags.filter((f) => publisher?.[f] === true);
      expect(ac.flags).toEqual(flags);
      const browser = checksFrom(ac, me._id, me.publisherId);
      const server = await Access.create();
      const subject = { developerId: me._id, publisherId: me.publisherId, role: me.role, systemRole: me.systemRole };
      for (const feature of features) {
        for (const permission of permissions) {
          const system = feature.startsWith('system:');
          const matrix = system ? systemMatrix[me.systemRole as keyof typeof systemMatrix] : publisherMatrix[me.role as keyof typeof publisherMatrix];
          // A feature that needs a flag of the publisher (SPEC §6) is the role's only where the publisher has it.
          const flag = system ? undefined : FEATURE_FLAGS[feature as keyof typeof FEATURE_FLAGS];
          const expected = (matrix[feature] ?? []).includes(permission) && (!flag || flags.includes(flag));
          expect(browser.can(feature, permission), `${feature}:${permission} browser`).toBe(expected);
          const domain = Access.homeDomain(subject, feature, flags);
          expect(!!domain && (await server.allows(subject, domain, feature, permission)), `${feature}:${permission} server`).toBe(expected);
        }
      }
    },
  );
});

describe('staff are not publishers', () => {
  it('a staff member with a system role and no publisher reaches the admin API; publisher routes answer as for anyone without a publisher', async () => {
    const s2 = await startServer();
    try {
      const token = await s2.signIn('staffOnly');
      const me = await s2.request('GET', '/v1/me', { token });
      expect(me.status).toBe(200);
      expect(me.json).toMatchObject({ publisherId: null, systemRole: 'reviewer' });
      expect((await s2.request('GET', '/v1/admin/apps?limit=5&offset=0', { token })).status).toBe(200);
      expect((await s2.request('GET', '/v1/admin/jobs?limit=5&offset=0', { token })).status).toBe(200);
      for (const path of ['/v1/publisher', '/v1/publisher/apps']) {
        const res = await s2.request('GET', path, { token });
        expect([path, res.status, res.json.code]).toEqual([path, 404, 'not_registered']);
      }
    } finally {
      await s2.close();
    }
  });

  it('lets the SPA’s checks grant nothing of a publisher to a developer who has none', async () => {
    const token = await s.signIn('newcomer');
    const ac = (await s.request('GET', '/v1/me/ac', { token })).json;
    const me = (await s.request('GET', '/v1/me', { token })).json;
    expect(me.publisherId ?? null).toBeNull();
    const checks = checksFrom(ac, me._id, null);
    for (const feature of features.filter((f) => !f.startsWith('system:'))) {
      for (const permission of permissions) expect(checks.can(feature, permission), `${feature}:${permission}`).toBe(false);
    }
  });
});
