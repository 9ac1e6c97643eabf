import { LRUCache } from 'lru-cache';

/** A kept answer, and the stamp of the moment its load began (see `WorkspaceCache`). */
type Kept<T> = { value: Promise<T>; stamp: number };

/**
 * What the catalog's calls read of one registered workspace beside everyone's listing — who holds a token, what
 * it bought, its app requests — kept in this process for at most `ttlMs`, so that a fleet polling `GET /v1/apps`
 * with its tokens is answered without the database (server/catalog/routes/marketplace.ts). Every process hears the
 * database announce each change of a workspace's rows (`workspace_reads`, migration 0022: purchase records, app
 * requests, tokens, the workspace's revocation, a bundle's apps) and forgets what that workspace's answers were
 * made of. While nothing is heard (READ_CACHE_SECONDS=0, or the listening connection lost) nothing is kept.
 *
 * Forgetting is by stamps, not by walking entries: each answer keeps the counter's value from when its load
 * began, and is good only while no announcement for its workspace (nor a clear) came after that — so a load
 * that was running when a change was announced is never kept as current.
 */
export class WorkspaceCache {
  private readonly entries: LRUCache<string, Kept<unknown>>;
  private listening = false;
  private counter = 0;
  private clearedAt = 0;
  /** The counter's value at each workspace's latest announcement (one small entry per workspace ever announced). */
  private readonly changedAt = new Map<string, number>();

  constructor(opts: { ttlMs: number; max?: number }) {
    this.entries = new LRUCache({ max: opts.max ?? 10_000, ttl: opts.ttlMs, ttlAutopurge: false });
  }

  private current(workspaceId: string, stamp: number) {
    return stamp >= this.clearedAt && stamp >= (this.changedAt.get(workspaceId) ?? 0);
  }

  /**
   * `load()`'s answer for `key`, kept from an earlier call while nothing of its workspace (`workspaceOf` the
   * answer; null: an answer that is nobody's, never kept) has changed since that call's load began, else loaded
   * now (concurrent callers share one load). `until`: a kept answer is dropped from then on (a token's expiry).
   */
  async get<T>(key: string, load: () => Promise<T>, workspaceOf: (value: T) => string | null, until?: (value: T) => Date | null): Promise<T> {
    if (!this.listening) return load();
    const hit = this.entries.get(key) as Kept<T> | undefined;
    if (hit) {
      const value = await hit.value;
      const workspaceId = workspaceOf(value);
      const end = until?.(value);
      if (workspaceId !== null && this.current(workspaceId, hit.stamp) && !(end && end.getTime() <= Date.now())) {
        return value;
      }
      if (this.entries.get(key) === hit) this.entries.delete(key);
    }
    const kept: Kept<T> = { value: load(), stamp: this.counter };
    this.entries.set(key, kept);
    const drop = () => {
      if (this.entries.get(key) === kept) this.entries.delete(key);
    };
    kept.value.then((value) => workspaceOf(value) === null && drop(), drop);
    return kept.value;
  }

  /** A `workspace_reads` notification: a workspace's id, or `*` for every workspace. */
  invalidate(message: string) {
    this.counter++;
    if (message !== '*') {
      this.changedAt.set(message, this.counter);
      return;
    }
    // Every workspace's announcements so far are older than this one.
    this.clearedAt = this.counter;
    this.changedAt.clear();
  }

  /** Forgets everything. */
  clear() {
    this.invalidate('*');
    this.entries.clear();
  }

  /** Listening (answers may be kept) or not (everything forgotten, every answer loaded). */
  setListening(on: boolean) {
    this.listening = on;
    this.clear();
  }

  get size() {
    return this.entries.size;
  }
}
