import { LRUCache } from 'lru-cache';

/** What the cache needs to know of a cached answer: whose it is and until when the session holds. */
export type Cached = { session: { cloudUserId: string; expiresAt: Date } };

/**
 * Who a token belongs to, kept in this process for at most `ttlMs`. Every process hears the database
 * announce revocations and developer changes (`portal_auth`, migration 0003) and forgets what they touch;
 * while it cannot hear them (the listening connection lost), it answers nothing from memory.
 */
export class SessionCache<T extends Cached> {
  private readonly entries: LRUCache<string, T>;
  private listening = false;
  /** Counts invalidations: an answer looked up before one of them may be stale and is not kept. */
  private generation = 0;

  constructor(opts: { ttlMs: number; max?: number }) {
    this.entries = new LRUCache<string, T>({ max: opts.max ?? 10_000, ttl: opts.ttlMs, ttlAutopurge: false });
  }

  get(tokenHash: string, now = new Date()): T | undefined {
    if (!this.listening) return undefined;
    const hit = this.entries.get(tokenHash);
    if (hit && hit.session.expiresAt <= now) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return hit;
  }

  /** Where a lookup starts: pass it to `set`, which keeps the answer only if nothing changed meanwhile. */
  mark() {
    return this.generation;
  }

  set(tokenHash: string, value: T, mark: number) {
    if (this.listening && mark === this.generation) this.entries.set(tokenHash, value);
  }

  /** A `portal_auth` notification: `session:<token hash>` or `user:<cloud user id>`; anything else forgets everyone. */
  invalidate(message: string) {
    this.generation++;
    const [kind, key] = [message.slice(0, message.indexOf(':')), message.slice(message.indexOf(':') + 1)];
    if (kind === 'session') {
      this.entries.delete(key);
    } else if (kind === 'user') {
      for (const [hash, value] of this.entries.entries()) if (value.session.cloudUserId === key) this.entries.delete(hash);
    } else {
      this.entries.clear();
    }
  }

  /** Listening (answers may come from memory) or not (everything forgotten, every answer from the database). */
  setListening(on: boolean) {
    this.generation++;
    this.listening = on;
    if (!on) this.entries.clear();
  }

  get size() {
    return this.entries.size;
  }
}
