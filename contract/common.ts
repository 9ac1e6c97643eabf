import { z } from 'zod';

/** Every non-2xx body. `fields` names each invalid input with the message the form shows for it. */
export const ErrorBody = z.object({
  error: z.string(),
  code: z.union([z.string(), z.number()]),
  requestId: z.string(),
  fields: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** What a route is, as far as its error statuses go (see `errorsOf`). */
export type RouteTraits = {
  /** Path params: a segment longer than the router takes is a 414 (server/app.ts frameworkErrors). */
  params?: true;
  /** The body it takes: another media type is a 415 (onRequest, before anything is read), a body or file past its limits a 413. */
  body?: 'json' | 'multipart';
  /** A session route that a rule of its own can refuse (sign-ups closed): 403. A feature route always can. */
  refuses?: true;
  /** A session route that needs a developer account (404 before sign-up). A feature route always does. */
  lookup?: true;
  /** A write that can conflict: a lifecycle refusal, a duplicate, a reused idempotency key … (409). */
  conflict?: true;
  /** Rate limited (server/kernel/plugins/security.ts: the sign-in exchange and uploads): 429. */
  limited?: true;
  /** It calls a service outside the portal that can fail (the payment provider, the cloud's sign-in): 502. */
  upstream?: true;
};
export type RouteAccessKind = 'public' | 'session' | 'feature';

type If<T, K extends keyof RouteTraits, S> = T extends { [k in K]: RouteTraits[K] } ? S : never;
/** The statuses `errorsOf(access, traits)` declares, as a type (so handlers and the client see exactly these). */
export type ErrorStatusOf<A extends RouteAccessKind, T extends RouteTraits> =
  | 400
  | 500
  | (A extends 'public' ? never : 401)
  | (A extends 'feature' ? 403 | 404 : never)
  | If<T, 'refuses', 403>
  | If<T, 'lookup', 404>
  | If<T, 'params', 414>
  | If<T, 'body', 413 | 415>
  | If<T, 'conflict', 409>
  | If<T, 'limited', 429>
  | If<T, 'upstream', 502>;

/**
 * The error statuses of a route, from what it is: `access` is its metadata's (`public`, `session`, `feature`).
 * - 400 on every route (its params, query, body or URL not valid; text the database cannot store);
 * - 401 where it is not public (no session);
 * - 403 where the policy (a role, a publisher flag) or a rule of its own can refuse: every feature route, `refuses`;
 * - 404 where a row is looked up (the one the path names, or one the body names) or a developer account is
 *   needed: every feature route, `lookup`;
 * - 409 `conflict`, 413 and 415 `body`, 414 `params`, 429 `limited`, 502 `upstream`;
 * - 500 everywhere (never on purpose: always in the envelope).
 * Every non-2xx body is the envelope (`ErrorBody`). tests/api/contract.test.ts checks the rules against each
 * route's metadata, path and body, and the fuzzer (tests/api/fuzz.test.ts) that nothing else is answered.
 */
export function errorsOf<const A extends RouteAccessKind, const T extends RouteTraits = Record<never, never>>(
  access: A,
  traits: T = {} as T,
): { [S in ErrorStatusOf<A, T>]: typeof ErrorBody } {
  const statuses: number[] = [400, 500];
  if (access !== 'public') statuses.push(401);
  if (access === 'feature' || traits.refuses) statuses.push(403);
  if (access === 'feature' || traits.lookup) statuses.push(404);
  if (traits.params) statuses.push(414);
  if (traits.body) statuses.push(413, 415);
  if (traits.conflict) statuses.push(409);
  if (traits.limited) statuses.push(429);
  if (traits.upstream) statuses.push(502);
  return Object.fromEntries(statuses.sort((a, b) => a - b).map((s) => [s, ErrorBody])) as { [S in ErrorStatusOf<A, T>]: typeof ErrorBody };
}

export const DEFAULT_LIMIT = 25;
export const MAX_LIMIT = 100;

/** `?limit&offset` of every list (SPEC §9: default limit 25, offset 0). */
export const PageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_LIMIT).default(DEFAULT_LIMIT),
  offset: z.coerce.number().int().min(0).max(1_000_000_000).default(0),
});
export type PageQuery = z.infer<typeof PageQuery>;

export const paged = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), meta: z.object({ total: z.number().int() }) });

export const Id = z.string().min(1).max(64);

/**
 * The bounds of every input (server and forms share them): strings by kind, URLs by scheme, money and
 * counts by range. A value past a bound is a 400 with the field named, never a 500.
 */
export const LIMITS = {
  id: 64,
  name: 100,
  title: 200,
  note: 2_000,
  text: 10_000,
  url: 2_048,
  email: 254,
  /** Any price or price override, in USD. */
  price: 99_999.99,
  /** Seats, tier bounds. */
  count: 1_000_000,
} as const;
export const tooLong = (max: number) => `This must be no more than ${max.toLocaleString('en-US')} characters.`;
/** A string of at most `max` characters (the message names the bound). */
export const bounded = (max: number, message = tooLong(max)) => z.string().max(max, { error: message });
/** A reference to a row (an id): short, never empty. */
export const ref = (message = 'A valid id is required.') => z.string({ error: message }).min(1, { error: message }).max(LIMITS.id, { error: message });

/** http(s) only (never javascript:, data: or file:); `https` where the spec asks for it. */
export const isWebUrl = (value: string, https = false) => {
  if (!URL.canParse(value)) return false;
  const { protocol, hostname } = new URL(value);
  return hostname !== '' && (protocol === 'https:' || (!https && protocol === 'http:'));
};
export const webUrl = (message: string, opts: { https?: boolean } = {}) =>
  z
    .string({ error: message })
    .trim()
    .max(LIMITS.url, { error: message })
    .refine((v) => isWebUrl(v, opts.https), { error: message });

export const PRICE_MAX_MESSAGE = `Prices are at most $${LIMITS.price.toLocaleString('en-US')}.`;
export const CENTS_MESSAGE = 'Prices are in USD with at most two decimals.';
/** A price in USD: finite, 0 to LIMITS.price, whole cents. */
export const money = (required: string, negative = required) =>
  z
    .number({ error: required })
    .min(0, { error: negative })
    .max(LIMITS.price, { error: PRICE_MAX_MESSAGE })
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, { error: CENTS_MESSAGE });

/** The years any date input may name; a field may narrow them where the spec does. */
export const DATE_YEARS = { from: 2000, to: 9999 } as const;
type Years = { from: number; to: number };
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(?:Z|([+-])(\d{2}):(\d{2})))?$/;

/**
 * The instant an ISO 8601 date (`YYYY-MM-DD`: midnight UTC) or date-time (`YYYY-MM-DDTHH:mm[:ss[.fraction]]`
 * with `Z` or `±HH:mm`) names, or null. Strict, unlike `Date.parse`: the calendar day exists, hours are 0–23,
 * minutes and seconds 0–59, no local times, no expanded years; the year written and the instant's UTC year
 * are both within `years`.
 */
export function parseIsoDateTime(value: string, years: Years = DATE_YEARS): Date | null {
  const m = DATE_TIME.exec(value);
  if (!m) return null;
  const n = (i: number) => Number(m[i] ?? 0);
  const [y, mo, d, h, mi, s, oh, om] = [n(1), n(2), n(3), n(4), n(5), n(6), n(9), n(10)];
  if (y < years.from || y > years.to || mo < 1 || mo > 12 || d < 1 || d > new Date(Date.UTC(y, mo, 0)).getUTCDate()) return null;
  if (h > 23 || mi > 59 || s > 59 || oh > 23 || om > 59) return null;
  const offsetMinutes = (m[8] === '-' ? -1 : 1) * (oh * 60 + om);
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s, Number((m[7] ?? '').padEnd(3, '0').slice(0, 3))) - offsetMinutes * 60_000);
  return date.getUTCFullYear() >= years.from && date.getUTCFullYear() <= years.to ? date : null;
}

/**
 * Every date input of the contract: a string `parseIsoDateTime` accepts, answered as the instant in the
 * canonical form (`toISOString`); anything else is a 400 with the field's `message`.
 */
export const isoDateTime = (message: string, years: Years = DATE_YEARS) =>
  z
    .string({ error: message })
    .regex(DATE_TIME, { error: message })
    .describe(`An ISO 8601 date (midnight UTC) or date-time with Z or an offset, in ${years.from}–${years.to}.`)
    .transform((value, ctx) => {
      const date = parseIsoDateTime(value, years);
      if (date) return date.toISOString();
      ctx.issues.push({ code: 'custom', message, input: value });
      return z.NEVER;
    });

/** The body of a POST or DELETE that carries none. */
export const NoBody = z.object({}).optional();
export const Ok = z.object({ success: z.literal(true) });

/** Strings of the spec carry `{product}`; both ends render them with the configured product name. */
export const renderText = (text: string, vars: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (m, key: string) => (key in vars ? String(vars[key]) : m));
