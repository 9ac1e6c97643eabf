import { createHash } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId, sha256 } from '../../server/db/ids';
import { uuidOf } from '../../server/dev/seed/seed';
import { accounts, appInstallEvents, workspaceTokens, workspaces } from '../../server/db/schema';
import { ROCKET_CHAT_DEFAULT_SCOPES } from '../../server/workspaces/scopes';
import { LAST_SEEN_EVERY_MS, noteSeen, workspaceForToken } from '../../server/access/workspace-tokens';
import { registerWorkspace } from '../../server/workspaces/registry';
import { startServer, type DemoKey, type TestServer } from '../harness';

/**
 * Registered Rocket.Chat workspaces (docs/rocketchat.md, Pointing a Rocket.Chat server): staff register one on /publisher/admin/workspace and get its
 * client id and secret once; the Rocket.Chat server then asks `/api/oauth/token` for tokens exactly as
 * apps/meteor/app/cloud/server/functions/getWorkspaceAccessTokenWithScope.ts does; rotating or revoking ends
 * the secret and every token at once.
 */
const DEFAULT_SCOPE = ROCKET_CHAT_DEFAULT_SCOPES.join(' ');
const acmeHq = createHash('sha256').update('ws:acme-hq').digest('hex').slice(0, 24);

type Listed = {
  id: string;
  nickname: string;
  address: string;
  accountId: string;
  accountName: string;
  clientId: string;
  secretPrefix: string;
  registeredAt: string;
  registeredBy: string;
  secretRotatedAt: string | null;
  lastSeenAt: string | null;
  revokedAt: string | null;
  installedApps: number;
};
type Credentials = { workspace: Listed; clientId: string; clientSecret: string; portalUrl: string };

let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startServer();
  admin = await s.signIn('admin');
});
afterAll(() => s.close());

const register = async (nickname = 'Acme production', address = 'https://chat.acme.example') => {
  const res = await s.request('POST', '/v1/admin/workspaces', { token: admin, body: { nickname, address } });
  expect(res.status, res.text).toBe(201);
  return res.json as Credentials;
};
const list = async (query = '?limit=100') => {
  const res = await s.request('GET', `/v1/admin/workspaces${query}`, { token: admin });
  expect(res.status, res.text).toBe(200);
  return res.json as { data: Listed[]; meta: { total: number } };
};
const listed = async (id: string) => (await list()).data.find((w) => w.id === id);

/** Rocket.Chat's token request, field for field: a URLSearchParams form, no Authorization header. */
const tokenRequest = (fields: { client_id: string; client_secret: string; scope?: string }, path = '/api/oauth/token', server = s) => {
  const body = new URLSearchParams();
  body.append('client_id', fields.client_id);
  body.append('client_secret', fields.client_secret);
  body.append('scope', fields.scope ?? DEFAULT_SCOPE);
  body.append('grant_type', 'client_credentials');
  body.append('redirect_uri', 'https://chat.acme.example/admin/cloud/oauth-callback');
  return server.request('POST', path, { body: body.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
};
const grant = async (c: { clientId: string; clientSecret: string }, scope?: string) => {
  const res = await tokenRequest({ client_id: c.clientId, client_secret: c.clientSecret, scope });
  expect(res.status, res.text).toBe(200);
  return res.json as { access_token: string; token_type: string; expires_in: number; scope: string };
};
const rowOf = async (id: string) => (await s.app.db.select().from(workspaces).where(eq(workspaces.id, id)))[0]!;
const tokensOf = async (id: string) => s.app.db.select().from(workspaceTokens).where(eq(workspaceTokens.workspaceId, id));
const workspaceCount = async () => (await s.app.db.select({ n: count() }).from(workspaces))[0]!.n;

describe('registering a workspace', () => {
  it('creates an account and a client: the secret is shown once, the database keeps its SHA-256 and its first characters', async () => {
    const made = await register();
    expect(made.clientSecret).toMatch(/^rcws_[A-Za-z0-9_-]{43}$/);
    expect(made.clientId).toMatch(/^[0-9a-f]{24}$/);
    expect(made.portalUrl).toBe(s.base);
    expect(made.workspace).toMatchObject({
      nickname: 'Acme production',
      address: 'https://chat.acme.example',
      accountName: 'Acme production',
      clientId: made.clientId,
      secretPrefix: made.clientSecret.slice(0, 12),
      registeredBy: 'Sofia Rossi',
      secretRotatedAt: null,
      lastSeenAt: null,
      revokedAt: null,
      installedApps: 0,
    });
    const [account] = await s.app.db.select().from(accounts).where(eq(accounts.id, made.workspace.accountId));
    expect(account?.name).toBe('Acme production');
    const row = await rowOf(made.workspace.id);
    expect(row.secretHash).toBe(sha256(made.clientSecret));
    expect(JSON.stringify(row)).not.toContain(made.clientSecret.slice(12));

    const all = await s.request('GET', '/v1/admin/workspaces', { token: admin });
    expect(all.status).toBe(200);
    expect(all.json.data[0]).toEqual(made.workspace);
    expect(all.text).not.toContain(made.clientSecret);
    expect(all.text).not.toContain(row.secretHash);
  });

  it('lists registered workspaces only, newest first, in pages', async () => {
    const second = await register('Second', 'http://10.0.0.5:3000');
    const page = await list('?limit=1&offset=0');
    expect(page.data.map((w) => w.id)).toEqual([second.workspace.id]);
    expect(page.meta.total).toBe((await list()).data.length);
    // The demo's workspaces known only from purchase records are not registered ones.
    expect((await list()).data.some((w) => w.id === acmeHq)).toBe(false);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['an empty nickname', { nickname: '  ', address: 'https://chat.example' }, 'nickname'],
    ['a nickname too long', { nickname: 'n'.repeat(101), address: 'https://chat.example' }, 'nickname'],
    ['a javascript: address', { nickname: 'X', address: 'javascript:alert(1)' }, 'address'],
    ['an ftp address', { nickname: 'X', address: 'ftp://chat.example' }, 'address'],
    ['no address', { nickname: 'X' }, 'address'],
    ['a NUL in the nickname', { nickname: 'A\u0000B', address: 'https://chat.example' }, 'body.nickname'],
    // The address is the workspace's Site URL, an origin and perhaps a sub-path: nothing that could be more.
    ['CR/LF in the address', { nickname: 'X', address: 'https://chat.example\r\nSet-Cookie: a=b' }, 'address'],
    ['a line break inside the host', { nickname: 'X', address: 'https://chat.exa\nmple.com' }, 'address'],
    ['a tab inside the host', { nickname: 'X', address: 'https://chat\t.example.com' }, 'address'],
    ['a space in the address', { nickname: 'X', address: 'https://chat.example.com https://evil.example' }, 'address'],
    ['a wildcard host', { nickname: 'X', address: 'https://*.example.com' }, 'address'],
    ['a wildcard port', { nickname: 'X', address: 'https://chat.example.com:*' }, 'address'],
    ['a bare wildcard', { nickname: 'X', address: '*' }, 'address'],
    ['a user name', { nickname: 'X', address: 'https://user@chat.example.com' }, 'address'],
    ['a user name and password', { nickname: 'X', address: 'https://user:pw@chat.example.com' }, 'address'],
    ['a query', { nickname: 'X', address: 'https://chat.example.com/?next=evil' }, 'address'],
    ['a fragment', { nickname: 'X', address: 'https://chat.example.com/#x' }, 'address'],
    ['a path with markup', { nickname: 'X', address: "https://chat.example.com/'><script>" }, 'address'],
    ['a path with an empty segment', { nickname: 'X', address: 'https://chat.example.com//evil.example' }, 'address'],
    ['a backslash', { nickname: 'X', address: 'https://chat.example.com\\evil.example' }, 'address'],
    ['port 0', { nickname: 'X', address: 'https://chat.example.com:0' }, 'address'],
    ['an IPv6 literal (no CSP source names one)', { nickname: 'X', address: 'https://[::1]:3000' }, 'address'],
    ['a host with an underscore', { nickname: 'X', address: 'https://chat_1.example.com' }, 'address'],
    ['a non-ASCII character', { nickname: 'X', address: 'https://chat.example.com/caf\u00e9' }, 'address'],
    ['a data: address', { nickname: 'X', address: 'data:text/html,hi' }, 'address'],
  ])('refuses %s with a 400 in the envelope naming the field, and registers nothing', async (_, body, field) => {
    const before = await workspaceCount();
    const res = await s.request('POST', '/v1/admin/workspaces', { token: admin, body });
    expect(res.status, res.text).toBe(400);
    expect(res.json).toMatchObject({ error: expect.any(String), code: expect.anything(), requestId: expect.any(String) });
    expect(res.json.fields.map((f: { path: string }) => f.path)).toContain(field);
    expect(await workspaceCount()).toBe(before);
  });
});

describe('a workspace’s address', () => {
  it.each([
    ['an origin', 'https://chat.acme.example', 'https://chat.acme.example'],
    ['a trailing slash', 'https://chat.acme.example/', 'https://chat.acme.example'],
    ['capitals and the default port', 'HTTPS://Chat.ACME.example:443/', 'https://chat.acme.example'],
    ['a port', 'https://chat.acme.example:8443', 'https://chat.acme.example:8443'],
    ['http on a private network (development, a LAN)', ' http://10.1.2.3:3000 ', 'http://10.1.2.3:3000'],
    // Rocket.Chat served under a sub-path: its Site_Url keeps it, and so does the address (the buyer goes back there).
    ['a sub-path', 'https://example.com/chat/', 'https://example.com/chat'],
    ['a deeper sub-path', 'https://example.com/team/rocket-chat', 'https://example.com/team/rocket-chat'],
    ['an internationalized host in its xn-- form', 'https://xn--caf-dma.example', 'https://xn--caf-dma.example'],
  ])('takes %s, stored in its one form', async (_, address, stored) => {
    const made = await register(`Address ${stored}`, address);
    expect(made.workspace.address).toBe(stored);
    expect((await rowOf(made.workspace.id)).address).toBe(stored);
  });
});

describe('framing the checkout pages', () => {
  const framing = async (workspaceId: string) => {
    const res = await fetch(`${s.base}/apps/some-app/buy?workspaceId=${workspaceId}`);
    await res.arrayBuffer();
    const csp = res.headers.get('content-security-policy') ?? '';
    return { ancestors: /frame-ancestors ([^;]*)/.exec(csp)?.[1], xFrameOptions: res.headers.get('x-frame-options') };
  };
  /** A registered workspace as a row, its address as it is (rows stored before the address rules). */
  const storedWith = async (address: string) => {
    const id = newId();
    const accountId = newId();
    await s.app.db.insert(accounts).values({ id: accountId, name: 'Old row' });
    await s.app.db.insert(workspaces).values({
      id,
      accountId,
      nickname: 'Old row',
      address,
      clientId: newId(),
      secretHash: sha256(id),
      secretPrefix: 'rcws_old',
      registeredAt: new Date(),
      registeredBy: 'staff',
    });
    return id;
  };

  it('lets the workspace’s exact origin frame them, and nothing else', async () => {
    const made = await register('Framer', 'https://chat.framer.example:8443/');
    expect(await framing(made.workspace.id)).toEqual({ ancestors: 'https://chat.framer.example:8443', xFrameOptions: null });
  });

  it('names the origin of an address with a sub-path (a CSP source with a path would allow only that path)', async () => {
    const made = await register('Sub-path', 'https://example.com/chat');
    expect(await framing(made.workspace.id)).toEqual({ ancestors: 'https://example.com', xFrameOptions: null });
  });

  it.each([
    ['a wildcard host', 'https://*.example.com'],
    ['a bare wildcard', '*'],
    ['CR/LF', 'https://chat.example.com\r\nX: y'],
    ['two sources', 'https://a.example https://b.example'],
    ['a CSP keyword', "'self'"],
    ['a user name', 'https://user@chat.example.com'],
    ['something that is not a URL', 'chat'],
  ])('lets a stored address with %s frame nothing', async (_, address) => {
    const id = await storedWith(address);
    expect(await framing(id)).toEqual({ ancestors: "'none'", xFrameOptions: 'SAMEORIGIN' });
  });

  it('frames nothing for an unknown or revoked workspace', async () => {
    expect((await framing('nope')).ancestors).toBe("'none'");
    const made = await register('Revoked framer', 'https://revoked-framer.example');
    expect((await s.request('POST', `/v1/admin/workspaces/${made.workspace.id}/revoke`, { token: admin })).status).toBe(200);
    expect((await framing(made.workspace.id)).ancestors).toBe("'none'");
  });
});

describe('the client_credentials grant, as Rocket.Chat asks for it', () => {
  it('answers Rocket.Chat’s default scope list with a token that resolves to the workspace', async () => {
    const made = await register('Grant test', 'https://grant.example');
    const res = await tokenRequest({ client_id: made.clientId, client_secret: made.clientSecret });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.json).toEqual({ access_token: expect.stringMatching(/^rcwt_[\w-]{20,}$/), token_type: 'Bearer', expires_in: 3600, scope: DEFAULT_SCOPE });
    const token = res.json.access_token as string;
    // Its prefix tells the auth plugin it is no portal credential: a portal route answers 401 as to no token.
    expect((await s.request('GET', '/v1/publisher/apps', { token })).status).toBe(401);
    const [stored] = await tokensOf(made.workspace.id);
    expect(stored).toMatchObject({ tokenHash: sha256(token), scope: DEFAULT_SCOPE });
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBe(3600 * 1000);
    expect(await workspaceForToken(s.app.db, token)).toEqual({
      workspaceId: made.workspace.id,
      accountId: made.workspace.accountId,
      scopes: [...ROCKET_CHAT_DEFAULT_SCOPES],
      lastSeenAt: expect.any(Date),
      tokenExpiresAt: stored!.expiresAt,
    });
    // Issuing a token is seeing the workspace.
    expect((await listed(made.workspace.id))?.lastSeenAt).not.toBeNull();
  });

  it('answers `marketplace:download` alone (the package download’s fresh token) and `marketplace:purchase`, echoing the scope', async () => {
    const made = await register('Download test', 'https://download.example');
    const download = await grant(made, 'marketplace:download');
    expect(download.scope).toBe('marketplace:download');
    expect((await workspaceForToken(s.app.db, download.access_token))?.scopes).toEqual(['marketplace:download']);
    expect((await grant(made, 'marketplace:purchase')).scope).toBe('marketplace:purchase');
    // The scope comes back exactly as asked (Rocket.Chat caches its tokens by it).
    expect((await grant(made, 'marketplace:download  marketplace:read')).scope).toBe('marketplace:download  marketplace:read');
  });

  it('refuses an unknown scope with 400 invalid_scope and issues nothing', async () => {
    const made = await register('Scope test', 'https://scope.example');
    const res = await tokenRequest({ client_id: made.clientId, client_secret: made.clientSecret, scope: 'marketplace:read admin:everything' });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ error: 'invalid_scope' });
    expect(await tokensOf(made.workspace.id)).toHaveLength(0);
  });

  it.each<[string, (c: Credentials) => { client_id: string; client_secret: string }]>([
    ['a wrong secret', (c) => ({ client_id: c.clientId, client_secret: `${c.clientSecret}x` })],
    ['an empty secret', (c) => ({ client_id: c.clientId, client_secret: '' })],
    ['another workspace’s secret', (c) => ({ client_id: newId(), client_secret: c.clientSecret })],
    ['the secret as the id', (c) => ({ client_id: c.clientSecret, client_secret: c.clientSecret })],
  ])('refuses %s with 401 oauth_invalid_client_credentials (the error Rocket.Chat acts on)', async (_, fields) => {
    const made = await register('Secret test', 'https://secret.example');
    const res = await tokenRequest(fields(made));
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({ error: 'oauth_invalid_client_credentials' });
    expect(await tokensOf(made.workspace.id)).toHaveLength(0);
  });

  it('refuses a JSON body and a missing client id (400 invalid_request), and answers it at the cloud’s path only', async () => {
    const made = await register('Form test', 'https://form.example');
    const json = await s.request('POST', '/api/oauth/token', {
      body: { grant_type: 'client_credentials', client_id: made.clientId, client_secret: made.clientSecret },
    });
    expect(json.status).toBe(400);
    expect(json.json.error).toBe('invalid_request');
    const missing = await s.request('POST', '/api/oauth/token', {
      body: `grant_type=client_credentials&client_secret=${made.clientSecret}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(missing.status).toBe(400);
    expect(missing.json.error).toBe('invalid_request');
    // The development issuer's own path is the portal's sign-in, not the workspaces'.
    const dev = await tokenRequest({ client_id: made.clientId, client_secret: made.clientSecret }, '/dev-auth/token');
    expect(dev.status).toBe(400);
    expect(dev.json.error).toBe('unsupported_grant_type');
    expect(await tokensOf(made.workspace.id)).toHaveLength(0);
  });

  it('moves lastSeenAt on when a token is used, at most once a minute', async () => {
    const made = await register('Seen test', 'https://seen.example');
    const { access_token: token } = await grant(made);
    const long = new Date(Date.now() - 10 * 60_000);
    await s.app.db.update(workspaces).set({ lastSeenAt: long }).where(eq(workspaces.id, made.workspace.id));
    const now = new Date();
    const seen = async (at: Date) => noteSeen(s.app.db, (await workspaceForToken(s.app.db, token, at))!, at);
    // Looking the token up writes nothing (a refused request changes nothing); its request's success does.
    expect(await workspaceForToken(s.app.db, token, now)).not.toBeNull();
    expect((await rowOf(made.workspace.id)).lastSeenAt?.getTime()).toBe(long.getTime());
    await seen(now);
    expect((await rowOf(made.workspace.id)).lastSeenAt?.getTime()).toBe(now.getTime());
    // Within the minute: no write.
    await seen(new Date(now.getTime() + LAST_SEEN_EVERY_MS - 1000));
    expect((await rowOf(made.workspace.id)).lastSeenAt?.getTime()).toBe(now.getTime());
    const later = new Date(now.getTime() + LAST_SEEN_EVERY_MS);
    await seen(later);
    expect((await rowOf(made.workspace.id)).lastSeenAt?.getTime()).toBe(later.getTime());
  });
});

describe('installed apps', () => {
  it('counts apps whose latest install, update or uninstall event is not an uninstall (downloads do not count)', async () => {
    const made = await register('Installs test', 'https://installs.example');
    const ws = made.workspace.id;
    const [jira, standup, kanban, polls] = ['Jira Connector', 'Standup Bot', 'Kanban Board', 'Poll Master'].map((n) => uuidOf(`app:${n}`));
    const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 12, minutes));
    const event = (appId: string, action: 'download' | 'install' | 'update' | 'uninstall', minutes: number) => ({
      id: newId(),
      appId: appId!,
      workspaceId: ws,
      action,
      appVersion: '1.0.0',
      dedupeKey: `${ws}:${appId}:${action}:${minutes}`,
      at: at(minutes),
    });
    await s.app.db.insert(appInstallEvents).values([
      event(jira!, 'install', 1),
      event(jira!, 'update', 2), // installed
      event(standup!, 'install', 1),
      event(standup!, 'uninstall', 3), // uninstalled
      event(kanban!, 'download', 1), // downloaded only
      event(polls!, 'uninstall', 1),
      event(polls!, 'install', 4),
      event(polls!, 'download', 5), // installed again
    ]);
    expect((await listed(ws))?.installedApps).toBe(2);
  });
});

describe('rotating the secret', () => {
  it('shows a new secret once; the old secret and every token issued with it stop working at once', async () => {
    const made = await register('Rotate test', 'https://rotate.example');
    const old = await grant(made);
    const oldDownload = await grant(made, 'marketplace:download');
    const res = await s.request('POST', `/v1/admin/workspaces/${made.workspace.id}/secret`, { token: admin });
    expect(res.status, res.text).toBe(200);
    const rotated = res.json as Credentials;
    expect(rotated.clientId).toBe(made.clientId);
    expect(rotated.clientSecret).not.toBe(made.clientSecret);
    expect(rotated.workspace).toMatchObject({ secretPrefix: rotated.clientSecret.slice(0, 12), secretRotatedAt: expect.any(String), revokedAt: null });
    expect(await workspaceForToken(s.app.db, old.access_token)).toBeNull();
    expect(await workspaceForToken(s.app.db, oldDownload.access_token)).toBeNull();
    expect(await tokensOf(made.workspace.id)).toHaveLength(0);
    const refused = await tokenRequest({ client_id: made.clientId, client_secret: made.clientSecret });
    expect(refused.status).toBe(401);
    expect(refused.json.error).toBe('oauth_invalid_client_credentials');
    const fresh = await grant(rotated);
    expect((await workspaceForToken(s.app.db, fresh.access_token))?.workspaceId).toBe(made.workspace.id);
    expect((await rowOf(made.workspace.id)).secretHash).toBe(sha256(rotated.clientSecret));
  });
});

describe('at once (meaningful on PostgreSQL, where requests run side by side)', () => {
  it('issues concurrent token requests of one workspace without refusing any', async () => {
    const made = await register('Concurrent test', 'https://concurrent.example');
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        tokenRequest({ client_id: made.clientId, client_secret: made.clientSecret, scope: i % 2 ? 'marketplace:download' : undefined }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
    expect(await tokensOf(made.workspace.id)).toHaveLength(12);
  });

  it('leaves no token issued with the old secret when a rotation runs among token requests', async () => {
    const made = await register('Race test', 'https://race.example');
    const requests = Array.from({ length: 12 }, () => tokenRequest({ client_id: made.clientId, client_secret: made.clientSecret }));
    const rotation = s.request('POST', `/v1/admin/workspaces/${made.workspace.id}/secret`, { token: admin });
    const [rotated, ...answers] = await Promise.all([rotation, ...requests]);
    expect(rotated.status).toBe(200);
    for (const a of answers) expect([200, 401]).toContain(a.status);
    // Whatever was issued before the rotation was deleted by it; nothing was issued after it.
    expect(await tokensOf(made.workspace.id)).toHaveLength(0);
    for (const a of answers.filter((x) => x.status === 200)) expect(await workspaceForToken(s.app.db, a.json.access_token)).toBeNull();
  });
});

describe('revoking a workspace', () => {
  it('refuses its secret (401) and its tokens from then on; it cannot be rotated or revoked again', async () => {
    const made = await register('Revoke test', 'https://revoke.example');
    const { access_token: token } = await grant(made);
    const res = await s.request('POST', `/v1/admin/workspaces/${made.workspace.id}/revoke`, { token: admin });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ id: made.workspace.id, revokedAt: expect.any(String) });
    expect(await workspaceForToken(s.app.db, token)).toBeNull();
    const refused = await tokenRequest({ client_id: made.clientId, client_secret: made.clientSecret });
    expect(refused.status).toBe(401);
    expect(refused.json.error).toBe('oauth_invalid_client_credentials');
    expect((await listed(made.workspace.id))?.revokedAt).toBe(res.json.revokedAt);
    for (const action of ['secret', 'revoke']) {
      const again = await s.request('POST', `/v1/admin/workspaces/${made.workspace.id}/${action}`, { token: admin });
      expect(again.status).toBe(409);
      expect(again.json).toMatchObject({ code: 'revoked', requestId: expect.any(String) });
    }
    expect((await rowOf(made.workspace.id)).secretHash).toBe(sha256(made.clientSecret));
  });

  it('answers 409 for a workspace known only from purchase records and 404 for none', async () => {
    for (const action of ['secret', 'revoke']) {
      const unregistered = await s.request('POST', `/v1/admin/workspaces/${acmeHq}/${action}`, { token: admin });
      expect(unregistered.status).toBe(409);
      expect(unregistered.json.code).toBe('not_registered');
      expect((await s.request('POST', `/v1/admin/workspaces/no-such-workspace/${action}`, { token: admin })).status).toBe(404);
    }
    expect((await rowOf(acmeHq)).clientId).toBeNull();
  });
});

describe('who may', () => {
  // Staff who may read workspaces but are not system admins are told 'Invalid User Role'; whoever the policy
  // refuses (a publisher, a write a role may not make) 'forbidden'.
  it.each<[DemoKey | 'anon', number, string[]]>([
    ['anon', 401, ['unauthenticated']],
    ['owner', 403, ['forbidden']],
    ['staffViewer', 403, ['forbidden', 'invalid_user_role']],
    ['support', 403, ['forbidden', 'invalid_user_role']],
    ['reviewer', 403, ['forbidden', 'invalid_user_role']],
  ])('refuses %s on every route, and nothing changes', async (who, status, codes) => {
    const made = await register('Guarded', 'https://guarded.example');
    const token = who === 'anon' ? undefined : await s.signIn(who);
    const before = await workspaceCount();
    const calls: [string, string, unknown][] = [
      ['GET', '/v1/admin/workspaces', undefined],
      ['POST', '/v1/admin/workspaces', { nickname: 'Sneaky', address: 'https://sneaky.example' }],
      ['POST', `/v1/admin/workspaces/${made.workspace.id}/secret`, undefined],
      ['POST', `/v1/admin/workspaces/${made.workspace.id}/revoke`, undefined],
    ];
    for (const [method, path, body] of calls) {
      const res = await s.request(method, path, { token, body });
      expect(res.status, `${method} ${path}`).toBe(status);
      expect(codes, `${method} ${path}`).toContain(res.json.code);
    }
    expect(await workspaceCount()).toBe(before);
    const row = await rowOf(made.workspace.id);
    expect(row.secretHash).toBe(sha256(made.clientSecret));
    expect(row.revokedAt).toBeNull();
  });
});

describe('with an external issuer (production)', () => {
  it('still answers registered workspaces at /api/oauth/token, and only them', async () => {
    const prod = await startServer({}, { CLOUD_ISSUER_URL: 'http://127.0.0.1:9/issuer' });
    try {
      const made = await registerWorkspace(prod.app.db, { nickname: 'Behind an issuer', address: 'https://issuer.example' }, { id: 'staff', name: 'Staff' });
      const ok = await tokenRequest({ client_id: made.clientId, client_secret: made.clientSecret, scope: 'marketplace:download' }, '/api/oauth/token', prod);
      expect(ok.status, ok.text).toBe(200);
      expect(ok.json).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'marketplace:download' });
      expect((await workspaceForToken(prod.app.db, ok.json.access_token))?.workspaceId).toBe(made.workspace.id);
      const wrong = await tokenRequest({ client_id: made.clientId, client_secret: 'nope' }, '/api/oauth/token', prod);
      expect(wrong.status).toBe(401);
      expect(wrong.json.error).toBe('oauth_invalid_client_credentials');
      const other = await prod.request('POST', '/api/oauth/token', {
        body: 'grant_type=refresh_token&refresh_token=x&client_id=y',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(other.status).toBe(400);
      expect(other.json.error).toBe('unsupported_grant_type');
    } finally {
      await prod.close();
    }
  });
});
