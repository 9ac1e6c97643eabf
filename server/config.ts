import { createPrivateKey } from 'node:crypto';
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import type { Clock } from 'pg-boss';
import { z } from 'zod';
import { GITHUB_ACTIONS_ISSUER } from '../contract/schemas/tokens';
import { ENGINE_VERSION } from './kernel/engine-version';
import { COMPILE_LEASE_MARGIN_SECONDS, DELIVERY_LEASE_MARGIN_SECONDS, type JobSettings } from './kernel/job-kinds';

/** The client secret of development (the embedded authorization server's); refused in production. */
export const DEFAULT_CLIENT_SECRET = 'dev-secret';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** An address or CIDR range Fastify's trustProxy takes (or proxy-addr's names for the usual ranges). */
function isProxyAddress(entry: string) {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', range, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length) return false;
  if (range === undefined) return true;
  // A prefix length, or (IPv4) a netmask.
  return /^\d{1,3}$/.test(range) ? Number(range) <= (version === 4 ? 32 : 128) : version === 4 && isIP(range) === 4;
}

/**
 * TRUST_PROXY: off, `true` (any peer), or the proxies' addresses/CIDRs, comma-separated. Not a hop count:
 * Fastify 5.12 refuses those (a count cannot tell the proxy from a client that sends X-Forwarded-For itself).
 */
const trustProxy = z
  .string()
  .trim()
  .transform((v, ctx): boolean | string[] => {
    if (v === '' || v === 'false') return false;
    if (v === 'true') return true;
    if (/^\d+$/.test(v)) {
      ctx.addIssue({
        code: 'custom',
        message: "TRUST_PROXY: name the proxies' addresses or CIDR ranges (e.g. 10.0.0.0/8); a hop count cannot tell a proxy from a client",
      });
      return false;
    }
    const entries = v.split(',').map((e) => e.trim());
    const bad = entries.filter((e) => !isProxyAddress(e));
    if (bad.length) ctx.addIssue({ code: 'custom', message: `TRUST_PROXY: not an address or CIDR range: ${bad.join(', ')}` });
    return entries;
  });

/**
 * An OIDC issuer trust policies may name, where its signing keys are (else its discovery document's `jwks_uri`),
 * and the longest life (`exp` − `iat`, seconds) one of its identity tokens may have to be exchanged.
 */
export type TrustedIssuer = { issuer: string; jwksUrl: string | undefined; maxTokenSeconds: number };
/**
 * An issuer's tokens' longest life unless TRUSTED_PUBLISHING_MAX_TOKEN_SECONDS names it: an hour. GitHub Actions'
 * identity tokens live minutes (their `exp` is a few minutes after `iat`); one that claims years was not made
 * by a CI run's token service, or was made to be replayed.
 */
export const DEFAULT_MAX_CI_TOKEN_SECONDS = 3600;
/** Issuers compare without a trailing slash (GitHub's `iss` has none; a person may type one). */
export const normalizeIssuer = (issuer: string) => issuer.trim().replace(/\/+$/, '');

/**
 * TRUSTED_PUBLISHING_ISSUERS: comma-separated, each `issuer` or `issuer=jwksUrl` (split at the first `=`: an
 * issuer has no query, a JWKS URL may). Empty: trusted publishing is off.
 */
const trustedIssuers = z
  .string()
  .trim()
  .transform((v, ctx): TrustedIssuer[] => {
    const entries = v
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    return entries.map((entry) => {
      const at = entry.indexOf('=');
      const issuer = normalizeIssuer(at < 0 ? entry : entry.slice(0, at));
      const jwksUrl = at < 0 ? undefined : entry.slice(at + 1).trim();
      if (!URL.canParse(issuer) || !/^https?:$/.test(new URL(issuer).protocol))
        ctx.addIssue({ code: 'custom', message: `TRUSTED_PUBLISHING_ISSUERS: not an http(s) URL: ${issuer}` });
      if (jwksUrl !== undefined && (!URL.canParse(jwksUrl) || !/^https?:$/.test(new URL(jwksUrl).protocol))) {
        ctx.addIssue({ code: 'custom', message: `TRUSTED_PUBLISHING_ISSUERS: the JWKS URL of ${issuer} is not an http(s) URL: ${jwksUrl}` });
      }
      return { issuer, jwksUrl, maxTokenSeconds: DEFAULT_MAX_CI_TOKEN_SECONDS };
    });
  });

/**
 * TRUSTED_PUBLISHING_MAX_TOKEN_SECONDS: comma-separated `issuer=seconds` (split at the last `=`), each the longest
 * life of that issuer's identity tokens (1 s to a day); an issuer not named keeps DEFAULT_MAX_CI_TOKEN_SECONDS.
 * Each must be one of TRUSTED_PUBLISHING_ISSUERS (checked where both are known: readConfig).
 */
const tokenLifetimes = z
  .string()
  .trim()
  .transform((v, ctx): { issuer: string; seconds: number }[] =>
    v
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean)
      .map((entry) => {
        const at = entry.lastIndexOf('=');
        const issuer = normalizeIssuer(at < 0 ? entry : entry.slice(0, at));
        const seconds = at < 0 ? Number.NaN : Number(entry.slice(at + 1).trim());
        if (!Number.isInteger(seconds) || seconds < 1 || seconds > 86_400) {
          ctx.addIssue({ code: 'custom', message: `TRUSTED_PUBLISHING_MAX_TOKEN_SECONDS: each entry is issuer=seconds, 1 to 86400 seconds: ${entry}` });
        }
        return { issuer, seconds };
      }),
  );

/** Every setting, from the environment, with defaults that need no setup (docs/configuration.md lists them). */
export const Env = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'])
    .default('development')
    .meta({ description: '`production` turns on production mode (see [Production mode](#production-mode))' }),
  DEV_SIGN_IN: bool
    .optional()
    .meta({ description: 'production only: `true` allows the embedded development sign-in on purpose (a loud warning and a banner)' }),
  RATE_LIMIT_SIGN_IN: z.coerce.number().int().min(1).default(20).meta({
    description:
      'requests a minute per client address to `POST /v1/oauth/exchange` and each development sign-in page (429 past it), counted over every process on the database; also to `POST /api/oauth/token`, where registered Rocket.Chat workspaces get their tokens (see [rocketchat.md](rocketchat.md#pointing-a-rocketchat-server-at-the-portal))',
  }),
  RATE_LIMIT_UPLOADS: z.coerce.number().int().min(1).default(30).meta({
    description: 'uploads a minute per signed-in person to each upload route (package, screenshots, bundles), counted over every process on the database',
  }),
  RATE_LIMIT_APP_REQUESTS: z.coerce.number().int().min(1).default(10).meta({
    description:
      'app requests a minute per workspace named and client address from the requestAccess page Rocket.Chat opens (`POST /v1/app-request`, which takes no token), counted over every process on the database',
  }),
  TRUST_PROXY: trustProxy.default(false).meta({
    description:
      'the proxies whose `X-Forwarded-For`/`-Proto`/`-Host` to believe: their addresses or CIDR ranges, comma-separated (`10.0.0.0/8,127.0.0.1`; `loopback`, `linklocal`, `uniquelocal` too), or `true` for any peer. The client address the rate limits count and the log shows comes from it (see [operations.md](operations.md#behind-a-load-balancer))',
    shown: '(off)',
  }),
  METRICS_TOKEN: z.string().min(1).optional().meta({
    description: '`GET /metrics` asks for `Authorization: Bearer <this>`; unset, it is open in development and not served in production',
  }),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080).meta({ description: 'HTTP port' }),
  HOST: z.string().default('127.0.0.1').meta({ description: 'address to listen on (`0.0.0.0` to expose)' }),
  PUBLIC_URL: z.string().optional().meta({ description: "the portal's public origin; also an allowed sign-in callback origin" }),
  /** The RSA private key (PEM) app licences are signed with; unset: a pair made at first start, kept in the database. */
  LICENSE_PRIVATE_KEY: z.string().min(1).optional().meta({
    description:
      'the RSA private key (PEM, 2048 bits or more; `\\n` for line breaks accepted) app licences are signed with; unset, a pair made at the first start is kept in the database (required in production)',
  }),
  DATA_DIR: z.string().default('data').meta({
    description:
      "embedded database (`data/pglite`) and files. **One process per folder**: the embedded database locks it (`DATA_DIR/portal.lock`) while a portal, the seed or a script has it open, and a second process refuses to start, naming the folder and the holder's pid; several processes need PostgreSQL (`DATABASE_URL`)",
  }),
  DATABASE_URL: z.string().optional().meta({ description: 'PostgreSQL connection string; when set, PGlite is not used' }),
  PRODUCT_NAME: z.string().default('Rocket').meta({ description: "renders `{product}` in the spec's texts (`Rocket.Chat`)" }),
  MARKETPLACE_URL: z.string().default('https://marketplace.rocket.chat').meta({ description: 'where `/` and `/redirect` send the browser' }),
  SUPPORT_EMAIL: z.string().default('marketplace@rocket.chat').meta({ description: 'support contact shown when sign-ups are disabled' }),
  TERMS_URL: z.string().default('https://rocket.chat/terms').meta({ description: 'the Terms link in the sidebar footer' }),
  PRIVACY_URL: z.string().default('https://rocket.chat/privacy').meta({ description: 'the Privacy link in the sidebar footer' }),
  SIGNUPS_ENABLED: bool.default(true).meta({ description: 'publisher sign-ups open (`GET /v1/misc/supported/signups`)' }),
  SEED_DEMO_DATA: bool
    .optional()
    .meta({ description: 'seed the demo world into an empty database on start', shown: '`true` (development), `false` (production)' }),
  CLOUD_ISSUER_URL: z.string().optional().meta({ description: 'external OAuth 2.0 / OpenID issuer; unset mounts the embedded one at `/dev-auth`' }),
  CLOUD_AUTHORIZE_URL: z.string().optional().meta({ description: "override of the issuer's authorize endpoint", shown: '(from discovery)' }),
  CLOUD_JWKS_URL: z
    .string()
    .url()
    .optional()
    .meta({ description: "where the issuer's signing keys are, for the access tokens the Apps CLI sends", shown: '(from discovery)' }),
  CLOUD_TOKEN_AUDIENCE: z
    .string()
    .min(1)
    .optional()
    .meta({ description: "the `aud` the issuer's access tokens must name to be accepted by the portal", shown: '(not checked)' }),
  CLOUD_CLIENT_ID: z.string().default('marketplace-portal').meta({ description: "the portal's client id at the issuer" }),
  CLOUD_CLIENT_SECRET: z.string().default(DEFAULT_CLIENT_SECRET).meta({ description: "the portal's client secret at the issuer" }),
  SESSION_TTL_SECONDS: z.coerce.number().int().min(60).default(3600).meta({ description: "lifetime of the portal's own access tokens" }),
  S3_BUCKET: z.string().optional().meta({ description: 'keep files (packages, icons, screenshots) in this S3-compatible bucket instead of `DATA_DIR/files`' }),
  S3_PREFIX: z.string().default('').meta({ description: 'key prefix inside the bucket', shown: '(none)' }),
  S3_ENDPOINT: z.string().url().optional().meta({ description: "the store's URL (MinIO, Ceph, …; unset for AWS S3)", shown: '(AWS)' }),
  S3_REGION: z.string().default('us-east-1').meta({ description: "the store's region" }),
  S3_ACCESS_KEY_ID: z.string().optional().meta({ description: 'the access key id of the credentials', shown: "(the SDK's default chain)" }),
  S3_SECRET_ACCESS_KEY: z.string().optional().meta({ description: 'the secret access key of the credentials', shown: "(the SDK's default chain)" }),
  S3_FORCE_PATH_STYLE: bool.optional().meta({
    description: 'path-style addressing (MinIO and most S3-compatible stores address buckets by path; AWS by host name)',
    shown: '`true` with an endpoint',
  }),
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(30).default(30).meta({
    description:
      'how long (0–30 s) a process keeps who a token belongs to; sign-outs and developer changes reach every process at once (see [operations.md](operations.md#scaling-out))',
  }),
  READ_CACHE_SECONDS: z.coerce.number().int().min(0).max(30).default(30).meta({
    description:
      'how long (0–30 s) a process keeps answers of the apps list per publisher, the catalog Rocket.Chat servers read (`GET /v1/apps`) and what it reads of each registered workspace; any change to what they show reaches every process at once (see [operations.md](operations.md#scaling-out))',
  }),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576).meta({ description: 'JSON body limit (413 above)' }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info').meta({ description: '`fatal` … `trace`, or `silent`' }),
  SERVE_SPA: bool.default(true).meta({ description: 'serve the built SPA from `dist/`' }),
  COMPILE_WORKER: bool.default(true).meta({ description: 'run the compile worker in this process (it takes compile jobs from the job queue)' }),
  APPS_RUNTIME: bool.default(true).meta({
    description:
      "start every version that compiled in Rocket.Chat's Apps-Engine (its Deno runtime, prepared by `npm run setup`) within the compile's time limit, and run the runtime checks ([packages-and-review.md](packages-and-review.md#runtime-evidence)); `false`: versions are not started and those checks do not run",
  }),
  JOB_LEASE_SECONDS: z.coerce.number().int().min(5).default(120).meta({
    description:
      'how long one run of a job may take: a run not finished within it (its process died, or it hung) loses the job, which runs again, and whatever the old run writes after that is refused. Must cover a compile (`COMPILE_TIMEOUT_SECONDS` + 10) and a webhook delivery (`WEBHOOK_TIMEOUT_SECONDS` + 5): the portal refuses to start otherwise, saying which (see [operations.md](operations.md#background-work))',
  }),
  /** How often an idle worker looks for work that became due without a notification (a retry, a scheduled delivery). */
  JOB_POLL_SECONDS: z.coerce.number().min(0.5).max(300).default(10).meta({
    description:
      'how often an idle worker looks for work that became due without a notification (a retry, a scheduled delivery); new jobs wake the workers at once. Shorter than the lease',
  }),
  /** How often lapsed leases are looked for (their jobs run again) and finished jobs past the retention deleted. */
  JOB_SUPERVISE_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(300)
    .default(10)
    .meta({ description: 'how often lapsed leases are looked for (one process of all does it each time)' }),
  /** How long finished (completed or failed) jobs are kept. */
  JOB_RETENTION_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(7 * 86_400)
    .meta({ description: 'how long finished jobs (completed or failed) are kept in the job queue (7 days)' }),
  COMPILE_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3600)
    .default(60)
    .meta({ description: 'a compile running longer is stopped and fails with "The compile took longer than 60 seconds and was stopped."' }),
  COMPILE_MEMORY_MB: z.coerce
    .number()
    .int()
    .min(128)
    .max(65536)
    .default(1024)
    .meta({ description: 'heap limit of a compile\'s process; past it the compile fails with "The compile ran out of memory."' }),
  COMPILE_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .default(1)
    .meta({ description: 'compiles at once in one server process (each in a sandbox process, one compile at a time in each)' }),
  COMPILE_RETRY_SECONDS: z.coerce.number().min(0).max(3600).default(5).meta({
    description: 'a compile whose process died is retried after this delay (with up to as much again of jitter), then twice as long; given up after 3 attempts',
  }),
  SMTP_URL: z.string().optional().meta({
    description:
      'send mail through this server (`smtp://user:pass@host:587`, `smtps://…:465`); unset writes each message to `DATA_DIR/outbox` (required in production)',
  }),
  MAIL_FROM: z.string().optional().meta({ description: 'the sender of every message', shown: "`{PRODUCT_NAME} Marketplace <no-reply@{PUBLIC_URL's host}>`" }),
  MAIL_WORKER: bool.default(true).meta({ description: 'run the mail worker in this process (it takes notifications and messages from the job queue)' }),
  STRIPE_SECRET_KEY: z.string().min(1).optional().meta({
    description: 'pay out through Stripe Connect with this platform key; unset uses the embedded payments sandbox (required in production)',
  }),
  /** Where the Stripe SDK sends its requests (tests point it at a fake); Stripe's own API otherwise. */
  STRIPE_API_URL: z
    .string()
    .url()
    .optional()
    .meta({ description: 'where the Stripe SDK sends its requests (the tests point it at their fake)', shown: "(Stripe's)" }),
  /** The signing secret of the portal's endpoint for Stripe's events (`POST /v1/stripe/events`), as Stripe's dashboard shows it. */
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_', 'STRIPE_WEBHOOK_SECRET is a webhook signing secret (whsec_…).').optional().meta({
    description:
      "the signing secret (`whsec_…`) of the portal's endpoint for Stripe's events, `<PUBLIC_URL>/v1/stripe/events`; unset, the endpoint is not served and no checkout completes (required in production with `STRIPE_SECRET_KEY`)",
  }),
  /** Allows the sandbox payment provider in production (a demo installation). */
  PAYMENTS_SANDBOX: bool.optional().meta({ description: '`true` allows the payments sandbox in production (a demo installation)' }),
  /** The marketplace's share of each sale, in percent; the rest credits the publisher. */
  MARKETPLACE_FEE_PERCENT: z.coerce
    .number()
    .min(0)
    .max(100)
    .default(30)
    .meta({ description: "the marketplace's share of a sale; the rest credits the publisher" }),
  /** Days a sale's credit stays pending before it is available for payout. */
  SETTLEMENT_DAYS: z.coerce.number().min(0).max(365).default(7).meta({ description: "days a sale's credit stays pending before it can be paid out" }),
  /** Development only: a simulated marketplace sale every this many seconds (`npm run simulate:sales`). */
  SIMULATE_SALES_SECONDS: z.coerce
    .number()
    .min(0.1)
    .max(3600)
    .optional()
    .meta({ description: 'development only: a simulated marketplace sale every so many seconds (`npm run simulate:sales` sets 5)' }),
  /** Development only: a simulated workspace's move (download, install, update, uninstall, usage) every this many seconds (`npm run simulate:workspaces`). */
  SIMULATE_WORKSPACES_SECONDS: z.coerce.number().min(0.1).max(3600).optional().meta({
    description:
      "development only: a simulated workspace's move (download and install, update, uninstall, usage report) every so many seconds, through the public routes (`npm run simulate:workspaces` sets 5)",
  }),
  /** Development only (`npm start` sets it): the demo's workspaces install apps once, through the public routes, when nothing is installed yet. */
  DEMO_WORKSPACES: bool.default(false).meta({
    description:
      "development only (ignored in production): at the first start (no install reported, nothing sold), the demo's history is played through the public routes once the portal listens — `DEMO_HISTORY_DAYS` (150) days of installs, sales, trials, renewals, refunds and payouts, dated on their simulated days (docs/reports.md, The demo's history)",
    shown: '`false` (`npm start` sets `true`)',
  }),
  /** Development and tests only: webhooks may reach private addresses and plain http:// (refused in production). */
  WEBHOOKS_ALLOW_PRIVATE_NETWORKS: bool
    .default(false)
    .meta({ description: 'development and tests only: webhooks may be `http://` and reach private addresses (production refuses it)' }),
  /** Run the webhook delivery worker in this process. */
  WEBHOOK_WORKER: bool.default(true).meta({
    description: 'run the webhook workers in this process (they fan the sales outbox out and make the deliveries, from the job queue)',
  }),
  /** How long a delivery waits for the endpoint's answer. */
  WEBHOOK_TIMEOUT_SECONDS: z.coerce
    .number()
    .min(0.1)
    .max(10)
    .default(10)
    .meta({ description: "how long a delivery waits for the endpoint's answer (at most 10)" }),
  MAIL_RETRY_SECONDS: z.coerce.number().min(0).max(3600).default(30).meta({
    description:
      'a message the mail server refused or could not take is tried again after this delay (whole seconds, with up to as much again of jitter), then twice as long each time',
  }),
  MAIL_MAX_ATTEMPTS: z.coerce
    .number()
    .int()
    .min(1)
    .max(20)
    .default(5)
    .meta({ description: 'attempts before a message is given up (logged, kept in the job queue as failed for `JOB_RETENTION_SECONDS`)' }),
  /** The OIDC issuers trust policies may name (trusted publishing from CI); GitHub Actions' by default. */
  TRUSTED_PUBLISHING_ISSUERS: trustedIssuers
    .default([{ issuer: GITHUB_ACTIONS_ISSUER, jwksUrl: undefined, maxTokenSeconds: DEFAULT_MAX_CI_TOKEN_SECONDS }])
    .meta({
      description:
        'the OIDC issuers trust policies may name, comma-separated, each `issuer` or `issuer=jwksUrl` (keys otherwise from its discovery document); empty turns trusted publishing off; `http://` refused in production',
      shown: '`https://token.actions.githubusercontent.com`',
    }),
  /** The longest life of an issuer's identity tokens, per issuer (an hour where none is named). */
  TRUSTED_PUBLISHING_MAX_TOKEN_SECONDS: tokenLifetimes.default([]).meta({
    description: "the longest life (`exp` − `iat`) of an issuer's identity tokens, comma-separated `issuer=seconds` (1–86400), each a configured issuer",
    shown: '3600 for every issuer',
  }),
  /** The audience a CI's identity token must name; PUBLIC_URL (else `marketplace-portal`) by default. */
  TRUSTED_PUBLISHING_AUDIENCE: z
    .string()
    .trim()
    .min(1)
    .optional()
    .meta({ description: "the `aud` a CI's identity token must carry to be exchanged", shown: '`PUBLIC_URL`, else `marketplace-portal`' }),
});

/** LICENSE_PRIVATE_KEY as PEM: a key pasted into an environment variable often has its newlines written as \n. */
const licenseKeyOf = (e: z.output<typeof Env>) => e.LICENSE_PRIVATE_KEY?.replace(/\\n/g, '\n');

/**
 * The configuration the portal runs on, nested, as the settings' schema gives it (`ConfigSchema`): each setting's
 * parse, default and meaning are written once, in `Env`; its place in the configuration once, here.
 */
function nested(e: z.output<typeof Env>) {
  const production = e.NODE_ENV === 'production';
  const lifetimes = new Map(e.TRUSTED_PUBLISHING_MAX_TOKEN_SECONDS.map((l) => [l.issuer, l.seconds]));
  return {
    /** NODE_ENV=production: no development part runs unless explicitly allowed (see productionProblems). */
    production,
    /** The embedded development authorization server is mounted (no CLOUD_ISSUER_URL). */
    devSignIn: !e.CLOUD_ISSUER_URL,
    /** Requests per minute and client: sign-in (the token exchange, the development sign-in pages) and uploads. */
    rateLimits: { signIn: e.RATE_LIMIT_SIGN_IN, uploads: e.RATE_LIMIT_UPLOADS, appRequests: e.RATE_LIMIT_APP_REQUESTS },
    /**
     * Which proxies' X-Forwarded-For (and -Proto, -Host) to believe, as Fastify's `trustProxy`: false (none),
     * true (any peer), or addresses/CIDRs. `request.ip` (rate limits, the log) follows it.
     */
    trustProxy: e.TRUST_PROXY,
    /** The bearer token `GET /metrics` asks for; unset: open in development, not served in production. */
    metricsToken: e.METRICS_TOKEN,
    port: e.PORT,
    host: e.HOST,
    publicUrl: e.PUBLIC_URL,
    /** LICENSE_PRIVATE_KEY (commerce/licenses/keys.ts). */
    licensePrivateKey: licenseKeyOf(e),
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    productName: e.PRODUCT_NAME,
    marketplaceUrl: e.MARKETPLACE_URL,
    supportEmail: e.SUPPORT_EMAIL,
    termsUrl: e.TERMS_URL,
    privacyUrl: e.PRIVACY_URL,
    signupsEnabled: e.SIGNUPS_ENABLED,
    // Demo data only when asked in production; by default in development.
    seedDemoData: e.SEED_DEMO_DATA ?? !production,
    /** Undefined: the embedded development authorization server is mounted and used. */
    cloudIssuerUrl: e.CLOUD_ISSUER_URL,
    cloudAuthorizeUrl: e.CLOUD_AUTHORIZE_URL,
    /** Where the cloud issuer's signing keys are (else its OpenID configuration's `jwks_uri`). */
    cloudJwksUrl: e.CLOUD_JWKS_URL,
    /** The audience the cloud issuer's access tokens must name to be accepted by the portal (none: not checked). */
    cloudTokenAudience: e.CLOUD_TOKEN_AUDIENCE,
    cloudClientId: e.CLOUD_CLIENT_ID,
    cloudClientSecret: e.CLOUD_CLIENT_SECRET,
    sessionTtlSeconds: e.SESSION_TTL_SECONDS,
    /** Files in this S3-compatible bucket (S3_BUCKET and the other S3_* settings), else under DATA_DIR/files. */
    /** How long a process keeps who a token belongs to (0: never; revocations reach every process at once). */
    sessionCacheSeconds: e.SESSION_CACHE_SECONDS,
    /** How long a process keeps answers of hot reads (0: never); changes reach every process at once. */
    readCacheSeconds: e.READ_CACHE_SECONDS,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          prefix: e.S3_PREFIX,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          // MinIO and most S3-compatible stores address buckets by path; AWS by host name.
          forcePathStyle: e.S3_FORCE_PATH_STYLE ?? !!e.S3_ENDPOINT,
        }
      : undefined,
    /** The installed Apps-Engine's version (not configurable: one source of truth). */
    engineVersion: ENGINE_VERSION,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    logLevel: e.LOG_LEVEL,
    serveSpa: e.SERVE_SPA,
    /** Run the compile worker in this process. */
    compileWorker: e.COMPILE_WORKER,
    appsRuntime: e.APPS_RUNTIME,
    /**
     * How long one run of a job may take: a run not finished within it (its process died, or it hung) loses
     * the job, which runs again; whatever the old run writes after that is refused. Must cover a compile
     * and a webhook delivery (checked at start, see jobProblems).
     */
    jobLeaseSeconds: e.JOB_LEASE_SECONDS,
    /** The job queue (pg-boss): polling, supervision and retention; see server/kernel/job-kinds.ts. */
    jobs: { pollSeconds: e.JOB_POLL_SECONDS, superviseSeconds: e.JOB_SUPERVISE_SECONDS, retentionSeconds: e.JOB_RETENTION_SECONDS },
    /** A compile running longer is stopped and fails with a diagnostic. */
    compileTimeoutSeconds: e.COMPILE_TIMEOUT_SECONDS,
    /** The compile process's heap limit. */
    compileMemoryMb: e.COMPILE_MEMORY_MB,
    /** Compiles at once in this process. */
    compileConcurrency: e.COMPILE_CONCURRENCY,
    /** A compile whose process died is retried after this many seconds, then about twice as long (3 attempts at most). */
    compileRetrySeconds: e.COMPILE_RETRY_SECONDS,
    /**
     * Outgoing mail: through `smtpUrl` (e.g. smtps://user:pass@smtp.example.com) when set, else each message
     * is written to DATA_DIR/outbox as an .eml file; from `from`. The mail worker sends what notifications
     * queue; a failed send is tried again after `retrySeconds` (whole seconds), then about twice as long each
     * time, `maxAttempts` in all.
     */
    mail: {
      smtpUrl: e.SMTP_URL,
      from:
        e.MAIL_FROM ?? `${e.PRODUCT_NAME} Marketplace <no-reply@${e.PUBLIC_URL && URL.canParse(e.PUBLIC_URL) ? new URL(e.PUBLIC_URL).hostname : 'localhost'}>`,
      worker: e.MAIL_WORKER,
      retrySeconds: e.MAIL_RETRY_SECONDS,
      maxAttempts: e.MAIL_MAX_ATTEMPTS,
    },
    /**
     * The payment provider: Stripe Connect when `stripe` is set (STRIPE_SECRET_KEY), else the embedded sandbox
     * (onboarding pages under /dev-payments and a ledger in the database). `webhookSecret` (STRIPE_WEBHOOK_SECRET)
     * verifies Stripe's events at `POST /v1/stripe/events`; unset (development only), the route is not served.
     */
    payments: {
      stripe: e.STRIPE_SECRET_KEY ? { secretKey: e.STRIPE_SECRET_KEY, apiUrl: e.STRIPE_API_URL, webhookSecret: e.STRIPE_WEBHOOK_SECRET } : undefined,
      feePercent: e.MARKETPLACE_FEE_PERCENT,
      settlementDays: e.SETTLEMENT_DAYS,
    },
    /** Development only: seconds between simulated marketplace sales; undefined when off. */
    simulateSalesSeconds: e.SIMULATE_SALES_SECONDS,
    /**
     * Development only (server/dev/plugins/workspace-simulator.ts): seconds between simulated workspaces' moves
     * (undefined when off), and whether the demo's workspaces install apps once at start when no install was
     * reported yet (`npm start`; ignored in production).
     */
    simulateWorkspaces: { seconds: e.SIMULATE_WORKSPACES_SECONDS, demo: e.DEMO_WORKSPACES && !production },
    /**
     * Webhook deliveries: the worker runs in this process when `worker`; each waits `timeoutSeconds` for an
     * answer; `allowPrivateNetworks` (development and tests only) lets endpoints be private addresses and http://.
     */
    webhooks: { worker: e.WEBHOOK_WORKER, timeoutSeconds: e.WEBHOOK_TIMEOUT_SECONDS, allowPrivateNetworks: e.WEBHOOKS_ALLOW_PRIVATE_NETWORKS },
    /**
     * Trusted publishing: the OIDC issuers a trust policy may name (each with its JWKS URL, or discovered from
     * `<issuer>/.well-known/openid-configuration`), and the audience (`aud`) a CI's identity token must carry.
     */
    trustedPublishing: {
      issuers: e.TRUSTED_PUBLISHING_ISSUERS.map((i) => ({ ...i, maxTokenSeconds: lifetimes.get(i.issuer) ?? i.maxTokenSeconds })),
      // The portal's public origin names it best (what PyPI and npm do with their own names); a fixed name otherwise.
      audience: e.TRUSTED_PUBLISHING_AUDIENCE ?? (e.PUBLIC_URL ? e.PUBLIC_URL.trim().replace(/\/+$/, '') : 'marketplace-portal'),
    },
  };
}

/** The settings' one schema: the environment in, the nested configuration out (its type is `Config`'s). */
export const ConfigSchema = Env.transform(nested);

/** The portal's configuration: what the settings' schema gives, and what only tests set. */
export type Config = z.output<typeof ConfigSchema> & {
  /** Tests only: the job queue's clock (pg-boss's TestClock moves the database's idea of now too). */
  jobClock?: Clock;
  /** In-memory PGlite for tests: nothing is written to disk. */
  inMemoryDatabase: boolean;
  /** Tests only: a PGlite dump (`dumpDataDir`) the in-memory database starts from instead of an empty cluster. */
  inMemoryDatabaseFrom?: string;
};

export class ConfigError extends Error {}

/** Whether `pem` is an RSA private key a version-1 licence fits in (2048 bits or more). */
function isRsaPrivateKey(pem: string) {
  try {
    const key = createPrivateKey(pem);
    return key.asymmetricKeyType === 'rsa' && (key.asymmetricKeyDetails?.modulusLength ?? 0) >= 2048;
  } catch {
    return false;
  }
}

/**
 * What production mode refuses: the embedded development sign-in (unless DEV_SIGN_IN=true), the default
 * client secret, and a missing or non-URL PUBLIC_URL. Development keeps its zero-setup defaults.
 */
export function productionProblems(e: z.infer<typeof Env>): string[] {
  if (e.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  if (!e.CLOUD_ISSUER_URL && e.DEV_SIGN_IN !== true) {
    problems.push(
      'CLOUD_ISSUER_URL is required: the embedded development sign-in lets anyone pick any user (set DEV_SIGN_IN=true only to allow it on purpose).',
    );
  }
  if (e.CLOUD_CLIENT_SECRET === DEFAULT_CLIENT_SECRET)
    problems.push('CLOUD_CLIENT_SECRET must be set to the secret the issuer gave the portal (not the development default).');
  if (!e.PUBLIC_URL || !URL.canParse(e.PUBLIC_URL)) problems.push("PUBLIC_URL is required: the portal's public origin, e.g. https://marketplace.example.com.");
  if (!e.SMTP_URL) problems.push('SMTP_URL is required: notifications leave through a mail server in production (the outbox folder is for development).');
  if (!e.STRIPE_SECRET_KEY && e.PAYMENTS_SANDBOX !== true)
    problems.push(
      'STRIPE_SECRET_KEY is required: payouts go through Stripe in production (set PAYMENTS_SANDBOX=true only to use the sandbox provider on purpose).',
    );
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) {
    problems.push(
      "STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY: buyers' payments and subscriptions are known from Stripe's signed events (the signing secret of the endpoint /v1/stripe/events).",
    );
  }
  if (!e.LICENSE_PRIVATE_KEY)
    problems.push('LICENSE_PRIVATE_KEY is required: the RSA private key (PEM) app licences are signed with, kept out of the database in production.');
  if (e.SIMULATE_SALES_SECONDS !== undefined) problems.push('SIMULATE_SALES_SECONDS is for development: the sales simulator makes up purchases.');
  if (e.SIMULATE_WORKSPACES_SECONDS !== undefined) problems.push('SIMULATE_WORKSPACES_SECONDS is for development: the workspace simulator makes up installs.');
  if (e.WEBHOOKS_ALLOW_PRIVATE_NETWORKS)
    problems.push('WEBHOOKS_ALLOW_PRIVATE_NETWORKS is for development and tests: in production webhooks reach public https:// addresses only.');
  const plainIssuers = e.TRUSTED_PUBLISHING_ISSUERS.flatMap((i) => [i.issuer, i.jwksUrl ?? '']).filter((u) => u.startsWith('http://'));
  if (plainIssuers.length)
    problems.push(`TRUSTED_PUBLISHING_ISSUERS: issuers and their JWKS URLs must be https:// in production (${plainIssuers.join(', ')}).`);
  if (e.SMTP_URL && (!URL.canParse(e.SMTP_URL) || !/^smtps?:$/.test(new URL(e.SMTP_URL).protocol)))
    problems.push('SMTP_URL must be an smtp:// or smtps:// URL.');
  return problems;
}

/**
 * What the job settings cannot do: a lease shorter than a compile or a webhook delivery can take would
 * take live work from its worker and run it twice; a worker that looks for work less often than the lease
 * would be reported not ready (and pick retries up late).
 */
export function jobProblems(c: Pick<Config, 'jobLeaseSeconds' | 'compileTimeoutSeconds' | 'webhooks' | 'jobs'>): string[] {
  const lease = c.jobLeaseSeconds;
  const problems: string[] = [];
  const compile = c.compileTimeoutSeconds + COMPILE_LEASE_MARGIN_SECONDS;
  if (lease < compile) {
    problems.push(
      `JOB_LEASE_SECONDS (${lease}) cannot cover a compile: it must be at least COMPILE_TIMEOUT_SECONDS (${c.compileTimeoutSeconds}) + ${COMPILE_LEASE_MARGIN_SECONDS} = ${compile} s (reading the package, starting the compile process, recording the verdict), or a compile still running would be taken from its worker and run again. Raise JOB_LEASE_SECONDS or lower COMPILE_TIMEOUT_SECONDS.`,
    );
  }
  const delivery = Math.ceil(c.webhooks.timeoutSeconds) + DELIVERY_LEASE_MARGIN_SECONDS;
  if (lease < delivery) {
    problems.push(
      `JOB_LEASE_SECONDS (${lease}) cannot cover a webhook delivery: it must be at least WEBHOOK_TIMEOUT_SECONDS (${c.webhooks.timeoutSeconds}) + ${DELIVERY_LEASE_MARGIN_SECONDS} = ${delivery} s, or a delivery still waiting for its endpoint would be made again by another worker.`,
    );
  }
  if (c.jobs.pollSeconds >= lease) problems.push(`JOB_POLL_SECONDS (${c.jobs.pollSeconds}) must be shorter than JOB_LEASE_SECONDS (${lease}).`);
  return problems;
}

/** The settings the job kinds are made from (server/kernel/job-kinds.ts). */
export const jobSettings = (c: Config): JobSettings => ({
  leaseSeconds: c.jobLeaseSeconds,
  ...c.jobs,
  compileRetrySeconds: c.compileRetrySeconds,
  compileConcurrency: c.compileConcurrency,
  mailRetrySeconds: c.mail.retrySeconds,
  mailMaxAttempts: c.mail.maxAttempts,
});

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const config = readConfig(env, overrides);
  const problems = jobProblems(config);
  if (problems.length) throw new ConfigError(`Refusing to start:\n- ${problems.join('\n- ')}`);
  return config;
}

function readConfig(env: NodeJS.ProcessEnv, overrides: Partial<Config>): Config {
  const e = Env.parse(env);
  const problems = productionProblems(e);
  const licenseKey = licenseKeyOf(e);
  if (licenseKey && !isRsaPrivateKey(licenseKey)) problems.push('LICENSE_PRIVATE_KEY must be an RSA private key of 2048 bits or more, in PEM.');
  const unknownIssuers = e.TRUSTED_PUBLISHING_MAX_TOKEN_SECONDS.map((l) => l.issuer).filter((i) => !e.TRUSTED_PUBLISHING_ISSUERS.some((t) => t.issuer === i));
  if (unknownIssuers.length)
    problems.push(`TRUSTED_PUBLISHING_MAX_TOKEN_SECONDS names issuers that are not in TRUSTED_PUBLISHING_ISSUERS: ${unknownIssuers.join(', ')}.`);
  if (problems.length) throw new ConfigError(`Refusing to start${e.NODE_ENV === 'production' ? ' in production mode' : ''}:\n- ${problems.join('\n- ')}`);
  return { ...nested(e), inMemoryDatabase: false, ...overrides };
}

/** The embedded authorization server's path, used when CLOUD_ISSUER_URL is not set. */
export const DEV_AUTH_PATH = '/dev-auth';
