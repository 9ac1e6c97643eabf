import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { ConfigError, loadConfig } from '../../server/config';
import { startServer, type TestServer } from '../harness';
import { tempDataDir } from '../portal-process';
import { TEST_LICENSE_KEY } from '../license-key';

// Data folders of the servers built here (in-memory databases: only their files and outbox would land there).
const prodDir = tempDataDir('portal-prod-');
const logDir = tempDataDir('portal-log-');
afterAll(() => [prodDir, logDir].forEach((d) => d.remove()));

const safe = {
  NODE_ENV: 'production',
  CLOUD_ISSUER_URL: 'https://cloud.example/auth',
  CLOUD_CLIENT_SECRET: 's3cret-from-the-issuer',
  PUBLIC_URL: 'https://marketplace.example',
  SMTP_URL: 'smtp://mail.example:587',
  STRIPE_SECRET_KEY: 'sk_live_portal',
  STRIPE_WEBHOOK_SECRET: 'whsec_portal',
  LICENSE_PRIVATE_KEY: TEST_LICENSE_KEY,
};

describe('production mode refuses every unsafe configuration', () => {
  it.each([
    ['the embedded development sign-in', { CLOUD_ISSUER_URL: undefined }, /CLOUD_ISSUER_URL is required/],
    ['the default client secret', { CLOUD_CLIENT_SECRET: undefined }, /CLOUD_CLIENT_SECRET must be set/],
    ['no PUBLIC_URL', { PUBLIC_URL: undefined }, /PUBLIC_URL is required/],
    ['a PUBLIC_URL that is not a URL', { PUBLIC_URL: 'marketplace' }, /PUBLIC_URL is required/],
    ['mail to the outbox folder (no SMTP_URL)', { SMTP_URL: undefined }, /SMTP_URL is required/],
    ['an SMTP_URL that is not smtp(s)://', { SMTP_URL: 'http://mail.example' }, /SMTP_URL must be an smtp/],
    ['the sandbox payment provider (no STRIPE_SECRET_KEY)', { STRIPE_SECRET_KEY: undefined }, /STRIPE_SECRET_KEY is required/],
    ["Stripe without its events' signing secret (no STRIPE_WEBHOOK_SECRET)", { STRIPE_WEBHOOK_SECRET: undefined }, /STRIPE_WEBHOOK_SECRET is required/],
    ['licences signed with a key kept in the database (no LICENSE_PRIVATE_KEY)', { LICENSE_PRIVATE_KEY: undefined }, /LICENSE_PRIVATE_KEY is required/],
    ['a LICENSE_PRIVATE_KEY that is no RSA key', { LICENSE_PRIVATE_KEY: 'not a key' }, /LICENSE_PRIVATE_KEY must be an RSA private key/],
  ])('%s', (_name, change, message) => {
    const env = Object.fromEntries(Object.entries({ ...safe, ...change }).filter(([, v]) => v !== undefined));
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('starts with the production settings, seeding nothing unless asked', () => {
    const config = loadConfig(safe);
    expect(config).toMatchObject({ production: true, devSignIn: false, seedDemoData: false });
    expect(loadConfig({ ...safe, SEED_DEMO_DATA: 'true' }).seedDemoData).toBe(true);
  });

  it('allows the development sign-in only when DEV_SIGN_IN=true is set explicitly', () => {
    const config = loadConfig({ ...safe, CLOUD_ISSUER_URL: undefined, DEV_SIGN_IN: 'true' } as NodeJS.ProcessEnv);
    expect(config).toMatchObject({ production: true, devSignIn: true });
  });

  it('keeps development zero-setup', () => {
    expect(loadConfig({})).toMatchObject({ production: false, devSignIn: true, seedDemoData: true });
  });
});

describe('development sign-in in production: a loud warning and a banner', () => {
  it('logs the warning and shows "Development sign-in" on the sign-in page', async () => {
    const lines: string[] = [];
    const config = loadConfig(
      { ...safe, CLOUD_ISSUER_URL: undefined, DEV_SIGN_IN: 'true', LOG_LEVEL: 'warn', SERVE_SPA: 'false', DATA_DIR: prodDir.path } as NodeJS.ProcessEnv,
      { inMemoryDatabase: true, port: 0 },
    );
    const app = await buildApp(config, { logStream: { write: (l) => void lines.push(l) } });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      expect(lines.join('')).toContain('DEV_SIGN_IN=true: the embedded development sign-in is on in production');
      const query = new URLSearchParams({
        response_type: 'code',
        client_id: config.cloudClientId,
        redirect_uri: 'https://marketplace.example/oauth/callback',
        scope: 'marketplace',
        state: 'st',
        code_challenge: 'c'.repeat(43),
        code_challenge_method: 'S256',
      });
      const page = await app.inject({ method: 'GET', url: `/dev-auth/authorize?${query}` });
      expect(page.statusCode, page.body).toBe(200);
      expect(page.body).toContain('Development sign-in');
    } finally {
      await app.close();
    }
  });
});

describe('headers, limits and logs', () => {
  let s: TestServer;
  let owner: string;
  beforeAll(async () => {
    s = await startServer({ publicUrl: 'https://marketplace.example', rateLimits: { signIn: 4, uploads: 2, appRequests: 10 } });
    owner = await s.signIn('owner');
  });
  afterAll(() => s.close());

  it('sends the security headers, HSTS for an https PUBLIC_URL, and a CSP without inline scripts', async () => {
    const res = await fetch(`${s.base}/v1/engine/version`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('strict-transport-security')).toContain('max-age=31536000');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const docs = await (await fetch(`${s.base}/api-docs/`)).text();
    expect(docs).not.toMatch(/<script(?![^>]*\b(src|type="application\/json")=?)[^>]*>\s*\S/);
  });

  it('answers 429 in the envelope past the sign-in limit', async () => {
    const body = { code: 'nope', redirectUri: 'http://localhost/oauth/callback', codeVerifier: 'v'.repeat(43) };
    const statuses: number[] = [];
    let last: { status: number; json: any; headers: Headers } | undefined;
    for (let i = 0; i < 5; i++) {
      last = await s.request('POST', '/v1/oauth/exchange', { body });
      statuses.push(last.status);
    }
    // One sign-in was spent in beforeAll.
    expect(statuses).toEqual([400, 400, 400, 429, 429]);
    expect(last!.json).toMatchObject({
      code: 'rate_limited',
      error: expect.stringMatching(/^Too many requests: try again in \d+ seconds\.$/),
      requestId: expect.any(String),
    });
    expect(last!.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('answers 429 past the upload limit, per person', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await s.upload('POST', '/v1/publisher/apps', owner, [{ field: 'app', filename: 'a.zip', data: Buffer.from('x') }])).status);
    expect(statuses).toEqual([400, 400, 429]);
  });
});

describe('the log never holds a token or a secret', () => {
  it('redacts the authorization header and the secret/token query parameters', async () => {
    const lines: string[] = [];
    const config = loadConfig(
      { LOG_LEVEL: 'info', SERVE_SPA: 'false', DATA_DIR: logDir.path, RATE_LIMIT_SIGN_IN: '1000' },
      { inMemoryDatabase: true, port: 0 },
    );
    const app = await buildApp(config, { logStream: { write: (l) => void lines.push(l) } });
    try {
      await app.inject({ method: 'GET', url: '/v1/me', headers: { authorization: 'Bearer sekrit-token-123' } });
      await app.inject({
        method: 'GET',
        url: '/v1/admin/apps/download/x?secret=sekrit-secret-456&compiled=true',
        headers: { authorization: 'Bearer sekrit-token-123' },
      });
      await app.inject({ method: 'GET', url: '/files/x.zip?token=sekrit-link-789' });
      const log = lines.join('\n');
      expect(log).toContain('/v1/admin/apps/download/x?secret=[redacted]&compiled=true');
      expect(log).toContain('/files/x.zip?token=[redacted]');
      for (const secret of ['sekrit-token-123', 'sekrit-secret-456', 'sekrit-link-789']) expect(log).not.toContain(secret);
    } finally {
      await app.close();
    }
  });
});
