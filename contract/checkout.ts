// The buyer's side (docs/rocketchat.md, Buying): the checkout pages' calls, the workspace's licence sync, and staff's refunds.
import { z } from 'zod';
import { can, onRow, workspaceCaller } from './access';
import { c } from './c';
import { ErrorBody, errorsOf } from './common';
import { PurchaseRecord } from './schemas/commerce';
import {
  CancelSubscriptionInput,
  ChangeSeatsInput,
  CheckoutOffer,
  CheckoutQuery,
  CheckoutSession,
  OwnedPurchase,
  RefundInput,
  ResumeSubscriptionInput,
  StartCheckoutInput,
} from './schemas/checkout';
import { MarketplaceHeaders, MarketplaceInfo } from './schemas/marketplace';

/** What the buy and subscribe pages' token carries (Rocket.Chat asks for it alone: `buildExternalUrl`). */
export const PURCHASE_SCOPE = 'marketplace:purchase';

/**
 * The errors of a buyer's call: 401 (no valid workspace token), 403 (a token of another workspace, or without
 * the scope), 404 (no such app, session or subscription); a change also 409 (the app cannot be bought so: owned
 * already, free, …) and 502 (the payment provider failed).
 */
const buyerReads = { ...errorsOf('public', { params: true }), 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
/** …and a change, which the payment provider makes too (502 when it fails). */
const buyerChanges = { ...errorsOf('public', { params: true, body: 'json', upstream: true }), 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const appId = z.object({ appId: z.string() });
const id = z.object({ id: z.string() });

/**
 * The portal's checkout pages' calls (/apps/:appId/buy, /subscribe, /subscribe/details), each with the workspace
 * token Rocket.Chat put in the page's address (`Authorization: Bearer …`), for the workspace it names.
 */
export const checkout = c.router({
  offer: {
    method: 'GET',
    path: '/checkout/apps/:appId',
    pathParams: appId,
    query: CheckoutQuery,
    responses: { 200: CheckoutOffer, ...buyerReads },
    metadata: workspaceCaller(PURCHASE_SCOPE),
    summary: 'What the checkout page offers the workspace: the app, its price or plans, and what the workspace holds of it',
  },
  start: {
    method: 'POST',
    path: '/checkout/apps/:appId/sessions',
    pathParams: appId,
    body: StartCheckoutInput,
    responses: { 201: CheckoutSession, ...buyerChanges },
    metadata: workspaceCaller(PURCHASE_SCOPE),
    summary: 'Starts paying: a checkout session and the payment provider’s page to pay on',
  },
  session: {
    method: 'GET',
    path: '/checkout/sessions/:id',
    pathParams: id,
    responses: { 200: CheckoutSession, ...buyerReads },
    metadata: workspaceCaller(PURCHASE_SCOPE),
    summary: 'A checkout session of the token’s workspace: open, completed (with its purchase), declined or expired',
  },
  seats: {
    method: 'POST',
    path: '/checkout/subscriptions/:id/seats',
    pathParams: id,
    body: ChangeSeatsInput,
    responses: { 200: OwnedPurchase, ...buyerChanges },
    metadata: workspaceCaller(PURCHASE_SCOPE),
    summary: 'Changes the seats of the workspace’s per-seat subscription (priced by the plan’s tiers)',
  },
  cancel: {
    method: 'POST',
    path: '/checkout/subscriptions/:id/cancel',
    pathParams: id,
    body: CancelSubscriptionInput,
    responses: { 200: OwnedPurchase, ...buyerChanges },
    metadata: workspaceCaller(PURCHASE_SCOPE),
    summary: 'Cancels the workspace’s subscription at the end of its period, or now',
  },
  resume: {
    method: 'POST',
    path: '/checkout/subscriptions/:id/resume',
    pathParams: id,
    body: ResumeSubscriptionInput,
    responses: { 200: OwnedPurchase, ...buyerChanges },
    metadata: workspaceCaller(PURCHASE_SCOPE),
    summary: 'Resumes the workspace’s subscription cancelled at the end of its period: it renews again',
  },
});

const workspaceAppsErrors = { ...errorsOf('public', { params: true }), 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/**
 * Rocket.Chat's licence sync (apps/meteor/ee/server/apps/cron.ts daily, and `POST /api/apps/:id/sync` in
 * communication/rest.ts): each element `{latest: IMarketplaceInfo}`, whose `subscriptionInfo.license` Apps-Engine
 * decrypts with the public key the workspace got at registration (AppManager.updateAppsMarketplaceInfo).
 */
export const workspaceLicenses = c.router({
  apps: {
    method: 'GET',
    path: '/workspaces/:workspaceId/apps',
    pathParams: z.object({ workspaceId: z.string() }),
    headers: MarketplaceHeaders,
    query: z.object({ seats: z.string().max(16).optional() }),
    responses: { 200: z.array(z.object({ latest: MarketplaceInfo })), ...workspaceAppsErrors },
    metadata: workspaceCaller(),
    summary: 'Rocket.Chat’s daily sync: every listed app the workspace holds a purchase of, with its licence',
  },
  app: {
    method: 'GET',
    path: '/workspaces/:workspaceId/apps/:id',
    pathParams: z.object({ workspaceId: z.string(), id: z.string() }),
    headers: MarketplaceHeaders,
    responses: { 200: z.object({ latest: MarketplaceInfo }), ...workspaceAppsErrors },
    metadata: workspaceCaller(),
    summary: 'Rocket.Chat’s sync of one app (`POST /api/apps/:id/sync`): the app with the workspace’s licence',
  },
});

/** Staff's refund from the Purchase Record Information modal. */
export const adminRefunds = c.router({
  refund: {
    method: 'POST',
    path: '/admin/purchases/:id/refund',
    pathParams: id,
    body: RefundInput,
    responses: { 200: PurchaseRecord, ...errorsOf('feature', { params: true, body: 'json', conflict: true, upstream: true }) },
    metadata: onRow('purchase', can('system:purchaseRecords', 'update')),
    summary: 'Refunds a purchase billed through the checkout (in full or in part): the provider refunds, the licence ends',
  },
});
