// Webhook deliveries drained by two portal processes (`server/main.ts`, as deployed) on one PostgreSQL
// database, one of them killed (SIGKILL) half-way: the survivor takes over what the dead one held once its
// lease runs out. Counts what a local receiver got against what was queued. Used by `npm run bench:jobs`
// (10 000 deliveries, timed) and, smaller, by tests/api/jobs-drain.test.ts.
import { randomBytes } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { jobSettings, loadConfig } from '../server/config';
import { openDatabaseWithJobs } from '../server/kernel/database';
import { webhookActivities, webhooks } from '../server/db/schema';
import { DELIVER_JOB } from '../server/kernel/job-kinds';
import { sweepTempRoots } from '../server/kernel/process/temp-root';
import { startPortalProcess, tempDataDir, type PortalProcess } from './portal-process';
import { startReceiver } from './webhook-receiver';

const NORTHWIND = '6560a1f0c0ffee0000000001';

export type DrainResult = {
  deliveries: number;
  /** From the commit of the queueing transaction to the last delivery recorded. */
  ms: number;
  /** Queued deliveries never received, or not recorded as delivered. */
  lost: number;
  /** Deliveries received more than once other than those in flight in the killed process when it died. */
  doubled: number;
  /** Deliveries recorded with more than one attempt (each was answered 200 at once: one is right). */
  recordedTwice: number;
  /** Deliveries the killed process had on the wire (received before it died), made again by the survivor: at least once. */
  resentAfterKill: number;
  /** Received when the process was killed. */
  receivedAtKill: number;
  /** Delivery jobs not completed at the end (failed, or still queued). */
  unfinishedJobs: number;
};

/** Creates a database on `admin`'s server, runs the drain, and drops it again. */
export async function drainAcrossProcesses(o: { admin: string; deliveries: number; kill?: boolean; log?: (line: string) => void }): Promise<DrainResult> {
  const log = o.log ?? (() => {});
  const name = `portal_drain_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: o.admin });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(o.admin);
  url.pathname = `/${name}`;
  const env: Record<string, string> = {
    DATABASE_URL: url.toString(),
    SEED_DEMO_DATA: 'true',
    SERVE_SPA: 'false',
    LOG_LEVEL: 'error',
    WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'true',
    WEBHOOK_WORKER: 'true',
    COMPILE_WORKER: 'false',
    MAIL_WORKER: 'false',
    // A short lease, so that the dead process's deliveries are taken over soon; checked every second.
    JOB_LEASE_SECONDS: '15',
    WEBHOOK_TIMEOUT_SECONDS: '5',
    COMPILE_TIMEOUT_SECONDS: '5',
    JOB_SUPERVISE_SECONDS: '1',
    JOB_POLL_SECONDS: '1',
  };
  const receiver = await startReceiver();
  const dirs = [tempDataDir('portal-drain-'), tempDataDir('portal-drain-')];
  const portals: PortalProcess[] = [];
  // This process queues the deliveries (as a burst of sales would), with the portals' job settings.
  let database: Awaited<ReturnType<typeof openDatabaseWithJobs>> | undefined;
  try {
    // Started together (one migrates, the other waits); each kept as it starts, so that all are stopped.
    const starts = await Promise.allSettled(dirs.map((d) => startPortalProcess({ ...env, DATA_DIR: d.path })));
    for (const s of starts) if (s.status === 'fulfilled') portals.push(s.value);
    for (const s of starts) if (s.status === 'rejected') throw s.reason;
    log(`two portal processes up (pids ${portals.map((p) => p.child.pid).join(', ')})`);
    database = await openDatabaseWithJobs({ url: url.toString(), jobs: { settings: jobSettings(loadConfig(env)) } });
    const { db, jobs } = database;
    const webhookId = `drain${randomBytes(6).toString('hex')}`;
    await db.insert(webhooks).values({
      id: webhookId,
      publisherId: NORTHWIND,
      label: 'Drain',
      url: receiver.url,
      events: ['app.purchase.created'],
      secret: 'whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0',
    });
    const ids = Array.from({ length: o.deliveries }, (_, i) => ({ activityId: `drain-${i}`, eventId: `evt_drain_${i}` }));
    await db.transaction(async (tx) => {
      for (let i = 0; i < ids.length; i += 1000) {
        await tx.insert(webhookActivities).values(
          ids.slice(i, i + 1000).map(({ activityId, eventId }) => ({
            id: activityId,
            webhookId,
            status: 'created' as const,
            eventId,
            eventType: 'app.purchase.created',
            payload: { type: 'app.purchase.created', timestamp: new Date().toISOString(), data: { n: activityId } },
          })),
        );
        await jobs.sendMany(
          tx,
          DELIVER_JOB,
          ids.slice(i, i + 1000).map(({ activityId }) => ({ activityId })),
        );
      }
    });
    const started = performance.now();
    log(`${o.deliveries} deliveries queued`);

    let killedAt = Infinity;
    let receivedAtKill = 0;
    const delivered = async () => {
      const result = await db.execute(sql`SELECT count(*)::int AS n FROM webhook_activities WHERE webhook_id = ${webhookId} AND status = 'delivered'`);
      return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
    };
    const deadline = Date.now() + 15 * 60_000;
    for (;;) {
      if (o.kill !== false && killedAt === Infinity && receiver.received.length >= o.deliveries / 2) {
        await portals[0]!.stop('SIGKILL');
        // Once it is gone: whatever arrived until now may have come from it.
        killedAt = Date.now();
        receivedAtKill = receiver.received.length;
        log(`killed pid ${portals[0]!.child.pid} at ${receivedAtKill} received`);
      }
      if ((await delivered()) >= o.deliveries) break;
      if (Date.now() > deadline) throw new Error('the deliveries did not drain within 15 minutes');
      await new Promise((r) => setTimeout(r, killedAt === Infinity ? 20 : 100));
    }
    const ms = performance.now() - started;

    // Every webhook-id, and when each arrived.
    const arrivals = new Map<string, number[]>();
    for (const r of receiver.received) {
      const id = String(r.headers['webhook-id']);
      arrivals.set(id, [...(arrivals.get(id) ?? []), r.at]);
    }
    const rows = await db
      .select({ eventId: webhookActivities.eventId, status: webhookActivities.status, attempts: webhookActivities.attempts })
      .from(webhookActivities)
      .where(
        inArray(
          webhookActivities.id,
          ids.map((i) => i.activityId),
        ),
      );
    const byEvent = new Map(rows.map((r) => [r.eventId, r]));
    let lost = 0;
    let doubled = 0;
    let resentAfterKill = 0;
    for (const { eventId } of ids) {
      const times = arrivals.get(eventId) ?? [];
      if (times.length === 0 || byEvent.get(eventId)?.status !== 'delivered') lost++;
      if (times.length > 1) {
        // The dead process had it on the wire (its first arrival before the kill): made again, at least once.
        if (times.length === 2 && times[0]! <= killedAt) resentAfterKill++;
        else doubled++;
      }
    }
    if (doubled)
      log(
        `doubled: ${ids
          .filter(({ eventId }) => (arrivals.get(eventId)?.length ?? 0) > 1)
          .map(
            ({ eventId }) =>
              `${eventId} at ${arrivals
                .get(eventId)!
                .map((t) => t - killedAt)
                .join('/')} ms from the kill`,
          )
          .join(', ')}`,
      );
    const recordedTwice = rows.filter((r) => r.attempts.length > 1).length;
    const unfinished = await db.execute(
      sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = ${DELIVER_JOB} AND state <> 'completed' AND data->>'activityId' LIKE 'drain-%'`,
    );
    const unfinishedJobs = (unfinished as unknown as { rows: { n: number }[] }).rows[0]!.n;
    return { deliveries: o.deliveries, ms, lost, doubled, recordedTwice, resentAfterKill, receivedAtKill, unfinishedJobs };
  } finally {
    await database?.close().catch(() => {});
    await Promise.all(portals.map((p) => p.stop()));
    await receiver.close();
    for (const d of dirs) d.remove();
    // The killed process's temporary folder (a portal removes those at its start; none starts again here).
    await sweepTempRoots();
    const c = new pg.Client({ connectionString: o.admin });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  }
}
