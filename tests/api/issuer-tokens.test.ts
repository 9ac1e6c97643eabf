import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, SignJWT, UnsecuredJWT, type CryptoKey, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/db/ids';
import { developers } from '../../server/db/schema';
import { demoUsers } from '../../server/dev/seed/seed-data';
import { IssuerTokens } from '../../server/identity/issuer-tokens';
import { startServer, type TestServer } from '../harness';

/**
 * Production: CLOUD_ISSUER_URL names the cloud's issuer, the embedded authorization server is not mounted,
 * and the portal takes the issuer's signed access tokens (what Rocket.Chat's Apps CLI holds) as a
 * developer's, within the submit scope. The issuer here is a discovery document and a JWKS in the test.
 */
const SUBMIT = 'marketplace:app-submit';
/** A person the issuer vouches for who has a developer account here, but was never a user of the embedded server. */
const EXTERNAL_USER = 'cloud-user-from-the-issuer';

let issuer: string;
let jwksFetches = 0;
let http: Server;
let key: CryptoKey;
let s: TestServer;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  key = pair.privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  http = createServer((req, res) => {
    if (req.url === '/.well-known/openid-configuration') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ issuer, jwks_uri: `${issuer}/jwks` }));
    } else if (req.url === '/jwks') {
      jwksFetches++;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
    } else res.writeHead(404).end();
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  issuer = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;

  s = await startServer({}, { CLOUD_ISSUER_URL: issuer });
  const [northwind] = await s.app.db.select().from(developers).where(eq(developers.cloudUserId, demoUsers.developer.id));
  await s.app.db.insert(developers).values({
    id: newId(),
    publisherId: northwind!.publisherId,
    firstName: 'Ravi',
    lastName: 'Shankar',
    email: 'ravi@northwind.example',
    cloudUserId: EXTERNAL_USER,
    role: 'developer',
  });
});
afterAll(async () => {
  await s?.close();
  http?.closeAllConnections();
  await new Promise((r) => http?.close(r));
});

/** An access token as the issuer signs it: RS256 by its key, for a person, with the submit scope, for 5 minutes. */
function token(o: { sub?: string; claims?: JWTPayload; iss?: string; exp?: number | string; kid?: string; signer?: CryptoKey } = {}) {
  return new SignJWT({ scope: `openid ${SUBMIT}`, ...o.claims })
    .setProtectedHeader({ alg: 'RS256', kid: o.kid ?? 'k1', typ: 'at+jwt' })
    .setIssuer(o.iss ?? issuer)
    .setSubject(o.sub ?? EXTERNAL_USER)
    .setIssuedAt()
    .setExpirationTime(o.exp ?? '5m')
    .sign(o.signer ?? key);
}

const apps = (bearer: string) => s.request('GET', '/v1/publisher/apps', { token: bearer });

describe('the issuer’s access tokens on the portal API', () => {
  it('does not mount the embedded authorization server', async () => {
    for (const path of ['/authorize?client_id=x', '/dev-auth/authorize?client_id=x', '/dev-auth/.well-known/openid-configuration']) {
      expect((await s.request('GET', path)).status, path).toBe(404);
    }
    for (const path of ['/api/oauth/revoke', '/dev-auth/token']) {
      const res = await s.request('POST', path, { body: 'grant_type=refresh_token', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expect(res.status, path).toBe(404);
    }
    // The cloud's token endpoint answers registered Rocket.Chat workspaces' client_credentials grant alone (docs/rocketchat.md, Pointing a Rocket.Chat server).
    const res = await s.request('POST', '/api/oauth/token', {
      body: 'grant_type=refresh_token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe('unsupported_grant_type');
  });

  it('accepts a signed token with the submit scope for an existing developer, as that developer', async () => {
    const res = await apps(await token());
    expect(res.status, res.text).toBe(200);
    expect(res.json.data.length).toBeGreaterThan(0);
    // Only what a submit token may: not the team.
    const team = await s.request('GET', '/v1/publisher/developers', { token: await token() });
    expect(team.status).toBe(403);
    expect(team.json.code).toBe('token_scope');
    // The scope as a list (`scp`) is read too.
    const scp = await token({ sub: demoUsers.developer.id, claims: { scope: undefined, scp: ['openid', SUBMIT] } });
    expect((await apps(scp)).status).toBe(200);
  });

  it.each<[string, () => Promise<string>]>([
    ['another issuer', () => token({ iss: 'https://cloud.example' })],
    ['an expired token', () => token({ exp: Math.floor(Date.now() / 1000) - 60 })],
    [
      'an unsigned token (alg none)',
      async () => new UnsecuredJWT({ scope: SUBMIT }).setIssuer(issuer).setSubject(EXTERNAL_USER).setExpirationTime('5m').encode(),
    ],
    ['a token signed by another key under the issuer’s key id', async () => token({ signer: (await generateKeyPair('RS256')).privateKey })],
    [
      'a token signed by another key under a key id the issuer does not have',
      async () => token({ kid: 'k2', signer: (await generateKeyPair('RS256')).privateKey }),
    ],
    [
      'an HMAC token keyed with anything (algorithm confusion)',
      async () =>
        new SignJWT({ scope: SUBMIT })
          .setProtectedHeader({ alg: 'HS256', kid: 'k1' })
          .setIssuer(issuer)
          .setSubject(EXTERNAL_USER)
          .setExpirationTime('5m')
          .sign(new TextEncoder().encode('k'.repeat(32))),
    ],
    ['a token without the submit scope', () => token({ claims: { scope: 'openid offline_access' } })],
    ['a token without any scope', () => token({ claims: { scope: undefined } })],
    ['a token for a person with no account here', () => token({ sub: 'nobody-here' })],
    ['a token whose signature was altered', async () => `${(await token()).slice(0, -4)}AAAA`],
  ])('refuses %s: 401', async (_name, make) => {
    const res = await apps(await make());
    expect(res.status).toBe(401);
    expect(res.json.code).toBe('unauthenticated');
  });

  it('reads the issuer’s keys once, not per request', async () => {
    const before = jwksFetches;
    for (let i = 0; i < 3; i++) expect((await apps(await token({ sub: demoUsers.developer.id }))).status).toBe(200);
    expect(jwksFetches - before).toBe(0);
    expect(jwksFetches).toBeGreaterThanOrEqual(1);
  });
});

describe('IssuerTokens', () => {
  it('checks the audience when one is configured, and takes a configured JWKS address without discovery', async () => {
    const tokens = new IssuerTokens({ issuer, jwksUrl: `${issuer}/jwks`, audience: 'marketplace-portal' });
    expect(await tokens.identify(await token({ claims: { aud: 'someone-else' } }))).toBeNull();
    expect(await tokens.identify(await token())).toBeNull();
    const ok = await tokens.identify(await token({ claims: { aud: 'marketplace-portal' } }));
    expect(ok).toMatchObject({ cloudUserId: EXTERNAL_USER, scope: `openid ${SUBMIT}` });
    expect(ok!.expiresAt.getTime()).toBeGreaterThan(Date.now());
  });

  it('names nobody for an opaque token, and when the issuer cannot be reached', async () => {
    expect(await new IssuerTokens({ issuer }).identify('opaque-token')).toBeNull();
    const unreachable = new IssuerTokens({ issuer: 'http://127.0.0.1:9', timeoutMs: 2000 });
    expect(await unreachable.identify(await token({ iss: 'http://127.0.0.1:9' }))).toBeNull();
  });
});
