import { LRUCache } from 'lru-cache';

/**
 * Answers of hot reads (the apps list the SPA polls), kept in this process per scope (`publisher:<id>`)
 * for at most `ttlMs`. The database announces every change to what they show (`portal_reads`, migration
 * 0006) and every process forgets that scope's answers; an answer computed while a change arrived is not
 * kept. While the process cannot hear the database, nothing is answered from memory.
 */
export class ReadCache {
  private readonly entries: LRUCache<string, { value: unknown }>;
  private readonly generations = new Map<string, number>();
  private epoch = 0;
  private listening = false;

  constructor(opts: { ttlMs: number; max?: number }) {
    this.entries = new LRUCache({ max: opts.max ?? 5_000, ttl: opts.ttlMs });
  }

  private mark(scope: string) {
    return `${this.epoch}.${this.generations.get(scope) ?? 0}`;
  }

  /** The answer for `key` within `scope`, from memory or from `load`. */
  async get<T>(scope: string, key: string, load: () => Promise<T>): Promise<T> {
    const id = `${scope}\n${key}`;
    if (this.listening) {
      const hit = this.entries.get(id);
      if (hit) return hit.value as T;
    }
    const mark = this.mark(scope);
    const value = await load();
    if (this.listening && mark === this.mark(scope)) this.entries.set(id, { value });
    return value;
  }

  /** A `portal_reads` notification: the scope whose answers may have changed (anything else: all). */
  invalidate(scope: string) {
    if (!scope.includes(':')) {
      this.epoch++;
      this.entries.clear();
      return;
    }
    this.generations.set(scope, (this.generations.get(scope) ?? 0) + 1);
    const prefix = `${scope}\n`;
    for (const id of this.entries.keys()) if (id.startsWith(prefix)) this.entries.delete(id);
  }

  setListening(on: boolean) {
    this.listening = on;
    this.epoch++;
    this.entries.clear();
  }
}
