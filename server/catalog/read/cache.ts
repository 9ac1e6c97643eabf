import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { LRUCache } from 'lru-cache';
import type { MarketplaceApp } from '../../../contract/schemas/marketplace';
import { baseState, offered, toOverview, type Catalog, type CatalogApp, type CatalogVersion, type PurchaseState } from './catalog';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export type Encoding = 'br' | 'gzip';

/** One answer's bytes, its strong ETag, and the bytes compressed (each once, on first demand). */
export type Representation = { body: Buffer; etag: string; encoded: Map<Encoding, Promise<Buffer>> };

/**
 * `GET /v1/apps` for one engine version, as everyone sees it before their own purchases: its elements, their
 * JSON, the whole body once, its strong ETag, and the body compressed. Immutable: a workspace's purchases are
 * laid over a copy (`withPurchases`), never written into it; the answers with purchases laid over are kept
 * beside it (`own`), by what they show (two workspaces with the same purchases share one), within a size.
 */
export type Variant = Representation & {
  catalog: Catalog;
  engine: string | null;
  /** What each element shows: the app, the version offered, whether the engine runs it. */
  choices: { app: CatalogApp; version: CatalogVersion; incompatible: boolean }[];
  entries: MarketplaceApp[];
  index: Map<string, number>;
  parts: string[];
  own: LRUCache<string, Representation>;
  /** What a purchases map (a workspace's, kept while it holds: workspace-cache.ts) changes in it (`withPurchases`). */
  byStates: WeakMap<Map<string, PurchaseState>, LaidOver | null>;
};
/** The elements a workspace's purchases change (index, state shown), and the key its answer is kept by in `own`. */
type LaidOver = { changed: [number, PurchaseState][]; key: string };

/** At most this many bytes of answers with a workspace's purchases are kept per variant. */
const OWN_BYTES = 16 * 1024 * 1024;

const sha1 = (data: string | Buffer) => createHash('sha1').update(data).digest('base64url');

export function buildVariant(catalog: Catalog, engine: string | null): Variant {
  const choices: Variant['choices'] = [];
  const entries: MarketplaceApp[] = [];
  const parts: string[] = [];
  // Each element on its own: one that cannot be made (or written as JSON) is left out, never the list.
  for (const app of catalog.apps) {
    try {
      const choice = { app, ...offeredChoice(app, engine) };
      const entry = toOverview(choice.app, choice.version, choice.incompatible, baseState(choice.app));
      const part = JSON.stringify(entry);
      choices.push(choice);
      entries.push(entry);
      parts.push(part);
    } catch {
      continue;
    }
  }
  const body = Buffer.from(`[${parts.join(',')}]`);
  return {
    catalog,
    engine,
    choices,
    entries,
    index: new Map(choices.map((c, i) => [c.app.appId, i])),
    parts,
    body,
    etag: `"${sha1(body)}"`,
    encoded: new Map(),
    own: new LRUCache({ maxSize: OWN_BYTES, sizeCalculation: (r) => Math.max(1, r.body.length) }),
    byStates: new WeakMap(),
  };
}
const representation = (text: string): Representation => {
  const body = Buffer.from(text);
  return { body, etag: `"${sha1(body)}"`, encoded: new Map() };
};
const offeredChoice = (app: CatalogApp, engine: string | null) => {
  const { version, incompatible } = offered(app, engine);
  return { version, incompatible };
};

/** An answer's body compressed (brotli at a quality meant for answers made once and served many times). */
export function encodedBody(v: Representation, encoding: Encoding): Promise<Buffer> {
  let done = v.encoded.get(encoding);
  if (!done) {
    done = encoding === 'br' ? brotli(v.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6 } }) : gzip(v.body, { level: 6 });
    v.encoded.set(encoding, done);
    done.catch(() => v.encoded.delete(encoding));
  }
  return done;
}

/** A representation's strong ETag: the identity body's, marked by its encoding (RFC 9110 §8.8.3: one tag per representation). */
export const tagOf = (etag: string, encoding: Encoding | null) => (encoding ? `${etag.slice(0, -1)}-${encoding === 'br' ? 'br' : 'gz'}"` : etag);

/** Whether `If-None-Match` names one of `tags` (weak comparison, as RFC 9110 asks of If-None-Match; `*` names any). */
export function matches(header: string | undefined, tags: string[]): boolean {
  if (!header) return false;
  const named = header.split(',').map((t) => t.trim().replace(/^W\//, ''));
  return named.includes('*') || named.some((t) => tags.includes(t));
}

/** The encoding to answer in: brotli, else gzip, as `Accept-Encoding` allows (q=0 refuses); null for none. */
export function negotiate(header: string | undefined): Encoding | null {
  if (!header) return null;
  const q = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const weight = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((x) => x !== undefined);
    if (name) q.set(name.trim(), weight === undefined ? 1 : Number(weight));
  }
  const allowed = (e: string) => (q.get(e) ?? (q.has('*') ? q.get('*')! : 0)) > 0;
  if (allowed('br')) return 'br';
  if (allowed('gzip')) return 'gzip';
  return null;
}

/**
 * The answer of a variant with one workspace's purchases laid over (the elements whose state differs from
 * everyone's made again), kept by what it shows; null when nothing differs (everyone's answer is its answer).
 */
export function withPurchases(v: Variant, states: Map<string, PurchaseState>): Representation | null {
  let laid = v.byStates.get(states);
  if (laid === undefined) {
    laid = purchasesLaidOver(v, states);
    v.byStates.set(states, laid);
  }
  if (!laid) return null;
  let own = v.own.get(laid.key);
  if (!own) {
    const parts = [...v.parts];
    for (const [i, shown] of laid.changed) {
      const c = v.choices[i]!;
      // An element that cannot be made with the purchases laid over keeps everyone's (the others theirs).
      try {
        parts[i] = JSON.stringify(toOverview(c.app, c.version, c.incompatible, shown));
      } catch {
        continue;
      }
    }
    own = representation(`[${parts.join(',')}]`);
    v.own.set(laid.key, own);
  }
  return own;
}

/** Which elements a workspace's purchases change, and the key of what they show; null when none. */
function purchasesLaidOver(v: Variant, states: Map<string, PurchaseState>): LaidOver | null {
  const changed: [number, PurchaseState][] = [];
  for (const [appId, state] of states) {
    const i = v.index.get(appId);
    if (i === undefined) continue;
    const shown = mergeState(v.choices[i]!.app, state);
    const base = v.entries[i]!;
    if (shown.isPurchased === base.isPurchased && shown.isSubscribed === base.isSubscribed && shown.subscriptionInfo === base.subscriptionInfo) continue;
    changed.push([i, shown]);
  }
  if (!changed.length) return null;
  changed.sort(([a], [b]) => a - b);
  const key = changed.map(([i, st]) => `${i}|${st.isPurchased}|${st.isSubscribed}|${JSON.stringify(st.subscriptionInfo)}`).join('\n');
  return { changed, key };
}

/** A workspace's state of an app over everyone's (a free app stays installable whatever its records say). */
export const mergeState = (app: CatalogApp, mine: PurchaseState | undefined): PurchaseState => {
  const base = baseState(app);
  return mine ? { ...mine, isPurchased: mine.isPurchased || base.isPurchased } : base;
};

/** An element of a variant as a caller sees it: everyone's, or with the caller's purchases. */
export function entryOf(v: Variant, appId: string, states: Map<string, PurchaseState> | null): MarketplaceApp[] {
  const i = v.index.get(appId);
  if (i === undefined) return [];
  const mine = states?.get(appId);
  if (!mine) return [v.entries[i]!];
  const c = v.choices[i]!;
  try {
    return [toOverview(c.app, c.version, c.incompatible, mergeState(c.app, mine))];
  } catch {
    return [v.entries[i]!];
  }
}

/**
 * The catalog kept in this process, and its variants per engine version, while the database's change
 * notifications are heard (`portal_reads`, sent by triggers on every table the catalog reads: apps,
 * app_versions, prices, bundle_apps, bundle_plans, publishers — migration 0006): any notification forgets
 * everything (so does a write of this process's signed-in users, see server/catalog/routes/marketplace.ts); a load in
 * flight when that happens is not kept. While
 * nothing is heard (the channel lost, or READ_CACHE_SECONDS=0) every call loads. At most `ttlMs` old either way.
 * Concurrent callers of a cold cache share one load.
 */
export class CatalogCache {
  private catalog: { promise: Promise<Catalog>; at: number } | undefined;
  private readonly variants: LRUCache<string, Promise<Variant>>;
  private listening = false;
  /** How many loads ran (tests and the bench read it). */
  loads = 0;

  constructor(
    private readonly load: () => Promise<Catalog>,
    private readonly opts: { ttlMs: number; maxVariants?: number },
  ) {
    this.variants = new LRUCache({ max: opts.maxVariants ?? 16, ttl: opts.ttlMs });
  }

  private loadNow() {
    this.loads++;
    return this.load();
  }

  private snapshot(): Promise<Catalog> {
    if (!this.catalog || Date.now() - this.catalog.at > this.opts.ttlMs) {
      const promise = this.loadNow();
      const entry = { promise, at: Date.now() };
      this.catalog = entry;
      promise.catch(() => {
        if (this.catalog === entry) this.catalog = undefined;
      });
    }
    return this.catalog.promise;
  }

  /** The listing for callers of `engine` (null: no engine named). */
  async variant(engine: string | null): Promise<Variant> {
    if (!this.listening) return buildVariant(await this.loadNow(), engine);
    const key = engine ?? '';
    let hit = this.variants.get(key);
    if (!hit) {
      const made = this.snapshot().then((c) => buildVariant(c, engine));
      hit = made;
      this.variants.set(key, made);
      made.catch(() => {
        if (this.variants.get(key) === made) this.variants.delete(key);
      });
    }
    return hit;
  }

  /** Something the catalog shows may have changed: forget it all. */
  invalidate() {
    this.catalog = undefined;
    this.variants.clear();
  }

  setListening(on: boolean) {
    this.listening = on;
    this.invalidate();
  }
}
