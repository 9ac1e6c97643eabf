import type { CheckoutPlan } from '../../../contract/schemas/checkout';
import { CHECKOUT_MESSAGES } from '../../../contract/schemas/checkout';
import { formatMoney } from '../../lib/format';
import { checkoutText as T } from './strings';

type Tier = CheckoutPlan['tiers'][number];
type Priced = Pick<CheckoutPlan, 'isPerSeat' | 'price' | 'tiers'>;

/** The most seats a purchase may have (the contract's `LIMITS.count`). */
export const MAX_SEATS = 1_000_000;

const cents = (n: number) => Math.round(n * 100) / 100;

/** The tier holding `seats`: minimum ≤ seats ≤ maximum (a maximum of -1 has no upper bound). */
export const tierFor = (tiers: readonly Tier[], seats: number): Tier | undefined =>
  tiers.find((t) => seats >= t.minimum && (t.maximum < 0 || seats <= t.maximum));

/**
 * What `seats` cost on `plan` per period, as the server prices it (server/commerce/sales/plans.ts `planPrice`):
 * a flat plan its price; a per-seat plan the tier holding the seats — per seat, or the tier's price — in cents.
 * Null when no tier holds them.
 */
export function planPrice(plan: Priced, seats: number): number | null {
  if (!plan.isPerSeat) return plan.price;
  const tier = tierFor(plan.tiers, seats);
  if (!tier) return null;
  return cents(tier.perUnit ? tier.price * seats : tier.price);
}

/** The most seats any tier covers (Infinity when the last tier is unbounded). */
export const tierCeiling = (tiers: readonly Tier[]) => (tiers.some((t) => t.maximum < 0) ? Infinity : Math.max(0, ...tiers.map((t) => t.maximum)));

/** Seats as typed: a whole number, else NaN. */
export const parseSeats = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

/** What is wrong with these seats on this plan: 1 to 1,000,000 (the contract's message), and a tier that covers them. */
export function seatsProblem(plan: Priced, seats: number): string | undefined {
  if (!plan.isPerSeat) return undefined;
  if (!Number.isSafeInteger(seats) || seats < 1 || seats > MAX_SEATS) return CHECKOUT_MESSAGES.seats;
  if (tierFor(plan.tiers, seats)) return undefined;
  const ceiling = tierCeiling(plan.tiers);
  const floor = Math.min(...plan.tiers.map((t) => t.minimum));
  return seats > ceiling ? T.noTier(ceiling) : `Choose at least ${floor.toLocaleString('en-US')} seats.`;
}

/** The seats to send: a flat plan takes none (0), a per-seat plan the seats chosen. */
export const seatsToSend = (plan: Priced, seats: number) => (plan.isPerSeat ? seats : 0);

/** '$140.00 per month', or with the trial first: '14-day free trial, then $140.00 per month'. */
export function costLine(plan: Pick<CheckoutPlan, 'strategy' | 'trialDays'>, price: number) {
  const per = T.per[plan.strategy];
  return plan.trialDays > 0 ? T.trialThen(plan.trialDays, formatMoney(price), per) : T.every(formatMoney(price), per);
}

/** How a plan is priced, before any seats are chosen: '$40.00 per year', 'from $3.50 per seat per month'. */
export function planSummary(plan: CheckoutPlan) {
  const per = T.per[plan.strategy];
  if (!plan.isPerSeat) return T.every(formatMoney(plan.price), per);
  const perSeat = plan.tiers.filter((t) => t.perUnit).map((t) => t.price);
  if (perSeat.length === plan.tiers.length && perSeat.length > 0) return `from ${formatMoney(Math.min(...perSeat))} ${T.perSeat} per ${per}`;
  return `priced by the number of seats, per ${per}`;
}
