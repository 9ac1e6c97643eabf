// The job queue (pg-boss, server/kernel/jobs.ts): on the embedded PGlite through its db adapter (and on
// PostgreSQL in the PostgreSQL pass); jobs queued in the caller's transaction; every write of a run fenced
// to the run that holds its job, so a run paused past its lease while another process finished the job
// can neither overwrite the result nor deliver a webhook again; payout reconciliation once a minute across
// processes; finished jobs deleted after the retention; the lease checked against a compile at start.
// Time is pg-boss's TestClock where it matters: the queue's clock, in the database too, moved by the test.
import { eq, sql } from 'drizzle-orm';
import { TestClock } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { compileJobs, templateRenders, webhookActivities, webhooks } from '../../server/db/schema';
import { demoPublishers } from '../../server/dev/seed/seed-data';
import { compileNext, runJob } from '../../server/apps/plugins/workers';
import { COMPILE_JOB, DELIVER_JOB, MAIL_JOB, NOTIFY_JOB, RECONCILE_JOB } from '../../server/kernel/job-kinds';
import { StaleClaim, enqueue } from '../../server/kernel/jobs';
import { deliver, deliverNext } from '../../server/webhooks/deliver';
import { fixtureFiles, zip } from '../fixtures/packages';
import { startServer, type TestServer } from '../harness';
import { runScript } from '../portal-process';
import { startReceiver } from '../webhook-receiver';
import { eventually } from '../eventually';

const onPostgres = !!process.env.TEST_DATABASE_URL;
const northwind = demoPublishers.find((p) => p.key === 'northwind')!.id;
const message = { to: 'someone@example.com', subject: 'Hello', text: 'x', html: '<p>x</p>', messageId: 'hello@marketplace.example' };

describe('pg-boss on the embedded database (or PostgreSQL)', () => {
  const clock = new TestClock();
  const settings = { leaseSeconds: 30, superviseSeconds: 5, retentionSeconds: 400 };
  let s: TestServer;
  // No worker takes these kinds here: the test claims them by hand.
  let database: Pick<TestServer['app'], 'db' | 'jobs'>;
  beforeAll(async () => {
    s = await startServer(
      { jobClock: clock, compileWorker: false },
      {
        MAIL_WORKER: 'false',
        JOB_LEASE_SECONDS: '30',
        COMPILE_TIMEOUT_SECONDS: '10',
        WEBHOOK_TIMEOUT_SECONDS: '5',
        JOB_SUPERVISE_SECONDS: '5',
        JOB_RETENTION_SECONDS: '400',
      },
    );
    database = s.app;
  });
  afterAll(() => s?.close());

  it('queues a job in the caller’s transaction: there once it commits, gone with its rollback', async () => {
    const { db, jobs } = database;
    // On PGlite the transaction holds the one connection: the job is written through it, or it would wait forever.
    const committed = await db.transaction(async (tx) => enqueue(tx, MAIL_JOB, { ...message, subject: 'committed' }));
    const rolledBack = await db
      .transaction(async (tx) => {
        await enqueue(tx, MAIL_JOB, { ...message, subject: 'rolled back' });
        tx.rollback();
      })
      .catch((e: unknown) => e);
    expect(rolledBack).toBeInstanceOf(Error);
    const queued = await jobs.list<typeof message>(MAIL_JOB);
    expect(queued.map((j) => j.data.subject)).toEqual(['committed']);
    expect(queued[0]).toMatchObject({ id: committed, state: 'created', retryCount: 0 });
  });

  it('refuses every write of a run whose lease ran out once another run holds the job', async () => {
    const { db, jobs } = database;
    await enqueue(db, NOTIFY_JOB, { kind: 'version-approved', appId: 'a', internalId: 'b' });
    const stale = (await jobs.claim(NOTIFY_JOB))!;
    expect(stale.attempt).toBe(1);
    // The run pauses past its lease: the queue takes the job back and another run claims it.
    await clock.tick((settings.leaseSeconds + settings.superviseSeconds + 1) * 1000);
    await eventually(async () => (await jobs.list(NOTIFY_JOB))[0]?.state === 'retry');
    // Due again once the kind's retry delay has passed.
    await clock.tick(11_000);
    const current = (await jobs.claim(NOTIFY_JOB))!;
    expect(current).toMatchObject({ id: stale.id, attempt: 2 });
    const written = async () => (await db.select().from(templateRenders).where(eq(templateRenders.name, 'fenced'))).length;
    for (const write of [
      () => stale.write((tx) => tx.insert(templateRenders).values({ name: 'fenced', failed: true })),
      () => stale.complete((tx) => tx.insert(templateRenders).values({ name: 'fenced', failed: true })),
      () => stale.retry('late', (tx) => tx.insert(templateRenders).values({ name: 'fenced', failed: true })),
    ]) {
      await expect(write()).rejects.toBeInstanceOf(StaleClaim);
    }
    expect(await written()).toBe(0);
    // The run that holds the job writes and finishes it.
    await current.complete((tx) => tx.insert(templateRenders).values({ name: 'fenced', failed: false }));
    expect(await written()).toBe(1);
    expect((await jobs.list(NOTIFY_JOB))[0]).toMatchObject({ state: 'completed', retryCount: 1 });
  });

  it('deletes finished jobs once they are older than the retention, and keeps the rest', async () => {
    const { db, jobs } = database;
    await db.execute(sql`DELETE FROM pgboss.job WHERE name = ${MAIL_JOB}`);
    const done = await enqueue(db, MAIL_JOB, { ...message, subject: 'done' });
    await (await jobs.claim(MAIL_JOB))!.complete();
    const waiting = await enqueue(db, MAIL_JOB, { ...message, subject: 'waiting' }, { startAfter: new Date(clock.now() + 7_200_000) });
    const ids = async () => (await jobs.list(MAIL_JOB)).map((j) => j.id).sort();
    // Old jobs are deleted every 5 minutes. Younger than the retention (400 s) at that pass: kept.
    await clock.tick(320_000);
    expect(await ids()).toEqual([done, waiting].sort());
    // Older at the next: gone; the job that has not run yet stays.
    await clock.tick(320_000);
    await eventually(async () => (await ids()).length === 1);
    expect(await ids()).toEqual([waiting]);
  });
});

describe('a run paused past its lease while another process finished its job', () => {
  const clock = new TestClock();
  // The lease runs on the test's clock (no real waiting); the compile's own time-out on the real one, so it is
  // generous: a compile on a busy 2-core machine can take far longer than on a quiet one.
  const lease = 310;
  let a: TestServer;
  let b: TestServer;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let owner: string;
  const env = {
    WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'true',
    WEBHOOK_TIMEOUT_SECONDS: '1',
    JOB_LEASE_SECONDS: String(lease),
    COMPILE_TIMEOUT_SECONDS: '300',
    JOB_SUPERVISE_SECONDS: '1',
  };
  /** Past the lease: the queue (supervising every second) takes the paused run's job back. */
  const pausePastLease = () => clock.tick((lease + 2) * 1000);
  beforeAll(async () => {
    receiver = await startReceiver();
    a = await startServer({ jobClock: clock, compileWorker: false }, env);
    // On PostgreSQL the other process is a second server on the same database (and files); on PGlite, the same one.
    b = onPostgres ? await startServer({ jobClock: clock, compileWorker: false, databaseUrl: a.config.databaseUrl, dataDir: a.config.dataDir }, env) : a;
    owner = await a.signIn('owner');
  });
  afterAll(async () => {
    if (b !== a) await b?.close({ keepDatabase: true });
    await a?.close();
    await receiver?.close();
  });

  it('cannot overwrite the compile’s verdict', async () => {
    const up = await a.upload('POST', '/v1/publisher/apps', owner, [{ field: 'app', filename: 'app.zip', data: zip(fixtureFiles('standup-helper')) }]);
    expect(up.status, up.text).toBe(201);
    const stale = (await a.app.jobs.claim<{ compileJobId: string }>(COMPILE_JOB))!;
    await pausePastLease();
    await eventually(async () => (await a.app.jobs.list(COMPILE_JOB))[0]?.state === 'retry');
    expect(await compileNext(b.app)).toMatchObject({ id: stale.id, attempt: 2 });
    const verdict = async () => (await a.app.db.select().from(compileJobs).where(eq(compileJobs.id, stale.data.compileJobId)))[0];
    const recorded = await verdict();
    expect(recorded).toMatchObject({ status: 'succeeded' });
    expect((await a.settled(owner, up.json.appId)).latest.status).toBe('compiled');
    // The paused run wakes up and carries on: refused at its first write, it compiles nothing and records nothing.
    await expect(runJob(a.app, stale)).rejects.toBeInstanceOf(StaleClaim);
    // Nor can it record a verdict of its own.
    await expect(
      stale.complete((tx) => tx.update(compileJobs).set({ status: 'failed' }).where(eq(compileJobs.id, stale.data.compileJobId))),
    ).rejects.toBeInstanceOf(StaleClaim);
    expect(await verdict()).toEqual(recorded);
    expect((await a.app.jobs.list(COMPILE_JOB))[0]).toMatchObject({ state: 'completed', retryCount: 1 });
    // A real compile and its verdict: on a busy 2-core machine that alone took most of the default 30 s.
  });

  it('cannot deliver again: the receiver sees one delivery per webhook-id and attempt', async () => {
    const hook = (
      await a.request('POST', '/v1/publisher/webhooks', {
        token: owner,
        body: { label: 'Stale', enabled: true, url: receiver.url, for: ['app.purchase.created'] },
      })
    ).json;
    await a.app.db.update(webhooks).set({ enabled: false }).where(eq(webhooks.publisherId, northwind));
    await a.app.db.update(webhooks).set({ enabled: true }).where(eq(webhooks.id, hook.id));
    const test = (await a.request('POST', `/v1/publisher/webhooks/${hook.id}/test`, { token: owner })).json;
    // (The demo data's pending delivery is queued before it.)
    let stale = (await a.app.jobs.claim<{ activityId: string }>(DELIVER_JOB))!;
    while (stale.data.activityId !== test.id) {
      await stale.complete();
      stale = (await a.app.jobs.claim<{ activityId: string }>(DELIVER_JOB))!;
    }
    await pausePastLease();
    await eventually(async () => (await a.app.jobs.list<{ activityId: string }>(DELIVER_JOB)).find((j) => j.id === stale.id)?.state === 'retry');
    expect(await deliverNext(b.app.webhookDeliveries())).toMatchObject({ id: stale.id, attempt: 2 });
    expect(receiver.received.map((r) => r.headers['webhook-id'])).toEqual([test.event.id]);
    // The paused run wakes up just before its request: it sends nothing, records nothing.
    await expect(deliver(a.app.webhookDeliveries(), stale)).rejects.toBeInstanceOf(StaleClaim);
    expect(receiver.received).toHaveLength(1);
    const [activity] = await a.app.db.select().from(webhookActivities).where(eq(webhookActivities.id, test.id));
    expect(activity).toMatchObject({ status: 'delivered' });
    expect(activity!.attempts).toHaveLength(1);
  });
});

describe('payout reconciliation', () => {
  const clock = new TestClock(Date.parse('2031-03-01T10:00:05Z'));
  const servers: TestServer[] = [];
  beforeAll(async () => {
    servers.push(await startServer({ jobClock: clock }));
    // Two processes on PostgreSQL; on the embedded database one process has it to itself.
    if (onPostgres) servers.push(await startServer({ jobClock: clock, databaseUrl: servers[0]!.config.databaseUrl, dataDir: servers[0]!.config.dataDir }));
  });
  afterAll(async () => {
    for (const s of servers.slice(1)) await s.close({ keepDatabase: true });
    await servers[0]?.close();
  });

  it(`runs once per minute${onPostgres ? ' across two processes' : ''}`, async () => {
    const [s] = servers as [TestServer];
    const rows = async <T>(query: ReturnType<typeof sql>) => ((await s.app.db.execute(query)) as unknown as { rows: T[] }).rows;
    // Each process's cron pass files the minute's occurrence under its minute (pg-boss's send-it queue keeps
    // one per minute, whichever process gets there first), then it is sent to the queue as a run.
    const occurrences = () =>
      rows<{ minute: string }>(
        sql`SELECT data->>'slot' AS minute FROM pgboss.job WHERE name = '__pgboss__send-it' AND data->>'name' = ${RECONCILE_JOB} ORDER BY 1`,
      );
    const runs = () =>
      rows<{ key: string | null; state: string; retryCount: number }>(sql`
      SELECT singleton_key AS key, state, retry_count AS "retryCount" FROM pgboss.job WHERE name = ${RECONCILE_JOB}`);
    // Five minutes go by, five seconds at a time (each process's cron pass looks every 30 s).
    for (let i = 0; i < 60; i++) await clock.tick(5_000);
    await eventually(async () => (await runs()).every((r) => r.state === 'completed'));
    const minutes = (await occurrences()).map((o) => o.minute);
    // One occurrence per minute, none twice: 10:00 (due when the servers started) to 10:05.
    expect(minutes.length, minutes.join(' ')).toBeGreaterThanOrEqual(5);
    expect(new Set(minutes).size, minutes.join(' ')).toBe(minutes.length);
    expect(
      minutes.every((m) => m >= '2031-03-01 10:00:00' && m <= '2031-03-01 10:05:00'),
      minutes.join(' '),
    ).toBe(true);
    // Each sent as one run (the last may still be on its way), run once.
    const scheduled = (await runs()).filter((r) => r.key !== 'start');
    expect(scheduled.length).toBeGreaterThanOrEqual(minutes.length - 1);
    expect(scheduled.length).toBeLessThanOrEqual(minutes.length);
    expect(scheduled.every((r) => r.retryCount === 0)).toBe(true);
  });
});

describe('the lease, checked at start', () => {
  it('refuses a lease that cannot cover a compile or a delivery, saying which', () => {
    const refused = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (e) {
        expect(e).toBeInstanceOf(ConfigError);
        return (e as Error).message;
      }
      return '';
    };
    expect(refused({ JOB_LEASE_SECONDS: '60', COMPILE_TIMEOUT_SECONDS: '60' })).toContain(
      'JOB_LEASE_SECONDS (60) cannot cover a compile: it must be at least COMPILE_TIMEOUT_SECONDS (60) + 10 = 70 s',
    );
    expect(refused({ JOB_LEASE_SECONDS: '12', COMPILE_TIMEOUT_SECONDS: '1' })).toContain('JOB_LEASE_SECONDS (12) cannot cover a webhook delivery');
    expect(refused({ JOB_LEASE_SECONDS: '70', COMPILE_TIMEOUT_SECONDS: '60' })).toBe('');
  });

  it('keeps the portal from starting, with that message', async () => {
    const { code, output } = await runScript('server/main.ts', { JOB_LEASE_SECONDS: '30', COMPILE_TIMEOUT_SECONDS: '60', PORT: '0' });
    expect(code).toBe(1);
    expect(output).toContain('Refusing to start:\n- JOB_LEASE_SECONDS (30) cannot cover a compile');
  });
});
