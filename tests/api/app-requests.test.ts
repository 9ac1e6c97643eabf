// App requests (docs/rocketchat.md): end users of a registered Rocket.Chat workspace ask its admins for an app on the
// portal's requestAccess page (POST /v1/app-request, public), and the workspace reads them back — the calls as
// Rocket.Chat's server makes them (RocketChat/Rocket.Chat apps/meteor/ee/server/apps/communication/rest.ts
// @ 3a0465777707c8e38a6a1574136b6d3d61c2103a; its cron, appRequestsCron.ts @ 2f5a6c8d2db955c9c305207a67f8abaaf6240783
// and marketplace/appRequestNotifyUsers.ts @ f03e68e09c8c7a0926539d1bfee57a77d681844e), over real HTTP.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { uuidOf } from '../../server/dev/seed/seed';
import { startServer, type TestServer } from '../harness';
import { registerWorkspace, type RegisteredWorkspace } from '../registered-workspace';
import { fetchMarketplaceAppsSchema, nullsIn } from './rocketchat-schemas';

// What Rocket.Chat reads of the answers, written from packages/core-typings/src/AppRequests.ts
// @ aa405742253efb45174d6b0de3c30c0fbcbf4c1f and the code that reads them (AppRequests.tsx: `createdDate`,
// `message`, `seen`, `requester.name`/`username`; appRequestNotifyUsers.ts: `meta.total`, `data[].requester.id`).
const endUser = z.object({ id: z.string(), username: z.string(), name: z.string(), nickname: z.string(), emails: z.array(z.string()) });
const appRequest = z.object({
  id: z.string(),
  appId: z.string(),
  requester: endUser,
  admins: z.array(endUser),
  workspaceId: z.string(),
  message: z.string(),
  seen: z.boolean(),
  seenAt: z.string().nullable(),
  notificationSent: z.boolean(),
  notificationSentAt: z.string().nullable(),
  createdDate: z.string(),
});
const paginatedAppRequests = z.object({
  data: z.array(appRequest).nullable(),
  meta: z.object({ limit: z.number(), offset: z.number(), sort: z.string(), filter: z.string(), total: z.number() }),
});
const appRequestsStats = z.object({ data: z.object({ totalSeen: z.number(), totalUnseen: z.number() }) });
type AppRequest = z.infer<typeof appRequest>;

let s: TestServer;
let admin: string;
let a: RegisteredWorkspace;
let b: RegisteredWorkspace;
let tokenA: string;
let tokenB: string;
const jira = uuidOf('app:Jira Connector');
const standup = uuidOf('app:Standup Bot');

/** As Rocket.Chat writes them into the page's address: `Buffer.from(JSON.stringify(x)).toString('base64')`. */
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
const alice = { id: 'u-alice', username: 'alice', name: 'Alice Ångström', nickname: 'Ali', emails: ['alice@chat.example'] };
const bob = { id: 'u-bob', username: 'bob', name: 'Bob' };
const admins = [
  { id: 'u-root', username: 'root', name: 'Root Admin' },
  { id: 'u-ops', username: 'ops' },
];

/** The requestAccess page's call: the workspace, the requester and admins as they came in its address, a message. */
const ask = (workspaceId: string, appId: string, requester: unknown, message = '', extra: Record<string, unknown> = {}) =>
  s.request('POST', '/v1/app-request', {
    body: { workspaceId, appId, requester: typeof requester === 'string' ? requester : b64(requester), admins: b64(admins), message, ...extra },
  });

/** Rocket.Chat's proxied calls: its engine version and the workspace's token (rest.ts getDefaultHeaders). */
const rc = (token: string) => ({ headers: { authorization: `Bearer ${token}`, 'x-apps-engine-version': '1.47.0' } });
/** GET /v1/app-request exactly as rest.ts writes it (values interpolated raw, `q=` and `sort=` empty by default). */
const list = (token: string, appId: string, o: { q?: string; limit?: number; offset?: number } = {}) =>
  s.request('GET', `/v1/app-request?appId=${appId}&q=${o.q ?? ''}&sort=&limit=${o.limit ?? 25}&offset=${o.offset ?? 0}`, rc(token));
const listed = async (token: string, appId: string, o: { q?: string; limit?: number; offset?: number } = {}) => {
  const res = await list(token, appId, o);
  expect(res.status, res.text).toBe(200);
  return paginatedAppRequests.parse(res.json);
};
const stats = async (token: string) => {
  const res = await s.request('GET', '/v1/app-request/stats', rc(token));
  expect(res.status, res.text).toBe(200);
  return appRequestsStats.parse(res.json).data;
};
/** The cron's calls: the token only. */
const cron = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

beforeAll(async () => {
  s = await startServer();
  admin = await s.signIn('admin');
  a = await registerWorkspace(s, admin, 'Requests Alpha');
  b = await registerWorkspace(s, admin, 'Requests Beta');
  [tokenA, tokenB] = await Promise.all([a.token('marketplace:read marketplace:download'), b.token('marketplace:read marketplace:download')]);
});
afterAll(() => s?.close());

describe('the requestAccess page’s call', () => {
  it('makes a request with the requester and admins as Rocket.Chat named them', async () => {
    const res = await ask(a.id, jira, alice, '  We need Jira in #support.  ');
    expect(res.status, res.text).toBe(201);
    const made = appRequest.parse(res.json);
    expect(made).toMatchObject({
      appId: jira,
      workspaceId: a.id,
      requester: alice,
      // Fields Rocket.Chat left out (JSON.stringify drops undefined) are empty, never missing.
      admins: [
        { id: 'u-root', username: 'root', name: 'Root Admin', nickname: '', emails: [] },
        { id: 'u-ops', username: 'ops', name: '', nickname: '', emails: [] },
      ],
      message: 'We need Jira in #support.',
      seen: false,
      seenAt: null,
      notificationSent: false,
      notificationSentAt: null,
    });
    expect(Date.parse(made.createdDate)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('takes the address’s values however they arrived: `+` turned into a space, URL-safe letters, no padding, no admins', async () => {
    // A name whose base64 has `+` and `/` in it.
    const tricky = { id: 'u-tricky', username: 'tr', name: '>>>???~~~ÿ' };
    const raw = b64(tricky);
    expect(raw).toMatch(/[+/]/);
    const spaced = await ask(a.id, standup, raw.replace(/\+/g, ' '));
    expect(spaced.status, spaced.text).toBe(201);
    expect(spaced.json.requester).toMatchObject(tricky);
    const urlSafe = await s.request('POST', '/v1/app-request', {
      body: { workspaceId: a.id, appId: standup, requester: raw.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '') },
    });
    expect(urlSafe.status, urlSafe.text).toBe(201);
    expect(urlSafe.json).toMatchObject({ requester: tricky, admins: [], message: '' });
  });

  it('refuses what is not Rocket.Chat’s address with a clear 4xx, and makes nothing', async () => {
    const before = await stats(tokenA);
    const cases: [body: Record<string, unknown>, status: number, text: RegExp][] = [
      [{ requester: 'not base64 at all!' }, 400, /requester must be what Rocket\.Chat sends/],
      [{ requester: Buffer.from('{not json').toString('base64') }, 400, /requester must be/],
      [{ requester: Buffer.from([0xff, 0xfe, 0x7b]).toString('base64') }, 400, /requester must be/],
      [{ requester: b64({ username: 'no-id' }) }, 400, /requester must be/],
      [{ requester: b64(['a list']) }, 400, /requester must be/],
      [{ requester: b64({ id: 'u1', name: 'NUL\u0000' }) }, 400, /requester must be/],
      [{ admins: b64({ id: 'not a list' }) }, 400, /admins must be what Rocket\.Chat sends/],
      [{ message: 'x'.repeat(2001) }, 400, /at most 2,000 characters/],
      [{ workspaceId: '' }, 400, /workspaceId/],
      [{ workspaceId: 'no-such-workspace' }, 404, /not registered with this marketplace/],
      [{ appId: 'no-such-app' }, 404, /not listed in this marketplace/],
    ];
    for (const [patch, status, text] of cases) {
      const body = { workspaceId: a.id, appId: jira, requester: b64(bob), admins: b64(admins), message: '', ...patch };
      const res = await s.request('POST', '/v1/app-request', { body });
      expect(res.status, JSON.stringify(patch).slice(0, 80)).toBe(status);
      expect(res.json.error).toMatch(text);
      expect(res.json.requestId).toEqual(expect.any(String));
      if (status === 400 && ('requester' in patch || 'admins' in patch)) expect(res.json.fields?.[0]?.path).toMatch(/requester|admins/);
    }
    // An app with no published version is not listed: nobody can ask for it.
    const unlisted = (
      (await s.app.db.execute(
        sql`SELECT id FROM apps a WHERE NOT is_bundle AND NOT EXISTS (SELECT 1 FROM app_versions v WHERE v.app_id = a.id AND v.status = 'published') LIMIT 1`,
      )) as unknown as {
        rows: { id: string }[];
      }
    ).rows[0]!.id;
    expect((await ask(a.id, unlisted, bob)).status).toBe(404);
    expect(await stats(tokenA)).toEqual(before);
  });

  it('refuses a revoked workspace', async () => {
    const c = await registerWorkspace(s, admin, 'Requests Revoked');
    expect((await s.request('POST', `/v1/admin/workspaces/${c.id}/revoke`, { token: admin })).status).toBe(200);
    const res = await ask(c.id, jira, bob);
    expect(res.status).toBe(404);
    expect(res.json.code).toBe('unknown_workspace');
  });
});

describe('Rocket.Chat’s reads of its requests', () => {
  let mine: AppRequest[];
  beforeAll(async () => {
    // Five more requests of Jira in Alpha (six in all; two of Standup Bot), two in Beta.
    for (const [i, who] of [alice, bob, alice, bob, bob].entries()) expect((await ask(a.id, jira, who, `Please ${i}`)).status).toBe(201);
    for (const who of [bob, alice]) expect((await ask(b.id, jira, who, 'From Beta')).status).toBe(201);
    mine = (await listed(tokenA, jira, { limit: 100 })).data!;
  });

  it('lists a workspace’s requests of an app, newest first, with Rocket.Chat’s meta', async () => {
    const page = await listed(tokenA, jira);
    expect(page.meta).toEqual({ limit: 25, offset: 0, sort: '', filter: '', total: 6 });
    expect(page.data).toHaveLength(6);
    expect(nullsIn(page.data!.map(({ seenAt: _, notificationSentAt: __, ...r }) => r))).toEqual([]);
    expect(page.data!.map((r) => r.message)).toEqual(['Please 4', 'Please 3', 'Please 2', 'Please 1', 'Please 0', 'We need Jira in #support.']);
    for (const r of page.data!) expect(r).toMatchObject({ appId: jira, workspaceId: a.id });
    // The typings' name of the date too.
    const raw = (await list(tokenA, jira)).json as { data: { createdAt: string; createdDate: string }[] };
    expect(raw.data[0]!.createdAt).toBe(raw.data[0]!.createdDate);
  });

  it('pages by limit and offset (the cron’s 100, the screen’s 25/50/100)', async () => {
    const second = await listed(tokenA, jira, { limit: 2, offset: 2 });
    expect(second.meta).toMatchObject({ limit: 2, offset: 2, total: 6 });
    expect(second.data!.map((r) => r.id)).toEqual(mine.slice(2, 4).map((r) => r.id));
    const past = await listed(tokenA, jira, { limit: 2, offset: 6 });
    expect(past.data).toEqual([]);
    expect(past.meta.total).toBe(6);
  });

  it('answers data null for an app that is not this marketplace’s (Rocket.Chat reads `data || []`)', async () => {
    const page = await listed(tokenA, 'no-such-app');
    expect(page).toEqual({ data: null, meta: { limit: 25, offset: 0, sort: '', filter: '', total: 0 } });
  });

  it('marks requests seen (only its own), filters seen and unseen, and counts them', async () => {
    expect(await stats(tokenA)).toEqual({ totalSeen: 0, totalUnseen: 8 });
    const betaIds = (await listed(tokenB, jira)).data!.map((r) => r.id);
    const ids = mine.slice(0, 2).map((r) => r.id);
    // rest.ts forwards its screen's `unseenRequests` as `{ids}`; another workspace's ids change nothing.
    const res = await s.request('POST', '/v1/app-request/markAsSeen', { ...rc(tokenA), body: { ids: [...ids, ...betaIds, 'no-such-request'] } });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ success: true, updated: 2 });
    const again = await s.request('POST', '/v1/app-request/markAsSeen', { ...rc(tokenA), body: { ids } });
    expect(again.json).toEqual({ success: true, updated: 0 });

    const seen = await listed(tokenA, jira, { q: 'seen' });
    expect(seen.meta).toMatchObject({ filter: 'seen', total: 2 });
    expect(seen.data!.map((r) => r.id)).toEqual(ids);
    for (const r of seen.data!) expect(Date.parse(r.seenAt!)).toBeGreaterThan(0);
    const unseen = await listed(tokenA, jira, { q: 'unseen' });
    expect(unseen.meta.total).toBe(4);
    expect(unseen.data!.every((r) => !r.seen && r.seenAt === null)).toBe(true);

    expect(await stats(tokenA)).toEqual({ totalSeen: 2, totalUnseen: 6 });
    expect(await stats(tokenB)).toEqual({ totalSeen: 0, totalUnseen: 2 });
  });

  it('gives the cron the apps with requesters not told, and marks an app’s requesters told', async () => {
    const pending = await s.request('GET', '/v1/app-request/sent/pending', cron(tokenA));
    expect(pending.status, pending.text).toBe(200);
    expect(pending.json).toEqual({ data: [jira, standup].sort() });
    // What the cron reads before it sends its messages (Bearer only; it pages by 100).
    const notTold = await s.request('GET', `/v1/app-request?appId=${jira}&q=notification-not-sent&limit=100&offset=0`, cron(tokenA));
    expect(paginatedAppRequests.parse(notTold.json).meta.total).toBe(6);
    expect(new Set(notTold.json.data.map((r: AppRequest) => r.requester.id))).toEqual(new Set(['u-alice', 'u-bob']));

    const sent = await s.request('POST', `/v1/app-request/markAsSent/${jira}`, cron(tokenA));
    expect(sent.status, sent.text).toBe(200);
    expect(sent.json).toEqual({ success: true, updated: 6 });
    expect((await s.request('GET', '/v1/app-request/sent/pending', cron(tokenA))).json).toEqual({ data: [standup] });
    const told = await listed(tokenA, jira, { q: 'notification-sent' });
    expect(told.meta.total).toBe(6);
    for (const r of told.data!) expect(r).toMatchObject({ notificationSent: true, notificationSentAt: expect.any(String) });
    expect((await listed(tokenA, jira, { q: 'notification-not-sent' })).meta.total).toBe(0);
    // Beta's requesters of the same app were not told.
    expect((await s.request('GET', '/v1/app-request/sent/pending', cron(tokenB))).json).toEqual({ data: [jira] });
    // Again: nothing left to mark. An app that is not this marketplace's: 404, in the envelope Rocket.Chat reads.
    expect((await s.request('POST', `/v1/app-request/markAsSent/${jira}`, cron(tokenA))).json).toEqual({ success: true, updated: 0 });
    const unknown = await s.request('POST', '/v1/app-request/markAsSent/no-such-app', cron(tokenA));
    expect(unknown.status).toBe(404);
    expect(unknown.json.error).toEqual(expect.any(String));
  });

  it('shows each workspace only its own requests', async () => {
    const beta = await listed(tokenB, jira);
    expect(beta.meta.total).toBe(2);
    expect(beta.data!.every((r) => r.workspaceId === b.id && r.message === 'From Beta')).toBe(true);
    expect((await listed(tokenB, standup)).meta.total).toBe(0);
    // Beta cannot mark Alpha's.
    const alphaUnseen = (await listed(tokenA, jira, { q: 'unseen' })).data!.map((r) => r.id);
    expect((await s.request('POST', '/v1/app-request/markAsSeen', { ...rc(tokenB), body: { ids: alphaUnseen } })).json).toEqual({ success: true, updated: 0 });
    expect((await listed(tokenA, jira, { q: 'unseen' })).meta.total).toBe(alphaUnseen.length);
  });

  it('refuses callers without a workspace token, and bad queries and bodies, in the envelope', async () => {
    for (const [method, path, body] of [
      ['GET', `/v1/app-request?appId=${jira}`, undefined],
      ['GET', '/v1/app-request/stats', undefined],
      ['POST', '/v1/app-request/markAsSeen', { ids: [] }],
      ['GET', '/v1/app-request/sent/pending', undefined],
      ['POST', `/v1/app-request/markAsSent/${jira}`, undefined],
    ] as const) {
      expect((await s.request(method, path, { body })).status, `${method} ${path}`).toBe(401);
      expect((await s.request(method, path, { body, headers: { authorization: 'Bearer rcwt_not-a-token' } })).status, `${method} ${path}`).toBe(401);
      // A portal session is no workspace token.
      expect((await s.request(method, path, { body, token: admin })).status, `${method} ${path}`).toBe(401);
    }
    const bad: [string, RegExp][] = [
      [`/v1/app-request?appId=${jira}&q=bogus`, /q must be/],
      [`/v1/app-request?appId=${jira}&limit=500`, /limit/],
      [`/v1/app-request?appId=${jira}&offset=-1`, /offset/],
      ['/v1/app-request?q=', /appId/],
    ];
    for (const [path, text] of bad) {
      const res = await s.request('GET', path, rc(tokenA));
      expect(res.status, path).toBe(400);
      expect(JSON.stringify(res.json), path).toMatch(text);
    }
    for (const body of [{}, { ids: 'one' }, { ids: Array(1001).fill('x') }]) {
      const res = await s.request('POST', '/v1/app-request/markAsSeen', { ...rc(tokenA), body });
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(res.json.error).toEqual(expect.any(String));
    }
  });
});

describe('GET /v1/apps with app requests', () => {
  type Listing = { appId: string; requestedEndUser?: boolean; appRequestStats?: { appId: string; totalSeen: number; totalUnseen: number } }[];
  const apps = async (headers: Record<string, string>, query = '') => {
    const res = await s.request('GET', `/v1/apps${query}`, { headers: { 'x-apps-engine-version': '1.47.0', ...headers } });
    expect(res.status, res.text).toBe(200);
    fetchMarketplaceAppsSchema.parse(res.json);
    return { body: res.json as Listing, text: res.text, etag: res.headers.get('etag')! };
  };

  it('adds, for the workspace, its requests per app; with endUserID, whether that person asked for each app', async () => {
    const anonymous = await apps({});
    const totals = await stats(tokenA);
    const mineOnly = await apps({ authorization: `Bearer ${tokenA}` });
    const withJira = mineOnly.body.find((x) => x.appId === jira)!;
    const jiraStats = { appId: jira, totalSeen: 2, totalUnseen: 4 };
    expect(withJira.appRequestStats).toEqual(jiraStats);
    expect(mineOnly.body.find((x) => x.appId === standup)!.appRequestStats).toEqual({ appId: standup, totalSeen: 0, totalUnseen: 2 });
    expect(jiraStats.totalSeen + jiraStats.totalUnseen + 2).toBe(totals.totalSeen + totals.totalUnseen);
    // Only apps with requests carry it (Rocket.Chat's "Requested" tab lists those); no endUserID, no requestedEndUser.
    expect(
      mineOnly.body
        .filter((x) => x.appRequestStats)
        .map((x) => x.appId)
        .sort(),
    ).toEqual([jira, standup].sort());
    expect(mineOnly.body.some((x) => 'requestedEndUser' in x)).toBe(false);

    // Rocket.Chat's non-admin users' call: `?endUserID=<their id>`.
    const bobs = await apps({ authorization: `Bearer ${tokenA}` }, '?endUserID=u-bob');
    expect(bobs.body.every((x) => typeof x.requestedEndUser === 'boolean')).toBe(true);
    expect(bobs.body.filter((x) => x.requestedEndUser).map((x) => x.appId)).toEqual([jira]);
    const alices = await apps({ authorization: `Bearer ${tokenA}` }, '?endUserID=u-alice');
    expect(alices.body.filter((x) => x.requestedEndUser).map((x) => x.appId)).toEqual([jira]);
    const stranger = await apps({ authorization: `Bearer ${tokenA}` }, '?endUserID=u-nobody');
    expect(stranger.body.filter((x) => x.requestedEndUser)).toEqual([]);
    // Otherwise the elements are the workspace's listing.
    const strip = (l: Listing) => l.map(({ requestedEndUser: _, appRequestStats: __, ...rest }) => rest);
    expect(strip(bobs.body)).toEqual(strip(anonymous.body));
    // Each answer is its own representation (its ETag), and 304 when unchanged.
    expect(new Set([anonymous.etag, mineOnly.etag, bobs.etag]).size).toBe(3);
    expect(alices.etag).toBe(bobs.etag);
    const again = await fetch(`${s.base}/v1/apps?endUserID=u-bob`, {
      headers: { authorization: `Bearer ${tokenA}`, 'x-apps-engine-version': '1.47.0', 'if-none-match': bobs.etag },
    });
    expect(again.status).toBe(304);
  });

  it('leaves the answer as it was without a workspace, and for a workspace without requests', async () => {
    const anonymous = await apps({});
    expect((await apps({}, '?endUserID=u-bob')).text).toBe(anonymous.text);
    const quiet = await registerWorkspace(s, admin, 'Requests Quiet');
    const token = await quiet.token('marketplace:read');
    expect((await apps({ authorization: `Bearer ${token}` })).text).toBe(anonymous.text);
    // With endUserID, only `requestedEndUser: false` is added.
    const asked = await apps({ authorization: `Bearer ${token}` }, '?endUserID=u-bob');
    expect(asked.body.every((x) => x.requestedEndUser === false && !('appRequestStats' in x))).toBe(true);
  });
});

describe('the rate limit of the page’s call', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startServer({}, { RATE_LIMIT_APP_REQUESTS: '3' });
  });
  afterAll(() => limited?.close());

  it('counts per workspace and address: past the limit 429 with Retry-After; another workspace is counted apart', async () => {
    const limitedAdmin = await limited.signIn('admin');
    const [one, two] = [await registerWorkspace(limited, limitedAdmin, 'Limited One'), await registerWorkspace(limited, limitedAdmin, 'Limited Two')];
    const post = (workspaceId: string) => limited.request('POST', '/v1/app-request', { body: { workspaceId, appId: jira, requester: b64(bob) } });
    for (let i = 0; i < 3; i++) expect((await post(one.id)).status).toBe(201);
    const refused = await post(one.id);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(refused.json).toMatchObject({ code: 'rate_limited', error: expect.stringMatching(/Too many requests/) });
    expect((await post(two.id)).status).toBe(201);
  });
});
