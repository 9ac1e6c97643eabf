// Development only: Rocket.Chat workspaces using the portal as their marketplace, played against a running
// portal through the same public routes a real workspace calls — the package download
// (GET /v2/apps/:id/download/:version?token=…), the install/update/uninstall report (POST /v1/apps/:id/install)
// and the usage report (POST /v1/apps/:id/usage). Every install number the demo shows comes from these.
import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import semver from 'semver';
import type { Db } from '../../db/client';
import { appInstallEvents, appInstalls, appVersions, apps, workspaces } from '../../db/schema';
import { now } from '../../kernel/clock';
import { SimulatedBuyer } from './simulated-buyer';
import { SimulatedClients, type SimulatedWorkspace } from './simulated-workspaces';
import { refusalFor } from '../../workspaces/installs/entitlement';

/** A source of randomness (tests pass a seeded one): a number in [0, 1). */
export type Random = () => number;
const pick = <T>(rnd: Random, items: T[]) => items[Math.floor(rnd() * items.length)]!;

const companies = [
  'Bluebird Logistics',
  'Cobalt Clinics',
  'Fernhill Schools',
  'Granite Insurance',
  'Juniper Studios',
  'Meridian Retail',
  'Northstar Labs',
  'Quarry Legal',
];
/** What the simulated servers run (Rocket.Chat's Info.version and Info.marketplaceApiVersion). */
const ROCKET_CHAT_VERSION = '7.5.0';
const ENGINE_VERSION = '1.47.0';
/** New workspaces join until there are this many registered. */
const MAX_WORKSPACES = 14;

type Offer = { app: typeof apps.$inferSelect; version: string; name: string; nameSlug: string };

/** Calls the portal at `base` as a Rocket.Chat server does (apps/meteor/ee/server/apps/marketplace/appInstall.ts, communication/rest.ts). */
export class WorkspaceSimulator {
  /** The workspaces' administrators, buying through the checkout (dev/simulators/simulated-buyer.ts). */
  readonly buyer: SimulatedBuyer;

  constructor(
    private readonly db: Db,
    private readonly base: string,
    private readonly rnd: Random = Math.random,
    private readonly clients = new SimulatedClients(db, base),
  ) {
    this.buyer = new SimulatedBuyer(db, base, this.clients, rnd);
  }

  /**
   * One workspace's move; answers what happened, or null when nothing could (nothing published yet). Now and
   * then its administrator buys something first (the checkout, dev/simulators/simulated-buyer.ts).
   */
  async step(): Promise<string | null> {
    if (this.rnd() < 0.3) {
      const bought = await this.buyer.step();
      if (bought) return bought;
    }
    return this.move();
  }

  /**
   * One workspace's move on its apps: installs an app it may have (downloading it first), updates one to the
   * newest published version, or — one it runs up to date — uninstalls it (`uninstall`: how often) or reports
   * usage of a subscription.
   */
  async move(o: { uninstall?: number } = {}): Promise<string | null> {
    const offers = await this.offers();
    if (!offers.length) return null;
    const chosen = await this.workspaceWithApps(offers);
    if (!chosen) return null;
    const { ws, allowed } = chosen;
    const offer = pick(this.rnd, allowed);
    const [last] = await this.db
      .select({ action: appInstallEvents.action, version: appInstallEvents.appVersion })
      .from(appInstallEvents)
      .where(and(eq(appInstallEvents.workspaceId, ws.workspaceId), eq(appInstallEvents.appId, offer.app.id), ne(appInstallEvents.action, 'download')))
      .orderBy(desc(appInstallEvents.at), desc(appInstallEvents.id))
      .limit(1);
    const installed = last && last.action !== 'uninstall' ? last.version : null;
    if (!installed) {
      await this.download(ws, offer);
      await this.report(ws, offer, 'install', offer.version);
      return `${ws.nickname} installed ${offer.name} ${offer.version}`;
    }
    const newer = semver.valid(offer.version) && semver.valid(installed) ? semver.gt(offer.version, installed) : installed !== offer.version;
    if (newer) {
      await this.download(ws, offer);
      await this.report(ws, offer, 'update', offer.version);
      return `${ws.nickname} updated ${offer.name} to ${offer.version}`;
    }
    const roll = this.rnd();
    if (roll < (o.uninstall ?? 0.25)) {
      await this.report(ws, offer, 'uninstall', installed);
      return `${ws.nickname} uninstalled ${offer.name}`;
    }
    if (offer.app.isUsageBased || offer.app.purchaseType === 'subscription') {
      const month = now().toISOString().slice(0, 7);
      await this.call('POST', `/v1/apps/${offer.app.id}/usage`, ws, {
        billingCycleId: month,
        items: [{ price: 0.02, quantity: 20 + Math.floor(this.rnd() * 300), description: `${offer.name} usage` }],
      });
      return `${ws.nickname} reported usage of ${offer.name}`;
    }
    return null;
  }

  /** `moves` moves one after another; answers how many did something. */
  async play(moves: number, stopped: () => boolean = () => false) {
    let made = 0;
    for (let i = 0; i < moves && !stopped(); i++) if (await this.step()) made++;
    return made;
  }

  /**
   * A workspace that runs an app it may no longer have (its subscription ended, its purchase was refunded)
   * uninstalls it, as its administrator does once Rocket.Chat disables it; null when none does.
   */
  async uninstallLapsed(): Promise<string | null> {
    const running = await this.db
      .select({ workspaceId: appInstalls.workspaceId, version: appInstalls.version, app: apps })
      .from(appInstalls)
      .innerJoin(apps, eq(apps.id, appInstalls.appId))
      .innerJoin(workspaces, eq(workspaces.id, appInstalls.workspaceId))
      .where(and(ne(appInstalls.version, ''), isNull(workspaces.revokedAt)))
      .orderBy(sql`random()`)
      .limit(20);
    for (const r of running) {
      if (!(await refusalFor(this.db, r.workspaceId, r.app))) continue;
      const [latest] = await this.db
        .select({ name: appVersions.name, nameSlug: appVersions.nameSlug })
        .from(appVersions)
        .where(eq(appVersions.appId, r.app.id))
        .orderBy(desc(appVersions.createdDate))
        .limit(1);
      if (!latest) continue;
      const ws = await this.clients.tokenFor(r.workspaceId);
      await this.report(ws, { app: r.app, version: r.version, ...latest }, 'uninstall', r.version);
      return `${ws.nickname} uninstalled ${latest.name}, no longer licensed`;
    }
    return null;
  }

  /** Each published app's newest published version (bundles are bought, never installed). */
  private async offers(): Promise<Offer[]> {
    const rows = await this.db
      .selectDistinctOn([appVersions.appId], { app: apps, version: appVersions.version, name: appVersions.name, nameSlug: appVersions.nameSlug })
      .from(appVersions)
      .innerJoin(apps, eq(apps.id, appVersions.appId))
      .where(and(eq(appVersions.status, 'published'), eq(apps.isBundle, false), ne(appVersions.compiledPath, '')))
      .orderBy(appVersions.appId, desc(appVersions.createdDate));
    return rows;
  }

  /**
   * A registered workspace with a valid token and the offers it may have (free, or bought by it): now and then
   * a new customer (while some app is free: a new workspace has bought nothing), else a known workspace that
   * may have something.
   */
  private async workspaceWithApps(offers: Offer[]): Promise<{ ws: SimulatedWorkspace; allowed: Offer[] } | null> {
    const known = await this.db
      .select({ id: workspaces.id })
      .from(workspaces)
      .where(isNull(workspaces.revokedAt))
      .orderBy(sql`random()`)
      .limit(50);
    const free = offers.filter((o) => o.app.purchaseType === 'buy' && o.app.price === 0);
    if (free.length && known.length < MAX_WORKSPACES && (known.length === 0 || this.rnd() < 0.3)) {
      const ws = await this.clients.register(`${pick(this.rnd, companies)} ${1 + Math.floor(this.rnd() * 90)}`);
      return { ws, allowed: free };
    }
    for (const { id } of known) {
      const allowed: Offer[] = [];
      for (const o of offers) if (!(await refusalFor(this.db, id, o.app))) allowed.push(o);
      if (allowed.length) return { ws: await this.clients.tokenFor(id), allowed };
    }
    return null;
  }

  private async download(ws: SimulatedWorkspace, offer: Offer) {
    // Exactly Rocket.Chat's call: the token in the query, only the engine version as a header.
    const res = await fetch(`${this.base}/v2/apps/${offer.app.id}/download/${offer.version}?token=${ws.token}`, {
      headers: { 'X-Apps-Engine-Version': ENGINE_VERSION },
    });
    const body = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200 || res.headers.get('content-type') !== 'application/zip') {
      throw new Error(`download of ${offer.name} ${offer.version} for ${ws.nickname}: ${res.status} ${body.toString('utf8').slice(0, 200)}`);
    }
  }

  private report(ws: SimulatedWorkspace, offer: Offer, action: 'install' | 'update' | 'uninstall', version: string) {
    return this.call('POST', `/v1/apps/${offer.app.id}/install`, ws, {
      action,
      appName: offer.name,
      appSlug: offer.nameSlug,
      appVersion: version,
      rocketChatVersion: ROCKET_CHAT_VERSION,
      engineVersion: ENGINE_VERSION,
      siteUrl: `https://${ws.nickname.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.chat.example`,
    });
  }

  private async call(method: string, path: string, ws: SimulatedWorkspace, body: unknown) {
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers: { authorization: `Bearer ${ws.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    // Its token was deleted (a rotated secret): the next call gets a new one.
    if (res.status === 401) this.clients.forget(ws.workspaceId);
    if (res.status >= 300) throw new Error(`${method} ${path} for ${ws.nickname}: ${res.status} ${(await res.text()).slice(0, 200)}`);
    await res.arrayBuffer();
  }
}
