import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_DEFAULT_DAYS } from '../../contract/schemas/tokens';
import { sha256 } from '../../server/db/ids';
import { uuidOf } from '../../server/dev/seed/seed';
import { apiTokens, developers } from '../../server/db/schema';
import { MAIL_JOB, TOKEN_EXPIRY_JOB } from '../../server/kernel/job-kinds';
import { fixtureFiles, withManifest, zip } from '../fixtures/packages';
import { startServer, type TestServer } from '../harness';

// The API tokens of a publisher (the "API tokens" card of /publisher/info): made, listed and revoked by
// its people in the portal; used by scripts and CI as `Authorization: Bearer rcmp_…` on the routes marked
// for tokens, within their abilities and apps.
const NORTHWIND = '6560a1f0c0ffee0000000001';
const jira = uuidOf('app:Jira Connector');
const standup = uuidOf('app:Standup Bot');
const kanban = uuidOf('app:Kanban Board');
const NEW_APP = '6f0e2a7c-91b3-4d5e-8a6f-3c2b1d0e9f8a';
const pkg = (version: string, id = NEW_APP) => zip(withManifest(fixtureFiles('standup-helper'), { id, version, nameSlug: 'token-cli' }));
const DAY = 86_400_000;

let s: TestServer;
let owner: string;
let developer: string;
let viewer: string;
let fjord: string;
let admin: string;

/** A token as the API shows it (ApiToken). */
type Listed = {
  id: string;
  name: string;
  prefix: string;
  createdBy: string;
  appIds: string[] | null;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
  lastUsedAt: string | null;
  lastUsedIp: string | null;
};
type Made = { token: Listed; secret: string };
const make = async (body: Record<string, unknown>, as = owner) => {
  const res = await s.request('POST', '/v1/publisher/tokens', { token: as, body });
  expect(res.status, res.text).toBe(201);
  return res.json as Made;
};
const list = async (as = owner) => (await s.request('GET', '/v1/publisher/tokens', { token: as })).json as Listed[];
const listed = async (id: string) => (await list()).find((t) => t.id === id);
const rowOf = async (id: string) => (await s.app.db.select().from(apiTokens).where(eq(apiTokens.id, id)))[0]!;
const submit = (path: string, token: string, data: Buffer, fields: Record<string, string> = {}) => {
  const form = new FormData();
  form.append('app', new Blob([new Uint8Array(data)], { type: 'application/zip' }), 'token-cli_1.0.0.zip');
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return fetch(`${s.base}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form }).then(async (r) => ({
    status: r.status,
    json: await r.json(),
  }));
};
/** The publisher's activity log (what staff see on its profile), newest first. */
const activity = async () =>
  (await s.request('GET', `/v1/admin/publishers/${NORTHWIND}/activity?limit=100&offset=0`, { token: admin })).json.data as {
    userId: string;
    userName: string;
    action: string;
    extra: Record<string, unknown>;
  }[];
const from = (ip: string) => ({ 'x-forwarded-for': ip });

beforeAll(async () => {
  // The test's requests come through 127.0.0.1, a trusted proxy: X-Forwarded-For names the address a token is used from.
  s = await startServer({}, { TRUST_PROXY: '127.0.0.1' });
  [owner, developer, viewer, fjord, admin] = await Promise.all([
    s.signIn('owner'),
    s.signIn('developer'),
    s.signIn('viewer'),
    s.signIn('fjordOwner'),
    s.signIn('admin'),
  ]);
});
afterAll(() => s.close());

describe('creating a token', () => {
  it('shows the secret once: the list never does, and the database keeps only its SHA-256 and its first characters', async () => {
    const made = await make({ name: 'CI reader', abilities: ['read'], appIds: null });
    expect(made.secret).toMatch(/^rcmp_[A-Za-z0-9_-]{43}$/);
    expect(made.token).toMatchObject({
      name: 'CI reader',
      prefix: made.secret.slice(0, 12),
      abilities: ['read'],
      appIds: null,
      createdBy: 'Olivia Bennett',
      revokedAt: null,
      lastUsedAt: null,
      lastUsedIp: null,
    });
    // 90 days unless told otherwise.
    expect(Date.parse(made.token.expiresAt) - Date.parse(made.token.createdAt)).toBe(TOKEN_DEFAULT_DAYS * DAY);
    const all = await s.request('GET', '/v1/publisher/tokens', { token: owner });
    expect(all.status).toBe(200);
    expect(all.json[0]).toEqual(made.token);
    expect(all.text).not.toContain(made.secret);
    const row = await rowOf(made.token.id);
    expect(row.secretHash).toBe(sha256(made.secret));
    expect(JSON.stringify(row)).not.toContain(made.secret.slice(12));
    expect(all.text).not.toContain(row.secretHash);
  });

  it('lists newest first, for anyone of the publisher (a viewer too), and only its own publisher’s', async () => {
    const second = await make({ name: 'Second', abilities: ['read'], appIds: null, expiresInDays: 1 }, developer);
    expect(second.token.createdBy).toBe('Marcus Chen');
    const mine = await list(viewer);
    expect(mine[0]!.id).toBe(second.token.id);
    expect(mine.map((t) => t.name)).toEqual(['Second', 'CI reader']);
    expect(await list(fjord)).toEqual([]);
  });

  it('is refused to a viewer (403) and to a token itself (403 token_scope), writing nothing', async () => {
    const before = (await list()).length;
    expect((await s.request('POST', '/v1/publisher/tokens', { token: viewer, body: { name: 'x', abilities: ['read'], appIds: null } })).status).toBe(403);
    const { secret } = await make({ name: 'Maker', abilities: ['read', 'submit'], appIds: null });
    const byToken = await s.request('POST', '/v1/publisher/tokens', { token: secret, body: { name: 'y', abilities: ['read'], appIds: null } });
    expect(byToken.status).toBe(403);
    expect(byToken.json.code).toBe('token_scope');
    expect((await s.request('GET', '/v1/publisher/tokens', { token: secret })).json.code).toBe('token_scope');
    expect((await list()).length).toBe(before + 1);
  });

  it('refuses apps that are not the publisher’s (another’s, or none), naming the field, and bad input, writing nothing', async () => {
    const before = (await list()).length;
    for (const appIds of [[jira, kanban], ['no-such-app']]) {
      const res = await s.request('POST', '/v1/publisher/tokens', { token: owner, body: { name: 'Mixed', abilities: ['read'], appIds } });
      expect(res.status).toBe(400);
      expect(res.json.fields).toEqual([{ path: 'appIds', message: expect.stringContaining(appIds.at(-1)!) }]);
      expect(res.json.error).not.toContain(jira);
    }
    for (const body of [
      { name: '', abilities: ['read'], appIds: null },
      { name: 'x', abilities: [], appIds: null },
      { name: 'x', abilities: ['admin'], appIds: null },
      { name: 'x', abilities: ['read'], appIds: [] },
      { name: 'x', abilities: ['read'], appIds: null, expiresInDays: 366 },
      { name: 'x', abilities: ['read'], appIds: null, expiresInDays: 0 },
    ]) {
      expect((await s.request('POST', '/v1/publisher/tokens', { token: owner, body })).status, JSON.stringify(body)).toBe(400);
    }
    expect((await list()).length).toBe(before);
  });
});

describe('using a token', () => {
  it('reads the publisher’s apps and submits a new app with `Authorization: Bearer`', async () => {
    const { secret } = await make({ name: 'Release', abilities: ['read', 'submit'], appIds: null, expiresInDays: 30 });
    const apps = await s.request('GET', '/v1/publisher/apps', { token: secret });
    expect(apps.status).toBe(200);
    expect(JSON.stringify(apps.json)).toContain(jira);
    expect((await s.request('GET', `/v1/publisher/apps/${jira}`, { token: secret })).status).toBe(200);
    const res = await submit('/v1/apps', secret, pkg('1.0.0'), { categories: '["Productivity"]' });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.app.appId).toBe(NEW_APP);
    expect((await s.settled(owner, NEW_APP)).latest.status).toBe('compiled');
  });

  it('may not do what its abilities leave out: a read-only token submitting is refused (403 token_scope) and nothing is written', async () => {
    const { secret } = await make({ name: 'Read only', abilities: ['read'], appIds: null });
    const other = '0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
    const res = await submit('/v1/apps', secret, pkg('1.0.0', other), { categories: '["Productivity"]' });
    expect(res.status).toBe(403);
    expect(res.json.code).toBe('token_scope');
    expect((await s.request('GET', `/v1/publisher/apps/${other}`, { token: owner })).status).toBe(404);
    expect((await submit(`/v1/apps/${NEW_APP}`, secret, pkg('1.1.0'), { changes: 'No.' })).status).toBe(403);
    expect((await s.request('GET', `/v1/publisher/apps/${NEW_APP}/all`, { token: owner })).json).toHaveLength(1);
  });

  it('limited to one app: that app only — another of the publisher’s is 403, another publisher’s 404, lists and new apps 403', async () => {
    const { secret, token } = await make({ name: 'Jira only', abilities: ['read', 'submit'], appIds: [jira, jira] });
    expect(token.appIds).toEqual([jira]);
    expect((await s.request('GET', `/v1/publisher/apps/${jira}`, { token: secret })).status).toBe(200);
    const b = await s.request('GET', `/v1/publisher/apps/${standup}`, { token: secret });
    expect(b.status).toBe(403);
    expect(b.json.code).toBe('token_scope');
    expect((await s.request('GET', `/v1/publisher/apps/${kanban}`, { token: secret })).status).toBe(404);
    expect((await s.request('GET', '/v1/publisher/apps', { token: secret })).status).toBe(403);
    const other = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5e';
    expect((await submit('/v1/apps', secret, pkg('1.0.0', other), { categories: '["Productivity"]' })).status).toBe(403);
    expect((await s.request('GET', `/v1/publisher/apps/${other}`, { token: owner })).status).toBe(404);
  });

  it('is refused on session-only and staff routes (403 token_scope), an admin’s publisher token too', async () => {
    const { secret } = await make({ name: 'Everything', abilities: ['read', 'submit'], appIds: null });
    for (const [method, path] of [
      ['GET', '/v1/me'],
      ['GET', '/v1/publisher/users'],
      ['PUT', '/v1/publisher'],
      ['GET', '/v1/admin/apps'],
    ] as const) {
      const res = await s.request(method, path, { token: secret, ...(method === 'PUT' ? { body: { name: 'Hijacked' } } : {}) });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.json.code).toBe('token_scope');
    }
    const staffToken = await make({ name: 'Staff script', abilities: ['read'], appIds: null }, admin);
    const adminApps = await s.request('GET', '/v1/admin/apps', { token: staffToken.secret });
    expect(adminApps.status).toBe(403);
    expect(adminApps.json.code).toBe('token_scope');
  });

  it('records its last use and address; a new address is written to the activity log once', async () => {
    const made = await make({ name: 'Travelling', abilities: ['read'], appIds: null });
    const uses = async () => (await activity()).filter((a) => a.action === 'api_token_used_from_new_address' && a.extra.tokenId === made.token.id);
    expect(await uses()).toHaveLength(0);
    expect((await s.request('GET', '/v1/publisher/apps', { token: made.secret, headers: from('198.51.100.7') })).status).toBe(200);
    expect(await listed(made.token.id)).toMatchObject({ lastUsedIp: '198.51.100.7', lastUsedAt: expect.any(String) });
    expect((await s.request('GET', '/v1/publisher/apps', { token: made.secret, headers: from('198.51.100.7') })).status).toBe(200);
    expect(await uses()).toEqual([
      expect.objectContaining({
        userId: `token:${made.token.id}`,
        userName: 'Travelling',
        extra: { tokenId: made.token.id, name: 'Travelling', ip: '198.51.100.7' },
      }),
    ]);
    expect((await s.request('GET', '/v1/publisher/apps', { token: made.secret, headers: from('203.0.113.9') })).status).toBe(200);
    expect((await uses()).map((u) => u.extra.ip)).toEqual(['203.0.113.9', '198.51.100.7']);
    expect(await listed(made.token.id)).toMatchObject({ lastUsedIp: '203.0.113.9' });
  });

  it('stops working once expired (401)', async () => {
    const expire = (id: string) =>
      s.app.db
        .update(apiTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(apiTokens.id, id));
    const unused = await make({ name: 'Never used', abilities: ['read'], appIds: null });
    await expire(unused.token.id);
    expect((await s.request('GET', '/v1/publisher/apps', { token: unused.secret })).status).toBe(401);
    // One the process already knows: the database announces the change (migration 0016), and it is forgotten.
    const used = await make({ name: 'Short', abilities: ['read'], appIds: null });
    expect((await s.request('GET', '/v1/publisher/apps', { token: used.secret })).status).toBe(200);
    await expire(used.token.id);
    await expect.poll(async () => (await s.request('GET', '/v1/publisher/apps', { token: used.secret })).status, { timeout: 5000, interval: 50 }).toBe(401);
  });
});

describe('revoking a token', () => {
  it('ends it at once (401), keeps it in the list as revoked, and refuses a second revocation (409)', async () => {
    const { secret, token } = await make({ name: 'Leaked', abilities: ['read', 'submit'], appIds: null });
    expect((await s.request('GET', '/v1/publisher/apps', { token: secret })).status).toBe(200);
    const res = await s.request('DELETE', `/v1/publisher/tokens/${token.id}`, { token: developer });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ id: token.id, revokedAt: expect.any(String) });
    expect((await s.request('GET', '/v1/publisher/apps', { token: secret })).status).toBe(401);
    expect(await listed(token.id)).toMatchObject({ revokedAt: res.json.revokedAt });
    const again = await s.request('DELETE', `/v1/publisher/tokens/${token.id}`, { token: owner });
    expect(again.status).toBe(409);
    expect(again.json.code).toBe('token_revoked');
  });

  it('is refused to a viewer (403) and to another publisher (404, as if there were no such token), and to the token itself', async () => {
    const { secret, token } = await make({ name: 'Kept', abilities: ['read'], appIds: null });
    expect((await s.request('DELETE', `/v1/publisher/tokens/${token.id}`, { token: viewer })).status).toBe(403);
    expect((await s.request('DELETE', `/v1/publisher/tokens/${token.id}`, { token: fjord })).status).toBe(404);
    expect((await s.request('DELETE', '/v1/publisher/tokens/no-such-token', { token: owner })).status).toBe(404);
    expect((await s.request('DELETE', `/v1/publisher/tokens/${token.id}`, { token: secret })).json.code).toBe('token_scope');
    expect(await listed(token.id)).toMatchObject({ revokedAt: null });
    expect((await s.request('GET', '/v1/publisher/apps', { token: secret })).status).toBe(200);
  });

  it('writes each creation and revocation to the publisher’s activity log, by whom', async () => {
    const { token } = await make({ name: 'Logged', abilities: ['submit'], appIds: [jira], expiresInDays: 10 }, developer);
    await s.request('DELETE', `/v1/publisher/tokens/${token.id}`, { token: owner });
    const lines = (await activity()).filter((a) => a.extra.tokenId === token.id);
    const extra = { tokenId: token.id, name: 'Logged', abilities: ['submit'], appIds: [jira], expiresAt: token.expiresAt };
    expect(lines).toEqual([
      expect.objectContaining({ action: 'api_token_revoked', userName: 'Olivia Bennett', extra }),
      expect.objectContaining({ action: 'api_token_created', userName: 'Marcus Chen', extra }),
    ]);
  });
});

describe('the expiry notice', () => {
  const outbox = () => join(s.config.dataDir, 'outbox');
  /** The notices queued as mail so far (the mail jobs), by recipient and subject. */
  const notices = async () =>
    (await s.app.jobs.list<{ to: string; subject: string; text: string }>(MAIL_JOB))
      .filter((j) => j.data.subject.startsWith('The API token'))
      .map((j) => j.data);
  /** Runs the hourly job now (as the clock would) and waits for it to finish. */
  const runJob = async () => {
    let id: string | null = null;
    // The queue holds one at most (stately): one the clock queued meanwhile is waited for first.
    await expect.poll(async () => (id = await s.app.jobs.send(s.app.db, TOKEN_EXPIRY_JOB, {})), { timeout: 20_000 }).not.toBeNull();
    await expect.poll(async () => (await s.app.jobs.list(TOKEN_EXPIRY_JOB)).find((j) => j.id === id)?.state, { timeout: 20_000 }).toBe('completed');
  };
  /** A token made 60 days ago that expires in `days` days. */
  const expiringIn = async (name: string, days: number, o: { revoked?: boolean; madeDaysAgo?: number } = {}) => {
    const { token } = await make({ name, abilities: ['read'], appIds: null });
    const now = Date.now();
    await s.app.db
      .update(apiTokens)
      .set({ createdAt: new Date(now - (o.madeDaysAgo ?? 60) * DAY), expiresAt: new Date(now + days * DAY), ...(o.revoked ? { revokedAt: new Date() } : {}) })
      .where(eq(apiTokens.id, token.id));
    return token;
  };

  it('mails the publisher’s owners once, 7 days before a token expires, through the mail queue', async () => {
    const soon = await expiringIn('Nightly deploy', 3);
    await expiringIn('Far off', 30);
    await expiringIn('Revoked soon', 3, { revoked: true });
    await expiringIn('Already expired', -1);
    // Made for a few days: it ends when its maker chose, no notice.
    await expiringIn('Made short', 3, { madeDaysAgo: 2 });
    await runJob();
    const sent = await notices();
    expect(sent.map((m) => [m.to, m.subject])).toEqual([['olivia.bennett@northwind.example', expect.stringContaining('“Nightly deploy”')]]);
    expect(sent[0]!.text).toContain(soon.prefix);
    expect(sent[0]!.text).toContain('/publisher/info');
    expect((await rowOf(soon.id)).expiryNoticeAt).toBeInstanceOf(Date);

    // The mail worker sends it: one .eml in the outbox (read once written whole).
    const sentMail = async () => {
      const files = existsSync(outbox()) ? readdirSync(outbox()).filter((f) => f.endsWith('.eml')) : [];
      return Promise.all(files.map(async (f) => simpleParser(readFileSync(join(outbox(), f)))));
    };
    await expect
      .poll(async () => (await sentMail()).filter((m) => String(m.html).includes('</html>')).map((m) => m.subject), { timeout: 20_000 })
      .toEqual([expect.stringMatching(/^The API token “Nightly deploy” expires on \d{1,2} \w+ \d{4}, \d\d:\d\d UTC$/)]);
    const [mail] = await sentMail();
    expect(mail!.to).toMatchObject({ value: [{ address: 'olivia.bennett@northwind.example' }] });
    expect(mail!.text).toContain('Hello Olivia,');
    expect(mail!.html).toContain(`<code>${soon.prefix}</code>`);

    // The next hour: nothing new.
    await runJob();
    expect(await notices()).toHaveLength(1);
  });

  it('tells no owner who turned the notice off (the token is still marked told)', async () => {
    await s.app.db
      .update(developers)
      .set({ notificationsOff: { 'api-token-expiring': true } })
      .where(eq(developers.email, 'olivia.bennett@northwind.example'));
    try {
      const quiet = await expiringIn('Quiet', 2);
      await runJob();
      expect(await notices()).toHaveLength(1);
      expect((await rowOf(quiet.id)).expiryNoticeAt).toBeInstanceOf(Date);
    } finally {
      await s.app.db.update(developers).set({ notificationsOff: {} }).where(eq(developers.email, 'olivia.bennett@northwind.example'));
    }
  });

  it('two runs at once mark each token once', async () => {
    const a = await expiringIn('Race A', 4);
    const b = await expiringIn('Race B', 5);
    const { noticeExpiringTokens } = await import('../../server/identity/api-tokens/expiry');
    const { siteOf } = await import('../../server/mail/worker');
    const results = await Promise.all([1, 2].map(() => s.app.db.transaction((tx) => noticeExpiringTokens(tx, siteOf(s.app)))));
    expect(results.map((r) => r.tokens).sort()).toEqual([0, 2]);
    const mine = (await notices()).filter((m) => m.subject.includes('Race'));
    expect(mine.map((m) => m.subject).sort()).toEqual([expect.stringContaining('Race A'), expect.stringContaining('Race B')]);
    for (const t of [a, b]) expect((await rowOf(t.id)).expiryNoticeAt).toBeInstanceOf(Date);
    const counted = await s.app.db.execute(sql`SELECT count(*)::int AS n FROM api_tokens WHERE name LIKE 'Race %' AND expiry_notice_at IS NOT NULL`);
    expect((counted as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(2);
  });
});
