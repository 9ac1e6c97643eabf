// Development only: the administrators of Rocket.Chat workspaces buying through the portal's checkout, played
// against a running portal through the same public calls a real buyer's browser makes — the checkout page's
// API with the `marketplace:purchase` token Rocket.Chat puts in the page's address, and the sandbox's card
// form — so every sale, subscription, seat change and cancellation in the demo came through the real path.
import { ownedEntitles } from '../../../machines/entitlement';
import { and, asc, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { CheckoutOffer, CheckoutSession } from '../../../contract/schemas/checkout';
import type { Db } from '../../db/client';
import { apps, appVersions, purchaseRecords, workspaces } from '../../db/schema';
import { holdingOf } from '../../commerce/holdings';
import { planPrice } from '../../commerce/sales/plans';
import type { SimulatedClients, SimulatedWorkspace } from './simulated-workspaces';

export type Random = () => number;
const pick = <T>(rnd: Random, items: T[]) => items[Math.floor(rnd() * items.length)]!;
const CUSTOMERS = [
  'Vega Freight',
  'Orchid Clinics',
  'Lumen Schools',
  'Pinecrest Bank',
  'Atlas Robotics',
  'Harborview Hotels',
  'Nimbus Games',
  'Keystone Legal',
];

/** Buys, subscribes, changes seats and cancels as a workspace's administrator does, over HTTP at `base`. */
export class SimulatedBuyer {
  constructor(
    private readonly db: Db,
    private readonly base: string,
    private readonly clients: SimulatedClients,
    private readonly rnd: Random = Math.random,
  ) {}

  /** One buyer's move (now and then a new customer's first purchase); answers what happened, or null when nothing could. */
  async step(): Promise<string | null> {
    const roll = this.rnd();
    if (roll < 0.15) {
      const changed = await this.changeSeats();
      if (changed) return changed;
    } else if (roll < 0.25) {
      const cancelled = await this.cancel();
      if (cancelled) return cancelled;
    }
    return this.buy();
  }

  /**
   * A registered workspace buys or subscribes to a paid app (or bundle) it does not hold. `newCustomer`: a new
   * customer's workspace is registered first and buys (true), never (false), or now and then (unset: one buy in
   * ten, and while fewer than three workspaces are registered).
   */
  async buy(o: { newCustomer?: boolean } = {}): Promise<string | null> {
    const forSale = await this.db
      .selectDistinct({ id: apps.id })
      .from(apps)
      .innerJoin(appVersions, and(eq(appVersions.appId, apps.id), eq(appVersions.status, 'published')))
      .where(sql`(${apps.purchaseType} = 'subscription' or ${apps.price} > 0)`);
    if (!forSale.length) return null;
    const known = await this.db
      .select({ id: workspaces.id })
      .from(workspaces)
      .where(and(isNotNull(workspaces.clientId), isNull(workspaces.revokedAt)))
      .orderBy(sql`random()`)
      .limit(20);
    // Now and then a new customer: a workspace registered as staff register one.
    if (o.newCustomer ?? (known.length < 3 || this.rnd() < 0.1)) known.unshift({ id: (await this.clients.register(await this.newName())).workspaceId });
    for (const { id: workspaceId } of known) {
      const appId = pick(this.rnd, forSale).id;
      // An administrator opens the checkout of what the workspace does not hold yet (the page says so too).
      if (await holdingOf(this.db, workspaceId, appId)) continue;
      const ws = await this.clients.tokenFor(workspaceId);
      const offer = await this.call<CheckoutOffer>('GET', `/v1/checkout/apps/${appId}?workspaceId=${workspaceId}`, ws);
      if (offer.owned && ownedEntitles(offer.owned)) continue;
      let body: Record<string, unknown> = { workspaceId, acceptTerms: true };
      if (offer.purchaseType === 'subscription') {
        if (!offer.plans.length) continue;
        // Most buyers pay monthly, and most teams are small.
        const monthly = offer.plans.filter((p) => p.strategy === 'monthly');
        const plan = pick(this.rnd, monthly.length && this.rnd() < 0.9 ? monthly : offer.plans);
        const first = plan.tiers[0];
        const seats = plan.isPerSeat
          ? Math.max(first?.minimum ?? 1, 1 + Math.floor(this.rnd() ** 2 * Math.min(60, first && first.maximum > 0 ? first.maximum : 60)))
          : 0;
        body = { ...body, planId: plan.id, seats };
      }
      // A publisher that cannot take payments yet (409) is passed over.
      const session = await this.call<CheckoutSession>('POST', `/v1/checkout/apps/${appId}/sessions`, ws, body).catch((e: Error) =>
        e.message.includes(': 409 ') ? null : Promise.reject(e),
      );
      if (!session) continue;
      // Now and then a card is declined first (nothing is made), then the buyer pays with another.
      if (this.rnd() < 0.1) await this.pay(session.url, '4000000000000002', 402);
      // Some trials are started with a card whose charges fail: those end past due.
      const card = session.trialDays > 0 && this.rnd() < 0.15 ? '4000000000000341' : '4242424242424242';
      await this.pay(session.url, card, 303);
      const what = offer.purchaseType === 'buy' ? 'bought' : session.trialDays > 0 ? 'started a trial of' : 'subscribed to';
      return `${offer.workspace.nickname} ${what} ${offer.app.name}`;
    }
    return null;
  }

  /** A customer's name no workspace has yet (a number after it, as the simulator's customers are named). */
  private async newName() {
    let name = '';
    for (let i = 0; i < 5; i++) {
      name = `${pick(this.rnd, CUSTOMERS)} ${1 + Math.floor(this.rnd() * 90)}`;
      const [taken] = await this.db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.nickname, name)).limit(1);
      if (!taken) break;
    }
    return name;
  }

  /** The workspace's own running per-seat subscription gets more (or fewer) seats. */
  async changeSeats(): Promise<string | null> {
    const [row] = await this.running(true);
    if (!row) return null;
    const seats = Math.max(1, row.seats + (this.rnd() < 0.75 ? 1 + Math.floor(this.rnd() * 8) : -1));
    if (seats === row.seats) return null;
    const ws = await this.clients.tokenFor(row.workspaceId);
    const offer = await this.call<CheckoutOffer>('GET', `/v1/checkout/apps/${row.appId}?workspaceId=${row.workspaceId}`, ws);
    const plan = offer.plans.find((p) => p.id === row.planId);
    if (!plan || !planPrice(plan, seats)) return null;
    await this.call('POST', `/v1/checkout/subscriptions/${row.id}/seats`, ws, { workspaceId: row.workspaceId, seats });
    return `${offer.workspace.nickname} changed ${offer.app.name} to ${seats} seats`;
  }

  /** A workspace cancels a running subscription, mostly at the period end. */
  async cancel(): Promise<string | null> {
    const [row] = await this.running(false);
    if (!row) return null;
    const ws = await this.clients.tokenFor(row.workspaceId);
    const when = this.rnd() < 0.8 ? 'periodEnd' : 'now';
    await this.call('POST', `/v1/checkout/subscriptions/${row.id}/cancel`, ws, { workspaceId: row.workspaceId, when });
    return `a workspace cancelled a subscription ${when === 'now' ? 'at once' : 'at the period end'}`;
  }

  /** A random subscription the checkout billed that the workspace may still change (active or trialing). */
  private running(seatBased: boolean) {
    return this.db
      .select()
      .from(purchaseRecords)
      .innerJoin(workspaces, eq(workspaces.id, purchaseRecords.workspaceId))
      .where(
        and(
          isNotNull(purchaseRecords.provider),
          eq(purchaseRecords.externallyManaged, false),
          inArray(purchaseRecords.subscriptionStatus, ['active', 'trialing']),
          seatBased ? eq(purchaseRecords.isSeatBased, true) : ne(purchaseRecords.purchaseType, 'buy'),
          isNull(workspaces.revokedAt),
        ),
      )
      .orderBy(sql`random()`, asc(purchaseRecords.id))
      .limit(1)
      .then((rows) => rows.map((r) => r.purchase_records));
  }

  /** The sandbox's card form, submitted as the buyer's browser submits it. */
  private async pay(url: string, number: string, expected: number) {
    const page = new URL(url, this.base);
    const res = await fetch(`${this.base}/dev-payments/checkout`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ t: page.searchParams.get('t') ?? '', number, expiry: '12/40', cvc: '123', action: 'pay' }),
    });
    await res.arrayBuffer();
    if (res.status !== expected) throw new Error(`the sandbox's card form answered ${res.status} (expected ${expected})`);
  }

  private async call<T>(method: string, path: string, ws: SimulatedWorkspace, body?: unknown): Promise<T> {
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers: { authorization: `Bearer ${ws.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    // Its token was deleted (a rotated secret): the next call gets a new one.
    if (res.status === 401) this.clients.forget(ws.workspaceId);
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 200)}`);
    return JSON.parse(text) as T;
  }
}
