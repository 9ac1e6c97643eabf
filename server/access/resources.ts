import { and, eq, getTableColumns, isNull, or, sql } from 'drizzle-orm';
import { publisherFlags, type PublisherFlag, type ResourceKind } from '../../contract/access';
import type { Db } from '../db/client';
import {
  apiTokens,
  appVersions,
  apps,
  compileJobs,
  trustPolicies,
  developers,
  featuredApps,
  payouts,
  prices,
  publishers,
  purchaseRecords,
  screenshots,
  webhookActivities,
  webhooks,
  workspaces,
} from '../db/schema';
import { HttpError, notFound } from '../errors';

/** A row a route names, with the publisher that owns it (its domain in the policy) and that publisher's flags. */
export type Found<Row> = { owner: string | null; flags: PublisherFlag[]; row: Row };
type Params = Record<string, string | undefined>;

const flagColumns = {
  canCreatePaidApps: publishers.canCreatePaidApps,
  canCreateBundles: publishers.canCreateBundles,
  canUseNPMModules: publishers.canUseNPMModules,
  canUseWebhooks: publishers.canUseWebhooks,
};
const flagsOf = (p: Record<PublisherFlag, boolean>) => publisherFlags.filter((f) => p[f]);
const owned = <Row>(r: { publisher: Record<PublisherFlag, boolean> & { id: string }; row: Row } | undefined): Found<Row> | null =>
  r ? { owner: r.publisher.id, flags: flagsOf(r.publisher), row: r.row } : null;
const publisherColumns = { id: publishers.id, ...flagColumns };
/** The app a path names: `:id` on most routes, `:appId` on the screenshot routes. */
const appIdOf = (p: Params) => p.appId ?? p.id ?? '';
/** The version a path names: `:versionId`, or `:internalId` on the screenshot routes. */
const versionIdOf = (p: Params) => p.versionId ?? p.internalId ?? '';

async function appOf(db: Db, p: Params) {
  const [r] = await db
    .select({ row: apps, publisher: publisherColumns })
    .from(apps)
    .innerJoin(publishers, eq(publishers.id, apps.publisherId))
    .where(eq(apps.id, appIdOf(p)));
  return owned(r);
}

/**
 * How each kind of row a route names is found (SPEC's paths) and what 404 says when it is not there — or
 * belongs to a publisher the caller holds no role in: such a row does not exist for them.
 */
export const resolvers = {
  app: { notFound: () => notFound('App'), load: appOf },
  appVersion: {
    notFound: () => notFound('App version'),
    load: async (db: Db, p: Params) => {
      const { manifest: _m, iconFileData: _i, ...columns } = getTableColumns(appVersions);
      const [r] = await db
        .select({ app: apps, version: columns, publisher: publisherColumns })
        .from(appVersions)
        .innerJoin(apps, eq(apps.id, appVersions.appId))
        .innerJoin(publishers, eq(publishers.id, apps.publisherId))
        .where(and(eq(appVersions.appId, appIdOf(p)), eq(appVersions.internalId, versionIdOf(p))));
      return owned(r && { publisher: r.publisher, row: { app: r.app, version: r.version } });
    },
  },
  price: {
    notFound: () => notFound('Price'),
    load: async (db: Db, p: Params) => {
      const [r] = await db
        .select({ app: apps, price: prices, publisher: publisherColumns })
        .from(prices)
        .innerJoin(apps, eq(apps.id, prices.appId))
        .innerJoin(publishers, eq(publishers.id, apps.publisherId))
        .where(and(eq(prices.appId, appIdOf(p)), eq(prices.id, p.priceId ?? '')));
      return owned(r && { publisher: r.publisher, row: { app: r.app, price: r.price } });
    },
  },
  compileJob: {
    notFound: () => notFound('Compile job'),
    load: async (db: Db, p: Params) => {
      const [r] = await db
        .select({ app: apps, job: compileJobs, publisher: publisherColumns })
        .from(compileJobs)
        .innerJoin(apps, eq(apps.id, compileJobs.appId))
        .innerJoin(publishers, eq(publishers.id, apps.publisherId))
        .where(and(eq(compileJobs.appId, appIdOf(p)), eq(compileJobs.id, p.jobId ?? '')));
      return owned(r && { publisher: r.publisher, row: { app: r.app, job: r.job } });
    },
  },
  screenshot: {
    notFound: () => notFound('Screenshot'),
    load: async (db: Db, p: Params) => {
      const [r] = await db
        .select({ app: apps, screenshot: screenshots, publisher: publisherColumns })
        .from(screenshots)
        .innerJoin(apps, eq(apps.id, screenshots.appId))
        .innerJoin(publishers, eq(publishers.id, apps.publisherId))
        // Of the version the path names, where it names one (a caption's route): another version's is not there.
        .where(
          and(
            eq(screenshots.appId, appIdOf(p)),
            eq(screenshots.id, p.screenshotId ?? ''),
            p.internalId === undefined ? undefined : eq(screenshots.internalId, p.internalId),
          ),
        );
      return owned(r && { publisher: r.publisher, row: { app: r.app, screenshot: r.screenshot } });
    },
  },
  /** A bundle's route given an app that is no bundle finds the app: the handler says 'Invalid Bundle'. */
  bundle: { notFound: () => new HttpError(404, 'not_found', 'Bundle not found.'), load: appOf },
  webhook: {
    notFound: () => notFound('Webhook'),
    load: async (db: Db, p: Params) => {
      const [r] = await db
        .select({ row: webhooks, publisher: publisherColumns })
        .from(webhooks)
        .innerJoin(publishers, eq(publishers.id, webhooks.publisherId))
        .where(eq(webhooks.id, p.id ?? ''));
      return owned(r);
    },
  },
  webhookActivity: {
    notFound: () => notFound('Webhook activity'),
    load: async (db: Db, p: Params) => {
      const [r] = await db
        .select({ webhook: webhooks, activity: webhookActivities, publisher: publisherColumns })
        .from(webhookActivities)
        .innerJoin(webhooks, eq(webhooks.id, webhookActivities.webhookId))
        .innerJoin(publishers, eq(publishers.id, webhooks.publisherId))
        .where(and(eq(webhookActivities.webhookId, p.id ?? ''), eq(webhookActivities.id, p.activityId ?? '')));
      return owned(r && { publisher: r.publisher, row: { webhook: r.webhook, activity: r.activity } });
    },
  },
  publisher: {
    notFound: () => notFound('Publisher'),
    load: async (db: Db, p: Params) => {
      const [row] = await db
        .select()
        .from(publishers)
        .where(eq(publishers.id, p.id ?? ''));
      return row ? { owner: row.id, flags: flagsOf(row), row } : null;
    },
  },
  /** A developer of the publisher the path names (staff routes). */
  publisherDeveloper: {
    notFound: () => notFound('Developer'),
    load: async (db: Db, p: Params) => {
      const [r] = await db
        .select({ row: developers, publisher: publisherColumns })
        .from(developers)
        .innerJoin(publishers, eq(publishers.id, developers.publisherId))
        .where(and(eq(developers.id, p.devId ?? ''), eq(developers.publisherId, p.id ?? '')));
      return owned(r);
    },
  },
  /** A member of a team, named by the path alone (the team's own routes): its publisher is the domain. */
  teamMember: {
    notFound: () => notFound('Developer'),
    load: async (db: Db, p: Params) => {
      const [r] = await db
        .select({ row: developers, publisher: publisherColumns })
        .from(developers)
        .innerJoin(publishers, eq(publishers.id, developers.publisherId))
        .where(eq(developers.id, p.developerId ?? ''));
      return owned(r);
    },
  },
  purchase: {
    notFound: () => notFound('Purchase record'),
    load: async (db: Db, p: Params) => {
      const [row] = await db
        .select()
        .from(purchaseRecords)
        .where(eq(purchaseRecords.id, p.id ?? ''));
      return row ? { owner: row.publisherId, flags: [], row } : null;
    },
  },
  /** A payout (its statement: docs/reports.md), named by its id: its publisher is the domain. */
  payout: {
    notFound: () => notFound('Payout'),
    load: async (db: Db, p: Params) => {
      const [row] = await db
        .select()
        .from(payouts)
        .where(eq(payouts.id, p.id ?? ''));
      return row ? { owner: row.publisherId, flags: [], row } : null;
    },
  },
  /** An app in a featured section (staff curation): `/admin/featured/:type/:id` is the section and the app. */
  featured: {
    notFound: () => notFound('Featured app'),
    load: async (db: Db, p: Params) => {
      const [row] = await db
        .select()
        .from(featuredApps)
        .where(and(eq(featuredApps.sectionSlug, p.type ?? ''), eq(featuredApps.appId, p.id ?? '')));
      return row ? { owner: null, flags: [], row } : null;
    },
  },
  /** A version by its internal id alone (staff downloads of its package). */
  versionDownload: {
    notFound: () => notFound('App version'),
    load: async (db: Db, p: Params) => {
      const { manifest: _m, iconFileData: _i, ...columns } = getTableColumns(appVersions);
      const [r] = await db
        .select({ version: columns, publisher: publisherColumns })
        .from(appVersions)
        .innerJoin(apps, eq(apps.id, appVersions.appId))
        .innerJoin(publishers, eq(publishers.id, apps.publisherId))
        .where(eq(appVersions.internalId, p.id ?? ''));
      return owned(r && { publisher: r.publisher, row: r.version });
    },
  },
  /**
   * A workspace: named by its id, or by the client id its registration issued (what a Rocket.Chat server's
   * settings show as `Cloud_Workspace_Client_Id`); either way the row, so every answer carries its one id.
   */
  workspace: {
    notFound: () => notFound('Workspace'),
    load: async (db: Db, p: Params) => {
      const named = p.id ?? '';
      const [row] = await db
        .select()
        .from(workspaces)
        .where(or(eq(workspaces.id, named), eq(workspaces.clientId, named)))
        .orderBy(sql`${workspaces.id} = ${named} desc`)
        .limit(1);
      return row ? { owner: null, flags: [], row } : null;
    },
  },
  /** A publisher's API token (not one trusted publishing minted: those end by themselves). */
  apiToken: {
    notFound: () => notFound('API token'),
    load: async (db: Db, p: Params) => {
      const [r] = await db
        .select({ row: apiTokens, publisher: publisherColumns })
        .from(apiTokens)
        .innerJoin(publishers, eq(publishers.id, apiTokens.publisherId))
        .where(and(eq(apiTokens.id, p.tokenId ?? ''), isNull(apiTokens.trustPolicyId)));
      return owned(r);
    },
  },
  trustPolicy: {
    notFound: () => notFound('Trusted publisher'),
    load: async (db: Db, p: Params) => {
      const [r] = await db
        .select({ app: apps, policy: trustPolicies, publisher: publisherColumns })
        .from(trustPolicies)
        .innerJoin(apps, eq(apps.id, trustPolicies.appId))
        .innerJoin(publishers, eq(publishers.id, apps.publisherId))
        .where(and(eq(trustPolicies.appId, appIdOf(p)), eq(trustPolicies.id, p.policyId ?? '')));
      return owned(r && { publisher: r.publisher, row: { app: r.app, policy: r.policy } });
    },
  },
} satisfies Partial<Record<ResourceKind, { notFound: () => HttpError; load: (db: Db, p: Params) => Promise<Found<unknown> | null> }>>;

export type Resolvers = typeof resolvers;
export type ResolvedKind = keyof Resolvers;
/** The row a route's resolver found, by kind. */
export type RowOf<K extends ResolvedKind> = NonNullable<Awaited<ReturnType<Resolvers[K]['load']>>>['row'];
