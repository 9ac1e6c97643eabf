import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Config } from '../config';
import type { Db } from '../db/client';
import {
  COMPILE_GAVE_UP_JOB,
  COMPILE_JOB,
  DELIVER_JOB,
  DISPATCH_JOB,
  MAIL_JOB,
  NOTIFY_JOB,
  RECONCILE_JOB,
  SANDBOX_BILLING_JOB,
  TOKEN_EXPIRY_JOB,
  VOID_CHECKOUT_JOB,
} from './job-kinds';
import { jobStates } from './jobs';
import type { OperationEvent } from './metrics-events';

/** The workers of the job queue, whether this process runs each, and the kinds each works on. */
export const WORKERS = [
  { name: 'compile', runs: (c: Config) => c.compileWorker, kinds: [COMPILE_JOB, COMPILE_GAVE_UP_JOB] },
  { name: 'mail', runs: (c: Config) => c.mail.worker, kinds: [NOTIFY_JOB, MAIL_JOB, TOKEN_EXPIRY_JOB] },
  { name: 'webhook', runs: (c: Config) => c.webhooks.worker, kinds: [DISPATCH_JOB, DELIVER_JOB] },
  { name: 'payouts', runs: () => true, kinds: [RECONCILE_JOB, VOID_CHECKOUT_JOB] },
  { name: 'billing', runs: (c: Config) => !c.payments.stripe, kinds: [SANDBOX_BILLING_JOB] },
];
const JOB_KINDS = WORKERS.flatMap((w) => w.kinds);
const JOB_STATES = ['queued', 'running', 'failed'] as const;

/** How long a probe or a scrape waits for the database. */
export const DATABASE_TIMEOUT_MS = 2000;

/** `promise`, or a rejection after `ms`: a database that does not answer in time is as good as down to a probe. */
export function within<T>(ms: number, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

export type PoolStats = { totalCount: number; idleCount: number; waitingCount: number };

/**
 * One app instance's metrics, in a registry of its own (tests build several apps in one process): the
 * process's (prom-client's defaults), HTTP requests by route pattern and status, the job queue as it is at
 * each scrape (pg-boss's job table), and what the services report (metrics-events.ts).
 */
export function portalMetrics(o: { db: () => Db; onError: (err: unknown) => void }) {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

  const http = { labelNames: ['method', 'route', 'status'] as const, registers };
  const requests = new Counter({ name: 'portal_http_requests_total', help: 'HTTP requests answered, by route pattern and status.', ...http });
  const latency = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Time from a request to its answer, by route pattern and status.',
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    ...http,
  });

  // Read from the job queue at each scrape (one query shared by both gauges); kinds and states at 0 included.
  let reading: Promise<void> | null = null;
  const readJobs = () =>
    (reading ??= within(DATABASE_TIMEOUT_MS, jobStates(o.db(), JOB_KINDS))
      .then((rows) => {
        jobs.reset();
        oldest.reset();
        for (const kind of JOB_KINDS) {
          for (const state of JOB_STATES) jobs.set({ kind, state }, rows.find((r) => r.kind === kind && r.status === state)?.n ?? 0);
          oldest.set({ kind }, rows.find((r) => r.kind === kind && r.status === 'queued')?.waited ?? 0);
        }
      })
      // The database being down is /readyz's to say; the scrape still answers with what this process knows.
      .catch((err: unknown) => {
        jobs.reset();
        oldest.reset();
        o.onError(err);
      })
      .finally(() => (reading = null)));
  const jobs = new Gauge({
    name: 'portal_jobs',
    help: 'Jobs in the job queue, by kind and state (queued: waiting or to be retried; running; failed).',
    labelNames: ['kind', 'state'],
    registers,
    collect: readJobs,
  });
  const oldest = new Gauge({
    name: 'portal_jobs_oldest_queued_seconds',
    help: 'How long the oldest due queued job of each kind has waited (0: none).',
    labelNames: ['kind'],
    registers,
    collect: readJobs,
  });

  const claimed = new Counter({ name: 'portal_jobs_claimed_total', help: 'Jobs this process claimed, by kind.', labelNames: ['kind'], registers });
  const deliveries = new Counter({
    name: 'portal_webhook_deliveries_total',
    help: 'Webhook delivery attempts, by outcome.',
    labelNames: ['outcome'],
    registers,
  });
  const compiles = new Histogram({
    name: 'portal_compile_duration_seconds',
    help: 'Compiles in the sandbox, by outcome (succeeded, failed, timeout, out-of-memory, crashed, aborted).',
    labelNames: ['outcome'],
    buckets: [0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300],
    registers,
  });
  const payouts = new Counter({
    name: 'portal_payouts_total',
    help: 'Payout calls to the payment provider, by outcome (paid, failed, pending).',
    labelNames: ['outcome'],
    registers,
  });
  for (const outcome of ['delivered', 'failure', 'timeout', 'internal-error']) deliveries.inc({ outcome }, 0);
  for (const outcome of ['paid', 'failed', 'pending']) payouts.inc({ outcome }, 0);

  return {
    registry,
    request(labels: { method: string; route: string; status: string }, seconds: number) {
      requests.inc(labels);
      latency.observe(labels, seconds);
    },
    record(event: OperationEvent) {
      if (event.type === 'jobPoll' && event.claimed) claimed.inc({ kind: event.kind });
      else if (event.type === 'webhookDelivery') deliveries.inc({ outcome: event.outcome });
      else if (event.type === 'compile') compiles.observe({ outcome: event.outcome }, event.seconds);
      else if (event.type === 'payout') payouts.inc({ outcome: event.outcome });
    },
    /** PostgreSQL's connection pool, read at each scrape (PGlite has none). */
    watchPool(pool: PoolStats) {
      const gauge = (name: string, help: string, read: () => number) =>
        new Gauge({
          name,
          help,
          registers,
          collect() {
            this.set(read());
          },
        });
      gauge('portal_db_pool_connections', 'PostgreSQL connections the pool holds.', () => pool.totalCount);
      gauge('portal_db_pool_idle_connections', 'PostgreSQL connections of the pool not in use.', () => pool.idleCount);
      gauge('portal_db_pool_waiting_requests', 'Queries waiting for a pool connection.', () => pool.waitingCount);
    },
  };
}
export type PortalMetrics = ReturnType<typeof portalMetrics>;
