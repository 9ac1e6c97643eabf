import { WEBHOOK_RETRY_DELAYS } from '../../contract/schemas/webhook';

// Every kind of background work, and how each is run, retried and kept: declared here, once. The queue
// (pg-boss, server/kernel/jobs.ts) takes each kind's settings at start; nothing else decides them.

/** A compile of an uploaded package (its `compile_jobs` row). */
export const COMPILE_JOB = 'compile';
/** A compile given up (its last attempt died): its verdict recorded. The compile queue's dead letter queue. */
export const COMPILE_GAVE_UP_JOB = 'compile.gave-up';
/** A lifecycle notice to render into one message per recipient. */
export const NOTIFY_JOB = 'notify';
/** One message to hand to the mail server (at most once). */
export const MAIL_JOB = 'mail';
/** Outbox events (`sales_events`) to fan out into webhook deliveries; queued in the sale's own transaction. */
export const DISPATCH_JOB = 'webhook.dispatch';
/** One attempt at one webhook delivery (the next attempt is a job of its own, due on WEBHOOK_RETRY_DELAYS). */
export const DELIVER_JOB = 'webhook.deliver';
/** Payouts a crash or a timeout left pending, completed: once a minute, in one process of all. */
export const RECONCILE_JOB = 'payouts.reconcile';
/**
 * The sandbox's billing clock (docs/rocketchat.md, Buying): trials that ended and periods due charged, cancellations at the
 * period end made, long past-due subscriptions cancelled — every minute, in one process of all.
 */
export const SANDBOX_BILLING_JOB = 'billing.sandbox';
/**
 * A checkout paid for what the workspace already held (its session voided): the provider gives the payment back
 * and ends the subscription it started. Queued in the transaction that voids the session.
 */
export const VOID_CHECKOUT_JOB = 'checkout.void';
/** API tokens that expire within a week, their publisher's owners told (once each): every hour, in one process of all. */
export const TOKEN_EXPIRY_JOB = 'api-tokens.expiry';

/** A compile whose process died is run at most this many times, then given up. */
export const MAX_COMPILE_ATTEMPTS = 3;
/** What the lease covers beyond COMPILE_TIMEOUT_SECONDS: reading the package, starting the compile process, recording the verdict. */
export const COMPILE_LEASE_MARGIN_SECONDS = 10;
/** What the lease covers beyond WEBHOOK_TIMEOUT_SECONDS: the address check (DNS) and recording the attempt. */
export const DELIVERY_LEASE_MARGIN_SECONDS = 5;

/** The settings the job kinds are made from (server/config.ts reads them from the environment). */
export type JobSettings = {
  /** How long one run of a job may take before its claim lapses and the job is run again (JOB_LEASE_SECONDS). */
  leaseSeconds: number;
  /** How often an idle worker looks for work that became due without a notification (JOB_POLL_SECONDS). */
  pollSeconds: number;
  /** How often lapsed claims are looked for and finished jobs past the retention deleted (JOB_SUPERVISE_SECONDS). */
  superviseSeconds: number;
  /** How long finished (completed or failed) jobs are kept (JOB_RETENTION_SECONDS). */
  retentionSeconds: number;
  compileRetrySeconds: number;
  compileConcurrency: number;
  mailRetrySeconds: number;
  mailMaxAttempts: number;
};

export const DEFAULT_JOB_SETTINGS: JobSettings = {
  leaseSeconds: 120,
  pollSeconds: 10,
  superviseSeconds: 10,
  retentionSeconds: 7 * 86_400,
  compileRetrySeconds: 5,
  compileConcurrency: 1,
  mailRetrySeconds: 30,
  mailMaxAttempts: 5,
};

/**
 * How a failed run is tried again: `limit` more runs at most, the first after `delaySeconds`, each
 * following one twice as long as the one before (with up to as much again of jitter) when `backoff`.
 * A run cut short — its process died, its lease ran out — is a failed run like any other.
 */
export type RetryPolicy = { limit: number; delaySeconds: number; backoff: boolean };

export type JobKind = {
  name: string;
  retry: RetryPolicy;
  /**
   * Kinds whose failures are attempts the publisher sees (webhook deliveries): the n-th attempt after
   * a failed one waits `schedule[n-1]` seconds, then none is made. Each attempt is a job of its own;
   * `retry` then only re-runs an attempt that was cut short (it made no recorded attempt).
   */
  schedule?: readonly number[];
  /** Where a job goes once its retries are spent (its worker records the give-up). */
  deadLetter?: string;
  /** Runs at most this long (the lease); a run that outlives it is taken away and the job run again. */
  expireInSeconds: number;
  /** A long run renews its lease this often (its worker touches the job); a silent one is taken away sooner. */
  heartbeatSeconds?: number;
  /** At most one queued and one running (`stately`), or any number (`standard`). */
  policy: 'standard' | 'stately';
  /** Runs at once in one process. */
  concurrency: number;
  /** Queued by the clock (a cron expression, UTC), once per occurrence across every process. */
  cron?: string;
};

/** The job kinds, as `settings` make them. */
export function jobKinds(s: JobSettings): Record<string, JobKind> {
  const lease = s.leaseSeconds;
  const kinds: JobKind[] = [
    {
      name: COMPILE_GAVE_UP_JOB,
      retry: { limit: 5, delaySeconds: 5, backoff: true },
      expireInSeconds: lease,
      policy: 'standard',
      concurrency: 1,
    },
    {
      name: COMPILE_JOB,
      // A compile the compiler (or the server) died in is tried MAX_COMPILE_ATTEMPTS times in all.
      retry: { limit: MAX_COMPILE_ATTEMPTS - 1, delaySeconds: s.compileRetrySeconds, backoff: s.compileRetrySeconds > 0 },
      deadLetter: COMPILE_GAVE_UP_JOB,
      expireInSeconds: lease,
      // pg-boss asks for at least 10 s; half the lease at most, so that a dead process's compile is picked up early.
      heartbeatSeconds: Math.max(10, Math.min(30, Math.floor(lease / 2))),
      policy: 'standard',
      concurrency: s.compileConcurrency,
    },
    {
      name: NOTIFY_JOB,
      // A template that does not render is given up at once (its page says why); this is for the rest.
      retry: { limit: 3, delaySeconds: 5, backoff: true },
      expireInSeconds: lease,
      policy: 'standard',
      concurrency: 1,
    },
    {
      name: MAIL_JOB,
      retry: { limit: s.mailMaxAttempts - 1, delaySeconds: Math.ceil(s.mailRetrySeconds), backoff: s.mailRetrySeconds > 0 },
      expireInSeconds: lease,
      policy: 'standard',
      concurrency: 1,
    },
    {
      name: DISPATCH_JOB,
      retry: { limit: 10, delaySeconds: 1, backoff: true },
      expireInSeconds: lease,
      policy: 'standard',
      concurrency: 1,
    },
    {
      name: DELIVER_JOB,
      schedule: WEBHOOK_RETRY_DELAYS,
      // An attempt cut short (the process died on the wire) is made again once its lease ran out.
      retry: { limit: 5, delaySeconds: 0, backoff: false },
      expireInSeconds: lease,
      policy: 'standard',
      concurrency: 4,
    },
    {
      name: RECONCILE_JOB,
      // The next minute tries again.
      retry: { limit: 0, delaySeconds: 0, backoff: false },
      expireInSeconds: lease,
      policy: 'stately',
      concurrency: 1,
      cron: '* * * * *',
    },
    {
      name: SANDBOX_BILLING_JOB,
      // The next minute tries again (each subscription's change is a transaction of its own).
      retry: { limit: 0, delaySeconds: 0, backoff: false },
      expireInSeconds: lease,
      policy: 'stately',
      concurrency: 1,
      cron: '* * * * *',
    },
    {
      name: VOID_CHECKOUT_JOB,
      // The provider's idempotency keys make a retried refund one refund; a provider that is down is tried for hours.
      retry: { limit: 12, delaySeconds: 15, backoff: true },
      expireInSeconds: lease,
      policy: 'standard',
      concurrency: 1,
    },
    {
      name: TOKEN_EXPIRY_JOB,
      // The next hour tries again (a token claimed by a run that failed is not marked: its transaction rolled back).
      retry: { limit: 0, delaySeconds: 0, backoff: false },
      expireInSeconds: lease,
      policy: 'stately',
      concurrency: 1,
      cron: '0 * * * *',
    },
  ];
  return Object.fromEntries(kinds.map((k) => [k.name, k]));
}

/** The delay before attempt `attempt + 1` of a kind with a schedule, after attempt `attempt` failed; undefined: no more attempts. */
export function scheduledDelay(kind: JobKind, attempt: number): number | undefined {
  return kind.schedule?.[attempt - 1];
}
