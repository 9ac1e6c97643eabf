// The lists that grow are read without counting or walking them (server/kernel/paging.ts): totals kept in
// row_counts, append-only lists numbered by position, the apps list read from its nearer end. Whatever
// writes the tables, every page must still be exactly the page an OFFSET over the whole list would give.
import { count, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, apps, compileJobs, rowCounts } from '../../server/db/schema';
import { logActivity } from '../../server/kernel/activity';
import { startServer, type TestServer } from '../harness';

let s: TestServer;
let reviewer: string;
beforeAll(async () => {
  s = await startServer();
  reviewer = await s.signIn('reviewer');
});
afterAll(() => s.close());

const get = async (path: string) => {
  const res = await s.request('GET', path, { token: reviewer });
  expect(res.status, res.text).toBe(200);
  return res.json as { data: { id?: string; appId?: string }[]; meta: { total: number } };
};

/** Every page of `path` at `limit`, joined. */
async function walk(path: (limit: number, offset: number) => string, limit: number) {
  const first = await get(path(limit, 0));
  const rows = [...first.data];
  for (let offset = limit; offset < first.meta.total + limit; offset += limit) rows.push(...(await get(path(limit, offset))).data);
  return { rows, total: first.meta.total };
}

describe('the lists that grow', () => {
  it('keeps every stored total equal to a count of the rows', async () => {
    const stored = await s.app.db.select().from(rowCounts);
    const [jobs] = await s.app.db.select({ n: count() }).from(compileJobs);
    expect(stored.find((r) => r.list === 'compile_jobs')?.n).toBe(jobs!.n);
    const [staffApps] = await s.app.db.select({ n: count() }).from(apps).where(eq(apps.isBundle, false));
    expect(stored.find((r) => r.list === 'apps' && r.scope === 'bundle:false')?.n).toBe(staffApps!.n);
    expect((await get('/v1/admin/apps?limit=5&offset=0')).meta.total).toBe(staffApps!.n);
  });

  it('pages an activity log newest first, exactly, also after lines are added and one is removed', async () => {
    const [app] = await s.app.db.select({ id: apps.id }).from(apps).limit(1);
    const by = { id: 'staff-test', name: 'Paging Test' };
    for (let i = 0; i < 23; i++) await logActivity(s.app.db, app!.id, by, 'review', { n: i });
    const path = (limit: number, offset: number) => `/v1/admin/app/${app!.id}/activityLogs?limit=${limit}&offset=${offset}`;
    const expected = async () =>
      (await s.app.db.select({ id: activityLogs.id }).from(activityLogs).where(eq(activityLogs.appId, app!.id)).orderBy(desc(activityLogs.position))).map(
        (r) => r.id,
      );
    const newest = (await get(path(3, 0))).data as { actionExtra?: { n: number } }[];
    expect(newest.map((r) => r.actionExtra?.n)).toEqual([22, 21, 20]);
    for (const limit of [1, 4, 10]) {
      const { rows, total } = await walk(path, limit);
      expect(total).toBe((await expected()).length);
      expect(rows.map((r) => r.id)).toEqual(await expected());
    }
    // A line removed (by hand: the portal never removes one) closes its gap.
    await s.app.db.delete(activityLogs).where(eq(activityLogs.id, (await expected())[5]!));
    const { rows, total } = await walk(path, 4);
    expect(rows.map((r) => r.id)).toEqual(await expected());
    expect(total).toBe(rows.length);
    const positions = await s.app.db
      .select({ p: activityLogs.position })
      .from(activityLogs)
      .where(eq(activityLogs.appId, app!.id))
      .orderBy(activityLogs.position);
    expect(positions.map((r) => r.p)).toEqual(positions.map((_, i) => i + 1));
    // Past the end: nothing.
    expect((await get(path(5, total + 10))).data).toEqual([]);
  });

  it('pages the compile jobs and the staff apps list exactly, from either end', async () => {
    const jobs = await walk((limit, offset) => `/v1/admin/jobs?limit=${limit}&offset=${offset}`, 3);
    const jobIds = (await s.app.db.select({ id: compileJobs.id }).from(compileJobs).orderBy(desc(compileJobs.position))).map((r) => r.id);
    expect(jobs.rows.map((r) => r.id)).toEqual(jobIds);
    const list = await walk((limit, offset) => `/v1/admin/apps?limit=${limit}&offset=${offset}`, 4);
    const appIds = (
      await s.app.db
        .select({ id: apps.id })
        .from(apps)
        .where(eq(apps.isBundle, false))
        .orderBy(sql`${apps.latestModified} DESC`, sql`${apps.id} DESC`)
    ).map((r) => r.id);
    expect(list.rows.map((r) => r.appId)).toEqual(appIds);
    expect(list.total).toBe(appIds.length);
  });
});
