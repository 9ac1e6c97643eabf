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
  offset: z.coerce.number().int().min(0).default(0),
});
export type PageQuery = z.infer<typeof PageQuery>;

export const paged = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), meta: z.object({ total: z.number().int() }) });

export const Id = z.string().min(1).max(64);
export const IsoDate = z.string();
/** The body of a POST or DELETE that carries none. */
export const NoBody = z.object({}).optional();
export const Ok = z.object({ success: z.literal(true) });

/** Strings of the spec carry `{product}`; both ends render them with the configured product name. */
export const renderText = (text: string, vars: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (m, key: string) => (key in vars ? String(vars[key]) : m));
