import type { SearchSchemaInput } from '@tanstack/react-router';

// Search params of the routes. They are part of the route tree, so in the first screen's JavaScript: plain
// functions here (a few hundred bytes) rather than zod, which forms load with their own chunks.

/** `?page=`: a whole number from 1; anything else is page 1. */
export const pageParam = (v: unknown) => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : NaN;
  return Number.isSafeInteger(n) && n >= 1 ? n : 1;
};
/** A free-text filter up to `max` characters; anything else is empty. */
export const textParam = (v: unknown, max: number) => (typeof v === 'string' && v.length <= max ? v : '');
/** An optional string (an OAuth callback's code and state). */
export const optionalText = (v: unknown) => (typeof v === 'string' ? v : undefined);

export const pageSearch = (s: { page?: unknown } & SearchSchemaInput) => ({ page: pageParam(s.page) });

/** Page sizes a table's size changer offers (the webhook activity logs: 25 by default). */
export const PAGE_SIZES = [10, 25, 50, 100] as const;
/** `?size=`: one of PAGE_SIZES; anything else is 25. */
export const sizeParam = (v: unknown) => PAGE_SIZES.find((n) => n === Number(v)) ?? 25;

/**
 * An optional value of at most `max` characters (a version, a path); unset, empty or longer is undefined. The router
 * reads `?x=2` as the number 2: numbers come back as their text.
 */
export const optionalBounded = (v: unknown, max: number) => {
  const s = typeof v === 'number' && Number.isFinite(v) ? String(v) : v;
  return typeof s === 'string' && s.length > 0 && s.length <= max ? s : undefined;
};
/** An optional whole number from `min` to `max`; anything else is undefined (the API's default). */
export const optionalInt = (v: unknown, min: number, max: number) => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : NaN;
  return Number.isSafeInteger(n) && n >= min && n <= max ? n : undefined;
};

// Drawers and dialogs that create or edit a named thing follow the URL (docs/architecture.md, "The SPA, one way").
/** `?new=1`: a create drawer or dialog is open; anything else is absent. */
export const flagParam = (v: unknown): 1 | undefined => (v === 1 || v === '1' ? 1 : undefined);
/** One of `values` (`?drawer=pricing`); anything else is absent. */
export const oneOfParam = <V extends string>(values: readonly V[], v: unknown): V | undefined => (values.includes(v as V) ? (v as V) : undefined);
/** How opening or closing one moves through the history: opening is a step (back closes it), closing replaces that step; the page keeps its scroll. */
export const dialogStep = (open: boolean) => ({ replace: !open, resetScroll: false });
