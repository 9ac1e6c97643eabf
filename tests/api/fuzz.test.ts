import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contract } from '../../contract';
import { flattenRoutes } from '../../contract/walk';
import { uuidOf } from '../../server/db/seed';
import { pendingRoutes } from '../../server/routes/pending';
import { startServer, type DemoKey, type TestServer } from '../harness';

/**
 * A contract-driven fuzzer: for every route of the contract, requests built from its zod schemas — each
 * field of the body and query replaced by values users and attackers send (wrong types, extremes, huge,
 * empty and unicode strings, javascript: and private-address URLs, deep nesting, unknown and __proto__
 * keys) — with junk, real and other publishers' path ids, as anonymous and as every kind of caller.
 * Invariants: no 5xx (501 for routes not built yet), every non-2xx in the envelope, nothing a caller may
 * not change ever changes. Seeded: a failure prints the seed and the smallest failing request.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const RUNS = Number(process.env.FUZZ_RUNS ?? 10000);

let s: TestServer;
const callers: (DemoKey | 'anon')[] = ['anon', 'newcomer', 'viewer', 'owner', 'fjordOwner', 'reviewer', 'admin', 'staffOnly'];
const tokens: Partial<Record<DemoKey | 'anon', string>> = {};
beforeAll(async () => {
  // No background compiles: every write the database sees comes from the request being answered.
  s = await startServer({}, { COMPILE_WORKER: 'false' });
  await countWrites();
  for (const c of callers) if (c !== 'anon') tokens[c] = await s.signIn(c);
}, 120_000);
afterAll(() => s.close());

const pending = new Set<string>(pendingRoutes);
const routes = flattenRoutes(contract);

const numbers = fc.constantFrom(0, -1, 1e12, -1e12, 1.5, Number.MAX_SAFE_INTEGER, 0.001, 99_999.999, 1e308);
const strings = fc.oneof(
  fc.constantFrom('', ' ', '\u0000', '\u202e\u200b', '𝒰𝓃𝒾𝒸ℴ𝒹ℯ 🚀', 'javascript:alert(1)', 'http://169.254.169.254/latest', 'http://127.0.0.1:22', 'https://[::1]/', 'data:text/html,<b>', '../../etc/passwd', "' OR 1=1 --"),
  fc.constant('x'.repeat(100_000)),
  fc.string({ maxLength: 40 }),
);
const nasty: fc.Arbitrary<unknown>[] = [
  numbers,
  strings,
  fc.constantFrom(null, true, false, [], {}, [[[[[[]]]]]]),
  fc.constant(JSON.parse('{"__proto__": {"admin": true}, "constructor": {"prototype": {"x": 1}}}')),
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.jsonValue({ maxDepth: 3 }),
];
const value = fc.oneof(...nasty);

/** The base type of a field's schema, through optional, default and nullable wrappers. */
const baseOf = (schema: unknown): unknown => {
  let t = schema;
  while (t instanceof z.ZodOptional || t instanceof z.ZodDefault || t instanceof z.ZodNullable) t = (t as z.ZodOptional).unwrap();
  return t;
};
/** Nasty values shaped for a field: numeric extremes for numbers, string attacks for strings, anything sometimes. */
const valueFor = (schema: unknown): fc.Arbitrary<unknown> => {
  const t = baseOf(schema);
  if (t instanceof z.ZodNumber) return fc.oneof({ arbitrary: numbers, weight: 6 }, { arbitrary: value, weight: 1 });
  if (t instanceof z.ZodString) return fc.oneof({ arbitrary: strings, weight: 6 }, { arbitrary: value, weight: 1 });
  if (t instanceof z.ZodObject) return fc.oneof({ arbitrary: objectFor(t, false), weight: 3 }, { arbitrary: value, weight: 1 });
  return value;
};
/** A body or query for a schema: its own keys with nasty values, plus unknown keys, or something else entirely. */
function objectFor(schema: unknown, loose = true): fc.Arbitrary<unknown> {
  const inner = baseOf(schema);
  const shape = inner instanceof z.ZodObject ? (inner.shape as Record<string, unknown>) : {};
  const fields = fc.record(Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, valueFor(v)])));
  if (!loose) return fields;
  return fc.oneof(
    { arbitrary: fields, weight: 6 },
    { arbitrary: fc.tuple(fields, fc.dictionary(fc.string({ maxLength: 12 }), value, { maxKeys: 3 })).map(([a, b]) => ({ ...b, ...a })), weight: 2 },
    { arbitrary: value, weight: 1 },
  );
}

const realIds = [uuidOf('app:Jira Connector'), uuidOf('app:GitLab Notifier'), uuidOf('app:Weather Now'), 'x', '0'.repeat(24)];
const pathValue = fc.oneof(
  { arbitrary: fc.constantFrom(...realIds), weight: 6 },
  { arbitrary: fc.constantFrom('..', '%2e%2e', '%00', 'a'.repeat(150), ' ', '🙂', "'", 'approve'), weight: 1 },
  { arbitrary: fc.string({ minLength: 1, maxLength: 30 }), weight: 1 },
);
// Staff and owners reach the most code: they are asked more often.
const caller = fc.oneof(
  { arbitrary: fc.constantFrom<DemoKey | 'anon'>('admin', 'reviewer', 'staffOnly', 'owner'), weight: 3 },
  { arbitrary: fc.constantFrom<DemoKey | 'anon'>('anon', 'newcomer', 'viewer', 'fjordOwner'), weight: 1 },
);

const byKey = new Map(routes.map((r) => [r.key, r.route]));
/** A request: a route, a caller, path ids, and a body and query from the route's own schemas (shrinkable). */
const request = fc.constantFrom(...routes.map((r) => r.key)).chain((key) => {
  const route = byKey.get(key)!;
  return fc.record({
    route: fc.constant(key),
    caller,
    params: fc.array(pathValue, { minLength: 6, maxLength: 6 }),
    body: route.method === 'GET' ? fc.constant(undefined) : objectFor('body' in route ? route.body : undefined),
    query: 'query' in route && route.query ? objectFor(route.query) : fc.constant(undefined),
  });
});

type Req = { key: string; method: string; path: string; caller: string; body: unknown };

/** The columns nobody may change through a publisher's request (mass assignment). */
const guarded = async () =>
  JSON.stringify(
    (await s.app.db.execute(sql`
      SELECT (SELECT string_agg(id || can_create_paid_apps || can_create_bundles || can_use_npm_modules || can_use_webhooks || stripe_available_balance, ',' ORDER BY id) FROM publishers) AS p,
             (SELECT string_agg(id || coalesce(publisher_id, '-') || system_role || role, ',' ORDER BY id) FROM developers) AS d,
             (SELECT string_agg(id || is_enterprise_only || is_usage_based || publisher_id, ',' ORDER BY id) FROM apps) AS a`) as unknown as { rows: unknown[] }).rows,
  );

/**
 * Counts every row written to any table (a trigger on each), so that a refused request can be shown to
 * have changed nothing at all in the database — not only the guarded columns.
 */
async function countWrites() {
  await s.app.db.execute(sql`CREATE TABLE fuzz_writes (n bigint NOT NULL, last text NOT NULL DEFAULT '')`);
  await s.app.db.execute(sql`INSERT INTO fuzz_writes VALUES (0, '')`);
  await s.app.db.execute(sql`CREATE FUNCTION fuzz_count() RETURNS trigger AS $$
      BEGIN UPDATE fuzz_writes SET n = n + 1, last = TG_TABLE_NAME || ' ' || TG_OP; RETURN NULL; END;
    $$ LANGUAGE plpgsql`);
  const tables = (await s.app.db.execute(sql`
    SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> 'fuzz_writes'`)) as unknown as { rows: { table_name: string }[] };
  for (const { table_name } of tables.rows) {
    await s.app.db.execute(sql.raw(`CREATE TRIGGER fuzz_count AFTER INSERT OR UPDATE OR DELETE ON "${table_name}" FOR EACH ROW EXECUTE FUNCTION fuzz_count()`));
  }
}
const writes = async () => ((await s.app.db.execute(sql`SELECT n, last FROM fuzz_writes`)) as unknown as { rows: { n: string; last: string }[] }).rows[0]!;

describe('the contract-driven fuzzer', () => {
  it(`sends ${RUNS} generated requests (seed ${SEED}): no 5xx, every refusal in the envelope and changing nothing, guarded fields unchanged`, async () => {
    let before = await guarded();
    let written = (await writes()).n;
    let sent = 0;
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const key = r.route;
        const route = byKey.get(key)!;
        let i = 0;
        const path = route.path.replace(/:(\w+)/g, () => encodeURIComponent(String(r.params[i++ % 6])));
        const { body, query } = r;
        const qs = query && typeof query === 'object' && !Array.isArray(query) ? `?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]))}` : '';
        const token = tokens[r.caller];
        const req: Req = { key, method: route.method, path: path + qs, caller: r.caller, body };
        const res = await s.request(route.method, path + qs, { token, body: body === undefined ? undefined : JSON.stringify(body) });
        sent++;
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        // A refused request changes nothing: not one row written anywhere.
        const after = await writes();
        if (res.status >= 400 && after.n !== written) throw new Error(`a refused request wrote to the database (${after.last}): ${JSON.stringify({ ...req, status: res.status })}`);
        // A generated sign-out revokes the caller's session (as it should): sign that caller in again.
        written = after.n;
        if (res.status === 401 && r.caller !== 'anon') {
          tokens[r.caller] = await s.signIn(r.caller as DemoKey);
          written = (await writes()).n;
        }
        const allowed5xx = pending.has(key) ? [501] : [];
        if (res.status >= 500 && !allowed5xx.includes(res.status)) throw new Error(`5xx: ${JSON.stringify({ ...req, status: res.status, answer: res.text.slice(0, 300) })}`);
        if (res.status >= 400) {
          const ok = res.json && typeof res.json.error === 'string' && res.json.code !== undefined && typeof res.json.requestId === 'string';
          if (!ok) throw new Error(`not the envelope: ${JSON.stringify({ ...req, status: res.status, answer: res.text.slice(0, 300) })}`);
        }
        // Staff who may update apps and publishers (admin, reviewers) change these on purpose; nobody else may.
        if (!['admin', 'reviewer', 'staffOnly'].includes(r.caller) && (await guarded()) !== before) throw new Error(`a guarded field changed: ${JSON.stringify(req)}`);
        if (['admin', 'reviewer', 'staffOnly'].includes(r.caller)) before = await guarded();
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    expect(sent).toBe(RUNS);
    // The write counter works: the accepted requests wrote.
    expect(Number((await writes()).n)).toBeGreaterThan(0);
    // The requests reach the handlers: authorized, well-formed enough to be answered 2xx, refused by each layer.
    const seen = [...statuses.keys()];
    console.log(`fuzzer statuses: ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`);
    for (const status of [200, 400, 401, 403, 404]) expect(seen, `no ${status} answered`).toContain(status);
  }, 600_000);
});
