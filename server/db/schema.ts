import { sql } from 'drizzle-orm';
import type { Citation, CheckId, Severity, StoredFinding } from '../../contract/schemas/review';
import type { RuntimeReport } from '../../contract/schemas/runtime';
import { bigint, boolean, date, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const created = () => ts('created_at').notNull().defaultNow();
const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });

/** Cloud identities: the embedded authorization server's directory, and every user who signed in. */
export const cloudUsers = pgTable(
  'cloud_users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull().unique(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    username: text('username').notNull(),
    /** The cloud account the person belongs to (several people share one; a publisher belongs to one). */
    accountId: text('account_id').notNull().default(''),
    createdAt: created(),
  },
  (t) => [index('cloud_users_account_idx').on(t.accountId, t.firstName, t.lastName)],
);

/** Authorization codes of the embedded authorization server (single use, 10 minutes). */
export const authCodes = pgTable('auth_codes', {
  codeHash: text('code_hash').primaryKey(),
  clientId: text('client_id').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  codeChallenge: text('code_challenge').notNull(),
  /** The scope the person consented to (space-separated): what the code's tokens carry. */
  scope: text('scope').notNull().default(''),
  cloudUserId: text('cloud_user_id')
    .notNull()
    .references(() => cloudUsers.id),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});

/**
 * Access tokens the embedded authorization server issued: to the portal (its userinfo reads them) and to
 * registered clients such as the Apps CLI, whose `scope` (e.g. `marketplace:app-submit`) the portal honours.
 */
export const cloudTokens = pgTable('cloud_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  cloudUserId: text('cloud_user_id')
    .notNull()
    .references(() => cloudUsers.id),
  clientId: text('client_id').notNull().default(''),
  scope: text('scope').notNull().default(''),
  expiresAt: ts('expires_at').notNull(),
  revokedAt: ts('revoked_at'),
});

/**
 * Refresh tokens of the embedded authorization server (`offline_access`). Not rotated (the Apps CLI never
 * stores a new one): one serves until revoked or expired; `used_at` is its last use.
 */
export const cloudRefreshTokens = pgTable('cloud_refresh_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  cloudUserId: text('cloud_user_id')
    .notNull()
    .references(() => cloudUsers.id),
  clientId: text('client_id').notNull(),
  scope: text('scope').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  revokedAt: ts('revoked_at'),
});

/**
 * OAuth clients the embedded authorization server knows besides the portal itself (which is configured):
 * public clients (PKCE, no secret) such as Rocket.Chat’s Apps CLI (a row migration 0016 adds); production adds rows.
 */
export const oauthClients = pgTable('oauth_clients', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  redirectUris: text('redirect_uris').array().notNull(),
  scopes: text('scopes').array().notNull(),
  createdAt: created(),
});

/** The portal's own opaque tokens, stored hashed. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    cloudUserId: text('cloud_user_id').notNull(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    createdAt: created(),
  },
  (t) => [index('sessions_cloud_user_idx').on(t.cloudUserId)],
);

export const publishers = pgTable(
  'publishers',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    country: text('country').notNull().default(''),
    tosLink: text('tos_link').notNull().default(''),
    privacyLink: text('privacy_link').notNull().default(''),
    webhookLink: text('webhook_link').notNull().default(''),
    accountId: text('account_id').notNull().default(''),
    stripeAccountId: text('stripe_account_id').notNull().default(''),
    stripeAvailableBalance: money('stripe_available_balance').notNull().default(0),
    stripePendingBalance: money('stripe_pending_balance').notNull().default(0),
    canCreatePaidApps: boolean('can_create_paid_apps').notNull().default(false),
    canCreateBundles: boolean('can_create_bundles').notNull().default(false),
    canUseNPMModules: boolean('can_use_npm_modules').notNull().default(false),
    canUseWebhooks: boolean('can_use_webhooks').notNull().default(false),
    isRegistered: boolean('is_registered').notNull().default(false),
    createdAt: created(),
  },
  (t) => [index('publishers_name_idx').on(t.name)],
);

export const developers = pgTable(
  'developers',
  {
    id: text('id').primaryKey(),
    publisherId: text('publisher_id').references(() => publishers.id),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    chatUsername: text('chat_username').notNull().default(''),
    cloudUserId: text('cloud_user_id').notNull().unique(),
    role: text('role', { enum: ['viewer', 'developer', 'owner'] })
      .notNull()
      .default('viewer'),
    systemRole: text('system_role', { enum: ['user', 'viewer', 'support', 'reviewer', 'admin'] })
      .notNull()
      .default('user'),
    lastActivityDate: ts('last_activity_date'),
    /** The email notices this developer turned off ({kind: false}); a kind not listed is on (migration 0009). */
    notificationsOff: jsonb('notifications_off').$type<Record<string, boolean>>().notNull().default({}),
    createdAt: created(),
  },
  (t) => [index('developers_publisher_idx').on(t.publisherId, t.lastName)],
);

export const apps = pgTable(
  'apps',
  {
    id: text('id').primaryKey(),
    publisherId: text('publisher_id')
      .notNull()
      .references(() => publishers.id),
    isBundle: boolean('is_bundle').notNull().default(false),
    purchaseType: text('purchase_type', { enum: ['buy', 'subscription'] })
      .notNull()
      .default('buy'),
    price: money('price').notNull().default(0),
    currentPricingId: text('current_pricing_id').notNull().default(''),
    isEnterpriseOnly: boolean('is_enterprise_only').notNull().default(false),
    enterpriseAddonTierId: text('enterprise_addon_tier_id').notNull().default(''),
    isUsageBased: boolean('is_usage_based').notNull().default(false),
    usagePriceOverride: money('usage_price_override'),
    createdAt: created(),
    modifiedAt: ts('modified_at').notNull().defaultNow(),
    /** The latest version (the one lists show) and when it last changed: kept by a trigger on app_versions (migration 0005). */
    latestVersionId: text('latest_version_id'),
    latestModified: ts('latest_modified'),
  },
  (t) => [
    index('apps_publisher_modified_idx').on(t.publisherId, t.modifiedAt),
    index('apps_modified_idx').on(t.modifiedAt),
    // The order of the apps lists (most recently changed latest version first), per publisher and for staff.
    // (Read forwards for the first pages, backwards for the last: server/kernel/paging.ts.)
    index('apps_publisher_list_idx').on(t.publisherId, t.isBundle, t.latestModified, t.id),
    index('apps_list_idx').on(t.isBundle, t.latestModified, t.id),
  ],
);

export const appVersions = pgTable(
  'app_versions',
  {
    internalId: text('internal_id').primaryKey(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.id),
    version: text('version').notNull(),
    name: text('name').notNull(),
    nameSlug: text('name_slug').notNull().default(''),
    status: text('status').notNull(),
    shortDescription: text('short_description').notNull().default(''),
    description: text('description').notNull().default(''),
    /**
     * The description and the change log as HTML, rendered once when the text is saved (within the renderer's
     * nesting limit and time budget: docs in server/catalog/markdown/markdown.ts); the catalog serves these and
     * never renders. Null until rendered (rows older than the column: rendered at start).
     */
    descriptionHtml: text('description_html'),
    changesNoteHtml: text('changes_note_html'),
    categories: jsonb('categories').$type<string[]>().notNull().default([]),
    languages: jsonb('languages').$type<string[]>().notNull().default([]),
    iconFileData: text('icon_file_data').notNull().default(''),
    /** A 64×64 thumbnail of the icon for lists (a data URL). */
    iconThumbData: text('icon_thumb_data').notNull().default(''),
    author: jsonb('author').$type<{ name: string; support?: string; homepage?: string }>().notNull(),
    requiredApiVersion: text('required_api_version').notNull().default(''),
    manifest: jsonb('manifest').$type<Record<string, unknown>>().notNull().default({}),
    compiled: boolean('compiled').notNull().default(false),
    changesNote: text('changes_note').notNull().default(''),
    internalChangesNote: text('internal_changes_note').notNull().default(''),
    rejectionNote: text('rejection_note').notNull().default(''),
    reviewedNote: text('reviewed_note').notNull().default(''),
    privacyPolicySummary: text('privacy_policy_summary').notNull().default(''),
    documentationUrl: text('documentation_url').notNull().default(''),
    compileJobId: text('compile_job_id').notNull().default(''),
    packagePath: text('package_path').notNull().default(''),
    /** The compiled package (the upload itself when it came compiled; else written by a successful compile). */
    compiledPath: text('compiled_path').notNull().default(''),
    compiledPackagePath: text('compiled_package_path').notNull().default(''),
    /** When it was last submitted for review (docs/packages-and-review.md, The review queue): how long it has waited in the queue. */
    submittedAt: ts('submitted_at'),
    /** The staff member reviewing it (the review queue: docs/packages-and-review.md); null while nobody has taken it. */
    reviewAssigneeId: text('review_assignee_id').references(() => developers.id),
    /** The findings and diff lines the rejection or review note cites. */
    reviewCitations: jsonb('review_citations').$type<Citation[]>().notNull().default([]),
    createdDate: ts('created_date').notNull().defaultNow(),
    modifiedDate: ts('modified_date').notNull().defaultNow(),
  },
  (t) => [
    index('app_versions_app_created_idx').on(t.appId, t.createdDate),
    uniqueIndex('app_versions_app_version_uq').on(t.appId, t.version),
    index('app_versions_status_idx').on(t.status),
    /** Published versions by app: whether an app is published, and the featured drawer's candidates. */
    index('app_versions_published_idx')
      .on(t.appId)
      .where(sql`${t.status} = 'published'`),
  ],
);

export type PriceTerm = {
  enabled: boolean;
  price: number;
  stripePriceId: string;
  isSeatBased: boolean;
  tiers: { price: number; perUnit: boolean; minimum: number; maximum: number }[];
};

export const prices = pgTable(
  'prices',
  {
    id: text('id').primaryKey(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.id),
    name: text('name').notNull(),
    type: text('type', { enum: ['free', 'buy', 'subscription'] }).notNull(),
    active: boolean('active').notNull().default(true),
    buyPrice: money('buy_price').notNull().default(0),
    monthly: jsonb('monthly').$type<PriceTerm>().notNull(),
    yearly: jsonb('yearly').$type<PriceTerm>().notNull(),
    trialEnabled: boolean('trial_enabled').notNull().default(false),
    trialDuration: integer('trial_duration').notNull().default(0),
    referenceEnabled: boolean('reference_enabled').notNull().default(false),
    referenceId: text('reference_id').notNull().default(''),
    createdDate: ts('created_date').notNull().defaultNow(),
  },
  (t) => [
    index('prices_app_created_idx').on(t.appId, t.createdDate),
    /** One active price per app, enforced by the database. */
    uniqueIndex('prices_one_active_per_app')
      .on(t.appId)
      .where(sql`${t.active}`),
  ],
);

export const bundlePlans = pgTable(
  'bundle_plans',
  {
    id: text('id').primaryKey(),
    bundleId: text('bundle_id')
      .notNull()
      .references(() => apps.id),
    strategy: text('strategy', { enum: ['monthly', 'yearly'] }).notNull(),
    trialDays: integer('trial_days').notNull().default(14),
    price: money('price').notNull().default(0),
    isPerSeat: boolean('is_per_seat').notNull().default(false),
    tiers: jsonb('tiers').$type<PriceTerm['tiers']>().notNull().default([]),
  },
  (t) => [uniqueIndex('bundle_plans_strategy_uq').on(t.bundleId, t.strategy)],
);

export const bundleApps = pgTable(
  'bundle_apps',
  {
    bundleId: text('bundle_id')
      .notNull()
      .references(() => apps.id),
    appId: text('app_id')
      .notNull()
      .references(() => apps.id),
  },
  (t) => [primaryKey({ columns: [t.bundleId, t.appId] }), index('bundle_apps_app_idx').on(t.appId)],
);

export const screenshots = pgTable(
  'screenshots',
  {
    id: text('id').primaryKey(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.id),
    internalId: text('internal_id')
      .notNull()
      .references(() => appVersions.internalId),
    fileName: text('file_name').notNull(),
    storagePath: text('storage_path').notNull(),
    /** Where it stands in its version's listing (0 first); ties, such as rows made before 0027, by when they were added. */
    position: integer('position').notNull().default(0),
    /** A line under the screenshot, shown in the portal ('' for none). */
    caption: text('caption').notNull().default(''),
    createdAt: created(),
  },
  // A version's screenshots in their order (listScreenshots, the catalog, the reviewer's view).
  (t) => [index('screenshots_version_idx').on(t.internalId, t.position, t.createdAt)],
);

export type Diagnostic = { message: string; line: number; character: number; file?: string };

export const compileJobs = pgTable(
  'compile_jobs',
  {
    id: text('id').primaryKey(),
    internalAppId: text('internal_app_id')
      .notNull()
      .references(() => appVersions.internalId),
    appId: text('app_id')
      .notNull()
      .references(() => apps.id),
    typeScriptVersion: text('typescript_version').notNull().default(''),
    engineVersion: text('engine_version').notNull().default(''),
    status: text('status', { enum: ['queued', 'running', 'succeeded', 'failed'] })
      .notNull()
      .default('queued'),
    durationMs: integer('duration_ms').notNull().default(0),
    requestedAt: ts('requested_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
    diagnostics: jsonb('diagnostics').$type<Diagnostic[]>().notNull().default([]),
    /** What the publish checks found in the package (docs/packages-and-review.md, Publish checks); their severities are configuration. */
    findings: jsonb('findings').$type<StoredFinding[]>().notNull().default([]),
    /**
     * The approved version the checks compared this package with ('' for none). When another has been approved
     * since, the comparisons are made again before they are shown or a submission is judged.
     */
    comparedWith: text('compared_with').notNull().default(''),
    /**
     * What the compiled package did when started in Apps-Engine (docs/packages-and-review.md, Runtime evidence);
     * null when it was not started (the compile failed, or the runtime was unavailable).
     */
    runtime: jsonb('runtime').$type<RuntimeReport>(),
    /** 1, 2, 3… in the order jobs were recorded (migration 0011): the list's order and its pages. */
    position: bigint('position', { mode: 'number' }),
  },
  (t) => [index('compile_jobs_position_idx').on(t.position), index('compile_jobs_app_idx').on(t.appId, t.requestedAt)],
);

export const accounts = pgTable('accounts', { id: text('id').primaryKey(), name: text('name').notNull() });

export const workspaces = pgTable('workspaces', {
  id: text('id').primaryKey(),
  accountId: text('account_id')
    .notNull()
    .references(() => accounts.id),
  nickname: text('nickname').notNull(),
  address: text('address').notNull(),
  /**
   * Registration (docs/rocketchat.md, Pointing a Rocket.Chat server): the OAuth client a Rocket.Chat server uses for the `client_credentials` grant
   * (its `Cloud_Workspace_Client_Id`). Null for a workspace known only from purchase records.
   */
  clientId: text('client_id').unique(),
  /** sha256 of the client secret (shown once when issued or rotated). */
  secretHash: text('secret_hash'),
  /** The secret's first characters, to tell one from another. */
  secretPrefix: text('secret_prefix'),
  registeredAt: ts('registered_at'),
  registeredBy: text('registered_by'),
  secretRotatedAt: ts('secret_rotated_at'),
  /** Revoked: its secret and every token it holds are refused (401). */
  revokedAt: ts('revoked_at'),
  /** The last time one of its tokens was used. */
  lastSeenAt: ts('last_seen_at'),
});

/** Access tokens issued to registered workspaces by the `client_credentials` grant (sha256 at rest). */
export const workspaceTokens = pgTable(
  'workspace_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id),
    scope: text('scope').notNull(),
    createdAt: created(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('workspace_tokens_workspace_idx').on(t.workspaceId)],
);

/**
 * What registered workspaces report (`POST /v1/apps/:id/install`) and download: the only source of the
 * portal's installs, updates, uninstalls, downloads and active workspaces. `dedupe_key` makes a repeated
 * report of one event one row.
 */
export const appInstallEvents = pgTable(
  'app_install_events',
  {
    id: text('id').primaryKey(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.id),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id),
    action: text('action', { enum: ['download', 'install', 'update', 'uninstall'] }).notNull(),
    appVersion: text('app_version').notNull(),
    rocketChatVersion: text('rocket_chat_version').notNull().default(''),
    engineVersion: text('engine_version').notNull().default(''),
    siteUrl: text('site_url').notNull().default(''),
    dedupeKey: text('dedupe_key').notNull().unique(),
    at: ts('at').notNull().defaultNow(),
    /** The app's publisher (migration 0029): a publisher's install reports read through their own index. */
    publisherId: text('publisher_id').notNull().default(''),
  },
  (t) => [
    index('app_install_events_app_idx').on(t.appId, t.at),
    index('app_install_events_workspace_idx').on(t.workspaceId, t.appId, t.at),
    index('app_install_events_publisher_at_idx').on(t.publisherId, t.at, t.id),
    index('app_install_events_at_idx').on(t.at, t.id),
  ],
);

export const purchaseRecords = pgTable(
  'purchase_records',
  {
    id: text('id').primaryKey(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.id),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    date: ts('date').notNull().defaultNow(),
    purchaseType: text('purchase_type', { enum: ['buy', 'subscription'] }).notNull(),
    price: money('price').notNull().default(0),
    planId: text('plan_id').notNull().default(''),
    subscriptionStatus: text('subscription_status', { enum: ['active', 'trialing', 'pastDue', 'cancelled', 'cancelling'] }),
    periodEnd: ts('period_end'),
    isSeatBased: boolean('is_seat_based').notNull().default(false),
    seats: integer('seats').notNull().default(0),
    maxSeats: integer('max_seats').notNull().default(0),
    externallyManaged: boolean('externally_managed').notNull().default(false),
    /** The publisher of the app (kept on the record: the publisher's list is read through its own index). */
    publisherId: text('publisher_id')
      .notNull()
      .references(() => publishers.id),
    /** When the subscription stopped billing (cancelled or past due); null while it bills. */
    endedAt: ts('ended_at'),
    /**
     * Billing by the marketplace's checkout (docs/rocketchat.md, Buying): the provider that took the payment ('sandbox' or
     * 'stripe'; null for staff's records and the older simulator's), its subscription (Stripe `sub_…`; the
     * sandbox's own id), the payment a refund goes back to (Stripe `pi_…`; the sandbox's charge id), and the
     * saved payment method renewals are charged to (the sandbox's; Stripe keeps its own).
     */
    provider: text('provider', { enum: ['sandbox', 'stripe'] }),
    providerSubscriptionId: text('provider_subscription_id').unique(),
    providerPaymentId: text('provider_payment_id'),
    paymentMethod: text('payment_method'),
    /** What was paid in the current period (the price, or less after a refund), and what was refunded of it. */
    refundedAmount: money('refunded_amount').notNull().default(0),
    refundedAt: ts('refunded_at'),
    /** 1, 2, 3… in the order records are made, over all records and per publisher (migration 0012). */
    position: bigint('position', { mode: 'number' }),
    publisherPosition: bigint('publisher_position', { mode: 'number' }),
  },
  (t) => [
    index('purchase_records_position_idx').on(t.position),
    index('purchase_records_publisher_position_idx').on(t.publisherId, t.publisherPosition),
    index('purchase_records_app_date_idx').on(t.appId, t.date),
    index('purchase_records_workspace_idx').on(t.workspaceId, t.date),
  ],
);

/**
 * The outbox of sales events (SPEC §2 Webhook events): written in the transaction that makes the change,
 * delivered by the webhooks worker in `seq` order. `id` is the event's stable id (the `webhook-id`).
 */
export const salesEvents = pgTable(
  'sales_events',
  {
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    id: text('id').primaryKey(),
    type: text('type', {
      enum: [
        'app.purchase.created',
        'app.purchase.refunded',
        'app.subscription.created',
        'app.subscription.cancelled',
        'app.subscription.modified',
        'app.subscription.migrated',
      ],
    }).notNull(),
    publisherId: text('publisher_id')
      .notNull()
      .references(() => publishers.id),
    appId: text('app_id').notNull(),
    purchaseId: text('purchase_id').notNull(),
    occurredAt: ts('occurred_at').notNull().defaultNow(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** When the webhooks dispatcher turned the event into deliveries (null: not yet). */
    dispatchedAt: ts('dispatched_at'),
  },
  (t) => [
    uniqueIndex('sales_events_seq_idx').on(t.seq),
    index('sales_events_publisher_idx').on(t.publisherId, t.seq),
    index('sales_events_undispatched_idx')
      .on(t.seq)
      .where(sql`dispatched_at IS NULL`),
  ],
);

export const webhooks = pgTable(
  'webhooks',
  {
    id: text('id').primaryKey(),
    publisherId: text('publisher_id')
      .notNull()
      .references(() => publishers.id),
    label: text('label').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    url: text('url').notNull(),
    events: jsonb('events').$type<string[]>().notNull().default([]),
    secret: text('secret').notNull(),
    /** After a rotation, the secret that still signs beside the new one until `previousSecretUntil`. */
    previousSecret: text('previous_secret'),
    previousSecretUntil: ts('previous_secret_until'),
    /** The first failed delivery since the last successful one (null: not failing). */
    failingSince: ts('failing_since'),
    createdAt: created(),
  },
  (t) => [index('webhooks_publisher_idx').on(t.publisherId, t.createdAt)],
);

export const webhookActivities = pgTable(
  'webhook_activities',
  {
    id: text('id').primaryKey(),
    webhookId: text('webhook_id')
      .notNull()
      .references(() => webhooks.id),
    status: text('status', { enum: ['created', 'internal-error', 'delivered', 'failure', 'timeout'] }).notNull(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').notNull(),
    responseStatusCode: integer('response_status_code').notNull().default(0),
    responseBody: text('response_body').notNull().default(''),
    responseType: text('response_type').notNull().default(''),
    resent: boolean('resent').notNull().default(false),
    /** Every delivery attempt: when, what came of it, the status code, how long it took. */
    attempts: jsonb('attempts').$type<{ at: string; status: string; statusCode: number; ms: number; error?: string }[]>().notNull().default([]),
    /** When the next automatic attempt is due (null: none planned). */
    nextAttemptAt: ts('next_attempt_at'),
    createdAt: created(),
  },
  (t) => [index('webhook_activities_webhook_idx').on(t.webhookId, t.createdAt)],
);

export const categories = pgTable(
  'categories',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull().unique(),
    /** Shown by Rocket.Chat's Marketplace screen (its schema requires both; docs/rocketchat.md, Rocket.Chat's calls). */
    description: text('description').notNull().default(''),
    hidden: boolean('hidden').notNull().default(false),
    createdDate: ts('created_date').notNull().defaultNow(),
    modifiedDate: ts('modified_date').notNull().defaultNow(),
  },
  // One category per title whatever its case ('Productivity' and 'productivity' are one).
  (t) => [uniqueIndex('categories_title_ci_uq').on(sql`lower(${t.title})`)],
);

export const featuredApps = pgTable(
  'featured_apps',
  {
    sectionSlug: text('section_slug').notNull(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.id),
    createdAt: created(),
  },
  (t) => [primaryKey({ columns: [t.sectionSlug, t.appId] })],
);

export const emailTemplates = pgTable('email_templates', {
  id: text('id').primaryKey(),
  name: text('name').notNull().unique(),
  layout: text('layout').notNull().default(''),
  subject: text('subject').notNull().default(''),
  body: text('body').notNull(),
  createdAt: created(),
  modifiedAt: ts('modified_at').notNull().defaultNow(),
});

export const usageRecords = pgTable(
  'usage_records',
  {
    id: text('id').primaryKey(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.id),
    workspaceLabel: text('workspace_label').notNull(),
    billingCycleId: text('billing_cycle_id').notNull(),
    items: jsonb('items').$type<{ price: number; quantity?: number; description?: string }[]>().notNull(),
    createdDate: ts('created_date').notNull().defaultNow(),
    /** 1, 2, 3… per app in the order records were made (migration 0011). */
    position: bigint('position', { mode: 'number' }),
  },
  (t) => [index('usage_records_app_position_idx').on(t.appId, t.position)],
);

export const activityLogs = pgTable(
  'activity_logs',
  {
    id: text('id').primaryKey(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.id),
    userId: text('user_id').notNull(),
    userName: text('user_name').notNull(),
    action: text('action').notNull(),
    when: ts('when').notNull().defaultNow(),
    actionExtra: jsonb('action_extra').$type<Record<string, unknown>>().notNull().default({}),
    /** 1, 2, 3… per app in the order lines were recorded (migration 0011). */
    position: bigint('position', { mode: 'number' }),
  },
  (t) => [index('activity_logs_app_position_idx').on(t.appId, t.position)],
);

/**
 * Payouts: written (pending) before the payment provider is called, completed (paid or failed) after. The
 * provider call's idempotency key is derived from the row's id, so a retry after a crash cannot pay twice;
 * `requestKey` (the client's Idempotency-Key) makes a repeated request answer the same payout.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: text('id').primaryKey(),
    publisherId: text('publisher_id')
      .notNull()
      .references(() => publishers.id),
    accountId: text('account_id').notNull().default(''),
    amount: money('amount').notNull(),
    status: text('status', { enum: ['pending', 'paid', 'failed'] })
      .notNull()
      .default('paid'),
    expected: ts('expected'),
    providerPayoutId: text('provider_payout_id').notNull().default(''),
    error: text('error').notNull().default(''),
    requestKey: text('request_key'),
    requestedBy: text('requested_by').notNull().default(''),
    createdAt: created(),
    completedAt: ts('completed_at'),
  },
  (t) => [
    uniqueIndex('payouts_request_key_uq').on(t.publisherId, t.requestKey),
    index('payouts_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** What staff did to a publisher (edits, flags, mail, roles, payouts): who, what, when. */
export const publisherActivity = pgTable(
  'publisher_activity',
  {
    id: text('id').primaryKey(),
    publisherId: text('publisher_id')
      .notNull()
      .references(() => publishers.id),
    userId: text('user_id').notNull(),
    userName: text('user_name').notNull(),
    action: text('action').notNull(),
    when: ts('when').notNull().defaultNow(),
    extra: jsonb('extra').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('publisher_activity_publisher_idx').on(t.publisherId, t.when)],
);

/** A payment-provider connection in progress: the single-use code the provider's return carries. */
export const paymentConnects = pgTable('payment_connects', {
  codeHash: text('code_hash').primaryKey(),
  publisherId: text('publisher_id')
    .notNull()
    .references(() => publishers.id),
  accountId: text('account_id').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});

/** The sandbox payment provider's own accounts (what Stripe keeps for Connect accounts). */
export const sandboxAccounts = pgTable('sandbox_accounts', {
  id: text('id').primaryKey(),
  businessName: text('business_name').notNull().default(''),
  onboarded: boolean('onboarded').notNull().default(false),
  createdAt: created(),
});

/**
 * The sandbox provider's ledger: credits (pending until `availableOn`) and payouts (negative, at once).
 * A payout's idempotency key is unique: the same key answers the same entry.
 */
export const sandboxLedger = pgTable(
  'sandbox_ledger',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => sandboxAccounts.id),
    kind: text('kind', { enum: ['credit', 'payout'] }).notNull(),
    amount: money('amount').notNull(),
    availableOn: ts('available_on').notNull(),
    arrivalDate: ts('arrival_date'),
    idempotencyKey: text('idempotency_key').unique(),
    description: text('description').notNull().default(''),
    createdAt: created(),
  },
  (t) => [index('sandbox_ledger_account_idx').on(t.accountId, t.createdAt)],
);

/**
 * A buyer's checkout (docs/rocketchat.md, Buying): what a workspace chose on the portal's checkout page, handed to the payment
 * provider's page (`providerSessionId`), completed into a purchase record exactly once (`purchaseId`), or
 * declined / abandoned (nothing made).
 */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id),
    appId: text('app_id')
      .notNull()
      .references(() => apps.id),
    kind: text('kind', { enum: ['buy', 'subscription'] }).notNull(),
    planId: text('plan_id').notNull().default(''),
    seats: integer('seats').notNull().default(0),
    /** The price of the purchase (one-time) or of one period (subscription), and the trial it starts with. */
    price: money('price').notNull(),
    trialDays: integer('trial_days').notNull().default(0),
    provider: text('provider', { enum: ['sandbox', 'stripe'] }).notNull(),
    providerSessionId: text('provider_session_id').unique(),
    /**
     * `voided`: paid for what the workspace already held when the payment came (another session of the same app
     * was paid first): no purchase is made, and what the provider took is given back.
     */
    status: text('status', { enum: ['open', 'completed', 'declined', 'expired', 'voided'] })
      .notNull()
      .default('open'),
    /** Why the last payment attempt was declined, or why the session was voided (shown on the checkout page). */
    failure: text('failure').notNull().default(''),
    purchaseId: text('purchase_id'),
    /** Where the buyer goes back to: the workspace's own address (its Marketplace screen). */
    returnUrl: text('return_url').notNull().default(''),
    createdAt: created(),
    completedAt: ts('completed_at'),
    voidedAt: ts('voided_at'),
    /**
     * A voided session's payment at the provider: nothing to give back (`none`: the sandbox's, or a trial's), being
     * refunded (`pending`: VOID_CHECKOUT_JOB), refunded (`done`), or not refunded after every retry (`failed`).
     */
    giveBack: text('give_back', { enum: ['none', 'pending', 'done', 'failed'] })
      .notNull()
      .default('none'),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [
    index('checkout_sessions_workspace_idx').on(t.workspaceId, t.createdAt),
    /** A workspace's open sessions of one app (a new one expires the others). */
    index('checkout_sessions_open_idx')
      .on(t.workspaceId, t.appId)
      .where(sql`${t.status} = 'open'`),
  ],
);

/** Stripe events already applied (by event id): an event delivered twice changes nothing the second time. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: ts('received_at').notNull().defaultNow(),
});

/**
 * The key pair licences are signed with (one row, made at first start; LICENSE_PRIVATE_KEY overrides it):
 * PEM, the private key PKCS#8, the public key SPKI — what a registered workspace is given.
 */
export const licenseKeys = pgTable('license_keys', {
  id: text('id').primaryKey(),
  privateKey: text('private_key').notNull(),
  publicKey: text('public_key').notNull(),
  createdAt: created(),
});

/**
 * Messages being handed to the mail server right now, by their job (pg-boss cannot change a running job's
 * data): written and committed before the server is asked, removed with the job's outcome. A message whose
 * job finds its mark already there was interrupted mid-send and is not sent again (at most once).
 */
export const mailSends = pgTable('mail_sends', {
  jobId: text('job_id').primaryKey(),
  startedAt: ts('started_at').notNull().defaultNow(),
});

/**
 * How each email template last rendered for a notification (the newest decides): failed, why and when —
 * or rendered. Written by the notification worker; the templates' page shows the last failure.
 */
export const templateRenders = pgTable('template_renders', {
  name: text('name').primaryKey(),
  failed: boolean('failed').notNull(),
  message: text('message').notNull().default(''),
  at: ts('at').notNull().defaultNow(),
});

/**
 * Rate-limit counters every portal process shares (server/kernel/rate-limit-store.ts): the hits of one
 * key (limit, person or address) in its window, which ends at `expires_at`; ended windows are swept.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('rate_limits_expires_idx').on(t.expiresAt)],
);

/** Server-side key/value settings (e.g. the download-link secret). */
export const settings = pgTable('settings', { key: text('key').primaryKey(), value: text('value').notNull() });

/**
 * The number of rows of each list that grows, per scope (`all`, an app id, a publisher), kept by
 * triggers (migration 0008): a page's total without counting the table.
 */
/**
 * How many apps of a list (scope as in row_counts) last changed on each day (UTC; 'infinity' for an app
 * without a version yet), kept by a trigger (migration 0011): a page at any depth starts its index walk
 * at the day that holds its first row instead of at the top of the list.
 */
export const appListDays = pgTable(
  'app_list_days',
  {
    scope: text('scope').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.scope, t.day] })],
);

export const rowCounts = pgTable(
  'row_counts',
  {
    list: text('list').notNull(),
    scope: text('scope').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.list, t.scope] })],
);

/**
 * A publisher's API tokens: secrets for scripts and CI, shown once and stored hashed. A token acts for its
 * publisher (as a developer of it) within its abilities (`read`, `submit`) on all its apps (`appIds` null) or
 * on the ones listed. Trusted publishing mints short-lived ones (`trustPolicyId` set) for one app.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: text('id').primaryKey(),
    publisherId: text('publisher_id')
      .notNull()
      .references(() => publishers.id),
    name: text('name').notNull(),
    /** The first characters of the secret, shown so a person recognizes it. */
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull().unique(),
    abilities: text('abilities').array().notNull(),
    appIds: text('app_ids').array(),
    trustPolicyId: text('trust_policy_id'),
    createdBy: text('created_by').notNull(),
    createdByName: text('created_by_name').notNull(),
    createdAt: created(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    lastUsedAt: ts('last_used_at'),
    lastUsedIp: text('last_used_ip'),
    /** The addresses it was used from (the latest 50): a use from another is written to the activity log. */
    seenIps: text('seen_ips')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    expiryNoticeAt: ts('expiry_notice_at'),
  },
  (t) => [index('api_tokens_publisher_idx').on(t.publisherId, t.createdAt)],
);

/**
 * Trusted publishing: a CI workflow, named by its OIDC issuer's claims, may trade its identity token for a
 * 15-minute token that submits versions of one app.
 */
export const trustPolicies = pgTable(
  'trust_policies',
  {
    id: text('id').primaryKey(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.id),
    publisherId: text('publisher_id')
      .notNull()
      .references(() => publishers.id),
    issuer: text('issuer').notNull(),
    repository: text('repository').notNull(),
    workflow: text('workflow').notNull(),
    environment: text('environment'),
    ref: text('ref'),
    createdBy: text('created_by').notNull(),
    createdByName: text('created_by_name').notNull(),
    createdAt: created(),
  },
  (t) => [index('trust_policies_app_idx').on(t.appId, t.createdAt)],
);

/**
 * CI identity tokens already exchanged (by issuer and `jti`), kept until the token expires: a token is traded
 * once. Rows past `expiresAt` are deleted as new ones are written.
 */
export const ciTokenUses = pgTable(
  'ci_token_uses',
  {
    issuer: text('issuer').notNull(),
    jti: text('jti').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.issuer, t.jti] }), index('ci_token_uses_expires_idx').on(t.expiresAt)],
);

/** The publish checks' configuration (docs/packages-and-review.md, Publish checks): one row, `default`; absent until staff first save it. */
export const publishCheckSettings = pgTable('publish_check_settings', {
  id: text('id').primaryKey(),
  severities: jsonb('severities').$type<Partial<Record<CheckId, Severity>>>().notNull().default({}),
  disallowedLicences: jsonb('disallowed_licences').$type<string[]>().notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  updatedBy: text('updated_by').notNull().default(''),
});

// ——— App requests (docs/rocketchat.md): end users of a registered workspace ask its admins for an app ———

/** A person of a Rocket.Chat workspace as its server names them (core-typings `AppRequestEndUser`). */
export type AppRequestEndUser = { id: string; username: string; name: string; nickname: string; emails: string[] };

/**
 * What an end user asked their workspace's admins for, on the portal's requestAccess page that Rocket.Chat
 * opens (RocketChat/Rocket.Chat apps/meteor/ee/server/apps/communication/rest.ts `buildExternalAppRequest`):
 * the requester and admins are as Rocket.Chat named them in the page's address (unverified: no token comes
 * with it). The workspace reads them back (`GET /v1/app-request`), marks them seen, and its cron tells the
 * requesters once the app is installed (`notificationSent`).
 */
export const appRequests = pgTable(
  'app_requests',
  {
    id: text('id').primaryKey(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.id),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id),
    requester: jsonb('requester').$type<AppRequestEndUser>().notNull(),
    admins: jsonb('admins').$type<AppRequestEndUser[]>().notNull().default([]),
    message: text('message').notNull().default(''),
    seen: boolean('seen').notNull().default(false),
    seenAt: ts('seen_at'),
    notificationSent: boolean('notification_sent').notNull().default(false),
    notificationSentAt: ts('notification_sent_at'),
    createdAt: created(),
  },
  (t) => [
    // A workspace's requests of an app, newest first (the list, its filters and stats).
    index('app_requests_workspace_app_idx').on(t.workspaceId, t.appId, t.createdAt),
    // The apps with requesters not yet told (the cron's `sent/pending`).
    index('app_requests_pending_idx')
      .on(t.workspaceId, t.appId)
      .where(sql`NOT ${t.notificationSent}`),
  ],
);

// ——— Reports (docs/reports.md): facts and daily roll-ups written in the transaction of each event ———

/**
 * Every money movement of a sale, once (`key`): the sale itself (or a trial's first paid period), each renewal,
 * each refund (negative). `fee` is the marketplace's share, `net` the publisher's (`amount − fee`); a refund
 * gives back its fee in proportion. `availableOn`: when the publisher's share may be paid out.
 */
export const salesLines = pgTable(
  'sales_lines',
  {
    id: text('id').primaryKey(),
    key: text('key').notNull().unique(),
    kind: text('kind', { enum: ['sale', 'renewal', 'refund'] }).notNull(),
    publisherId: text('publisher_id')
      .notNull()
      .references(() => publishers.id),
    appId: text('app_id').notNull(),
    planId: text('plan_id').notNull().default(''),
    purchaseId: text('purchase_id').notNull(),
    workspaceId: text('workspace_id').notNull(),
    seats: integer('seats').notNull().default(0),
    amount: money('amount').notNull(),
    fee: money('fee').notNull(),
    net: money('net').notNull(),
    at: ts('at').notNull(),
    availableOn: ts('available_on').notNull(),
  },
  (t) => [
    index('sales_lines_publisher_at_idx').on(t.publisherId, t.at, t.id),
    index('sales_lines_app_at_idx').on(t.appId, t.at, t.id),
    index('sales_lines_at_idx').on(t.at, t.id),
    index('sales_lines_publisher_available_idx').on(t.publisherId, t.availableOn, t.id),
  ],
);

/**
 * A publisher's day (UTC) per app and plan (`app_id` '' for the publisher's own: its payouts; `plan_id` '' for
 * one-time sales): the flows of the day and the change of the stocks (`*_delta`), summed to the day's end for
 * MRR, live subscriptions and seats. Written with the event that changes it, never recomputed.
 */
export const reportDays = pgTable(
  'report_days',
  {
    publisherId: text('publisher_id').notNull(),
    appId: text('app_id').notNull(),
    planId: text('plan_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    gross: money('gross').notNull().default(0),
    fees: money('fees').notNull().default(0),
    refunds: money('refunds').notNull().default(0),
    net: money('net').notNull().default(0),
    payouts: money('payouts').notNull().default(0),
    sales: integer('sales').notNull().default(0),
    newSubscriptions: integer('new_subscriptions').notNull().default(0),
    cancelledSubscriptions: integer('cancelled_subscriptions').notNull().default(0),
    trialStarts: integer('trial_starts').notNull().default(0),
    trialConversions: integer('trial_conversions').notNull().default(0),
    mrrDelta: numeric('mrr_delta', { precision: 14, scale: 4, mode: 'number' }).notNull().default(0),
    liveDelta: integer('live_delta').notNull().default(0),
    trialingDelta: integer('trialing_delta').notNull().default(0),
    seatsDelta: integer('seats_delta').notNull().default(0),
    /** The day's refunds, counted (with `sales`, every sales line of the day: a transactions list's total). */
    refundsCount: integer('refunds_count').notNull().default(0),
    /**
     * The publisher's share (net, refunds negative) that became available for payout on the day — a line's
     * `available_on` day, not its `at` day: a payout statement's balance carried in, summed without the lines.
     */
    available: money('available').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.publisherId, t.appId, t.planId, t.day] }), index('report_days_day_idx').on(t.day)],
);

/** A publisher's day (UTC) per app and version: installs, updates, uninstalls, and the change of active workspaces. */
export const installDays = pgTable(
  'install_days',
  {
    publisherId: text('publisher_id').notNull(),
    appId: text('app_id').notNull(),
    version: text('version').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    installs: integer('installs').notNull().default(0),
    updates: integer('updates').notNull().default(0),
    uninstalls: integer('uninstalls').notNull().default(0),
    activeDelta: integer('active_delta').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.publisherId, t.appId, t.version, t.day] }), index('install_days_day_idx').on(t.day)],
);

/** Which version of an app each workspace runs now (from its install reports): the active workspaces' source. */
export const appInstalls = pgTable(
  'app_installs',
  {
    workspaceId: text('workspace_id').notNull(),
    appId: text('app_id').notNull(),
    version: text('version').notNull(),
    since: ts('since').notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.appId] })],
);
