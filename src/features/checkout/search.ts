import type { SearchSchemaInput } from '@tanstack/react-router';

// The checkout pages' search params. The route tree (and so this file) is part of the first screen's JavaScript:
// plain functions here, no zod (as src/lib/search.ts); the seats are checked against the plan's tiers by the
// feature (price.ts) and the server.

/** Where the buyer is: choosing a plan, or reviewing it before paying (subscriptions); a dialog of the manage panel. */
export type CheckoutStep = 'plan' | 'review';
export type ManageDialog = 'seats' | 'cancel';

export type CheckoutSearch = {
  /** From Rocket.Chat: the workspace the page is for, and its `marketplace:purchase` token. */
  workspaceId: string;
  token: string;
  /** From Rocket.Chat: its active users; then the seats the buyer chose. */
  seats?: number;
  plan?: string;
  step?: CheckoutStep;
  /** The checkout session the payment provider sent the buyer back with. */
  session?: string;
  /** The payment provider's cancel link. */
  canceled?: true;
  manage?: ManageDialog;
};

/**
 * The router reads each value as JSON where it can: an id of digits only (Rocket.Chat writes the workspace id
 * unquoted) arrives as a number, and may have lost digits. Such a value is taken as the address writes it (only a
 * page load brings one: the SPA's own links write ids quoted).
 */
const asWritten = (key: string, v: number) => {
  const raw = typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get(key);
  return raw !== null && /^\d+$/.test(raw) && Number(raw) === v ? raw : undefined;
};
/** A string value (ids, the token); anything else is left out. */
const text = (key: string, v: unknown) => (typeof v === 'string' && v !== '' && v.length <= 4096 ? v : typeof v === 'number' ? asWritten(key, v) : undefined);
const oneOf = <T extends string>(v: unknown, values: readonly T[]) => values.find((x) => x === v);

/** The checkout pages' search, from whatever the address holds: unknown or malformed values are left out. */
export function checkoutSearch(s: Record<string, unknown> & SearchSchemaInput): CheckoutSearch {
  // Rocket.Chat sends `seats=N`: a whole number from 1 to 1,000,000.
  const seats = typeof s.seats === 'number' || typeof s.seats === 'string' ? Number(s.seats) : NaN;
  return {
    workspaceId: text('workspaceId', s.workspaceId) ?? '',
    token: text('token', s.token) ?? '',
    seats: Number.isSafeInteger(seats) && seats >= 1 && seats <= 1e6 ? seats : undefined,
    plan: text('plan', s.plan),
    step: oneOf(s.step, ['plan', 'review'] as const),
    session: text('session', s.session),
    canceled: s.canceled === 1 || s.canceled === '1' || s.canceled === true ? true : undefined,
    manage: oneOf(s.manage, ['seats', 'cancel'] as const),
  };
}
