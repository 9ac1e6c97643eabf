// Development only: the marketplace's staff in the demo's history (server/dev/simulators/demo-history.ts) —
// now and then a refund a customer asked for, and the publishers' payouts. Through the staff routes a signed-in
// admin's browser calls, signed in as the demo's system admin through the embedded sign-in (as the portal's own
// sign-in page does); where it is not mounted (CLOUD_ISSUER_URL), through the functions those routes call.
import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { API_PREFIX } from '../../../contract';
import { PAYOUT_MINIMUM } from '../../../contract/schemas/publisher';
import { refundPurchase } from '../../commerce/billing/refunds';
import type { PaymentProvider } from '../../commerce/payments/provider';
import { refreshBalance, requestPayout } from '../../commerce/payout-account';
import type { SalesMoney } from '../../commerce/sales/purchases';
import type { Db } from '../../db/client';
import { developers, publishers } from '../../db/schema';
import type { Staff } from '../../kernel/activity';
import { DEV_PATHS } from '../../identity/paths';
import { demoUsers } from '../seed/seed-data';

/** What staff do in the demo's history. */
export interface SimulatedStaff {
  /** Refunds a purchase in full (its licence ends). */
  refund(purchaseId: string, reason: string): Promise<void>;
  /** Pays out the publisher's available balance; answers the amount, or null when it is under the minimum payout. */
  payout(publisherId: string): Promise<number | null>;
}

/** The cents of an amount, rounded down (a payout never asks for more than is available). */
const floorCents = (n: number) => Math.floor(Math.round(n * 1000) / 10) / 100;

/** Staff over HTTP: the demo's system admin (Sofia Rossi), signed in once through the embedded sign-in. */
export class StaffOverHttp implements SimulatedStaff {
  private token: Promise<string> | null = null;

  constructor(
    private readonly base: string,
    private readonly clientId: string,
  ) {}

  async refund(purchaseId: string, reason: string) {
    await this.call('POST', `/admin/purchases/${purchaseId}/refund`, { reason });
  }

  async payout(publisherId: string) {
    // The publisher's page reads the provider's balance as it is now (the sandbox's, by the portal's clock).
    const publisher = await this.call<{ stripeAvailableBalance: number }>('GET', `/admin/publishers/${publisherId}`);
    const amount = floorCents(publisher.stripeAvailableBalance);
    if (amount < PAYOUT_MINIMUM) return null;
    await this.call('POST', `/admin/publishers/${publisherId}/payout`, { amount });
    return amount;
  }

  /** The portal's sign-in, as its page makes it: the embedded authorization server's code (PKCE), exchanged. */
  private async signIn() {
    const verifier = randomBytes(32).toString('base64url');
    const redirectUri = `${this.base}/oauth/callback`;
    const res = await fetch(`${this.base}${DEV_PATHS.authorize}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        response_type: 'code',
        client_id: this.clientId,
        redirect_uri: redirectUri,
        scope: 'marketplace',
        state: randomBytes(8).toString('hex'),
        code_challenge: createHash('sha256').update(verifier).digest('base64url'),
        code_challenge_method: 'S256',
        user_id: demoUsers.admin.id,
      }),
    });
    await res.arrayBuffer();
    const code = URL.canParse(res.headers.get('location') ?? '') ? new URL(res.headers.get('location')!).searchParams.get('code') : null;
    if (!code) throw new Error(`the embedded sign-in gave no code: ${res.status}`);
    const tokens = await this.send<{ access_token: string }>('POST', '/oauth/exchange', undefined, { code, redirectUri, codeVerifier: verifier });
    return tokens.access_token;
  }

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    this.token ??= this.signIn().catch((e: unknown) => {
      this.token = null;
      throw e;
    });
    return this.send<T>(method, path, await this.token, body);
  }

  private async send<T>(method: string, path: string, token: string | undefined, body?: unknown): Promise<T> {
    const res = await fetch(`${this.base}${API_PREFIX}${path}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 200)}`);
    return JSON.parse(text) as T;
  }
}

/** Staff through the functions the staff routes call (no embedded sign-in to sign in with: CLOUD_ISSUER_URL is set). */
export class StaffInProcess implements SimulatedStaff {
  private staff: Staff | null = null;

  constructor(
    private readonly db: Db,
    private readonly payments: PaymentProvider,
    private readonly money: SalesMoney,
  ) {}

  async refund(purchaseId: string, reason: string) {
    await refundPurchase(this.db, this.payments, this.money, purchaseId, { reason }, await this.by());
  }

  async payout(publisherId: string) {
    await refreshBalance(this.db, this.payments, publisherId);
    const [row] = await this.db.select({ available: publishers.stripeAvailableBalance }).from(publishers).where(eq(publishers.id, publisherId));
    const amount = floorCents(row?.available ?? 0);
    if (amount < PAYOUT_MINIMUM) return null;
    await requestPayout(this.db, this.payments, { publisherId, amount, by: await this.by() });
    return amount;
  }

  /** The demo's system admin, as the routes name who acted (their developer row). */
  private async by(): Promise<Staff> {
    if (this.staff) return this.staff;
    const admin = demoUsers.admin;
    const [row] = await this.db.select({ id: developers.id }).from(developers).where(eq(developers.cloudUserId, admin.id));
    return (this.staff = { id: row?.id ?? admin.id, name: `${admin.firstName} ${admin.lastName}` });
  }
}
