/**
 * What the services report for the metrics and the readiness check, without knowing either: each event
 * goes to whoever listens on the database it was made with — the app instance that owns that database
 * (tests build several apps in one process, each with its own). Pass the app's `db`, not a transaction.
 */
export type OperationEvents = {
  /** A worker asked for a job of `kind` (its heartbeat); `claimed` when it got one. */
  jobPoll: { kind: string; claimed: boolean };
  /** One webhook delivery attempt, by its recorded status (delivered, failure, timeout, internal-error). */
  webhookDelivery: { outcome: string };
  /** One compile in the sandbox: succeeded, failed (diagnostics), timeout, out-of-memory, crashed, aborted. */
  compile: { outcome: string; seconds: number };
  /** One call to the payment provider for a payout: paid, failed, or pending (no answer; completed later). */
  payout: { outcome: string };
};
export type OperationEvent = { [K in keyof OperationEvents]: { type: K } & OperationEvents[K] }[keyof OperationEvents];

const listeners = new WeakMap<object, Set<(event: OperationEvent) => void>>();

export function report(db: object, event: OperationEvent) {
  listeners.get(db)?.forEach((listener) => listener(event));
}

/** Hears the events made with `db`; returns the function that stops hearing them. */
export function listen(db: object, listener: (event: OperationEvent) => void) {
  const set = listeners.get(db) ?? new Set();
  listeners.set(db, set.add(listener));
  return () => void set.delete(listener);
}
