import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AppRoute } from '@ts-rest/core';
import { contract } from '../../contract';
import { AdminAction } from '../../contract/schemas/app';
import { BundleInfo } from '../../contract/schemas/bundle';
import { flattenRoutes } from '../../contract/walk';
import { isWorkspaceRoute } from '../../contract/access';
import { demoUsers } from '../../server/dev/seed/seed-data';
import { imageOf, pngImage } from '../fixtures/images';
import { fixtureFiles, withManifest, zip } from '../fixtures/packages';
import { startServer, type DemoKey, type TestServer } from '../harness';

/**
 * A contract-driven fuzzer: for every route of the contract, requests built from its zod schemas — each
 * field of the body and query a value of its type (an enum's options, a real row's id where the field names
 * one) or one users and attackers send (wrong types, extremes, huge, empty and unicode strings, javascript:
 * and private-address URLs, deep nesting, unknown and __proto__ keys); multipart uploads of real packages
 * and images (and junk) to the upload routes; path ids drawn from the real rows of the family the route names
 * (versions, jobs, prices, bundles, webhooks, activities, purchases, publishers, developers, featured …, of
 * every publisher), sometimes mixed or junk — as anonymous and as every kind of caller.
 * Invariants: every status answered is one the route declares in the contract (never a 5xx), every non-2xx
 * is the envelope and changes nothing, and nothing a request may not change changes (guarded columns: each
 * route may change only the ones it exists to change, staff routes included). Seeded (FUZZ_SEED): a failure
 * prints the seed and the failing request.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const RUNS = Number(process.env.FUZZ_RUNS ?? 10000);
/** The fewest requests whose run is asked to have reached every layer, family of rows and upload route. */
const REACH_RUNS = 10_000;

type Caller = DemoKey | 'anon';
let s: TestServer;
const callers: Caller[] = ['anon', 'newcomer', 'viewer', 'developer', 'owner', 'fjordOwner', 'support', 'reviewer', 'admin', 'staffOnly'];
const tokens: Partial<Record<Caller, string>> = {};
/** The download secrets of the staff who may download packages (GET /admin/secret). */
const secrets: Partial<Record<Caller, string>> = {};
/**
 * On the routes of registered Rocket.Chat workspaces (contract/workspace-installs.ts) a caller stands for a
 * workspace's token: Acme HQ's (it bought the demo's paid apps), a workspace's that bought nothing, Acme HQ's
 * without marketplace:download, a revoked workspace's; everyone else sends their portal session (401 there).
 */
const workspaceTokens: Partial<Record<Caller, string>> = {};

// ——— What the database holds: the rows path ids and body ids are drawn from ———

/** The families of rows a request can name, each row with the fields paths and bodies name it by. */
const familyQueries = {
  apps: 'SELECT id AS "appId", publisher_id AS owner, created_at AS created FROM apps WHERE NOT is_bundle',
  bundles: 'SELECT id AS "appId", publisher_id AS owner, created_at AS created FROM apps WHERE is_bundle',
  versions:
    'SELECT v.app_id AS "appId", v.internal_id AS "versionId", v.version, a.publisher_id AS owner, v.created_date AS created FROM app_versions v JOIN apps a ON a.id = v.app_id',
  jobs: 'SELECT j.app_id AS "appId", j.id AS "jobId", a.publisher_id AS owner, j.requested_at AS created FROM compile_jobs j JOIN apps a ON a.id = j.app_id',
  prices: 'SELECT p.app_id AS "appId", p.id AS "priceId", a.publisher_id AS owner, p.created_date AS created FROM prices p JOIN apps a ON a.id = p.app_id',
  // With its version: a caption's path names both (…/info/:internalId/screenshots/:screenshotId).
  screenshots:
    'SELECT s.app_id AS "appId", s.internal_id AS "versionId", s.id AS "screenshotId", a.publisher_id AS owner, s.created_at AS created FROM screenshots s JOIN apps a ON a.id = s.app_id',
  webhooks: 'SELECT id AS "webhookId", publisher_id AS owner, created_at AS created FROM webhooks',
  activities:
    'SELECT a.webhook_id AS "webhookId", a.id AS "activityId", w.publisher_id AS owner, a.created_at AS created FROM webhook_activities a JOIN webhooks w ON w.id = a.webhook_id',
  publishers: 'SELECT id AS "publisherId", id AS owner, created_at AS created FROM publishers',
  developers: `SELECT coalesce(publisher_id, '') AS "publisherId", id AS "developerId", publisher_id AS owner, created_at AS created FROM developers`,
  purchases: 'SELECT id AS "purchaseId", publisher_id AS owner, date AS created FROM purchase_records',
  workspaces: 'SELECT id AS "workspaceId", NULL::timestamptz AS created FROM workspaces',
  featured: 'SELECT section_slug AS slug, app_id AS "appId", created_at AS created FROM featured_apps',
  templates: 'SELECT id AS "templateId", name, created_at AS created FROM email_templates',
  categories: 'SELECT title, created_date AS created FROM categories',
  cloudUsers: 'SELECT id AS "cloudUserId", created_at AS created FROM cloud_users',
  apiTokens: 'SELECT id AS "tokenId", publisher_id AS owner, created_at AS created FROM api_tokens WHERE trust_policy_id IS NULL',
  trustPolicies: 'SELECT app_id AS "appId", id AS "policyId", publisher_id AS owner, created_at AS created FROM trust_policies',
  payouts: 'SELECT id AS "payoutId", publisher_id AS owner, created_at AS created FROM payouts',
} as const;
type Family = keyof typeof familyQueries | 'actions';
type Row = Record<string, string>;
/**
 * Rows in the order they were first seen, then made (append-only: an index names the same row in every run
 * with the seed, though the server gives new rows random ids).
 */
const pools = Object.fromEntries([...Object.keys(familyQueries), 'actions'].map((f) => [f, [] as Row[]])) as Record<Family, Row[]>;
pools.actions = AdminAction.options.map((action) => ({ action }));
const seen = new Set<string>();
async function refreshPools() {
  for (const [family, query] of Object.entries(familyQueries) as [keyof typeof familyQueries, string][]) {
    const rows = ((await s.app.db.execute(sql.raw(`SELECT * FROM (${query}) q ORDER BY created NULLS FIRST, q::text`))) as unknown as { rows: Row[] }).rows;
    for (const { created: _, ...row } of rows) {
      const key = `${family}:${JSON.stringify(row)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      pools[family].push(row);
    }
  }
}

/** The family of rows a route's path names (by its params and prefix), and which field of a row each param is. */
function familyOf(path: string): Family | null {
  if (!path.includes(':')) return null;
  if (path.includes(':jobId')) return 'jobs';
  if (path.includes(':tokenId')) return 'apiTokens';
  if (path.includes(':policyId')) return 'trustPolicies';
  if (path.includes(':priceId')) return 'prices';
  if (path.includes(':screenshotId')) return 'screenshots';
  if (path.includes(':activityId')) return 'activities';
  if (path.includes(':versionId') || path.includes(':internalId') || path.startsWith('/v1/admin/apps/download/') || path.includes('/download/:version'))
    return 'versions';
  if (path.includes(':devId') || path.includes(':developerId')) return 'developers';
  if (path.startsWith('/v1/admin/featured/')) return 'featured';
  if (path.includes('/webhooks/:id')) return 'webhooks';
  if (path.startsWith('/v1/admin/purchases/')) return 'purchases';
  if (path.startsWith('/v1/admin/workspaces/')) return 'workspaces';
  if (path.startsWith('/v1/admin/publishers/')) return 'publishers';
  if (path.includes('/bundles/:id')) return 'bundles';
  if (path.includes('/reports/payouts/:id')) return 'payouts';
  if (path.includes(':id') || path.includes(':appId')) return 'apps';
  return null;
}
const FIELD_OF_PARAM: Record<string, string> = {
  appId: 'appId',
  versionId: 'versionId',
  internalId: 'versionId',
  jobId: 'jobId',
  priceId: 'priceId',
  screenshotId: 'screenshotId',
  activityId: 'activityId',
  tokenId: 'tokenId',
  policyId: 'policyId',
  devId: 'developerId',
  developerId: 'developerId',
  type: 'slug',
  action: 'action',
};
/** `:id` is the row's own id: the app's, the webhook's, the publisher's … (a version's internal id on the download route). */
const ID_FIELD: Record<Family, string> = {
  apps: 'appId',
  bundles: 'appId',
  versions: 'appId',
  jobs: 'appId',
  prices: 'appId',
  screenshots: 'appId',
  featured: 'appId',
  webhooks: 'webhookId',
  activities: 'webhookId',
  publishers: 'publisherId',
  developers: 'publisherId',
  purchases: 'purchaseId',
  workspaces: 'workspaceId',
  templates: 'templateId',
  categories: 'title',
  cloudUsers: 'cloudUserId',
  actions: 'action',
  apiTokens: 'tokenId',
  trustPolicies: 'appId',
  payouts: 'payoutId',
};
const fieldOfParam = (path: string, family: Family, param: string) =>
  param === 'id' ? (path.startsWith('/v1/admin/apps/download/') ? 'versionId' : ID_FIELD[family]) : (FIELD_OF_PARAM[param] ?? param);

// ——— Values that are resolved when the request is sent ———

/** The `i`th row of a family (modulo its size; with `mine`, among the caller's own publisher's rows), one field of it. */
class Ref {
  constructor(
    readonly family: Family,
    readonly i: number,
    readonly field: string,
    readonly mine = false,
  ) {}
  [fc.toStringMethod]() {
    return `Ref(${this.family}#${this.i}.${this.field}${this.mine ? ', mine' : ''})`;
  }
}
/** The value the request's path has for one of its params (a body naming the same row as its path). */
class Echo {
  constructor(readonly param: string) {}
  [fc.toStringMethod]() {
    return `Echo(${this.param})`;
  }
}
/** The workspace token the caller stands for on the workspace routes (Rocket.Chat's download sends it in the query). */
class WsToken {
  [fc.toStringMethod]() {
    return 'WsToken()';
  }
}
/** The caller's own package download secret. */
class Secret {
  [fc.toStringMethod]() {
    return 'Secret()';
  }
}
type Context = { params: Record<string, string>; caller: Caller };
/** The publisher each caller is a developer of now (read from the guarded columns after every write). */
let homes: Partial<Record<Caller, string | null>> = {};
/** The `i`th row of a family; with `mine`, of the rows of the caller's own publisher (when it has any). */
const pick = (family: Family, i: number, mine?: Caller) => {
  const all = pools[family];
  const home = mine && homes[mine];
  const own = home ? all.filter((r) => r.owner === home) : [];
  const rows = own.length ? own : all;
  return rows.length ? rows[i % rows.length]! : undefined;
};
function resolve(v: unknown, ctx: Context): unknown {
  if (v instanceof Ref) return pick(v.family, v.i, v.mine ? ctx.caller : undefined)?.[v.field] ?? 'no-such-row';
  if (v instanceof Echo) return ctx.params[v.param] ?? 'no-such-param';
  if (v instanceof Secret) return secrets[ctx.caller] ?? 'no-secret';
  if (v instanceof WsToken) return workspaceTokens[ctx.caller] ?? 'no-workspace-token';
  if (Array.isArray(v)) return v.map((x) => resolve(x, ctx));
  // Records fast-check makes have no prototype; JSON.parse's have Object's.
  const proto = v && typeof v === 'object' ? Object.getPrototypeOf(v) : undefined;
  if (proto === null || proto === Object.prototype) {
    const out: Record<string, unknown> = {};
    // Own keys as generated, __proto__ included (JSON.stringify writes it like any key).
    const record = v as Record<string, unknown>;
    for (const k of Object.keys(record))
      Object.defineProperty(out, k, { value: resolve(record[k], ctx), enumerable: true, configurable: true, writable: true });
    return out;
  }
  return v;
}
const ref = (family: Family, field: string) => fc.tuple(fc.nat(), fc.boolean()).map(([i, mine]) => new Ref(family, i, field, mine));

// ——— Values for schemas ———

const numbers = fc.constantFrom(0, -1, 1e12, -1e12, 1.5, Number.MAX_SAFE_INTEGER, 0.001, 99_999.999, 1e308);
const strings = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\u202e\u200b',
    '𝒰𝓃𝒾𝒸ℴ𝒹ℯ 🚀',
    'javascript:alert(1)',
    'http://169.254.169.254/latest',
    'http://127.0.0.1:22',
    'https://[::1]/',
    'data:text/html,<b>',
    '../../etc/passwd',
    "' OR 1=1 --",
  ),
  fc.constant('x'.repeat(100_000)),
  fc.string({ maxLength: 40 }),
);
const value = fc.oneof(
  numbers,
  strings,
  fc.constantFrom(null, true, false, [], {}, [[[[[[]]]]]]),
  fc.constant(JSON.parse('{"__proto__": {"admin": true}, "constructor": {"prototype": {"x": 1}}}')),
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.jsonValue({ maxDepth: 3 }),
);

let iconDataUrl = '';
type Def = {
  type: string;
  format?: string;
  options?: unknown[];
  values?: unknown[];
  element?: unknown;
  in?: unknown;
  innerType?: unknown;
  entries?: Record<string, unknown>;
};
const defOf = (schema: unknown) => ((schema as { _zod?: { def: Def } } | undefined)?._zod?.def ?? { type: 'unknown' }) as Def;
/** The base type of a field's schema, through optional, default, nullable and transform wrappers. */
const baseOf = (schema: unknown): unknown => {
  let t = schema;
  for (let d = defOf(t); ['optional', 'default', 'nullable', 'pipe', 'prefault', 'readonly'].includes(d.type); d = defOf(t))
    t = d.type === 'pipe' ? d.in : d.innerType;
  return t;
};

const base64Json = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');

/** A good string for a field, by its name: a real row's id where it names one, an address where it is one … */
function goodString(key: string): fc.Arbitrary<unknown> {
  const refs: Record<string, fc.Arbitrary<unknown>> = {
    appId: ref('apps', 'appId'),
    appIds: ref('apps', 'appId'),
    workspaceId: ref('workspaces', 'workspaceId'),
    planId: ref('prices', 'priceId'),
    pricingId: ref('prices', 'priceId'),
    developerId: ref('developers', 'developerId'),
    versionId: ref('versions', 'versionId'),
    // A new order of a version's screenshots (POST …/screenshots/order); app requests' ids are no row's either way.
    ids: ref('screenshots', 'screenshotId'),
    userCloudId: ref('cloudUsers', 'cloudUserId'),
    id: ref('templates', 'templateId'),
    layout: fc.oneof(fc.constant(''), ref('templates', 'name')),
    name: fc.oneof(fc.constantFrom('Fuzz', 'Fuzz Apps'), ref('templates', 'name')),
    title: fc.oneof(fc.constantFrom('Fuzzing', 'Fuzz Tools'), ref('categories', 'title')),
    categories: ref('categories', 'title'),
    secret: fc.constant(new Secret()),
    token: fc.constant(new WsToken()),
    iconFileData: fc.constant(null).map(() => iconDataUrl),
    version: fc.constantFrom('1.0.0', '1.2.3', '9.9.9'),
    languages: fc.constantFrom('en', 'pt', 'de'),
    publisherCountry: fc.constantFrom('US', 'NO', 'BR'),
    state: fc.constantFrom('fuzz-state-0123456789', 'short'),
    relatedAppId: fc.oneof(fc.constant(''), ref('apps', 'appId')),
    requiredApiVersion: fc.constantFrom('1.44.0', '1.0.0', '99.0.0'),
    // Rocket.Chat's `?appVersion=` (contract/marketplace.ts) and install reports' `appVersion`: the demo's
    // versions, or none.
    appVersion: fc.constantFrom('1.0.0', '2.0.0', '1.4.0', ''),
    // The requestAccess page's address (docs/rocketchat.md, App requests): people as Rocket.Chat writes them there (base64 of JSON).
    requester: fc.constantFrom(
      base64Json({ id: 'fuzz-user', username: 'fuzz', name: 'Fuzz User', emails: ['fuzz@fuzz.example'] }),
      base64Json({ id: 'u2' }),
      base64Json({ username: 'no-id' }),
    ),
    admins: fc.constantFrom(base64Json([{ id: 'fuzz-admin', username: 'root' }]), base64Json([]), base64Json({ id: 'not-a-list' })),
    // A report's range (contract/schemas/reports.ts): days that exist, mostly in order; staff's one publisher.
    from: fc.constantFrom('2024-01-01', '2026-01-01', new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10)),
    to: fc.constantFrom(new Date().toISOString().slice(0, 10), new Date(Date.now() + 86_400_000).toISOString().slice(0, 10), '2026-12-31'),
    publisherId: ref('publishers', 'publisherId'),
  };
  if (refs[key]) return fc.oneof({ arbitrary: refs[key]!, weight: 6 }, { arbitrary: fc.string({ minLength: 1, maxLength: 24 }), weight: 1 });
  // A public address by its IP (webhook addresses are resolved: the test has no DNS to ask).
  // A registered workspace's address (docs/rocketchat.md, Pointing a Rocket.Chat server) is a web address too.
  if (/url|link|^address$/i.test(key))
    return fc.oneof(
      { arbitrary: fc.constantFrom('https://93.184.215.14/fuzz', 'https://fuzz.example/page?b=c'), weight: 6 },
      { arbitrary: fc.constant(''), weight: 1 },
    );
  if (/email|replyTo/i.test(key)) return fc.constantFrom('fuzz@fuzz.example', 'someone@example.com');
  if (/periodEnd|date/i.test(key)) return fc.constantFrom('2031-06-30T00:00:00.000Z', '2030-01-15', new Date(Date.now() + 86_400_000 * 40).toISOString());
  return fc.oneof(fc.constantFrom('Fuzz', 'A fuzzed text.', 'ünïcödé 🚀', 'x'), fc.string({ minLength: 1, maxLength: 30 }));
}
function goodNumber(key: string): fc.Arbitrary<number> {
  if (/limit|offset|seats|trial|days/i.test(key)) return fc.integer({ min: 0, max: 30 });
  if (key === 'amount') return fc.integer({ min: 5, max: 60 });
  return fc.oneof(
    fc.integer({ min: 0, max: 100 }),
    fc.integer({ min: 1, max: 10_000 }).map((c) => c / 100),
  );
}

/**
 * Values shaped for a field (mostly of its type, so that requests get past validation), nasty ones sometimes;
 * a field naming what the path names (`appId` and `:id`, `versionId`, `action` …) is mostly the path's value.
 */
function valueFor(schema: unknown, key: string, path: string): fc.Arbitrary<unknown> {
  const param = new RegExp(`:${key}(?:/|$)`).test(path) ? key : key === 'appId' && path.includes(':id') ? 'id' : null;
  const own = ownValueFor(schema, key, path);
  return param ? fc.oneof({ arbitrary: fc.constant(new Echo(param)), weight: 4 }, { arbitrary: own, weight: 1 }) : own;
}
function ownValueFor(schema: unknown, key: string, path: string): fc.Arbitrary<unknown> {
  const t = baseOf(schema);
  const d = defOf(t);
  const good = ((): fc.Arbitrary<unknown> | null => {
    switch (d.type) {
      case 'string':
        return goodString(key);
      case 'number':
        return goodNumber(key);
      case 'boolean':
        return fc.boolean();
      case 'enum':
        return fc.constantFrom(...Object.values(d.entries ?? {}));
      case 'literal':
        return fc.constantFrom(...(d.values ?? [null]));
      case 'array':
        return fc.array(valueFor(d.element, key, path), { minLength: 1, maxLength: 3 });
      case 'object':
        return objectFor(t, path, false);
      case 'union':
        return fc.oneof(...(d.options ?? []).map((o) => valueFor(o, key, path)));
      default:
        return null;
    }
  })();
  if (!good) return value;
  const bad = d.type === 'number' ? fc.oneof(numbers, value) : d.type === 'string' ? fc.oneof(strings, value) : value;
  return fc.oneof({ arbitrary: good, weight: 12 }, { arbitrary: bad, weight: 1 });
}
/** A body or query for a schema: its own keys with values for them, plus unknown keys, or something else entirely. */
function objectFor(schema: unknown, path: string, loose = true): fc.Arbitrary<unknown> {
  const inner = baseOf(schema);
  const shape = inner instanceof z.ZodObject ? (inner.shape as Record<string, unknown>) : {};
  const fields = fc.record(Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, valueFor(v, k, path)])), { requiredKeys: [] });
  const full = fc.record(Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, valueFor(v, k, path)])));
  if (!loose) return fc.oneof({ arbitrary: full, weight: 4 }, { arbitrary: fields, weight: 1 });
  return fc.oneof(
    { arbitrary: full, weight: 8 },
    { arbitrary: fields, weight: 2 },
    { arbitrary: fc.tuple(full, fc.dictionary(fc.string({ maxLength: 12 }), value, { maxKeys: 3 })).map(([a, b]) => ({ ...b, ...a })), weight: 2 },
    { arbitrary: value, weight: 1 },
  );
}

// ——— Multipart bodies ———

/** A package: a real fixture app zipped (its app.json id and version as drawn), a broken one, or junk bytes. */
type ZipFile = { zip: string; id: unknown; version: string | null; drop: string | null };
const semverOf = fc.tuple(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 9 }), fc.integer({ min: 0, max: 9 })).map((v) => v.join('.'));
/** A real package: app.json's id that of the app the path names (an update), a new one, or a taken one; any version; rarely a file missing. */
const zipFile = (update: boolean): fc.Arbitrary<ZipFile> =>
  fc.record({
    zip: fc.constantFrom(...FIXTURES),
    id: update
      ? fc.oneof({ arbitrary: fc.constant(new Echo('id')), weight: 6 }, { arbitrary: ref('apps', 'appId'), weight: 1 }, { arbitrary: fc.uuid(), weight: 1 })
      : fc.oneof(
          { arbitrary: fc.uuid(), weight: 6 },
          { arbitrary: ref('apps', 'appId'), weight: 2 },
          { arbitrary: fc.constantFrom(undefined, 'not an id'), weight: 1 },
        ),
    version: fc.oneof({ arbitrary: semverOf, weight: 6 }, { arbitrary: fc.constantFrom(null, 'nope'), weight: 1 }),
    drop: fc.oneof({ arbitrary: fc.constant(null), weight: 12 }, { arbitrary: fc.constantFrom('app.json', 'icon.png'), weight: 1 }),
  });
type FileSpec = 'png' | 'jpeg' | 'junk' | 'empty' | 'text' | ZipFile;
type Part = { field: string; file?: FileSpec; filename?: string; value?: unknown };
const blobs: Record<string, Buffer> = {};
const fixtures: Record<string, Record<string, Uint8Array>> = {};
const FIXTURES = ['reminder-bot', 'standup-helper', 'room-slugger'];

const anyFile: fc.Arbitrary<FileSpec> = fc.oneof(fc.constantFrom<FileSpec>('png', 'jpeg', 'junk', 'empty', 'text'), zipFile(false));
const randomParts: fc.Arbitrary<Part[]> = fc.array(
  fc.record(
    { field: fc.oneof(fc.constantFrom('app', 'screenshots', 'bundleInfo', 'appIds', 'file'), fc.string({ maxLength: 12 })), file: anyFile, value: strings },
    { requiredKeys: ['field'] },
  ),
  { maxLength: 4 },
);
/** A bundle as the form sends one (bought once, or free), in the categories that exist. */
const plainBundle = fc.record({
  name: fc.constantFrom('Fuzz Bundle', 'Fuzz Suite'),
  description: fc.constant('Apps that go together.'),
  version: fc.constantFrom('1.0.0', '2.1.0'),
  categories: fc.array(ref('categories', 'title'), { minLength: 1, maxLength: 2 }),
  requiredApiVersion: fc.constantFrom('1.44.0', '1.0.0'),
  iconFileData: fc.constant(null).map(() => iconDataUrl),
  purchaseType: fc.constant('buy'),
  price: fc.constantFrom(0, 0, 4.99),
});
/** The parts an upload route reads, shaped for it most of the time. */
function partsFor(key: string, path: string): fc.Arbitrary<Part[]> {
  const json = (a: fc.Arbitrary<unknown>) => a.map((v) => ({ json: v }));
  const shaped: fc.Arbitrary<Part[]> =
    key === 'bundles.create'
      ? fc.tuple(
          json(fc.oneof({ arbitrary: plainBundle, weight: 2 }, { arbitrary: objectFor(BundleInfo, path), weight: 3 })).map((value) => ({
            field: 'bundleInfo',
            value,
          })),
          fc
            .oneof({ arbitrary: json(fc.array(ref('apps', 'appId'), { minLength: 1, maxLength: 3 })), weight: 4 }, { arbitrary: strings, weight: 1 })
            .map((value) => ({ field: 'appIds', value })),
        )
      : key === 'apps.uploadScreenshots'
        ? fc
            .oneof(
              { arbitrary: fc.array(fc.constantFrom<FileSpec>('png', 'png', 'jpeg', 'junk'), { minLength: 1, maxLength: 3 }), weight: 6 },
              { arbitrary: fc.constant(Array<FileSpec>(11).fill('png')), weight: 1 },
            )
            .map((files) => files.map((file, i) => ({ field: 'screenshots', file, filename: `shot-${i}.${file === 'jpeg' ? 'jpg' : 'png'}` })))
        : key.startsWith('submissions.')
          ? // The Apps CLI's form: the package, categories as a JSON list of titles, and on updates the change note.
            fc
              .tuple(
                zipFile(key === 'submissions.update').map((file): Part => ({ field: 'app', file, filename: 'app.zip' })),
                fc.option(
                  fc
                    .oneof(
                      { arbitrary: json(fc.array(ref('categories', 'title'), { minLength: 1, maxLength: 2 })), weight: 4 },
                      { arbitrary: strings, weight: 1 },
                    )
                    .map((value): Part => ({ field: 'categories', value })),
                ),
                fc.option(strings.map((value): Part => ({ field: 'changes', value }))),
              )
              .map(([app, categories, changes]) => [app, ...(categories ? [categories] : []), ...(changes ? [changes] : [])])
          : fc.oneof(
              { arbitrary: zipFile(key === 'apps.update').map((file) => [{ field: 'app', file, filename: 'app.zip' }]), weight: 6 },
              { arbitrary: fc.constant<Part[]>([{ field: 'app', file: 'junk', filename: 'app.zip' }]), weight: 1 },
              {
                arbitrary: fc.tuple(zipFile(false), zipFile(false)).map(([a, b]) => [
                  { field: 'app', file: a },
                  { field: 'app', file: b },
                ]),
                weight: 1,
              },
            );
  return fc.oneof({ arbitrary: shaped, weight: 8 }, { arbitrary: randomParts, weight: 1 });
}
function fileBytes(blob: FileSpec, ctx: Context): Buffer {
  if (typeof blob === 'string') return blobs[blob]!;
  let files: Record<string, Uint8Array | string> = fixtures[blob.zip]!;
  const change: Record<string, unknown> = {};
  if (blob.id !== undefined) change.id = resolve(blob.id, ctx);
  if (blob.version) change.version = blob.version;
  if (Object.keys(change).length) files = withManifest(files, change);
  if (blob.drop) files = Object.fromEntries(Object.entries(files).filter(([name]) => name !== blob.drop));
  return zip(files);
}
function formOf(parts: Part[], ctx: Context) {
  const form = new FormData();
  for (const p of parts) {
    if (p.file !== undefined)
      form.append(p.field, new Blob([new Uint8Array(fileBytes(p.file, ctx))], { type: 'application/octet-stream' }), p.filename ?? 'file.bin');
    else {
      const v = p.value as { json?: unknown } | unknown;
      form.append(p.field, v && typeof v === 'object' && 'json' in v ? JSON.stringify(resolve(v.json, ctx)) : String(resolve(v, ctx)));
    }
  }
  return form;
}

// ——— Requests ———

const routes = flattenRoutes(contract);
const byKey = new Map(routes.map((r) => [r.key, r.route]));
const paramsOf = (path: string) => [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
const isMultipart = (route: AppRoute) => 'contentType' in route && route.contentType === 'multipart/form-data';
const takesBody = (route: AppRoute) => 'body' in route && route.body !== undefined;

/**
 * A path param: one row's (most of the time; half of those among the caller's own publisher's rows), each
 * param another row's, or junk ('a'×150 is past the router's limit: 414).
 */
type ParamPick = { row: number; mine?: true } | { junk: string };
// Unstorable text too (a NUL, unpaired surrogates: sent as the bytes a careless client writes, see `segment`).
const junk = fc.oneof(
  fc.constantFrom('%2e%2e', '%00', 'a'.repeat(150), ' ', '🙂', "'", 'approve', 'x', '0'.repeat(24), '\u0000', 'a\u0000b', '\uD800', 'x\uDC00y'),
  fc.string({ minLength: 1, maxLength: 30 }),
);
/** A path segment as sent: percent-encoded; an unpaired surrogate as the three bytes of its WTF-8 form (encodeURIComponent refuses it). */
const segment = (v: string) =>
  [...v]
    .map((ch) => {
      const c = ch.codePointAt(0)!;
      if (c < 0xd800 || c > 0xdfff) return encodeURIComponent(ch);
      return [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    })
    .join('');
const paramPicks = (n: number): fc.Arbitrary<ParamPick[]> =>
  fc.oneof(
    { arbitrary: fc.nat().map((row) => Array<ParamPick>(n).fill({ row })), weight: 4 },
    { arbitrary: fc.nat().map((row) => Array<ParamPick>(n).fill({ row, mine: true })), weight: 4 },
    {
      arbitrary: fc.array(
        fc.oneof({ arbitrary: fc.nat().map((row): ParamPick => ({ row })), weight: 3 }, { arbitrary: junk.map((j): ParamPick => ({ junk: j })), weight: 1 }),
        { minLength: n, maxLength: n },
      ),
      weight: 3,
    },
  );

/** How the body travels: as the route takes it (mostly), none, in another media type (415), or past the body limit (413). */
type Media = 'as-declared' | 'none' | 'text' | 'other' | 'huge';
const media = fc.oneof(
  { arbitrary: fc.constant<Media>('as-declared'), weight: 24 },
  { arbitrary: fc.constantFrom<Media>('none', 'text', 'other', 'huge'), weight: 1 },
);

// Those who may use a route reach the most code: staff are asked more often on the admin routes, the
// developers of publishers on the publisher routes; everyone sometimes.
const staffCaller = fc.oneof(
  { arbitrary: fc.constantFrom<Caller>('admin', 'reviewer', 'support', 'staffOnly'), weight: 3 },
  { arbitrary: fc.constantFrom<Caller>('anon', 'newcomer', 'viewer', 'developer', 'owner', 'fjordOwner'), weight: 1 },
);
const publisherCaller = fc.oneof(
  { arbitrary: fc.constantFrom<Caller>('owner', 'developer', 'viewer', 'fjordOwner', 'admin'), weight: 3 },
  { arbitrary: fc.constantFrom<Caller>('anon', 'newcomer', 'reviewer', 'support', 'staffOnly'), weight: 1 },
);

const idempotencyKey = fc.option(fc.constantFrom('fuzz-key-000001', 'fuzz-key-000002', 'not a key!'), { freq: 2 });

// ——— Rocket.Chat's catalog reads (contract/marketplace.ts): a workspace's token or none instead of the caller's
// session (a session is a 401 there), and an Apps-Engine version, a malformed one, or none ———
/** A registered workspace's token (made in beforeAll), as Rocket.Chat sends it. */
let workspaceToken = '';
const isCatalogRead = (route: AppRoute) => (route.metadata as { workspace?: string }).workspace === 'optional';
const catalogCaller = fc.record({
  credential: fc.oneof(
    { arbitrary: fc.constantFrom<'workspace' | 'none'>('workspace', 'none'), weight: 4 },
    { arbitrary: fc.constantFrom<'session' | 'junk'>('session', 'junk'), weight: 1 },
  ),
  engine: fc.option(
    fc.oneof({ arbitrary: fc.constantFrom('1.47.0', '1.66.0', '2.0.0', '0.1.0'), weight: 4 }, { arbitrary: fc.constantFrom('nope', '1.47', ''), weight: 1 }),
    { freq: 4 },
  ),
});

/** A request: a route, a caller, path ids, and a body and query from the route's own schemas. */
const request = fc.constantFrom(...routes.map((r) => r.key)).chain((key) => {
  const route = byKey.get(key)!;
  return fc.record({
    route: fc.constant(key),
    caller: route.path.startsWith('/v1/admin/') ? staffCaller : publisherCaller,
    params: paramPicks(paramsOf(route.path).length),
    media: takesBody(route) ? media : fc.constant<Media>('none'),
    body: !takesBody(route)
      ? fc.constant(undefined)
      : isMultipart(route)
        ? partsFor(key, route.path)
        : objectFor((route as { body: unknown }).body, route.path),
    query: 'query' in route && route.query ? objectFor(route.query, route.path) : fc.constant(undefined),
    idempotencyKey: key === 'admin.publishers.payout' ? idempotencyKey : fc.constant(null),
    catalog: isCatalogRead(route) ? catalogCaller : fc.constant(null),
  });
});
type Request = typeof request extends fc.Arbitrary<infer R> ? R : never;

function paramsFor(route: AppRoute, picks: ParamPick[], caller: Caller): Record<string, string> {
  const family = familyOf(route.path);
  const params: Record<string, string> = {};
  paramsOf(route.path).forEach((param, i) => {
    const p = picks[i]!;
    if ('junk' in p) params[param] = p.junk;
    else {
      const f: Family = param === 'action' ? 'actions' : (family ?? 'apps');
      params[param] = pick(f, p.row, p.mine && caller)?.[fieldOfParam(route.path, f, param)] ?? 'no-such-row';
    }
  });
  return params;
}

/**
 * One HTTP request, its answer read even when the server answers before the body is read and closes the
 * connection (uploads refused on request: fetch would report only the broken pipe).
 */
async function call(method: string, url: string, headers: Record<string, string>, body: string | FormData | undefined) {
  let bytes: Buffer | undefined;
  if (body instanceof FormData) {
    const encoded = new Response(body);
    headers['content-type'] = encoded.headers.get('content-type')!;
    bytes = Buffer.from(await encoded.arrayBuffer());
  } else if (body !== undefined) bytes = Buffer.from(body);
  if (bytes) headers['content-length'] = String(bytes.length);
  return new Promise<{ status: number; text: string }>((done, fail) => {
    let answered = false;
    const req = httpRequest(url, { method, headers, agent: false }, (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', fail);
    });
    req.on('error', (err) => {
      if (!answered) fail(err);
    });
    req.end(bytes);
  });
}

async function send(r: Request) {
  const route = byKey.get(r.route)!;
  const params = paramsFor(route, r.params, r.caller);
  const ctx: Context = { params, caller: r.caller };
  const path = route.path.replace(/:(\w+)/g, (_, p: string) => segment(params[p]!));
  const query = resolve(r.query, ctx);
  const qs =
    query && typeof query === 'object' && !Array.isArray(query)
      ? `?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]))}`
      : '';
  const headers: Record<string, string> = {};
  const token = isWorkspaceRoute(route.metadata) ? (workspaceTokens[r.caller] ?? tokens[r.caller]) : tokens[r.caller];
  if (token) headers.authorization = `Bearer ${token}`;
  if (r.catalog) {
    const { credential, engine } = r.catalog;
    if (credential === 'workspace') headers.authorization = `Bearer ${workspaceToken}`;
    else if (credential === 'junk') headers.authorization = 'Bearer not-a-workspace-token';
    else if (credential === 'none') delete headers.authorization;
    if (engine !== null) headers['x-apps-engine-version'] = engine;
  }
  if (r.idempotencyKey) headers['idempotency-key'] = r.idempotencyKey;
  let body: string | FormData | undefined;
  if (r.media === 'as-declared' && isMultipart(route)) body = formOf(r.body as Part[], ctx);
  else if (r.media === 'as-declared' || (r.media === 'other' && isMultipart(route))) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(resolve(r.body, ctx)) ?? 'null';
  } else if (r.media === 'other') body = formOf([{ field: 'file', file: 'png' }], ctx);
  else if (r.media === 'text') {
    headers['content-type'] = 'text/plain';
    body = 'plain text';
  } else if (r.media === 'huge') {
    headers['content-type'] = 'application/json';
    body = JSON.stringify({ huge: 'x'.repeat(s.config.bodyLimitBytes) });
  }
  const res = await call(route.method, s.base + path + qs, headers, body);
  const text = res.text;
  let json: Record<string, unknown> | undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return {
    status: res.status,
    text,
    json,
    params,
    described: { key: r.route, method: route.method, path: (path + qs).slice(0, 300), caller: r.caller, media: r.media },
  };
}

// ——— The database: writes, and the columns nobody may change but the routes that exist to change them ———

/**
 * Counts every row written to any table (a trigger on each), so that a refused request can be shown to
 * have changed nothing at all in the database. Rate limit counts are written for every request, refused
 * ones included, by design (security.ts): not counted.
 */
async function countWrites() {
  await s.app.db.execute(sql`CREATE TABLE fuzz_writes (n bigint NOT NULL, last text NOT NULL DEFAULT '')`);
  await s.app.db.execute(sql`INSERT INTO fuzz_writes VALUES (0, '')`);
  await s.app.db.execute(sql`CREATE FUNCTION fuzz_count() RETURNS trigger AS $$
      BEGIN UPDATE fuzz_writes SET n = n + 1, last = TG_TABLE_NAME || ' ' || TG_OP; RETURN NULL; END;
    $$ LANGUAGE plpgsql`);
  const tables = (await s.app.db.execute(sql`
    SELECT table_name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name NOT IN ('fuzz_writes', 'rate_limits')`)) as unknown as {
    rows: { table_name: string }[];
  };
  for (const { table_name } of tables.rows) {
    await s.app.db.execute(sql.raw(`CREATE TRIGGER fuzz_count AFTER INSERT OR UPDATE OR DELETE ON "${table_name}" FOR EACH ROW EXECUTE FUNCTION fuzz_count()`));
  }
}
const writes = async () => ((await s.app.db.execute(sql`SELECT n, last FROM fuzz_writes`)) as unknown as { rows: { n: string; last: string }[] }).rows[0]!;

const PUBLISHER_FLAGS = ['can_create_paid_apps', 'can_create_bundles', 'can_use_npm_modules', 'can_use_webhooks'];
type Guarded = Map<string, Record<string, unknown>>;
/** The guarded columns of every row, by `table:id`: publishers' flags and balance, developers' publisher and roles, apps' flags and publisher. */
async function guarded(): Promise<Guarded> {
  const rows = (
    (await s.app.db.execute(sql`
    SELECT 'publishers:' || id AS k, json_build_object('can_create_paid_apps', can_create_paid_apps, 'can_create_bundles', can_create_bundles, 'can_use_npm_modules', can_use_npm_modules,
      'can_use_webhooks', can_use_webhooks, 'stripe_available_balance', stripe_available_balance)::text AS v FROM publishers
    UNION ALL SELECT 'developers:' || id, json_build_object('publisher_id', publisher_id, 'system_role', system_role, 'role', role, 'cloud_user_id', cloud_user_id)::text FROM developers
    UNION ALL SELECT 'apps:' || id, json_build_object('is_enterprise_only', is_enterprise_only, 'is_usage_based', is_usage_based, 'publisher_id', publisher_id)::text FROM apps`)) as unknown as {
      rows: { k: string; v: string }[];
    }
  ).rows;
  return new Map(rows.map((r) => [r.k, JSON.parse(r.v) as Record<string, unknown>]));
}

type Change = { table: string; id: string; column: string; from: unknown; to: unknown; was: Record<string, unknown>; now: Record<string, unknown> };
type Who = { developerId?: string; publisherId?: string | null };
/** The guarded columns a route exists to change (on the row it names, or the caller's own). */
function mayChange(key: string, params: Record<string, string>, who: Who, c: Change): boolean {
  const on = (table: string, id: string | null | undefined, columns: string[]) => c.table === table && c.id === id && columns.includes(c.column);
  switch (key) {
    case 'admin.publishers.update':
      return on('publishers', params.id, PUBLISHER_FLAGS);
    case 'admin.publishers.get':
    case 'admin.publishers.payout':
      return on('publishers', params.id, ['stripe_available_balance']);
    case 'publisher.balance':
    case 'oauth.stripeConnect':
      return on('publishers', who.publisherId, ['stripe_available_balance']);
    case 'admin.publishers.developerSystemRole':
      return on('developers', params.devId, ['system_role']);
    case 'admin.publishers.developerRole':
      return on('developers', params.devId, ['role']);
    case 'publisher.setDeveloperRole':
      return on('developers', params.developerId, ['role']);
    case 'publisher.removeDeveloper':
      return on('developers', params.developerId, ['role']) || (on('developers', params.developerId, ['publisher_id']) && c.to === null);
    case 'publisher.addUser':
      // Someone without a publisher joins the caller's, in a role.
      return c.table === 'developers' && ['publisher_id', 'role'].includes(c.column) && c.was.publisher_id === null && c.now.publisher_id === who.publisherId;
    case 'publisher.signUp':
      // The caller, without a publisher, gets the one they sign up.
      return on('developers', who.developerId, ['publisher_id', 'role']) && c.was.publisher_id === null;
    case 'admin.apps.enterpriseOnly':
      return on('apps', params.id, ['is_enterprise_only']) && c.to === true;
    case 'admin.apps.usageBased':
      return on('apps', params.id, ['is_usage_based']) && c.to === true;
    default:
      return false;
  }
}
/** Rows a request may add: an app of the caller's publisher, a developer joining it, a publisher signing up — none with a flag set. */
function mayAdd(key: string, who: Who, table: string, row: Record<string, unknown>, added: Set<string>): boolean {
  if (table === 'apps')
    return (
      (key === 'apps.create' || key === 'submissions.create' || key === 'bundles.create') &&
      row.publisher_id === who.publisherId &&
      row.is_enterprise_only === false &&
      row.is_usage_based === false
    );
  if (table === 'developers') {
    return (
      (key === 'publisher.addUser' && row.publisher_id === who.publisherId && row.system_role === 'user') ||
      (key === 'publisher.signUp' && added.has(`publishers:${row.publisher_id}`) && row.system_role === 'user')
    );
  }
  if (table === 'publishers') return key === 'publisher.signUp' && PUBLISHER_FLAGS.every((f) => row[f] === false) && Number(row.stripe_available_balance) === 0;
  return false;
}
function whoIs(snapshot: Guarded, c: Caller): Who {
  if (c === 'anon') return {};
  const cloudId = demoUsers[c].id;
  for (const [k, v] of snapshot)
    if (k.startsWith('developers:') && v.cloud_user_id === cloudId)
      return { developerId: k.slice('developers:'.length), publisherId: v.publisher_id as string | null };
  return {};
}
/** What changed in the guarded columns and rows that the request may not change (empty when it kept to its own). */
function forbiddenChanges(key: string, params: Record<string, string>, who: Who, before: Guarded, after: Guarded): string[] {
  const problems: string[] = [];
  const added = new Set([...after.keys()].filter((k) => !before.has(k)));
  for (const [k, was] of before) {
    const now = after.get(k);
    if (!now) {
      problems.push(`${k} was deleted`);
      continue;
    }
    const [table, id] = [k.slice(0, k.indexOf(':')), k.slice(k.indexOf(':') + 1)];
    for (const column of Object.keys(was)) {
      const c: Change = { table, id, column, from: was[column], to: now[column], was, now };
      if (JSON.stringify(c.from) !== JSON.stringify(c.to) && !mayChange(key, params, who, c))
        problems.push(`${k}.${column}: ${JSON.stringify(c.from)} → ${JSON.stringify(c.to)}`);
    }
  }
  for (const k of added)
    if (!mayAdd(key, who, k.slice(0, k.indexOf(':')), after.get(k)!, added)) problems.push(`${k} was added: ${JSON.stringify(after.get(k))}`);
  return problems;
}

/**
 * The callers stay who they are (their publisher and roles, their publishers' flags), so that the whole run
 * reaches every layer: a change a route legitimately made to them (an admin taking a role away, an owner
 * removing a developer) is put back once checked.
 */
let seeded: Guarded;
async function restoreCallers(now: Guarded) {
  const fixes: string[] = [];
  for (const c of callers) {
    if (c === 'anon') continue;
    const who = whoIs(seeded, c);
    if (!who.developerId) continue;
    const was = seeded.get(`developers:${who.developerId}`)!;
    const is = now.get(`developers:${who.developerId}`);
    if (is && (is.publisher_id !== was.publisher_id || is.role !== was.role || is.system_role !== was.system_role)) {
      fixes.push(
        `UPDATE developers SET publisher_id = ${was.publisher_id === null ? 'NULL' : `'${String(was.publisher_id)}'`}, role = '${String(was.role)}', system_role = '${String(was.system_role)}' WHERE id = '${who.developerId}'`,
      );
    }
  }
  for (const [k, was] of seeded) {
    if (!k.startsWith('publishers:')) continue;
    const is = now.get(k);
    if (is && PUBLISHER_FLAGS.some((f) => is[f] !== was[f])) {
      fixes.push(`UPDATE publishers SET ${PUBLISHER_FLAGS.map((f) => `${f} = ${String(was[f])}`).join(', ')} WHERE id = '${k.slice('publishers:'.length)}'`);
    }
  }
  for (const fix of fixes) await s.app.db.execute(sql.raw(fix));
  // The session cache hears of developer changes through the database's notifications, a moment later on
  // PostgreSQL: this process forgets every session it keeps at once.
  if (fixes.length) s.app.forgetCredential('everyone');
  return fixes.length > 0;
}

beforeAll(async () => {
  // No background work (compiles, mail; the harness turns webhook deliveries off): every write the database
  // sees comes from the request being answered.
  s = await startServer({}, { COMPILE_WORKER: 'false', MAIL_WORKER: 'false' });
  await countWrites();
  for (const c of callers) if (c !== 'anon') tokens[c] = await s.signIn(c);
  for (const c of ['admin', 'reviewer', 'staffOnly'] as const) secrets[c] = (await s.request('GET', '/v1/admin/secret', { token: tokens[c] })).json.secret;
  blobs.png = pngImage(320, 180);
  blobs.jpeg = await imageOf('jpeg', 320, 180);
  blobs.junk = Buffer.from('PK\u0003\u0004 not really a zip, nor an image', 'latin1');
  blobs.empty = Buffer.alloc(0);
  blobs.text = Buffer.from('hello');
  iconDataUrl = `data:image/png;base64,${pngImage(64, 64).toString('base64')}`;
  for (const f of FIXTURES) fixtures[f] = fixtureFiles(f);
  await refreshPools();
  // The demo data has no screenshots: two, on versions that may still be changed.
  for (const v of pools.versions) {
    const form = formOf(
      [1, 2].map((n) => ({ field: 'screenshots', file: 'png', filename: `shot-${n}.png` })),
      { params: {}, caller: 'owner' },
    );
    const res = await call('POST', `${s.base}/v1/publisher/apps/${v.appId}/info/${v.versionId}/screenshots`, { authorization: `Bearer ${tokens.owner}` }, form);
    if (res.status === 201) break;
  }
  // Nor API tokens or trusted publishers: one of each for two publishers (what their routes' paths name).
  for (const c of ['owner', 'fjordOwner'] as const) {
    await s.request('POST', '/v1/publisher/tokens', { token: tokens[c], body: { name: `Fuzz ${c}`, abilities: ['read'], appIds: null } });
    const home = whoIs(await guarded(), c).publisherId;
    const app = pools.apps.find((a) => a.owner === home);
    if (app) await s.request('POST', `/v1/publisher/apps/${app.appId}/trust`, { token: tokens[c], body: { repository: `fuzz/${c}`, workflow: 'release.yml' } });
  }
  // Nor payouts (their statements' paths name one: docs/reports.md): one to Northwind, which has a payment account.
  await s.request('POST', '/v1/admin/publishers/6560a1f0c0ffee0000000001/payout', { token: tokens.admin, body: { amount: 10 } });
  // Nor registered Rocket.Chat workspaces (docs/rocketchat.md, Pointing a Rocket.Chat server): two, so that rotate and revoke reach a registered one.
  for (const nickname of ['Fuzz workspace', 'Fuzz workspace 2']) {
    await s.request('POST', '/v1/admin/workspaces', { token: tokens.admin, body: { nickname, address: 'https://fuzz.example/chat' } });
  }
  // Registered workspaces with their access tokens (rows as the token grant writes them).
  const grant = async (workspaceId: string, scope: string) => {
    const token = `fuzz-ws-${workspaceId}-${scope.length}`;
    await s.app.db.execute(
      sql`INSERT INTO workspace_tokens (token_hash, workspace_id, scope, expires_at) VALUES (${createHash('sha256').update(token).digest('hex')}, ${workspaceId}, ${scope}, now() + interval '1 day')`,
    );
    return token;
  };
  const acmeHq = createHash('sha256').update('ws:acme-hq').digest('hex').slice(0, 24);
  const initech = createHash('sha256').update('ws:initech').digest('hex').slice(0, 24);
  await s.app.db.execute(sql`INSERT INTO accounts (id, name) VALUES ('fuzzaccount0000000000001', 'Fuzz Customer')`);
  await s.app.db.execute(
    sql`INSERT INTO workspaces (id, account_id, nickname, address, client_id, secret_hash, secret_prefix, registered_at, registered_by) VALUES ('fuzzworkspace00000000001', 'fuzzaccount0000000000001', 'Fuzz Workspace', 'https://fuzz.chat.example', 'fuzz-client', ${createHash('sha256').update('rcws_fuzz').digest('hex')}, 'rcws_fuzz', now(), 'fuzz')`,
  );
  await s.app.db.execute(sql`UPDATE workspaces SET revoked_at = now() WHERE id = ${initech}`);
  workspaceTokens.owner = await grant(acmeHq, 'marketplace:read marketplace:download');
  workspaceTokens.developer = await grant('fuzzworkspace00000000001', 'marketplace:read marketplace:download');
  workspaceTokens.viewer = await grant(acmeHq, 'marketplace:read');
  workspaceTokens.fjordOwner = await grant(initech, 'marketplace:read marketplace:download');
  await refreshPools();
  // A registered workspace's token for the catalog reads (stored as the token endpoint stores it: sha256 hex).
  workspaceToken = `fuzz-workspace-${'0'.repeat(24)}`;
  await s.app.db.execute(
    sql`INSERT INTO workspace_tokens (token_hash, workspace_id, scope, expires_at) SELECT ${createHash('sha256').update(workspaceToken).digest('hex')}, id, 'marketplace:read marketplace:download', now() + interval '1 day' FROM workspaces ORDER BY id LIMIT 1`,
  );
  seeded = await guarded();
});
afterAll(() => s?.close());

describe('the contract-driven fuzzer', () => {
  it(`sends ${RUNS} generated requests (seed ${SEED}): only declared statuses, every refusal in the envelope and changing nothing, guarded fields changed only by their routes`, async () => {
    expect(
      Object.values(pools).every((rows) => rows.length > 0),
      `a family without rows: ${JSON.stringify(Object.fromEntries(Object.entries(pools).map(([f, r]) => [f, r.length])))}`,
    ).toBe(true);
    let before = seeded;
    const homesOf = (g: Guarded) => Object.fromEntries(callers.map((c) => [c, whoIs(g, c).publisherId ?? null]));
    homes = homesOf(before);
    const debug = new Set((process.env.FUZZ_DEBUG ?? '').split(',').filter(Boolean));
    let written = (await writes()).n;
    let sent = 0;
    const statuses = new Map<number, number>();
    /** Per route, the statuses answered (how many of each). */
    const perRoute = new Map<string, Map<number, number>>();
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const route = byKey.get(r.route)!;
        const res = await send(r);
        const req = res.described;
        sent++;
        // FUZZ_DEBUG=route.key,… prints what those routes answered.
        if (debug.has(r.route)) console.log(res.status, JSON.stringify(req), res.text.slice(0, 240));
        if (sent % 500 === 0) await refreshPools();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        const counts = perRoute.get(r.route) ?? new Map<number, number>();
        perRoute.set(r.route, counts.set(res.status, (counts.get(res.status) ?? 0) + 1));
        // Every status is one the route declares (so the OpenAPI document and the typed client know it): never a 5xx.
        // A request head past Node's limit (a 100 KB query) is refused by its HTTP parser before any route
        // (server/kernel/plugins/errors.ts answerClientError): the server's answer, no route's.
        const beforeRouting = res.status === 431 && res.json?.code === 'HPE_HEADER_OVERFLOW';
        if (!(res.status in route.responses) && !beforeRouting)
          throw new Error(`undeclared ${res.status}: ${JSON.stringify({ ...req, answer: res.text.slice(0, 300) })}`);
        if (res.status >= 500) throw new Error(`5xx: ${JSON.stringify({ ...req, answer: res.text.slice(0, 300) })}`);
        if (res.status >= 400) {
          const ok = res.json && typeof res.json.error === 'string' && res.json.code !== undefined && typeof res.json.requestId === 'string';
          if (!ok) throw new Error(`not the envelope: ${JSON.stringify({ ...req, status: res.status, answer: res.text.slice(0, 300) })}`);
        }
        // A refused request changes nothing: not one row written anywhere.
        const after = await writes();
        if (res.status >= 400 && after.n !== written)
          throw new Error(`a refused request wrote to the database (${after.last}): ${JSON.stringify({ ...req, status: res.status })}`);
        // Whatever was written, only the columns the route exists to change changed (staff routes included).
        if (after.n !== written) {
          const now = await guarded();
          const problems = forbiddenChanges(r.route, res.params, whoIs(before, r.caller), before, now);
          if (problems.length) throw new Error(`guarded fields changed: ${problems.join('; ')}: ${JSON.stringify({ ...req, status: res.status })}`);
          before = (await restoreCallers(now)) ? await guarded() : now;
          homes = homesOf(before);
        }
        written = (await writes()).n;
        // A generated sign-out revokes the caller's session (as it should): sign that caller in again.
        if (res.status === 401 && r.caller !== 'anon' && !r.catalog && !isWorkspaceRoute(route.metadata)) {
          tokens[r.caller] = await s.signIn(r.caller);
          written = (await writes()).n;
        }
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    expect(sent).toBe(RUNS);
    // The write counter works: the accepted requests wrote.
    expect(Number((await writes()).n)).toBeGreaterThan(0);
    const table = Object.fromEntries(
      [...perRoute].sort(([a], [b]) => a.localeCompare(b)).map(([k, m]) => [k, Object.fromEntries([...m].sort(([a], [b]) => a - b))]),
    );
    console.log(`fuzzer statuses: ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`);
    // FUZZ_REPORT=file writes the statuses of every route there.
    if (process.env.FUZZ_REPORT) writeFileSync(process.env.FUZZ_REPORT, `${JSON.stringify(table, null, 1)}\n`);
    // How far the requests reach is asked of a run long enough to reach everything (10 000: the PGlite pass,
    // `npm run fuzz`); a shorter one (the PostgreSQL pass's 1 000) holds to the invariants above only.
    if (RUNS < REACH_RUNS) return;
    // The requests reach the handlers: authorized, well-formed enough to be answered 2xx, refused by each layer.
    const seen = [...statuses.keys()];
    for (const status of [200, 201, 400, 401, 403, 404, 409, 413, 414, 415]) expect(seen, `no ${status} answered`).toContain(status);
    // Every family of rows is reached past authorization and lookup: some route naming it answers 2xx.
    const ok = (key: string) => [...(perRoute.get(key) ?? new Map<number, number>()).keys()].some((st) => st < 300);
    const byFamily = new Map<string, string[]>();
    for (const { key, route } of routes) {
      const f = familyOf(route.path);
      if (f) byFamily.set(f, [...(byFamily.get(f) ?? []), key]);
    }
    for (const [family, keys] of byFamily) expect(keys.some(ok), `no route of ${family} (${keys.join(', ')}) answered 2xx`).toBe(true);
    // Uploads are read: each upload route accepts some.
    for (const { key, route } of routes) if (isMultipart(route)) expect(ok(key), `${key} never answered 2xx`).toBe(true);
  }, 600_000);
});
