import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../server/db/ids';
import { cloudRefreshTokens, cloudTokens, oauthClients } from '../../server/db/schema';
import { demoUsers } from '../../server/dev/seed/seed-data';
import { startServer, type TestServer } from '../harness';

/**
 * Rocket.Chat's Apps CLI (@rocket.chat/apps-cli 1.9.0, lib/misc/cloudAuth.js) signing in against the
 * portal as if it were https://cloud.rocket.chat: the requests below are the CLI's, field for field.
 */
const CLI = { clientId: '5d8e59c5d48080ef5497e522', redirectUri: 'http://localhost:3005/callback', scope: 'offline_access marketplace:app-submit' };
/** Another registered client, as production adds them (a row of oauth_clients). */
const OTHER = { clientId: 'other-tool', redirectUri: 'http://127.0.0.1:4000/cb', scope: 'offline_access marketplace:app-submit' };

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
  await s.app.db
    .insert(oauthClients)
    .values({ id: OTHER.clientId, name: 'Other Tool', redirectUris: [OTHER.redirectUri], scopes: ['offline_access', 'marketplace:app-submit'] });
});
afterAll(() => s.close());

type Client = typeof CLI;
const challengeOf = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/** The CLI's authorize URL: a verifier of two v4 UUIDs (72 characters, hyphens included) and a UUID state. */
function authorizeUrl(client: Client = CLI, o: { scope?: string; redirectUri?: string; path?: string } = {}) {
  const verifier = randomUUID() + randomUUID();
  const state = randomUUID();
  const query = new URLSearchParams({
    client_id: client.clientId,
    response_type: 'code',
    scope: o.scope ?? client.scope,
    redirect_uri: o.redirectUri ?? client.redirectUri,
    state,
    code_challenge_method: 'S256',
    code_challenge: challengeOf(verifier),
  });
  return { url: `${s.base}${o.path ?? '/authorize'}?${query}`, verifier, state };
}

const unescapeHtml = (v: string) =>
  v
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The fields and action of the page's form that holds `marker` (a user's button, the deny button). */
function formWith(html: string, marker: string) {
  const form = html.match(/<form\b[\s\S]*?<\/form>/g)?.find((f) => f.includes(marker));
  if (!form) throw new Error(`no form with ${marker}`);
  const action = unescapeHtml(form.match(/action="([^"]*)"/)![1]!);
  const fields = new URLSearchParams();
  for (const input of form.matchAll(/<(?:input|button)\b[^>]*\bname="([^"]*)"[^>]*\bvalue="([^"]*)"/g))
    fields.append(unescapeHtml(input[1]!), unescapeHtml(input[2]!));
  return { action, fields };
}

/** What the person does in the browser: opens the page, picks a cloud user; the CLI's callback gets the redirect. */
async function consent(cloudUserId: string, client: Client = CLI, o: { scope?: string } = {}) {
  const start = authorizeUrl(client, o);
  const page = await fetch(start.url);
  const html = await page.text();
  expect(page.status, html).toBe(200);
  const { action, fields } = formWith(html, `name="user_id" value="${cloudUserId}"`);
  const res = await fetch(s.base + action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: fields,
    redirect: 'manual',
  });
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get('location')!);
  return { ...start, html, location, code: location.searchParams.get('code')!, returnedState: location.searchParams.get('state') };
}

const form = (path: string, fields: Record<string, string>) =>
  s.request('POST', path, { body: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });

/** The CLI's token request: no secret, the PKCE verifier. */
const exchange = (code: string, verifier: string, client: Client = CLI, path = '/api/oauth/token') =>
  form(path, { grant_type: 'authorization_code', redirect_uri: client.redirectUri, client_id: client.clientId, code, code_verifier: verifier });

/** The CLI's refresh: it sends the scope and redirect_uri again, and keeps its refresh token. */
const refresh = (refreshToken: string, client: Client = CLI, scope = client.scope) =>
  form('/api/oauth/token', { client_id: client.clientId, refresh_token: refreshToken, scope, grant_type: 'refresh_token', redirect_uri: client.redirectUri });

/** The CLI's logout. */
const revoke = (token: string, client: Client = CLI, hint = 'refresh_token') =>
  form('/api/oauth/revoke', { client_id: client.clientId, token, token_type_hint: hint });

const apps = (token: string) => s.request('GET', '/v1/publisher/apps', { token });

async function signInCli(cloudUserId: string = demoUsers.developer.id, client: Client = CLI) {
  const c = await consent(cloudUserId, client);
  const res = await exchange(c.code, c.verifier, client);
  expect(res.status, res.text).toBe(200);
  return res.json as { access_token: string; refresh_token: string; expires_in: number; scope: string; token_type: string };
}

describe('the Apps CLI signs in, refreshes and signs out against the portal', () => {
  it('runs the whole flow with the CLI’s own requests', async () => {
    const c = await consent(demoUsers.developer.id);
    expect(c.html).toContain('Rocket.Chat Apps CLI wants to submit apps to the marketplace on your behalf and stay signed in');
    expect(`${c.location.origin}${c.location.pathname}`).toBe(CLI.redirectUri);
    expect(c.returnedState).toBe(c.state);
    expect(c.verifier).toHaveLength(72);

    const token = await exchange(c.code, c.verifier);
    expect(token.status, token.text).toBe(200);
    expect(token.headers.get('cache-control')).toBe('no-store');
    expect(token.json).toEqual({
      access_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      refresh_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      expires_in: 3600,
      token_type: 'Bearer',
      scope: CLI.scope,
    });
    const first = token.json.access_token as string;
    const refreshToken = token.json.refresh_token as string;

    // The access token reads the developer's publisher's apps (and only what a submit token may).
    const listed = await apps(first);
    expect(listed.status, listed.text).toBe(200);
    expect(listed.json.data.length).toBeGreaterThan(0);
    const team = await s.request('GET', '/v1/publisher/developers', { token: first });
    expect(team.status).toBe(403);
    expect(team.json.code).toBe('token_scope');

    // Refreshed twice with the same refresh token (the CLI never stores a new one).
    const refreshed: string[] = [];
    for (let i = 0; i < 2; i++) {
      const r = await refresh(refreshToken);
      expect(r.status, r.text).toBe(200);
      expect(r.json).toEqual({ access_token: expect.any(String), expires_in: 3600, token_type: 'Bearer', scope: CLI.scope });
      expect((await apps(r.json.access_token)).status).toBe(200);
      refreshed.push(r.json.access_token);
    }
    expect(new Set([first, ...refreshed]).size).toBe(3);

    // Logout: the refresh token ends, and the access tokens it gave this client for this person with it.
    const out = await revoke(refreshToken);
    expect(out.status).toBe(200);
    for (const access of [first, ...refreshed]) {
      const res = await apps(access);
      expect(res.status).toBe(401);
      expect(res.json.code).toBe('unauthenticated');
    }
    const again = await refresh(refreshToken);
    expect(again.status).toBe(400);
    expect(again.json).toEqual({ error: 'invalid_grant', error_description: expect.any(String), requestId: expect.any(String) });
    // A second logout is no error (RFC 7009: an invalid token is answered 200).
    expect((await revoke(refreshToken)).status).toBe(200);
  });

  it('stores the tokens hashed, with the client and the scope', async () => {
    const t = await signInCli();
    const [access] = await s.app.db
      .select()
      .from(cloudTokens)
      .where(eq(cloudTokens.tokenHash, sha256(t.access_token)));
    expect(access).toMatchObject({ clientId: CLI.clientId, scope: CLI.scope, cloudUserId: demoUsers.developer.id, revokedAt: null });
    const [stored] = await s.app.db
      .select()
      .from(cloudRefreshTokens)
      .where(eq(cloudRefreshTokens.tokenHash, sha256(t.refresh_token)));
    expect(stored).toMatchObject({ clientId: CLI.clientId, scope: CLI.scope, cloudUserId: demoUsers.developer.id, revokedAt: null });
    // 90 days from sign-in.
    expect(stored!.expiresAt.getTime() - Date.now()).toBeGreaterThan(89 * 24 * 3600 * 1000);
    expect(stored!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(90 * 24 * 3600 * 1000);
    const all = await s.app.db.select({ h: cloudRefreshTokens.tokenHash }).from(cloudRefreshTokens);
    expect(all.some((r) => r.h === t.refresh_token)).toBe(false);
  });

  it('revokes an access token alone; the refresh token still serves', async () => {
    const t = await signInCli();
    expect((await apps(t.access_token)).status).toBe(200);
    expect((await revoke(t.access_token, CLI, 'access_token')).status).toBe(200);
    expect((await apps(t.access_token)).status).toBe(401);
    const r = await refresh(t.refresh_token);
    expect(r.status).toBe(200);
    expect((await apps(r.json.access_token)).status).toBe(200);
  });

  it('finds the token whatever the hint says', async () => {
    const t = await signInCli();
    expect((await revoke(t.access_token, CLI, 'refresh_token')).status).toBe(200);
    expect((await apps(t.access_token)).status).toBe(401);
    expect((await revoke(t.refresh_token, CLI, 'access_token')).status).toBe(200);
    expect((await refresh(t.refresh_token)).json.error).toBe('invalid_grant');
  });

  it('refreshes with less scope than granted, never more', async () => {
    const t = await signInCli();
    const narrower = await refresh(t.refresh_token, CLI, 'offline_access');
    expect(narrower.status).toBe(200);
    expect(narrower.json.scope).toBe('offline_access');
    // Without the submit scope the token is nobody on the API.
    expect((await apps(narrower.json.access_token)).status).toBe(401);
    // No scope: the one granted.
    const same = await form('/api/oauth/token', { grant_type: 'refresh_token', client_id: CLI.clientId, refresh_token: t.refresh_token });
    expect(same.json.scope).toBe(CLI.scope);

    const c = await consent(demoUsers.developer.id, CLI, { scope: 'offline_access' });
    const small = (await exchange(c.code, c.verifier)).json;
    const wider = await refresh(small.refresh_token, CLI, CLI.scope);
    expect(wider.status).toBe(400);
    expect(wider.json.error).toBe('invalid_scope');
  });

  it('answers at the development server’s own paths too, and lists the grants in its discovery document', async () => {
    const c = await consent(demoUsers.developer.id);
    const t = await exchange(c.code, c.verifier, CLI, '/dev-auth/token');
    expect(t.status).toBe(200);
    expect((await form('/dev-auth/revoke', { client_id: CLI.clientId, token: t.json.refresh_token })).status).toBe(200);
    expect((await refresh(t.json.refresh_token)).json.error).toBe('invalid_grant');

    const d = (await s.request('GET', '/dev-auth/.well-known/openid-configuration')).json;
    expect(d).toMatchObject({
      grant_types_supported: ['authorization_code', 'refresh_token'],
      revocation_endpoint: `${s.base}/dev-auth/revoke`,
      code_challenge_methods_supported: ['S256'],
    });
    expect(d.token_endpoint_auth_methods_supported).toEqual(expect.arrayContaining(['client_secret_post', 'none']));
    expect(d.scopes_supported).toEqual(expect.arrayContaining(['marketplace', 'offline_access', 'marketplace:app-submit']));
  });
});

describe('the authorize page for a registered client', () => {
  it('names the client and what it asks for, and lets its callback receive the redirect', async () => {
    const { url } = authorizeUrl();
    const page = await fetch(url);
    const html = await page.text();
    expect(html).toContain('<h2 id="consent-title">Rocket.Chat Apps CLI asks for access</h2>');
    expect(html).toContain('http://localhost:3005/callback');
    expect(html).toContain('Deny access');
    // The browser follows the form's redirect to the callback only if the page's form-action allows it.
    expect(page.headers.get('content-security-policy')).toMatch(/form-action 'self' http:\/\/localhost:3005(;|$)/);
    // The portal's own sign-in asks nothing of the person.
    const portal = await s.authorize(demoUsers.owner.id);
    const own = await (await fetch(`${s.base}/dev-auth/authorize?${new URLSearchParams(portal.params)}`)).text();
    expect(own).not.toContain('asks for access');
  });

  it('sends the client access_denied when the person refuses', async () => {
    const { url, state } = authorizeUrl();
    const { action, fields } = formWith(await (await fetch(url)).text(), 'name="deny"');
    const res = await fetch(s.base + action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: fields,
      redirect: 'manual',
    });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location')!);
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe(state);
    expect(location.searchParams.get('code')).toBeNull();
  });

  it('creates a cloud user from the page for the client as well', async () => {
    const { url, verifier } = authorizeUrl();
    const { action, fields } = formWith(await (await fetch(url)).text(), 'Create and sign in');
    fields.set('first_name', 'Katherine');
    fields.set('last_name', 'Johnson');
    fields.set('email', 'katherine@example.com');
    const res = await fetch(s.base + action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: fields,
      redirect: 'manual',
    });
    expect(res.status).toBe(302);
    const t = await exchange(new URL(res.headers.get('location')!).searchParams.get('code')!, verifier);
    expect(t.status).toBe(200);
    // Signed in, but no developer account: the API has nothing for it.
    expect((await apps(t.json.access_token)).status).toBe(404);
  });
});

describe('refusals', () => {
  it('refuses an unknown client, an unregistered redirect_uri and a scope beyond the client’s at the authorize page', async () => {
    const unknown = await fetch(authorizeUrl({ ...CLI, clientId: 'nobody' }).url);
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toBe('Unknown client_id.');
    for (const redirectUri of [
      'http://localhost:3006/callback',
      'http://localhost:3005/callback/',
      'http://localhost:3005/callback?x=1',
      'http://localhost:8080/oauth/callback',
    ]) {
      const res = await fetch(authorizeUrl(CLI, { redirectUri }).url);
      expect(res.status, redirectUri).toBe(400);
      expect(await res.text()).toBe('This redirect_uri is not registered for the client.');
    }
    for (const scope of ['marketplace', 'offline_access marketplace:app-submit marketplace:admin']) {
      const res = await fetch(authorizeUrl(CLI, { scope }).url);
      expect(res.status, scope).toBe(400);
      expect(await res.text()).toMatch(/^This client may not ask for the scope: /);
    }
    // The portal's own client may not ask for a refresh token or the submit scope.
    const portal = await s.authorize(demoUsers.owner.id);
    for (const scope of ['marketplace offline_access', 'marketplace:app-submit']) {
      const res = await fetch(`${s.base}/authorize?${new URLSearchParams({ ...portal.params, scope })}`);
      expect(res.status, scope).toBe(400);
    }
    // A plain challenge, or none, is refused.
    const plain = new URL(authorizeUrl().url);
    plain.searchParams.set('code_challenge_method', 'plain');
    expect((await fetch(plain)).status).toBe(400);
    plain.searchParams.delete('code_challenge_method');
    plain.searchParams.delete('code_challenge');
    expect((await fetch(plain)).status).toBe(400);
  });

  it('checks the client again when the page is posted', async () => {
    const { url } = authorizeUrl();
    const { action, fields } = formWith(await (await fetch(url)).text(), `value="${demoUsers.developer.id}"`);
    fields.set('redirect_uri', 'https://evil.example/callback');
    const res = await fetch(s.base + action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: fields,
      redirect: 'manual',
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
  });

  it('refuses a wrong PKCE verifier, and the code after its first use', async () => {
    const c = await consent(demoUsers.developer.id);
    const wrong = await exchange(c.code, randomUUID() + randomUUID());
    expect(wrong.status).toBe(400);
    expect(wrong.json).toEqual({
      error: 'invalid_grant',
      error_description: 'The PKCE code verifier does not match the code challenge.',
      requestId: expect.any(String),
    });
    // The code was spent by that attempt.
    expect((await exchange(c.code, c.verifier)).json.error).toBe('invalid_grant');

    const d = await consent(demoUsers.developer.id);
    const [one, two] = await Promise.all([exchange(d.code, d.verifier), exchange(d.code, d.verifier)]);
    expect([one.status, two.status].sort()).toEqual([200, 400]);
    const three = await exchange(d.code, d.verifier);
    expect(three.json).toMatchObject({ error: 'invalid_grant', error_description: 'The sign-in code is invalid, expired or was already used.' });
  });

  it('refuses a code another client obtained, and another client’s redirect_uri', async () => {
    const c = await consent(demoUsers.developer.id, OTHER);
    expect((await exchange(c.code, c.verifier, CLI)).json.error).toBe('invalid_grant');
    const d = await consent(demoUsers.developer.id);
    const res = await form('/api/oauth/token', {
      grant_type: 'authorization_code',
      redirect_uri: 'http://localhost:3005/other',
      client_id: CLI.clientId,
      code: d.code,
      code_verifier: d.verifier,
    });
    expect(res.json.error).toBe('invalid_grant');
  });

  it('gives no refresh token without offline_access', async () => {
    const before = (await s.app.db.select().from(cloudRefreshTokens)).length;
    const c = await consent(demoUsers.developer.id, CLI, { scope: 'marketplace:app-submit' });
    const t = await exchange(c.code, c.verifier);
    expect(t.status).toBe(200);
    expect(t.json.refresh_token).toBeUndefined();
    expect(t.json.scope).toBe('marketplace:app-submit');
    expect((await apps(t.json.access_token)).status).toBe(200);
    expect((await s.app.db.select().from(cloudRefreshTokens)).length).toBe(before);
    // Nor does the portal's own sign-in hold one.
    const portal = await s.authorize(demoUsers.owner.id);
    const own = await form('/dev-auth/token', {
      grant_type: 'authorization_code',
      code: portal.code,
      redirect_uri: portal.params.redirect_uri,
      client_id: s.config.cloudClientId,
      client_secret: s.config.cloudClientSecret,
      code_verifier: portal.verifier,
    });
    expect(own.status).toBe(200);
    expect(own.json).toMatchObject({ expires_in: 600, scope: 'marketplace' });
    expect(own.json.refresh_token).toBeUndefined();
    // An access token, or anything else, is no refresh token.
    expect((await refresh(t.json.access_token)).json.error).toBe('invalid_grant');
    expect((await refresh('not-a-token')).json.error).toBe('invalid_grant');
  });

  it('refuses a refresh token of another client, an expired one, and leaves another client’s tokens alone', async () => {
    const mine = await signInCli();
    const theirs = await refresh(mine.refresh_token, OTHER);
    expect(theirs.status).toBe(400);
    expect(theirs.json.error).toBe('invalid_grant');
    // Another client may not revoke it either, and the attempt changes nothing.
    const foreign = await revoke(mine.refresh_token, OTHER);
    expect(foreign.status).toBe(400);
    expect(foreign.json.error).toBe('unauthorized_client');
    expect((await revoke(mine.access_token, OTHER, 'access_token')).json.error).toBe('unauthorized_client');
    expect((await apps(mine.access_token)).status).toBe(200);
    expect((await refresh(mine.refresh_token)).status).toBe(200);
    // Signing out of another client leaves this one's tokens working.
    const other = await signInCli(demoUsers.developer.id, OTHER);
    expect((await revoke(other.refresh_token, OTHER)).status).toBe(200);
    expect((await apps(other.access_token)).status).toBe(401);
    expect((await apps(mine.access_token)).status).toBe(200);

    await s.app.db
      .update(cloudRefreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(cloudRefreshTokens.tokenHash, sha256(mine.refresh_token)));
    expect((await refresh(mine.refresh_token)).json.error).toBe('invalid_grant');
  });

  it('refuses unknown and unauthenticated clients at the token and revocation endpoints', async () => {
    const c = await consent(demoUsers.developer.id);
    const unknown = await exchange(c.code, c.verifier, { ...CLI, clientId: 'nobody' });
    expect(unknown.status).toBe(401);
    expect(unknown.json).toEqual({ error: 'invalid_client', error_description: 'Client authentication failed.', requestId: expect.any(String) });
    // A public client authenticates with PKCE alone: one sending a secret is not the client registered.
    const withSecret = await form('/api/oauth/token', {
      grant_type: 'authorization_code',
      redirect_uri: CLI.redirectUri,
      client_id: CLI.clientId,
      client_secret: 'guess',
      code: c.code,
      code_verifier: c.verifier,
    });
    expect(withSecret.status).toBe(401);
    // The portal's own client needs its secret.
    const portal = await s.authorize(demoUsers.owner.id);
    const noSecret = await form('/api/oauth/token', {
      grant_type: 'authorization_code',
      code: portal.code,
      redirect_uri: portal.params.redirect_uri,
      client_id: s.config.cloudClientId,
      code_verifier: portal.verifier,
    });
    expect(noSecret.status).toBe(401);
    expect(noSecret.json.error).toBe('invalid_client');
    expect((await revoke('whatever', { ...CLI, clientId: 'nobody' })).status).toBe(401);
    // An unknown token is no error.
    expect((await revoke('not-a-token')).status).toBe(200);
  });

  it('refuses what is not a well-formed form, with the error and the request id', async () => {
    const c = await consent(demoUsers.developer.id);
    const fields = { grant_type: 'authorization_code', redirect_uri: CLI.redirectUri, client_id: CLI.clientId, code: c.code, code_verifier: c.verifier };
    const json = await s.request('POST', '/api/oauth/token', { body: fields });
    expect(json.status).toBe(400);
    expect(json.json).toEqual({
      error: 'invalid_request',
      error_description: 'The request must be a form (application/x-www-form-urlencoded).',
      requestId: json.headers.get('x-request-id') ?? expect.any(String),
    });
    const text = await s.request('POST', '/api/oauth/token', { body: new URLSearchParams(fields).toString(), headers: { 'content-type': 'text/plain' } });
    expect(text.status).toBe(400);
    expect(text.json.error).toBe('invalid_request');
    const multipart = new FormData();
    for (const [k, v] of Object.entries(fields)) multipart.append(k, v);
    const multi = await fetch(`${s.base}/api/oauth/token`, { method: 'POST', body: multipart });
    expect(multi.status).toBe(400);
    expect((await multi.json()).error).toBe('invalid_request');

    const missing = await form('/api/oauth/token', { client_id: CLI.clientId, code: c.code });
    expect(missing.json).toMatchObject({ error: 'invalid_request', error_description: expect.stringContaining('grant_type') });
    expect((await form('/api/oauth/token', { ...fields, grant_type: 'password' })).json.error).toBe('unsupported_grant_type');
    const noVerifier = await form('/api/oauth/token', { ...fields, code_verifier: 'short' });
    expect(noVerifier.json).toMatchObject({ error: 'invalid_request', error_description: expect.stringContaining('code_verifier') });
    const repeated = await s.request('POST', '/api/oauth/token', {
      body: `${new URLSearchParams(fields)}&code=again`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(repeated.json.error).toBe('invalid_request');
    expect((await form('/api/oauth/revoke', { client_id: CLI.clientId })).json.error).toBe('invalid_request');
    // None of it spent the code.
    expect((await exchange(c.code, c.verifier)).status).toBe(200);
  });

  it('keeps the cloud paths out of the SPA: unknown ones are 404 envelopes', async () => {
    const res = await s.request('GET', '/api/oauth/userinfo');
    expect(res.status).toBe(404);
    expect(res.json.code).toBe('not_found');
  });
});

describe('rate limits', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startServer({ rateLimits: { signIn: 3, uploads: 100, appRequests: 10 } });
  });
  afterAll(() => limited.close());

  it('counts a client’s token requests (both paths together), not the portal’s own code exchange', async () => {
    const bad = (path: string) =>
      fetch(limited.base + path, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          client_id: CLI.clientId,
          refresh_token: 'nope',
          scope: CLI.scope,
          redirect_uri: CLI.redirectUri,
        }),
      });
    const statuses: number[] = [];
    for (const path of ['/api/oauth/token', '/dev-auth/token', '/api/oauth/token', '/dev-auth/token']) statuses.push((await bad(path)).status);
    expect(statuses).toEqual([400, 400, 400, 429]);
    const last = await (await bad('/api/oauth/token')).json();
    expect(last).toMatchObject({ code: 'rate_limited', error: expect.stringMatching(/^Too many requests/), requestId: expect.any(String) });
    // The portal's sign-in still exchanges its code with the same endpoint from the same address.
    const token = await limited.signIn('developer');
    expect((await limited.request('GET', '/v1/me', { token })).status).toBe(200);
  });
});
