import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../harness';

/**
 * The apps lists start each page's index walk at the day holding its first row (app_list_days, kept by a
 * trigger): the pages must be exactly those of the plain order, at every offset, from both ends, across day
 * boundaries (UTC midnight), ties and days moved by changes.
 */
let s: TestServer;
let staff: string;
const PUB = 'days-test-publisher';
const rows = async <T>(q: ReturnType<typeof sql>) => (await s.app.db.execute(q)) as unknown as { rows: T[] };

beforeAll(async () => {
  s = await startServer();
  staff = await s.signIn('reviewer');
  await s.app.db.execute(sql`INSERT INTO publishers (id, name, is_registered) VALUES (${PUB}, 'Days Test', true)`);
  // 60 apps over 12 days: some at UTC midnight exactly, some a millisecond before, some sharing a timestamp.
  const base = Date.UTC(2026, 0, 10);
  for (let i = 0; i < 60; i++) {
    const day = Math.floor(i / 5);
    const within = [0, 1, 86_399_999, 43_200_000, 43_200_000][i % 5]!;
    const at = new Date(base + day * 86_400_000 + within).toISOString();
    await s.app.db.execute(sql`INSERT INTO apps (id, publisher_id) VALUES (${`days-app-${String(i).padStart(2, '0')}`}, ${PUB})`);
    await s.app.db.execute(sql`INSERT INTO app_versions (internal_id, app_id, version, name, status, author, created_date, modified_date)
      VALUES (${`days-v-${i}`}, ${`days-app-${String(i).padStart(2, '0')}`}, '1.0.0', ${`Days App ${i}`}, 'draft', '{"name":"Days"}'::jsonb, ${at}, ${at})`);
  }
});
afterAll(() => s.close());

/** Every app of the list in the plain order (what OFFSET over the whole index gives). */
const plainOrder = async (publisherId?: string) =>
  (
    await rows<{ id: string }>(
      sql`SELECT id FROM apps WHERE is_bundle = false ${publisherId ? sql`AND publisher_id = ${publisherId}` : sql``} ORDER BY latest_modified DESC, id DESC`,
    )
  ).rows.map((r) => r.id);

const page = async (path: string, token: string, limit: number, offset: number) => {
  const res = await s.request('GET', `${path}?limit=${limit}&offset=${offset}`, { token });
  expect(res.status).toBe(200);
  return { ids: (res.json.data as { appId: string }[]).map((a) => a.appId), total: res.json.meta.total as number };
};

async function expectEveryPage(limit: number) {
  const all = await plainOrder();
  for (let offset = 0; offset < all.length + limit; offset += 3) {
    const got = await page('/v1/admin/apps', staff, limit, offset);
    expect(got.total).toBe(all.length);
    expect(got.ids, `offset ${offset}`).toEqual(all.slice(offset, offset + limit));
  }
}

/** app_list_days as the trigger kept it, against a count from scratch. */
async function expectDaysKept() {
  const kept = await rows<{ scope: string; day: string; n: string }>(
    sql`SELECT scope, day::text AS day, n FROM app_list_days WHERE n <> 0 ORDER BY scope, day`,
  );
  const counted = await rows<{ scope: string; day: string; n: string }>(sql`
    SELECT scope, day::text AS day, count(*) AS n FROM (
      SELECT 'bundle:' || is_bundle AS scope, portal_app_day(latest_modified) AS day FROM apps
      UNION ALL SELECT 'publisher:' || publisher_id || ':bundle:' || is_bundle, portal_app_day(latest_modified) FROM apps
    ) a GROUP BY scope, day ORDER BY scope, day`);
  expect(kept.rows.map((r) => `${r.scope} ${r.day} ${r.n}`)).toEqual(counted.rows.map((r) => `${r.scope} ${r.day} ${r.n}`));
}

describe('paging the apps lists by day', () => {
  it('gives the plain order’s pages at every offset, from the front and from the back', async () => {
    await expectDaysKept();
    await expectEveryPage(10);
    await expectEveryPage(7);
  });

  it('keeps the days as versions change, apps move between publishers and lists, and apps go', async () => {
    // A version changed today, one moved back in time, an app without a version, a bundle flag, a move.
    await s.app.db.execute(sql`UPDATE app_versions SET modified_date = now() WHERE internal_id = 'days-v-3'`);
    await s.app.db.execute(sql`UPDATE app_versions SET modified_date = '2025-12-31T23:59:59.999Z' WHERE internal_id = 'days-v-40'`);
    await s.app.db.execute(sql`INSERT INTO apps (id, publisher_id) VALUES ('days-app-undated', ${PUB})`);
    await s.app.db.execute(sql`UPDATE apps SET is_bundle = true WHERE id = 'days-app-11'`);
    await s.app.db.execute(sql`UPDATE apps SET publisher_id = '6560a1f0c0ffee0000000001' WHERE id = 'days-app-12'`);
    await expectDaysKept();
    await s.app.db.execute(sql`DELETE FROM apps WHERE id = 'days-app-undated'`);
    await expectDaysKept();
    await expectEveryPage(10);
  });

  it('pages a publisher’s own list the same way', async () => {
    const token = await s.signIn('owner');
    const all = await plainOrder('6560a1f0c0ffee0000000001');
    for (let offset = 0; offset < all.length; offset += 2) {
      expect((await page('/v1/publisher/apps', token, 3, offset)).ids).toEqual(all.slice(offset, offset + 3));
    }
  });
});
