import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authCodes } from '../../server/db/schema';
import { sha256 } from '../../server/db/ids';
import { demoUsers } from '../../server/dev/seed/seed-data';
import { REDIRECT_URI, startServer, type TestServer } from '../harness';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.close());

const exchange = (body: Record<string, unknown>) => s.request('POST', '/v1/oauth/exchange', { body });

describe('sign-in through the embedded authorization server', () => {
  it('redirects back with a code and the same state, and the code buys a portal token', async () => {
    const a = await s.authorize(demoUsers.owner.id, { state: 'st-123' });
    expect(a.status).toBe(302);
    expect(a.state).toBe('st-123');
    expect(a.code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const res = await exchange({ code: a.code, redirectUri: REDIRECT_URI, codeVerifier: a.verifier });
    expect(res.status).toBe(200);
    expect(res.json.expires_in).toBe(3600);
    const me = await s.request('GET', '/v1/me', { token: res.json.access_token });
    expect(me.status).toBe(200);
    expect(me.json.email).toBe(demoUsers.owner.email);
  });

  it('shows the authorize page with the seeded cloud users, and refuses unknown clients and foreign redirects', async () => {
    const a = await s.authorize(demoUsers.owner.id);
    const q = new URLSearchParams(a.params);
    const page = await fetch(`${s.base}/dev-auth/authorize?${q}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Olivia Bennett');
    expect(html).toContain('Create a cloud user');
    q.set('client_id', 'someone-else');
    expect((await fetch(`${s.base}/dev-auth/authorize?${q}`)).status).toBe(400);
    q.set('client_id', s.config.cloudClientId);
    q.set('redirect_uri', 'https://evil.example/oauth/callback');
    expect((await fetch(`${s.base}/dev-auth/authorize?${q}`)).status).toBe(400);
    q.set('redirect_uri', REDIRECT_URI);
    q.set('code_challenge_method', 'plain');
    expect((await fetch(`${s.base}/dev-auth/authorize?${q}`)).status).toBe(400);
  });

  it('creates a new cloud user from the authorize page', async () => {
    const a = await s.authorize(demoUsers.owner.id);
    const res = await fetch(`${s.base}/dev-auth/authorize`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...a.params, first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.com' }),
      redirect: 'manual',
    });
    expect(res.status).toBe(302);
    const code = new URL(res.headers.get('location')!).searchParams.get('code')!;
    const token = (await exchange({ code, redirectUri: REDIRECT_URI, codeVerifier: a.verifier })).json.access_token;
    // Signed in, but no publisher yet: the SPA sends this user to /publisher/register.
    expect((await s.request('GET', '/v1/me', { token })).status).toBe(404);
    expect((await s.request('GET', '/v1/publisher', { token })).status).toBe(404);
  });

  it('refuses a wrong PKCE verifier', async () => {
    const a = await s.authorize(demoUsers.owner.id);
    const res = await exchange({ code: a.code, redirectUri: REDIRECT_URI, codeVerifier: 'x'.repeat(43) });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: 'invalid_grant', error: 'The PKCE code verifier does not match the code challenge.' });
  });

  it('refuses a code used twice, even when the first use succeeded', async () => {
    const a = await s.authorize(demoUsers.owner.id);
    const body = { code: a.code, redirectUri: REDIRECT_URI, codeVerifier: a.verifier };
    const [first, second] = await Promise.all([exchange(body), exchange(body)]);
    expect([first.status, second.status].sort()).toEqual([200, 400]);
    const third = await exchange(body);
    expect(third.status).toBe(400);
    expect(third.json.error).toBe('The sign-in code is invalid, expired or was already used.');
  });

  it('refuses an expired code', async () => {
    const a = await s.authorize(demoUsers.owner.id);
    await s.app.db
      .update(authCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authCodes.codeHash, sha256(a.code)));
    const res = await exchange({ code: a.code, redirectUri: REDIRECT_URI, codeVerifier: a.verifier });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('invalid_grant');
  });

  it('codes expire within 10 minutes', async () => {
    const a = await s.authorize(demoUsers.owner.id);
    const [row] = await s.app.db
      .select()
      .from(authCodes)
      .where(eq(authCodes.codeHash, sha256(a.code)));
    expect(row!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(10 * 60 * 1000);
  });

  it('refuses a redirect URI other than the one the code was issued for', async () => {
    const a = await s.authorize(demoUsers.owner.id);
    const res = await exchange({ code: a.code, redirectUri: 'http://localhost:5173/oauth/callback', codeVerifier: a.verifier });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('invalid_grant');
  });

  it('validates the exchange body with the error envelope', async () => {
    const res = await exchange({ code: '', redirectUri: REDIRECT_URI });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('validation_error');
    expect(res.json.requestId).toBe(res.headers.get('x-request-id'));
    expect(res.json.fields.map((f: { path: string }) => f.path).sort()).toEqual(['code', 'codeVerifier']);
  });

  it('revokes the token on sign-out; a revoked, unknown or expired token is 401', async () => {
    const token = await s.signIn('developer');
    expect((await s.request('GET', '/v1/me', { token })).status).toBe(200);
    expect((await s.request('DELETE', '/v1/oauth/session', { token })).status).toBe(200);
    const after = await s.request('GET', '/v1/me', { token });
    expect(after.status).toBe(401);
    expect(after.json.code).toBe('unauthenticated');
    expect((await s.request('GET', '/v1/me', { token: 'not-a-token' })).status).toBe(401);
  });

  it('stores tokens hashed, never in clear', async () => {
    const token = await s.signIn('viewer');
    const { sessions } = await import('../../server/db/schema');
    const rows = await s.app.db.select().from(sessions);
    expect(rows.some((r) => r.tokenHash === sha256(token))).toBe(true);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
  });
});
