import { z } from 'zod';
import { LIMITS, bounded, isoDateTime, ref } from '../common';
import { PurchaseType } from './app';

export const subscriptionStatuses = ['active', 'trialing', 'pastDue', 'cancelled', 'cancelling'] as const;
export const SubscriptionInfo = z.object({
  status: z.enum(subscriptionStatuses),
  periodEnd: z.string(),
  isSeatBased: z.boolean(),
  seats: z.number().int(),
  maxSeats: z.number().int(),
  externallyManaged: z.boolean(),
});
export const PurchaseRecord = z.object({
  _id: z.string(),
  appId: z.string(),
  appName: z.string(),
  isBundle: z.boolean(),
  date: z.string(),
  purchaseType: PurchaseType,
  price: z.number(),
  subscriptionInfo: SubscriptionInfo.nullable(),
});
export const Account = z.object({ id: z.string(), name: z.string() });
export const Workspace = z.object({ id: z.string(), nickname: z.string(), address: z.string() });
/** How a record was billed (docs/rocketchat.md, Buying): through the checkout's provider, or not (staff's records); and its refund. */
export const PurchaseBilling = z.object({
  provider: z.enum(['sandbox', 'stripe']).nullable(),
  /** Money was taken for it (a trial not yet converted has taken none). */
  paid: z.boolean(),
  refundedAmount: z.number(),
  refundedAt: z.string().nullable(),
});
export type PurchaseBilling = z.infer<typeof PurchaseBilling>;

export const PurchaseDetail = z.object({
  purchaseRecord: PurchaseRecord,
  billing: PurchaseBilling,
  app: z.object({ appId: z.string(), name: z.string(), isBundle: z.boolean() }),
  account: Account,
  workspace: Workspace,
});

/** SPEC §5 Create purchase record: the messages (the server's checks that need the app use them too). */
export const CREATE_PURCHASE_MESSAGES = {
  appId: 'Select the App which will be marked as purchased.',
  workspaceId: 'A valid Workspace ID is required.',
  planId: 'Please input the plan which should be used',
  seats: 'Please input the number of seats',
  periodEnd: 'Please select the period end date',
} as const;
const M = CREATE_PURCHASE_MESSAGES;
export const CreatePurchaseInput = z.object({
  appId: ref(M.appId),
  workspaceId: z.string({ error: M.workspaceId }).trim().min(1, { error: M.workspaceId }).max(LIMITS.id, { error: M.workspaceId }),
  externallyManaged: z.literal(true),
  planId: bounded(LIMITS.id).default(''),
  seats: z.number().int().min(0).max(LIMITS.count).default(0),
  addonTierId: z.literal('').default(''),
  periodEnd: isoDateTime(M.periodEnd),
});
/** SPEC §5 Subscription edit. */
export const UpdatePurchaseInput = z.object({
  status: z.enum(['trialing', 'cancelled', 'cancelling', 'active', 'pastDue'], { error: 'Status is required.' }),
  periodEnd: isoDateTime('Period end is required.'),
  /** Seats bought (at least 1 when the subscription is seat based; unchanged, 0, otherwise). */
  seats: z.number().int().min(0).max(LIMITS.count),
  externallyManaged: z.boolean(),
});

export const PublisherPurchase = z.object({
  _id: z.string(),
  appId: z.string(),
  appName: z.string(),
  date: z.string(),
  purchaseType: PurchaseType,
  price: z.number(),
  subscriptionInfo: SubscriptionInfo.nullable(),
});
