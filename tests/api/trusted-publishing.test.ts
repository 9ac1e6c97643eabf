import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GITHUB_ACTIONS_ISSUER, ID_TOKEN_TYPE, JWT_TOKEN_TYPE, TOKEN_EXCHANGE_GRANT, TRUST_TEXT } from '../../contract/schemas/tokens';
import { loadConfig } from '../../server/config';
import { sha256 } from '../../server/db/ids';
import { uuidOf } from '../../server/dev/seed/seed';
import { apiTokens, ciTokenUses, publisherActivity } from '../../server/db/schema';
import { fixtureFiles, withManifest, zip } from '../fixtures/packages';
import { startServer, type TestServer } from '../harness';
import { TEST_LICENSE_KEY } from '../license-key';
import { eventually } from '../eventually';

// Trusted publishing: a CI job trades its OIDC identity token (here signed by keys this test makes, served as
// a JWKS by a small HTTP server of its own, as GitHub serves its own) for a 15-minute token that submits
// versions of one app (RFC 8693 token exchange at POST /v1/oauth/token).
const APP = '7c1e2d3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
const JIRA = uuidOf('app:Jira Connector');
const NORTHWIND = '6560a1f0c0ffee0000000001';
const REPO = 'Northwind/standup-cli';
const pkg = (version: string) => zip(withManifest(fixtureFiles('standup-helper'), { id: APP, version, nameSlug: 'standup-trusted' }));

let a: TestServer;
let jwks: Server;
let jwksBase: string;
let jwksFetches = 0;
let issuer: string;
let discoveredIssuer: string;
const DOWN_ISSUER = 'http://127.0.0.1:9/down';
let brokenIssuer: string;
let developer: string;
let owner: string;
let viewer: string;
let fjord: string;
const keys: Record<'rsa' | 'ec' | 'stranger', { privateKey: CryptoKey; jwk: JWK }> = {} as never;

/** A key pair; its public half (with `kid`) for the JWKS. */
async function keyPair(alg: 'RS256' | 'ES256', kid: string) {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  return { privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg, use: 'sig' } };
}

type Claims = Record<string, unknown>;
const goodClaims = (): Claims => ({
  repository: REPO.toLowerCase(),
  repository_owner: 'northwind',
  workflow_ref: `${REPO.toLowerCase()}/.github/workflows/release.yml@refs/heads/main`,
  job_workflow_ref: `${REPO.toLowerCase()}/.github/workflows/release.yml@refs/heads/main`,
  ref: 'refs/heads/main',
  environment: 'release',
  actor: 'marcus',
  run_id: '1234567',
  sha: 'a'.repeat(40),
  sub: `repo:${REPO}:environment:release`,
});

/**
 * A CI identity token as GitHub Actions makes one: issuer, audience, a few minutes of life, an id of its own
 * (`jti`; `jti: null` leaves it out), the run's claims.
 */
function ciToken(
  change: Claims = {},
  o: { key?: 'rsa' | 'ec' | 'stranger'; kid?: string; iss?: string; aud?: string; iat?: number; exp?: number; jti?: string | null } = {},
) {
  const key = keys[o.key ?? 'rsa'];
  const now = Math.floor(Date.now() / 1000);
  const jwt = new SignJWT({ ...goodClaims(), ...change })
    .setProtectedHeader({ alg: key.jwk.alg!, kid: o.kid ?? key.jwk.kid!, typ: 'JWT' })
    .setIssuer(o.iss ?? issuer)
    .setAudience(o.aud ?? 'marketplace-portal')
    .setIssuedAt(o.iat ?? now - 10)
    .setNotBefore(now - 10)
    .setExpirationTime(o.exp ?? now + 300);
  if (o.jti !== null) jwt.setJti(o.jti ?? randomUUID());
  return jwt.sign(key.privateKey);
}
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

/** The exchange as a CI job sends it: a form (RFC 8693), or JSON. */
async function exchange(subjectToken: string, appId = APP, o: { json?: boolean; type?: string } = {}) {
  const body = { grant_type: TOKEN_EXCHANGE_GRANT, subject_token: subjectToken, subject_token_type: o.type ?? ID_TOKEN_TYPE, app_id: appId };
  return o.json
    ? a.request('POST', '/v1/oauth/token', { body })
    : a.request('POST', '/v1/oauth/token', { body: new URLSearchParams(body).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
}

const submit = async (path: string, token: string, data: Buffer, fields: Record<string, string> = {}) => {
  const form = new FormData();
  form.append('app', new Blob([new Uint8Array(data)], { type: 'application/zip' }), 'standup-trusted.zip');
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const r = await fetch(`${a.base}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: r.status, json: await r.json() };
};

const count = async (query: ReturnType<typeof sql>) => Number(((await a.app.db.execute(query)) as unknown as { rows: { n: string }[] }).rows[0]!.n);
const tokenRows = () => count(sql`SELECT count(*) AS n FROM api_tokens`);
const useRows = () => count(sql`SELECT count(*) AS n FROM ci_token_uses`);
const activityRows = () => count(sql`SELECT count(*) AS n FROM publisher_activity`);
const addPolicy = (token: string, body: Record<string, unknown>, appId = APP) => a.request('POST', `/v1/publisher/apps/${appId}/trust`, { token, body });

beforeAll(async () => {
  keys.rsa = await keyPair('RS256', 'ci-rsa');
  keys.ec = await keyPair('ES256', 'ci-ec');
  // Never in the JWKS: what someone who does not hold the issuer's keys signs with.
  keys.stranger = await keyPair('RS256', 'stranger');
  jwks = createServer((req, res) => {
    if (req.url === '/jwks') {
      jwksFetches++;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [keys.rsa.jwk, keys.ec.jwk] }));
    } else if (req.url === '/discovered/.well-known/openid-configuration') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ issuer: discoveredIssuer, jwks_uri: `${jwksBase}/jwks` }));
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((r) => jwks.listen(0, '127.0.0.1', r));
  jwksBase = `http://127.0.0.1:${(jwks.address() as AddressInfo).port}`;
  issuer = `${jwksBase}/ci`;
  discoveredIssuer = `${jwksBase}/discovered`;
  brokenIssuer = `${jwksBase}/broken`;
  // One issuer with its JWKS URL, one whose keys are found through its discovery document, one unreachable,
  // one whose JWKS URL answers 404.
  a = await startServer(
    {},
    { TRUSTED_PUBLISHING_ISSUERS: `${issuer}=${jwksBase}/jwks, ${discoveredIssuer}, ${DOWN_ISSUER}, ${brokenIssuer}=${jwksBase}/no-jwks-here` },
  );
  [developer, owner, viewer, fjord] = await Promise.all([a.signIn('developer'), a.signIn('owner'), a.signIn('viewer'), a.signIn('fjordOwner')]);
  // The app exists before CI publishes it: its first version from a session.
  const first = await submit('/v1/apps', developer, pkg('1.0.0'), { categories: '["Productivity"]' });
  expect(first.status).toBe(200);
  await a.settled(developer, APP);
});
afterAll(async () => {
  await a?.close();
  await new Promise<void>((r) => {
    jwks.closeAllConnections();
    jwks.close(() => r());
  });
});

describe('configuration', () => {
  it('takes issuers with and without a JWKS URL; the audience is PUBLIC_URL, else marketplace-portal', () => {
    expect(a.config.trustedPublishing).toEqual({
      issuers: [
        { issuer, jwksUrl: `${jwksBase}/jwks`, maxTokenSeconds: 3600 },
        { issuer: discoveredIssuer, jwksUrl: undefined, maxTokenSeconds: 3600 },
        { issuer: DOWN_ISSUER, jwksUrl: undefined, maxTokenSeconds: 3600 },
        { issuer: brokenIssuer, jwksUrl: `${jwksBase}/no-jwks-here`, maxTokenSeconds: 3600 },
      ],
      audience: 'marketplace-portal',
    });
    expect(loadConfig({}).trustedPublishing).toEqual({
      issuers: [{ issuer: GITHUB_ACTIONS_ISSUER, jwksUrl: undefined, maxTokenSeconds: 3600 }],
      audience: 'marketplace-portal',
    });
    expect(loadConfig({ PUBLIC_URL: 'https://market.example.com/' }).trustedPublishing.audience).toBe('https://market.example.com');
    expect(loadConfig({ PUBLIC_URL: 'https://market.example.com', TRUSTED_PUBLISHING_AUDIENCE: 'rc-market' }).trustedPublishing.audience).toBe('rc-market');
    expect(loadConfig({ TRUSTED_PUBLISHING_ISSUERS: '' }).trustedPublishing.issuers).toEqual([]);
    expect(() => loadConfig({ TRUSTED_PUBLISHING_ISSUERS: 'not a url' })).toThrow(/TRUSTED_PUBLISHING_ISSUERS/);
    expect(() => loadConfig({ TRUSTED_PUBLISHING_ISSUERS: 'https://ci.example=ftp://keys' })).toThrow(/JWKS URL/);
    // Production takes https:// only (a JWKS fetched in clear could be anyone's keys).
    const production = {
      NODE_ENV: 'production',
      CLOUD_ISSUER_URL: 'https://cloud.example/auth',
      CLOUD_CLIENT_SECRET: 's3cret',
      PUBLIC_URL: 'https://m.example',
      SMTP_URL: 'smtp://mail.example:587',
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      LICENSE_PRIVATE_KEY: TEST_LICENSE_KEY,
    };
    expect(loadConfig(production).trustedPublishing).toEqual({
      issuers: [{ issuer: GITHUB_ACTIONS_ISSUER, jwksUrl: undefined, maxTokenSeconds: 3600 }],
      audience: 'https://m.example',
    });
    expect(() => loadConfig({ ...production, TRUSTED_PUBLISHING_ISSUERS: 'https://ci.example=http://ci.example/keys' })).toThrow(
      /must be https:\/\/ in production/,
    );
  });

  it('takes a longest token life per issuer (an hour where none is named), for configured issuers only', () => {
    const issuers = `${GITHUB_ACTIONS_ISSUER}, https://gitlab.example.com=https://gitlab.example.com/oauth/discovery/keys`;
    expect(
      loadConfig({ TRUSTED_PUBLISHING_ISSUERS: issuers, TRUSTED_PUBLISHING_MAX_TOKEN_SECONDS: 'https://gitlab.example.com/=7200' }).trustedPublishing.issuers,
    ).toEqual([
      { issuer: GITHUB_ACTIONS_ISSUER, jwksUrl: undefined, maxTokenSeconds: 3600 },
      { issuer: 'https://gitlab.example.com', jwksUrl: 'https://gitlab.example.com/oauth/discovery/keys', maxTokenSeconds: 7200 },
    ]);
    expect(loadConfig({ TRUSTED_PUBLISHING_MAX_TOKEN_SECONDS: `${GITHUB_ACTIONS_ISSUER}=600` }).trustedPublishing.issuers[0]!.maxTokenSeconds).toBe(600);
    expect(() => loadConfig({ TRUSTED_PUBLISHING_MAX_TOKEN_SECONDS: 'https://ci.example=600' })).toThrow(
      /not in TRUSTED_PUBLISHING_ISSUERS: https:\/\/ci.example/,
    );
    for (const bad of [`${GITHUB_ACTIONS_ISSUER}=0`, `${GITHUB_ACTIONS_ISSUER}=1.5`, `${GITHUB_ACTIONS_ISSUER}=86401`, GITHUB_ACTIONS_ISSUER]) {
      expect(() => loadConfig({ TRUSTED_PUBLISHING_MAX_TOKEN_SECONDS: bad })).toThrow(/TRUSTED_PUBLISHING_MAX_TOKEN_SECONDS/);
    }
  });
});

describe('trust policies', () => {
  let policyId: string;

  it('a developer of the app’s publisher adds one (201), in the activity log with who and what', async () => {
    const res = await addPolicy(developer, { issuer, repository: REPO, workflow: 'release.yml', environment: 'release', ref: 'refs/heads/main' });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      appId: APP,
      issuer,
      repository: REPO,
      workflow: 'release.yml',
      environment: 'release',
      ref: 'refs/heads/main',
      createdBy: 'Marcus Chen',
    });
    policyId = res.json.id;
    const [log] = await a.app.db.select().from(publisherActivity).where(eq(publisherActivity.action, 'trust_policy_added'));
    expect(log).toMatchObject({
      publisherId: NORTHWIND,
      userName: 'Marcus Chen',
      extra: { appId: APP, policyId, issuer, repository: REPO, workflow: 'release.yml', environment: 'release', ref: 'refs/heads/main' },
    });
  });

  it('an owner adds one too; the same workflow again is a 409', async () => {
    expect((await addPolicy(owner, { issuer, repository: REPO, workflow: 'publish.yaml' })).status).toBe(201);
    const again = await addPolicy(owner, { issuer, repository: REPO.toUpperCase(), workflow: 'publish.yaml' });
    expect(again).toMatchObject({ status: 409, json: { code: 'trust_policy_exists' } });
  });

  it('lists them for every developer of the publisher, newest first', async () => {
    const res = await a.request('GET', `/v1/publisher/apps/${APP}/trust`, { token: viewer });
    expect(res.status).toBe(200);
    expect(res.json.map((p: { workflow: string }) => p.workflow)).toEqual(['publish.yaml', 'release.yml']);
  });

  it('refuses a viewer (403) and answers another publisher as if the app did not exist (404), writing nothing', async () => {
    const before = [await activityRows(), await count(sql`SELECT count(*) AS n FROM trust_policies`)];
    expect((await addPolicy(viewer, { issuer, repository: REPO, workflow: 'other.yml' })).status).toBe(403);
    expect((await addPolicy(fjord, { issuer, repository: REPO, workflow: 'other.yml' })).status).toBe(404);
    expect((await a.request('GET', `/v1/publisher/apps/${APP}/trust`, { token: fjord })).status).toBe(404);
    expect((await a.request('DELETE', `/v1/publisher/apps/${APP}/trust/${policyId}`, { token: fjord })).status).toBe(404);
    expect((await a.request('DELETE', `/v1/publisher/apps/${APP}/trust/${policyId}`, { token: viewer })).status).toBe(403);
    // A policy named under another app is not found either.
    expect((await a.request('DELETE', `/v1/publisher/apps/${JIRA}/trust/${policyId}`, { token: owner })).status).toBe(404);
    expect([await activityRows(), await count(sql`SELECT count(*) AS n FROM trust_policies`)]).toEqual(before);
  });

  it('refuses a bad repository, workflow, ref or an issuer the portal does not allow (400, the field named)', async () => {
    const fieldsOf = async (body: Record<string, unknown>) => {
      const res = await addPolicy(developer, { issuer, repository: REPO, workflow: 'release.yml', ...body });
      expect(res.status).toBe(400);
      return res.json.fields;
    };
    expect(await fieldsOf({ repository: 'standup-cli' })).toEqual([{ path: 'repository', message: TRUST_TEXT.repositoryInvalid }]);
    expect(await fieldsOf({ repository: 'a/b/c' })).toEqual([{ path: 'repository', message: TRUST_TEXT.repositoryInvalid }]);
    expect(await fieldsOf({ workflow: '.github/workflows/release.yml' })).toEqual([{ path: 'workflow', message: TRUST_TEXT.workflowInvalid }]);
    expect(await fieldsOf({ workflow: 'release.sh' })).toEqual([{ path: 'workflow', message: TRUST_TEXT.workflowInvalid }]);
    expect(await fieldsOf({ issuer: 'https://gitlab.example.com' })).toEqual([{ path: 'issuer', message: TRUST_TEXT.issuerUnknown }]);
    // GitHub's issuer is the default; this portal's configuration (the test's) does not allow it.
    expect(await fieldsOf({ issuer: undefined })).toEqual([{ path: 'issuer', message: TRUST_TEXT.issuerUnknown }]);
    expect((await fieldsOf({ ref: 'main' }))[0].path).toBe('ref');
    expect((await a.request('GET', `/v1/publisher/apps/${APP}/trust`, { token: viewer })).json).toHaveLength(2);
  });

  it('takes back what it lists: environment and ref null (or left out) are none', async () => {
    const made = await addPolicy(developer, { issuer, repository: REPO, workflow: 'roundtrip.yml', environment: null, ref: null }, JIRA);
    expect(made.status, made.text).toBe(201);
    expect(made.json).toMatchObject({ workflow: 'roundtrip.yml', environment: null, ref: null });
    const listed = (await a.request('GET', `/v1/publisher/apps/${JIRA}/trust`, { token: developer })).json.find((p: { id: string }) => p.id === made.json.id);
    expect(listed).toEqual(made.json);
    // The listed policy, posted back as it is: the same workflow (409 while it is trusted, 201 once removed).
    expect((await addPolicy(developer, listed, JIRA)).json.code).toBe('trust_policy_exists');
    expect((await a.request('DELETE', `/v1/publisher/apps/${JIRA}/trust/${listed.id}`, { token: owner })).status).toBe(200);
    const again = await addPolicy(developer, listed, JIRA);
    expect(again.status, again.text).toBe(201);
    expect(again.json).toMatchObject({ issuer, repository: REPO, workflow: 'roundtrip.yml', environment: null, ref: null });
    // One that names them round-trips too.
    const named = await addPolicy(developer, { issuer, repository: REPO, workflow: 'named.yml', environment: 'release', ref: 'refs/tags/v1.0.0' }, JIRA);
    expect((await a.request('DELETE', `/v1/publisher/apps/${JIRA}/trust/${named.json.id}`, { token: owner })).status).toBe(200);
    expect((await addPolicy(developer, named.json, JIRA)).json).toMatchObject({ environment: 'release', ref: 'refs/tags/v1.0.0' });
    for (const p of (await a.request('GET', `/v1/publisher/apps/${JIRA}/trust`, { token: developer })).json)
      await a.request('DELETE', `/v1/publisher/apps/${JIRA}/trust/${p.id}`, { token: owner });
  });

  it('keeps an app to 20 trusted workflows (409 past them)', async () => {
    const weather = uuidOf('app:Weather Now');
    for (let i = 0; i < 20; i++) expect((await addPolicy(developer, { issuer, repository: REPO, workflow: `w${i}.yml` }, weather)).status).toBe(201);
    expect((await addPolicy(developer, { issuer, repository: REPO, workflow: 'w20.yml' }, weather)).json.code).toBe('too_many_trust_policies');
  });
});

describe('the token exchange', () => {
  let accessToken: string;

  it('trades a matching CI token for a 15-minute token that may submit versions of the app', async () => {
    const before = await tokenRows();
    const res = await exchange(await ciToken());
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      access_token: expect.stringMatching(/^rcmp_/),
      issued_token_type: 'urn:ietf:params:oauth:token-type:access_token',
      token_type: 'Bearer',
      expires_in: 900,
      scope: 'submit',
    });
    accessToken = res.json.access_token;
    expect(await tokenRows()).toBe(before + 1);
    // Stored hashed, limited to the app and to submitting, ending in 15 minutes.
    const [row] = await a.app.db
      .select()
      .from(apiTokens)
      .where(eq(apiTokens.secretHash, sha256(accessToken)));
    expect(row).toMatchObject({
      publisherId: NORTHWIND,
      abilities: ['submit'],
      appIds: [APP],
      name: `Trusted publishing: ${REPO.toLowerCase()} release.yml`,
      revokedAt: null,
    });
    expect(row!.createdBy).toBe(`trust:${row!.trustPolicyId}`);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(900_000);
    expect(await count(sql`SELECT count(*) AS n FROM api_tokens WHERE secret_hash = ${accessToken} OR prefix = ${accessToken}`)).toBe(0);
    // The exchange is in the publisher's activity log: which repository, workflow, ref and token.
    const [log] = await a.app.db.select().from(publisherActivity).where(eq(publisherActivity.action, 'trusted_publishing_token_issued'));
    expect(log).toMatchObject({
      publisherId: NORTHWIND,
      extra: {
        appId: APP,
        tokenId: row!.id,
        policyId: row!.trustPolicyId,
        repository: REPO.toLowerCase(),
        workflow: 'release.yml',
        ref: 'refs/heads/main',
        environment: 'release',
        runId: '1234567',
      },
    });
  });

  it('submits a new version with it (200), with its change note', async () => {
    const res = await submit(`/v1/apps/${APP}`, accessToken, pkg('1.1.0'), { changes: 'Published from CI.' });
    expect(res.status).toBe(200);
    expect(res.json.version).toMatchObject({ version: '1.1.0', changesNote: 'Published from CI.' });
    const versions = await a.request('GET', `/v1/publisher/apps/${APP}/all`, { token: developer });
    expect(versions.json.map((v: { version: string }) => v.version)).toEqual(['1.1.0', '1.0.0']);
    await a.settled(developer, APP);
  });

  it('may do nothing else: another app of the publisher, a new app, reads, the trust policies (403 token_scope)', async () => {
    const before = await count(sql`SELECT count(*) AS n FROM app_versions`);
    const scoped = (res: { status: number; json: { code?: string } }) => [res.status, res.json?.code];
    expect(scoped(await submit(`/v1/apps/${JIRA}`, accessToken, pkg('9.0.0')))).toEqual([403, 'token_scope']);
    expect(scoped(await submit('/v1/apps', accessToken, pkg('9.0.0')))).toEqual([403, 'token_scope']);
    expect(scoped(await a.request('GET', `/v1/publisher/apps/${APP}`, { token: accessToken }))).toEqual([403, 'token_scope']);
    expect(scoped(await a.request('GET', '/v1/publisher/apps', { token: accessToken }))).toEqual([403, 'token_scope']);
    expect(scoped(await a.request('GET', `/v1/publisher/apps/${APP}/trust`, { token: accessToken }))).toEqual([403, 'token_scope']);
    expect(scoped(await addPolicy(accessToken, { issuer, repository: 'evil/repo', workflow: 'x.yml' }))).toEqual([403, 'token_scope']);
    expect(await count(sql`SELECT count(*) AS n FROM app_versions`)).toBe(before);
  });

  it('takes JSON as well as a form, the jwt token type, and ES256 signatures; the JWKS is fetched once', async () => {
    const json = await exchange(await ciToken({}, { key: 'ec' }), APP, { json: true, type: JWT_TOKEN_TYPE });
    expect(json.status).toBe(200);
    expect(jwksFetches).toBe(1);
  });

  it('finds an issuer’s keys through its discovery document', async () => {
    expect((await addPolicy(developer, { issuer: discoveredIssuer, repository: REPO, workflow: 'release.yml' })).status).toBe(201);
    expect((await exchange(await ciToken({}, { iss: discoveredIssuer }))).status).toBe(200);
  });

  // Each refusal writes nothing: no token, no activity.
  const refusals: [string, () => Promise<string>, string?, number?][] = [
    [
      'a wrong repository',
      () => ciToken({ repository: 'northwind/other', workflow_ref: 'northwind/other/.github/workflows/release.yml@refs/heads/main' }),
      'no_trust_policy',
      403,
    ],
    ['a workflow of another repository', () => ciToken({ workflow_ref: 'evil/fork/.github/workflows/release.yml@refs/heads/main' }), 'no_trust_policy', 403],
    [
      'a wrong workflow',
      () =>
        ciToken({
          workflow_ref: `${REPO}/.github/workflows/ci.yml@refs/heads/main`,
          job_workflow_ref: `${REPO}/.github/workflows/release.yml@refs/heads/main`,
        }),
      'no_trust_policy',
      403,
    ],
    ['a wrong environment', () => ciToken({ environment: 'staging' }), 'no_trust_policy', 403],
    [
      'a wrong ref',
      () => ciToken({ ref: 'refs/heads/feature', workflow_ref: `${REPO}/.github/workflows/release.yml@refs/heads/feature` }),
      'no_trust_policy',
      403,
    ],
    ['a token for another app (the policy is on this one)', () => ciToken(), 'no_trust_policy', 403],
    ['a token for an app that does not exist', () => ciToken(), 'no_trust_policy', 403],
    ['a wrong audience', () => ciToken({}, { aud: 'https://pypi.org' }), 'invalid_grant'],
    ['an expired token', () => ciToken({}, { exp: Math.floor(Date.now() / 1000) - 120 }), 'invalid_grant'],
    [
      'an unsigned token (alg none)',
      async () =>
        `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...goodClaims(), iss: issuer, aud: 'marketplace-portal', iat: Math.floor(Date.now() / 1000), exp: Math.floor(Date.now() / 1000) + 300 })}.`,
      'invalid_grant',
    ],
    ['a token signed with a key not in the JWKS (its own kid)', () => ciToken({}, { key: 'stranger' }), 'invalid_grant'],
    ['a token signed with a key not in the JWKS (the issuer’s kid)', () => ciToken({}, { key: 'stranger', kid: 'ci-rsa' }), 'invalid_grant'],
    ['a token of an issuer the portal does not trust', () => ciToken({}, { iss: GITHUB_ACTIONS_ISSUER }), 'invalid_grant'],
    ['something that is not a JWT', async () => 'not-a-jwt', 'invalid_grant'],
    ['a token without a jti', () => ciToken({}, { jti: null }), 'invalid_grant'],
    ['a token with an empty jti', () => ciToken({}, { jti: '' }), 'invalid_grant'],
    [
      'a token issued an hour in the future',
      () => ciToken({}, { iat: Math.floor(Date.now() / 1000) + 3600, exp: Math.floor(Date.now() / 1000) + 3900 }),
      'invalid_grant',
    ],
    [
      'a token issued 90 s in the future',
      () => ciToken({}, { iat: Math.floor(Date.now() / 1000) + 90, exp: Math.floor(Date.now() / 1000) + 390 }),
      'invalid_grant',
    ],
    ['a token expiring in ten years', () => ciToken({}, { exp: Math.floor(Date.now() / 1000) + 10 * 365 * 86_400 }), 'invalid_grant'],
    [
      'a token living an hour and a second',
      () => ciToken({}, { iat: Math.floor(Date.now() / 1000) - 10, exp: Math.floor(Date.now() / 1000) - 10 + 3601 }),
      'invalid_grant',
    ],
  ];
  it.each(refusals)('refuses %s, writing nothing', async (what, make, code, status = 400) => {
    const appId = what.startsWith('a token for another app') ? JIRA : what.includes('does not exist') ? 'no-such-app' : APP;
    const before = [await tokenRows(), await activityRows(), await useRows()];
    const res = await exchange(await make(), appId);
    expect([res.status, res.json.code, typeof res.json.requestId]).toEqual([status, code, 'string']);
    expect([await tokenRows(), await activityRows(), await useRows()]).toEqual(before);
  });

  it('says why a token’s life or jti is refused', async () => {
    const now = Math.floor(Date.now() / 1000);
    expect((await exchange(await ciToken({}, { jti: null }))).json.error).toBe(
      'The subject token was refused: it has no jti claim (a token is exchanged once, known by its jti).',
    );
    expect((await exchange(await ciToken({}, { iat: now + 3600, exp: now + 3900 }))).json.error).toBe(
      'The subject token was refused: it was issued in the future (its iat is more than 60 s ahead).',
    );
    expect((await exchange(await ciToken({}, { exp: now + 10 * 365 * 86_400 }))).json.error).toBe(
      "The subject token was refused: it lives longer than its issuer's tokens may (more than 3600 s from iat to exp).",
    );
  });

  it('takes a token issued a little ahead of the portal’s clock, and one living exactly an hour', async () => {
    const now = Math.floor(Date.now() / 1000);
    expect((await exchange(await ciToken({}, { iat: now + 20, exp: now + 320 }))).status).toBe(200);
    expect((await exchange(await ciToken({}, { iat: now - 10, exp: now - 10 + 3600 }))).status).toBe(200);
  });

  it('exchanges a CI token once: the same token again is refused and writes nothing, another jti is taken', async () => {
    const token = await ciToken();
    const first = await exchange(token);
    expect(first.status).toBe(200);
    const before = [await tokenRows(), await activityRows(), await useRows()];
    const again = await exchange(token);
    expect([again.status, again.json.code, again.json.error]).toEqual([
      400,
      'invalid_grant',
      'The subject token was refused: it was already exchanged (a CI identity token is exchanged once).',
    ]);
    // As JSON too, and for another app: the token is spent, whatever it is traded for.
    expect((await exchange(token, APP, { json: true })).json.code).toBe('invalid_grant');
    expect([await tokenRows(), await activityRows(), await useRows()]).toEqual(before);
    // The same claims under another jti: another token.
    expect((await exchange(await ciToken())).status).toBe(200);
  });

  it('takes only one of several exchanges of one token made at once', async () => {
    const token = await ciToken();
    const results = await Promise.all(Array.from({ length: 6 }, () => exchange(token)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400, 400, 400, 400]);
    expect(results.filter((r) => r.status === 400).map((r) => r.json.code)).toEqual(Array(5).fill('invalid_grant'));
  });

  it('keeps a jti until its token could no longer verify, and lets the spent ones go', async () => {
    const jti = randomUUID();
    const exp = Math.floor(Date.now() / 1000) + 300;
    expect((await exchange(await ciToken({}, { jti, exp }))).status).toBe(200);
    const [kept] = await a.app.db.select().from(ciTokenUses).where(eq(ciTokenUses.jti, jti));
    // Its exp and the 30 s the clocks may disagree by: until then the token verifies, so its jti is kept.
    expect(kept).toEqual({ issuer, jti, expiresAt: new Date((exp + 30) * 1000) });
    // One whose time is over goes with the next exchange.
    await a.app.db.insert(ciTokenUses).values({ issuer, jti: 'spent', expiresAt: new Date(Date.now() - 1000) });
    expect((await exchange(await ciToken())).status).toBe(200);
    expect(await a.app.db.select().from(ciTokenUses).where(eq(ciTokenUses.jti, 'spent'))).toEqual([]);
    expect(await a.app.db.select().from(ciTokenUses).where(eq(ciTokenUses.jti, jti))).toHaveLength(1);
  });

  it('refuses a token signed with HS256 (a shared secret), whatever the secret', async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT(goodClaims())
      .setProtectedHeader({ alg: 'HS256', kid: 'ci-rsa' })
      .setIssuer(issuer)
      .setAudience('marketplace-portal')
      .setIssuedAt(now)
      .setExpirationTime(now + 300)
      .sign(new TextEncoder().encode('x'.repeat(32)));
    expect((await exchange(token)).json).toMatchObject({ code: 'invalid_grant', error: expect.stringContaining('RS256 or ES256') });
  });

  it('answers another publisher’s app like an app that does not exist', async () => {
    // Fjord's app has no policy for Northwind's repository: the same refusal, word for word, as for no app.
    const fjordApp = uuidOf('app:GitLab Notifier');
    const token = await ciToken();
    const [theirs, none] = [await exchange(token, fjordApp), await exchange(token, 'no-such-app')];
    expect([theirs.status, theirs.json.code, theirs.json.error]).toEqual([none.status, none.json.code, none.json.error]);
  });

  it('answers 502 when an issuer’s keys cannot be fetched, and 400 for a malformed request', async () => {
    const down = await exchange(await ciToken({}, { iss: DOWN_ISSUER }));
    expect([down.status, down.json.code]).toEqual([502, 'issuer_unreachable']);
    const broken = await exchange(await ciToken({}, { iss: brokenIssuer }));
    expect([broken.status, broken.json.code]).toEqual([502, 'issuer_unreachable']);
    const bad = await a.request('POST', '/v1/oauth/token', {
      body: 'grant_type=password&subject_token=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.fields.map((f: { path: string }) => f.path).sort()).toEqual(['app_id', 'grant_type', 'subject_token_type']);
  });

  it('stops working once its 15 minutes are over', async () => {
    const res = await exchange(await ciToken());
    const token = res.json.access_token as string;
    await a.app.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.secretHash, sha256(token)));
    // The process forgets the token when the database announces the change (at once, give or take a notification).
    await eventually(
      async () => (await submit(`/v1/apps/${APP}`, token, pkg('1.2.0'))).status,
      (status) => status === 401,
      { interval: 50 },
    );
  });

  it('a removed policy stops new exchanges, and the tokens it gave are revoked', async () => {
    const held = (await exchange(await ciToken())).json.access_token as string;
    const [policy] = (await a.request('GET', `/v1/publisher/apps/${APP}/trust`, { token: owner })).json.filter(
      (p: { workflow: string; issuer: string }) => p.workflow === 'release.yml' && p.issuer === issuer,
    );
    const removed = await a.request('DELETE', `/v1/publisher/apps/${APP}/trust/${policy.id}`, { token: owner });
    expect(removed).toMatchObject({ status: 200, json: { id: policy.id } });
    const [log] = await a.app.db
      .select()
      .from(publisherActivity)
      .where(and(eq(publisherActivity.action, 'trust_policy_removed'), sql`${publisherActivity.extra}->>'policyId' = ${policy.id}`));
    expect(log).toMatchObject({ userName: 'Olivia Bennett', extra: { policyId: policy.id, repository: REPO, workflow: 'release.yml' } });
    expect((log!.extra as { revokedTokens: string[] }).revokedTokens.length).toBeGreaterThanOrEqual(1);
    const before = await tokenRows();
    expect((await exchange(await ciToken())).json.code).toBe('no_trust_policy');
    expect(await tokenRows()).toBe(before);
    await eventually(
      async () => (await submit(`/v1/apps/${APP}`, held, pkg('1.2.0'))).status,
      (status) => status === 401,
      { interval: 50 },
    );
    // Removed once: the second time it is not there.
    expect((await a.request('DELETE', `/v1/publisher/apps/${APP}/trust/${policy.id}`, { token: owner })).status).toBe(404);
  });
});

describe('the exchange’s rate limit', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer({}, { RATE_LIMIT_SIGN_IN: '2', COMPILE_WORKER: 'false' });
  });
  afterAll(() => s?.close());

  it('counts exchanges per client with the sign-in limit: past it, 429', async () => {
    const form = { body: 'subject_token=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } };
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await s.request('POST', '/v1/oauth/token', form)).status);
    expect(statuses).toEqual([400, 400, 429]);
  });
});
