// The demo's numbers (issue 43): at the first start with DEMO_WORKSPACES (`npm start`), the simulated workspaces,
// buyers and staff play the demo's history through the public routes, day by day with the portal's clock moved
// (server/dev/simulators/demo-history.ts), so every chart of the reports has a past. Its figures are read here
// from the roll-ups and facts the reports read (report_days, install_days, sales_lines).
import { createHash } from 'node:crypto';
import { count, countDistinct, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { appInstallEvents, checkoutSessions, installDays, payouts, reportDays, salesLines } from '../../server/db/schema';
import { uuidOf } from '../../server/dev/seed/seed';
import { demoHistoryDays } from '../../server/dev/plugins/workspace-simulator';
import { now } from '../../server/kernel/clock';
import { startServer } from '../harness';
import { TEST_LICENSE_KEY } from '../license-key';

const hex = (name: string) => createHash('sha256').update(name).digest('hex').slice(0, 24);
const jira = uuidOf('app:Jira Connector');
const standup = uuidOf('app:Standup Bot');
/** A shorter history than `npm start`'s 150 days, still long enough for trials to convert and then renew (14 + 30 days). */
const DAYS = 90;
const DAY = 86_400_000;
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

// Read by the plugin when the history starts (server/dev/plugins/workspace-simulator.ts); this worker's files
// share process.env, so it is put back after.
const before = process.env.DEMO_HISTORY_DAYS;
beforeAll(() => {
  process.env.DEMO_HISTORY_DAYS = String(DAYS);
});
afterAll(() => {
  if (before === undefined) delete process.env.DEMO_HISTORY_DAYS;
  else process.env.DEMO_HISTORY_DAYS = before;
});

describe('the demo’s history (DEMO_WORKSPACES)', () => {
  it('plays months of the marketplace at the first start, through the public routes, dated on their simulated days — once', async () => {
    const demo = { seconds: undefined, demo: true };
    // On disk (or its own PostgreSQL database), so that a second start finds what the first played.
    const first = await startServer({ simulateWorkspaces: demo, ...(process.env.TEST_DATABASE_URL ? {} : { inMemoryDatabase: false }) });
    let restarted: Awaited<ReturnType<typeof startServer>> | undefined;
    let firstOpen = true;
    try {
      const db = first.app.db;
      const summary = await first.app.demoHistory;
      expect(summary).not.toBeNull();
      expect(summary!.days).toBe(DAYS + 1);
      // Back on real time once it is over.
      expect(Math.abs(now().getTime() - Date.now())).toBeLessThan(1000);

      const today = dayOf(new Date());
      const oldest = dayOf(new Date(Date.now() - DAYS * DAY));
      // Money: sales on many days, trials that converted and then renewed, all within the history's days.
      const lines = await db
        .select({ kind: salesLines.kind, n: count(), days: countDistinct(sql`(${salesLines.at} at time zone 'UTC')::date`) })
        .from(salesLines)
        .groupBy(salesLines.kind);
      const of = (kind: string) => lines.find((l) => l.kind === kind) ?? { n: 0, days: 0 };
      expect(of('sale').days, JSON.stringify({ lines, summary })).toBeGreaterThanOrEqual(8);
      expect(of('renewal').n, JSON.stringify({ lines, summary })).toBeGreaterThan(0);
      // Staff refunded and paid out now and then (their routes, signed in as the demo's admin).
      const [paid] = await db.select({ n: count() }).from(payouts).where(eq(payouts.status, 'paid'));
      expect(of('refund').n + paid!.n, JSON.stringify(summary)).toBeGreaterThan(0);
      expect(summary!.failed, JSON.stringify(summary)).toBe(0);
      const [span] = await db.select({ first: sql<string>`min(${salesLines.at})`, last: sql<string>`max(${salesLines.at})` }).from(salesLines);
      expect(dayOf(new Date(span!.first)) >= oldest).toBe(true);
      expect(new Date(span!.last).getTime()).toBeLessThanOrEqual(Date.now());
      // Nothing is dated after the real time the clock was set back to.
      const [future] = await db
        .select({ n: count() })
        .from(appInstallEvents)
        .where(sql`${appInstallEvents.at} > now()`);
      expect(future!.n).toBe(0);

      // The roll-ups: sales, new subscriptions, trials and cancellations over many days (the days after the seed's).
      const [figures] = await db
        .select({
          days: countDistinct(reportDays.day),
          sales: sql<number>`sum(${reportDays.sales})::int`,
          trials: sql<number>`sum(${reportDays.trialStarts})::int`,
          conversions: sql<number>`sum(${reportDays.trialConversions})::int`,
          cancelled: sql<number>`sum(${reportDays.cancelledSubscriptions})::int`,
        })
        .from(reportDays)
        .where(sql`${reportDays.day} >= ${oldest}`);
      expect(figures, JSON.stringify(summary)).toMatchObject({
        sales: of('sale').n + of('renewal').n,
        trials: expect.any(Number),
        conversions: expect.any(Number),
      });
      expect(figures!.days).toBeGreaterThanOrEqual(10);
      expect(figures!.trials).toBeGreaterThan(0);
      expect(figures!.conversions).toBeGreaterThan(0);
      expect(figures!.cancelled, JSON.stringify(summary)).toBeGreaterThan(0);

      // Installs on many days, and the workspaces running the apps at the end.
      const [installs] = await db
        .select({
          days: countDistinct(installDays.day),
          installs: sql<number>`sum(${installDays.installs})::int`,
          uninstalls: sql<number>`sum(${installDays.uninstalls})::int`,
          active: sql<number>`sum(${installDays.activeDelta})::int`,
        })
        .from(installDays);
      expect(installs!.days).toBeGreaterThanOrEqual(10);
      expect(installs!.installs).toBeGreaterThanOrEqual(5);
      expect(installs!.active).toBe(installs!.installs - installs!.uninstalls);
      const [last] = await db.select({ day: sql<string>`max(${installDays.day})` }).from(installDays);
      expect(last!.day <= today).toBe(true);

      // Through the public routes only: each install of a version follows that workspace's download of it, of an
      // app it may have — bought by a seeded workspace (or through its bundle), or through the checkout.
      const events = await db.select().from(appInstallEvents);
      const buyers = (await db.select({ id: checkoutSessions.workspaceId }).from(checkoutSessions).where(eq(checkoutSessions.status, 'completed'))).map(
        (r) => r.id,
      );
      for (const e of events.filter((x) => x.action === 'install')) {
        expect(
          events.some(
            (d) => d.action === 'download' && d.workspaceId === e.workspaceId && d.appId === e.appId && d.appVersion === e.appVersion && d.at <= e.at,
          ),
        ).toBe(true);
        expect([jira, standup]).toContain(e.appId);
        expect([hex('ws:acme-hq'), hex('ws:acme-eu'), hex('ws:globex'), hex('ws:initech'), ...buyers]).toContain(e.workspaceId);
        expect(e).toMatchObject({ rocketChatVersion: '7.5.0', engineVersion: '1.47.0' });
      }
      const owner = await first.signIn('owner');
      const read = (await first.request('GET', `/v1/publisher/apps/${standup}/installs`, { token: owner })).json;
      const jiraRead = (await first.request('GET', `/v1/publisher/apps/${jira}/installs`, { token: owner })).json;
      expect(read.totals.downloads + jiraRead.totals.downloads).toBe(events.filter((e) => e.action === 'download').length);

      // A second start over the same data plays nothing.
      const counts = async (d: typeof db) => ({
        lines: (await d.select({ n: count() }).from(salesLines))[0]!.n,
        events: (await d.select({ n: count() }).from(appInstallEvents))[0]!.n,
        payouts: (await d.select({ n: count() }).from(payouts))[0]!.n,
      });
      const played = await counts(db);
      await first.close({ keepDatabase: true });
      firstOpen = false;
      restarted = await startServer({
        simulateWorkspaces: demo,
        inMemoryDatabase: false,
        dataDir: first.config.dataDir,
        databaseUrl: first.config.databaseUrl,
      });
      expect(await restarted.app.demoHistory).toBeNull();
      expect(await counts(restarted.app.db)).toEqual(played);
    } finally {
      if (firstOpen) await first.close();
      await restarted?.close();
    }
  });

  it('plays 150 days unless DEMO_HISTORY_DAYS says otherwise', () => {
    expect(demoHistoryDays({})).toBe(150);
    expect(demoHistoryDays({ DEMO_HISTORY_DAYS: '30' })).toBe(30);
    expect(demoHistoryDays({ DEMO_HISTORY_DAYS: 'many' })).toBe(150);
  });

  it('keeps moving when SIMULATE_WORKSPACES_SECONDS is set (npm run simulate:workspaces); production refuses it and ignores DEMO_WORKSPACES', async () => {
    const live = await startServer({ simulateWorkspaces: { seconds: 0.05, demo: false } });
    try {
      const installs = async () => (await live.app.db.select({ n: count() }).from(appInstallEvents).where(eq(appInstallEvents.action, 'install')))[0]!.n;
      await expect.poll(installs, { timeout: 30_000 }).toBeGreaterThan(2);
    } finally {
      await live.close();
    }
    expect(() => loadConfig({ NODE_ENV: 'production', SIMULATE_WORKSPACES_SECONDS: '5' })).toThrow(/SIMULATE_WORKSPACES_SECONDS is for development/);
    const production = {
      NODE_ENV: 'production',
      CLOUD_ISSUER_URL: 'https://issuer.example',
      CLOUD_CLIENT_SECRET: 'a-real-secret',
      PUBLIC_URL: 'https://marketplace.example',
      SMTP_URL: 'smtp://mail.example:587',
      PAYMENTS_SANDBOX: 'true',
      DEMO_WORKSPACES: 'true',
      LICENSE_PRIVATE_KEY: TEST_LICENSE_KEY,
    };
    expect(loadConfig(production).simulateWorkspaces).toEqual({ seconds: undefined, demo: false });
    expect(loadConfig({ DEMO_WORKSPACES: 'true' }).simulateWorkspaces).toEqual({ seconds: undefined, demo: true });
  });
});
