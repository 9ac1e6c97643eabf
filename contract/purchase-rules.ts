import type { z } from 'zod';
import type { PurchaseBilling, PurchaseRecord, UpdatePurchaseInput } from './schemas/commerce';

/**
 * SPEC §4 and §6 rules of a purchase record, written once for the SPA (which buttons and fields are on) and
 * the server (which requests it accepts).
 */
type Record = z.infer<typeof PurchaseRecord>;
type Edit = z.infer<typeof UpdatePurchaseInput>;

/** Edit: a subscription-type, non-bundle record with subscription info, not past due or cancelled. */
export const purchaseEditable = (r: Record) =>
  r.purchaseType === 'subscription' && !r.isBundle && r.subscriptionInfo !== null && !['pastDue', 'cancelled'].includes(r.subscriptionInfo.status);

/**
 * Refund (docs/rocketchat.md, Buying): a record billed through the checkout, paid, not refunded yet, not externally managed and
 * not cancelled — once, of at most its price.
 */
export const purchaseRefundable = (r: Record, b: PurchaseBilling) =>
  b.provider !== null && b.paid && b.refundedAt === null && r.subscriptionInfo?.externallyManaged !== true && r.subscriptionInfo?.status !== 'cancelled';

/** Delete: a non-bundle record whose subscription is externally managed. */
export const purchaseRemovable = (r: Record) => !r.isBundle && r.subscriptionInfo?.externallyManaged === true;

/** The statuses staff may choose (active and pastDue are shown but disabled); the current one may stay. */
export const EDITABLE_STATUSES = ['trialing', 'cancelled', 'cancelling'] as const;
export const SHOWN_STATUSES = ['active', 'trialing', 'pastDue', 'cancelled', 'cancelling'] as const;

export const PURCHASE_EDIT_MESSAGES = {
  status: 'This status cannot be chosen.',
  periodEndNotEditable: 'The period end can only be changed while trialing or externally managed.',
  periodEndPast: 'The period end cannot be in the past.',
  periodEndUntouched: 'Set the period end to convert to externally managed.',
  seats: 'Please input the number of seats',
  seatsNotSeatBased: 'Seats apply only to seat-based subscriptions.',
  unmanage: 'An externally managed subscription cannot be managed by the marketplace again.',
} as const;

/** Whether the period end may be set in an edit that leaves the record with `status` and `externallyManaged`. */
export const periodEndEditable = (r: Record, e: Pick<Edit, 'status' | 'externallyManaged'>) => !r.isBundle && (e.status === 'trialing' || e.externallyManaged);

/**
 * What is wrong with an edit of `r` (empty when it may be saved): the field and the message, in the form's
 * order. `now` decides what "in the past" means.
 */
export function purchaseEditProblems(r: Record, e: Edit, now: Date): { path: keyof Edit; message: string }[] {
  const info = r.subscriptionInfo;
  if (!info) return [];
  const problems: { path: keyof Edit; message: string }[] = [];
  const M = PURCHASE_EDIT_MESSAGES;
  if (e.status !== info.status && !(EDITABLE_STATUSES as readonly string[]).includes(e.status)) problems.push({ path: 'status', message: M.status });
  const periodEndChanged = Date.parse(e.periodEnd) !== Date.parse(info.periodEnd);
  if (periodEndChanged && !periodEndEditable(r, e)) problems.push({ path: 'periodEnd', message: M.periodEndNotEditable });
  else if (periodEndChanged && Date.parse(e.periodEnd) < now.getTime()) problems.push({ path: 'periodEnd', message: M.periodEndPast });
  if (e.externallyManaged && !info.externallyManaged && !periodEndChanged) problems.push({ path: 'periodEnd', message: M.periodEndUntouched });
  if (info.isSeatBased && e.seats < 1) problems.push({ path: 'seats', message: M.seats });
  if (!info.isSeatBased && e.seats !== info.seats) problems.push({ path: 'seats', message: M.seatsNotSeatBased });
  if (!e.externallyManaged && info.externallyManaged) problems.push({ path: 'externallyManaged', message: M.unmanage });
  return problems;
}
