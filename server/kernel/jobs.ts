import { sql } from 'drizzle-orm';
import { PgBoss, fromDrizzle, fromPglite, type Clock, type ConstructorOptions, type Job, type JobResult } from 'pg-boss';
import type { Backend, Db, Tx } from '../db/client';
import { jobKinds, type JobKind, type JobSettings } from './job-kinds';
import { report } from './metrics-events';

// Background work runs on pg-boss (a job queue in the database itself): on PostgreSQL with a small pool
// of its own (it keeps LISTEN for wake-ups), on the embedded PGlite through its db adapter. Each kind's
// retries, lease, retention and concurrency come from one table (job-kinds.ts). A job's writes are fenced
// to the run that holds it: a run whose claim lapsed (paused past its lease, its job since run by another
// worker) cannot write anything, because each of its transactions starts by proving, on the job's row,
// that this run still holds the job.

/** The schema pg-boss keeps its tables in. */
export const JOB_SCHEMA = 'pgboss';

/** Where pg-boss's statements go: PGlite in this process, or PostgreSQL by URL (a pool of its own). */
export type JobLog = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void; error(obj: object, msg: string): void };

/** Anything that runs SQL: the app's database or a transaction of it (jobs queued in it commit with it). */
export type Executor = Pick<Tx, 'execute'>;

/** pg-boss's adapter over a drizzle transaction (or the database): its statements run there. */
const through = (db: Executor) => fromDrizzle(db as unknown as Parameters<typeof fromDrizzle>[0], sql);
/** How many jobs a settle or a touch changed (pg-boss types its answer as an empty interface). */
const affected = (response: object) => (response as { affected?: number }).affected ?? 0;

/** A run that no longer holds its job (its lease ran out; the job is another run's now): it wrote nothing. */
export class StaleClaim extends Error {
  constructor(kind: string, id: string, attempt: number) {
    super(`run ${attempt} of ${kind} job ${id} no longer holds it: nothing was written`);
  }
}

/** What a run says it came to when it did not settle its job itself: given up for good (no retry left to try). */
export type Disposition = void | { giveUp: string };
export type Runner<T> = (claim: Claim<T>) => Promise<Disposition>;

type Payload = Record<string, unknown>;

/** Every job queue started in this process, newest last (see enqueue). */
const running: Jobs[] = [];

/**
 * Queues a job of `kind` in `db` — the caller's transaction when given one: the job exists exactly when
 * the transaction commits. `startAfter`: not before then. On PGlite, inside a transaction pass the
 * transaction (the database has one connection, which the transaction holds).
 *
 * The insert is pg-boss's own, formatted by a queue of this process (every one has the same schema and
 * queue names; the kind's settings are read from the database's queue row by the insert itself).
 */
export async function enqueue(
  db: Executor,
  kind: string,
  payload: Payload,
  options: { startAfter?: Date; singletonKey?: string; singletonSeconds?: number } = {},
): Promise<string | null> {
  const jobs = running.at(-1);
  if (!jobs) throw new Error(`No job queue runs in this process: ${kind} cannot be queued (open the database first).`);
  return jobs.send(db, kind, payload, options);
}

/**
 * One run of one job, as a worker holds it. Every write of the run goes through `write`, `complete` or
 * `retry`: each is one transaction that first proves, on the job's row (which it locks), that this run
 * still holds the job — else it throws StaleClaim and writes nothing.
 */
export class Claim<T = Payload> {
  constructor(
    private readonly jobs: Jobs,
    readonly kind: string,
    private readonly job: Job<T>,
  ) {}

  get id() {
    return this.job.id;
  }
  get data(): T {
    return this.job.data;
  }
  /** 1 on the first run, 2 on the next… (a run cut short counts). */
  get attempt() {
    return this.job.retryCount + 1;
  }
  /** Aborted when the run should stop: its lease ran out or was lost, or the process is stopping. */
  get signal(): AbortSignal {
    return this.job.signal;
  }
  get db() {
    return this.jobs.db;
  }

  private get fence() {
    return { id: this.job.id, retryCount: this.job.retryCount };
  }
  private stale() {
    return new StaleClaim(this.kind, this.job.id, this.attempt);
  }

  /**
   * Proves the job still this run's (its heartbeat renewed), else throws StaleClaim: before a side effect
   * outside the database (a request, a mail), which a run that lost its job must not make.
   */
  async check(): Promise<void> {
    if (affected(await this.jobs.boss.touch(this.kind, this.fence)) !== 1) throw this.stale();
  }

  /** `work` in one transaction, once the job is proved still this run's (its heartbeat renewed). */
  async write<R>(work: (tx: Tx) => Promise<R>): Promise<R> {
    return this.jobs.db.transaction(async (tx) => {
      if (affected(await this.jobs.boss.touch(this.kind, this.fence, { db: through(tx) })) !== 1) throw this.stale();
      return work(tx);
    });
  }

  /** Finishes the job, with `work` in the same transaction (both or neither). */
  async complete<R>(work?: (tx: Tx) => Promise<R>): Promise<R | undefined> {
    return this.jobs.db.transaction(async (tx) => {
      if (affected(await this.jobs.boss.complete(this.kind, this.fence, null, { db: through(tx) })) !== 1) throw this.stale();
      return work?.(tx);
    });
  }

  /**
   * Fails this run, with `work` in the same transaction: the job runs again as its kind's retry policy
   * says, or — its retries spent — fails for good (to its dead letter queue, if it has one).
   */
  async retry(reason: string, work?: (tx: Tx) => Promise<unknown>): Promise<void> {
    await this.jobs.db.transaction(async (tx) => {
      if (affected(await this.jobs.boss.fail(this.kind, this.fence, { reason }, { db: through(tx) })) !== 1) throw this.stale();
      await work?.(tx);
    });
  }

  /** Fails the job for good, whatever retries are left (return it from the run). */
  giveUp(reason: string): Disposition {
    return { giveUp: reason };
  }

  /** Whether this run has used the kind's last retry (a failure now fails the job for good). */
  get last() {
    return this.job.retryCount >= this.jobs.kinds[this.kind]!.retry.limit;
  }
}

export type JobState = { kind: string; status: 'queued' | 'running' | 'failed'; n: number; waited: number };

/**
 * The job queue of one database: pg-boss started on it with every kind's queue made as job-kinds.ts
 * says, and the workers this process runs.
 */
export class Jobs {
  readonly kinds: Record<string, JobKind>;
  /** The queue's clock (the system's, or a test's). */
  readonly clock: Clock;
  private readonly stopping = new AbortController();
  /** When this process last asked for each kind outside a worker (tests drive runs by hand). */
  private readonly asked = new Map<string, number>();
  private stopped = false;

  private constructor(
    readonly boss: PgBoss,
    readonly db: Db,
    readonly settings: JobSettings,
    private readonly log: JobLog,
    clock: Clock | undefined,
  ) {
    this.kinds = jobKinds(settings);
    this.clock = clock ?? { now: () => Date.now(), setTimeout, clearTimeout, setInterval, clearInterval };
  }

  /** Starts pg-boss on `backend` (installing or upgrading its schema) and makes or updates every kind's queue. */
  static async start(o: { db: Db; backend: Backend; settings: JobSettings; clock?: Clock; log: JobLog }): Promise<Jobs> {
    const s = o.settings;
    const options: ConstructorOptions = {
      schema: JOB_SCHEMA,
      // New jobs wake the workers of their queue at once (NOTIFY); polling is the backstop for work that
      // becomes due by time (retries, scheduled deliveries) and for a lost listener.
      useListenNotify: true,
      // Lapsed leases are looked for every JOB_SUPERVISE_SECONDS (one process of all does it each time);
      // finished jobs past the retention are deleted every 5 minutes (each pass costs a few statements per
      // queue, and retention needs no precision).
      superviseIntervalSeconds: s.superviseSeconds,
      monitorIntervalSeconds: s.superviseSeconds,
      maintenanceIntervalSeconds: Math.max(s.superviseSeconds, 300),
      // The cron pass (payout reconciliation, once a minute) sends its jobs within 30 s of their minute.
      cronWorkerIntervalSeconds: 30,
      // Neither job flows (dependencies) nor pg-boss's background migrations are used: rarely looked after.
      flowIntervalSeconds: 300,
      bamIntervalSeconds: 300,
      ...(o.clock ? { clock: o.clock } : {}),
    };
    const boss =
      o.backend.kind === 'pglite'
        ? new PgBoss({ ...options, db: fromPglite(o.backend.pglite), backend: 'pglite' })
        : // A pool of its own: LISTEN holds a connection, and its polls never wait behind the API's queries.
          new PgBoss({ ...options, connectionString: o.backend.url, max: 4, options: '-c jit=off' });
    boss.on('error', (err: Error) => o.log.warn({ err }, 'job queue: an error in the background'));
    boss.on('warning', (w: { message: string; data?: unknown }) => o.log.warn({ data: w.data }, `job queue: ${w.message}`));
    await boss.start();
    const jobs = new Jobs(boss, o.db, s, o.log, o.clock);
    try {
      // Each kind's queue as job-kinds.ts says (a dead letter queue before the queue that uses it).
      for (const kind of Object.values(jobs.kinds)) {
        const settings = {
          retryLimit: kind.retry.limit,
          retryDelay: kind.retry.delaySeconds,
          retryBackoff: kind.retry.backoff,
          expireInSeconds: kind.expireInSeconds,
          deleteAfterSeconds: s.retentionSeconds,
          notify: true,
        };
        await boss.createQueue(kind.name, {
          ...settings,
          policy: kind.policy,
          ...(kind.deadLetter ? { deadLetter: kind.deadLetter } : {}),
          ...(kind.heartbeatSeconds ? { heartbeatSeconds: kind.heartbeatSeconds } : {}),
        });
        // Made by an earlier start: take this start's settings (every process should run with the same).
        await boss.updateQueue(kind.name, { ...settings, deadLetter: kind.deadLetter ?? null, heartbeatSeconds: kind.heartbeatSeconds ?? null });
      }
    } catch (e) {
      await boss.stop({ graceful: false }).catch(() => {});
      throw e;
    }
    running.push(jobs);
    return jobs;
  }

  /** Queues a job in `db` (see enqueue). */
  async send(db: Executor, kind: string, payload: Payload, options: { startAfter?: Date; singletonKey?: string; singletonSeconds?: number } = {}) {
    return this.boss.send(kind, payload, { ...options, db: through(db) });
  }

  /** Queues many jobs of `kind` in `db` with one statement (a burst of work, in the caller's transaction). */
  async sendMany(db: Executor, kind: string, payloads: Payload[]) {
    return this.boss.insert(
      kind,
      payloads.map((data) => ({ data })),
      { db: through(db), returnId: true },
    );
  }

  /** Aborted when this queue starts stopping. */
  get stopSignal() {
    return this.stopping.signal;
  }

  /**
   * Runs `run` for each job of `kind`, as many at once as the kind allows. A run settles its job itself
   * (complete, retry) or returns what it came to; a run that throws is retried per the kind's policy; a
   * run that lost its job (StaleClaim) has written nothing and leaves the job to the run that has it.
   */
  async work<T = Payload>(kind: string, run: Runner<T>) {
    const k = this.kinds[kind];
    if (!k) throw new Error(`no job kind ${kind}`);
    await this.boss.work<T>(
      kind,
      {
        localConcurrency: k.concurrency,
        batchSize: 1,
        perJobResults: true,
        notifyPollingIntervalSeconds: this.settings.pollSeconds,
        // While the listener is down (PostgreSQL restarting): poll faster until it is back.
        pollingIntervalSeconds: Math.min(2, this.settings.pollSeconds),
      },
      async (batch): Promise<JobResult[]> => {
        const results = await Promise.all(batch.map((job) => this.runOne(kind, job, run)));
        // A worker that found work looks again at once (pg-boss would otherwise wait out the poll).
        this.wake(kind);
        return results;
      },
    );
  }

  /** Registers the kind's cron schedule (once per occurrence across every process). */
  async schedule(kind: string) {
    const cron = this.kinds[kind]?.cron;
    if (!cron) throw new Error(`job kind ${kind} has no schedule`);
    await this.boss.schedule(kind, cron, {});
  }

  /** Claims one due job of `kind` now, outside a worker (null when none is due). */
  async claim<T = Payload>(kind: string): Promise<Claim<T> | null> {
    this.asked.set(kind, Date.now());
    const [job] = await this.boss.fetch<T>(kind);
    report(this.db, { type: 'jobPoll', kind, claimed: !!job });
    if (!job) return null;
    (job as { signal: AbortSignal }).signal = this.stopping.signal;
    return new Claim<T>(this, kind, job);
  }

  /** Claims and runs the next due job of `kind` outside a worker (what a worker does each time); null when none is due. */
  async runNext<T = Payload>(kind: string, run: Runner<T>): Promise<Claim<T> | null> {
    const claim = await this.claim<T>(kind);
    if (!claim) return null;
    const result = await this.settleRun(claim, run);
    const fence = { id: claim.id, retryCount: claim.attempt - 1 };
    // What a worker's settle would do; fenced, so a no-op for a job the run settled itself.
    if (result.status === 'completed') await this.boss.complete(kind, fence);
    else await this.boss.fail(kind, fence, result.output ?? null);
    return claim;
  }

  private async runOne<T>(kind: string, job: Job<T>, run: Runner<T>): Promise<JobResult> {
    report(this.db, { type: 'jobPoll', kind, claimed: true });
    return this.settleRun(new Claim<T>(this, kind, job), run);
  }

  private async settleRun<T>(claim: Claim<T>, run: Runner<T>): Promise<JobResult> {
    const id = claim.id;
    try {
      const disposition = await run(claim);
      if (disposition && 'giveUp' in disposition) return { id, status: 'deadletter', output: { reason: disposition.giveUp } };
      // Settled by the run (then this is a no-op: the job is no longer this run's), or done with nothing to write.
      return { id, status: 'completed' };
    } catch (err) {
      if (err instanceof StaleClaim) {
        this.log.warn({ job: id, kind: claim.kind, attempt: claim.attempt }, err.message);
        return { id, status: 'completed' };
      }
      const reason = err instanceof Error ? err.message : String(err);
      this.log.error({ err, job: id, kind: claim.kind, attempt: claim.attempt }, `a ${claim.kind} job failed`);
      try {
        await claim.retry(reason);
        return { id, status: 'completed' };
      } catch (again) {
        if (again instanceof StaleClaim) return { id, status: 'completed' };
        return { id, status: 'failed', output: { reason } };
      }
    }
  }

  /** Wakes this process's workers of `kind` (and of its dead letter queue): they look for work at once. */
  wake(kind: string) {
    const names = new Set([kind, this.kinds[kind]?.deadLetter]);
    for (const w of this.boss.getWipData()) if (names.has(w.name)) this.boss.notifyWorker(w.id);
  }

  /** When this process last asked for a job of `kind` (a worker's fetch, or a claim by hand); undefined: never. */
  lastAsked(kind: string): number | undefined {
    const times = this.boss
      .getWipData()
      .filter((w) => w.name === kind)
      .map((w) => w.lastFetchedOn ?? w.createdOn);
    const byHand = this.asked.get(kind);
    const all = byHand === undefined ? times : [...times, byHand];
    return all.length ? Math.max(...all) : undefined;
  }

  /**
   * Stops this process's workers of `kinds`: they take no more jobs, and the runs under way get
   * `graceSeconds` to finish (what is still running then is failed, and retried, when the queue stops).
   */
  async stopWorking(kinds: string[], graceSeconds = 10) {
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => (timer = setTimeout(resolve, graceSeconds * 1000)));
    await Promise.race([Promise.all(kinds.map((k) => this.boss.offWork(k, { wait: true }))), grace]);
    clearTimeout(timer);
  }

  /**
   * Stops the queue: no new runs; runs under way get `graceSeconds` to finish (they are told through
   * `stopSignal`), then are failed (they run again as their retry policy says).
   */
  async stop(graceSeconds = 10) {
    if (this.stopped) return;
    this.stopped = true;
    running.splice(running.indexOf(this), 1);
    this.stopping.abort();
    await this.boss.stop({ graceful: true, timeout: graceSeconds * 1000, close: true });
  }

  /** The jobs of `kind` (newest first): their state, runs and outcome, as pg-boss keeps them. For tests and operators. */
  async list<T = Payload>(kind: string) {
    const result = await this.db.execute(sql`
      SELECT id, state, retry_count AS "retryCount", data, output, start_after AS "startAfter", completed_on AS "completedOn", created_on AS "createdOn"
      FROM ${sql.identifier(JOB_SCHEMA)}.job WHERE name = ${kind} ORDER BY created_on DESC, id`);
    return (
      result as unknown as {
        rows: {
          id: string;
          state: string;
          retryCount: number;
          data: T;
          output: { reason?: string } | null;
          startAfter: Date;
          completedOn: Date | null;
          createdOn: Date;
        }[];
      }
    ).rows;
  }
}

/**
 * Jobs by kind and state (queued: created or waiting to retry; running; failed) and how long the oldest
 * due queued job of each kind has waited: one query over the unfinished and failed jobs.
 */
export async function jobStates(db: Db, kinds: string[]): Promise<JobState[]> {
  const result = await db.execute(sql`
    SELECT name AS kind,
      CASE WHEN state IN ('created', 'retry') THEN 'queued' WHEN state = 'active' THEN 'running' ELSE 'failed' END AS status,
      count(*)::int AS n,
      coalesce(extract(epoch FROM now() - min(start_after) FILTER (WHERE state IN ('created', 'retry') AND start_after <= now())), 0)::float8 AS waited
    FROM ${sql.identifier(JOB_SCHEMA)}.job
    WHERE name IN (${sql.join(
      kinds.map((k) => sql`${k}`),
      sql`, `,
    )}) AND state IN ('created', 'retry', 'active', 'failed')
    GROUP BY 1, 2`);
  return (result as unknown as { rows: JobState[] }).rows.map((r) => ({ ...r, n: Number(r.n), waited: Number(r.waited) }));
}
