import { z } from 'zod';

/** Every non-2xx body. `fields` names each invalid input with the message the form shows for it. */
export const ErrorBody = z.object({
  error: z.string(),
  code: z.union([z.string(), z.number()]),
  requestId: z.string(),
  fields: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** The error statuses any route can answer with; every route lists them. */
export const errors = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  413: ErrorBody,
  500: ErrorBody,
  501: ErrorBody,
} as const;

export const DEFAULT_LIMIT = 25;
export const MAX_LIMIT = 100;

/** `?limit&offset` of every list (SPEC §9: default limit 25, offset 0). */
export const PageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_LIMIT).default(DEFAULT_LIMIT),
  offset: z.coerce.number().int().min(0).max(1_000_000_000).default(0),
});
export type PageQuery = z.infer<typeof PageQuery>;

export const paged = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), meta: z.object({ total: z.number().int() }) });

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
export const IsoDate = z.string();
/** The body of a POST or DELETE that carries none. */
export const NoBody = z.object({}).optional();
export const Ok = z.object({ success: z.literal(true) });

/** Strings of the spec carry `{product}`; both ends render them with the configured product name. */
export const renderText = (text: string, vars: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (m, key: string) => (key in vars ? String(vars[key]) : m));
