import { createPrivateKey } from 'node:crypto';
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import type { Clock } from 'pg-boss';
import { z } from 'zod';
import { GITHUB_ACTIONS_ISSUER } from '../contract/schemas/tokens';
import { ENGINE_VERSION } from './kernel/engine-version';
import { COMPILE_LEASE_MARGIN_SECONDS, DELIVERY_LEASE_MARGIN_SECONDS, type JobSettings } from './kernel/job-kinds';
import type { S3Settings } from './kernel/storage';

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
const Env = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DEV_SIGN_IN: bool.optional(),
  RATE_LIMIT_SIGN_IN: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_UPLOADS: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_APP_REQUESTS: z.coerce.number().int().min(1).default(10),
  TRUST_PROXY: trustProxy.default(false),
  METRICS_TOKEN: z.string().min(1).optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  PUBLIC_URL: z.string().optional(),
  /** The RSA private key (PEM) app licences are signed with; unset: a pair made at first start, kept in the database. */
  LICENSE_PRIVATE_KEY: z.string().min(1).optional(),
  DATA_DIR: z.string().default('data'),
  DATABASE_URL: z.string().optional(),
  PRODUCT_NAME: z.string().default('Rocket'),
  MARKETPLACE_URL: z.string().default('https://marketplace.rocket.chat'),
  SUPPORT_EMAIL: z.string().default('marketplace@rocket.chat'),
  TERMS_URL: z.string().default('https://rocket.chat/terms'),
  PRIVACY_URL: z.string().default('https://rocket.chat/privacy'),
  SIGNUPS_ENABLED: bool.default(true),
  SEED_DEMO_DATA: bool.optional(),
  CLOUD_ISSUER_URL: z.string().optional(),
  CLOUD_AUTHORIZE_URL: z.string().optional(),
  CLOUD_JWKS_URL: z.string().url().optional(),
  CLOUD_TOKEN_AUDIENCE: z.string().min(1).optional(),
  CLOUD_CLIENT_ID: z.string().default('marketplace-portal'),
  CLOUD_CLIENT_SECRET: z.string().default(DEFAULT_CLIENT_SECRET),
  SESSION_TTL_SECONDS: z.coerce.number().int().min(60).default(3600),
  S3_BUCKET: z.string().optional(),
  S3_PREFIX: z.string().default(''),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool.optional(),
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(30).default(30),
  READ_CACHE_SECONDS: z.coerce.number().int().min(0).max(30).default(30),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SERVE_SPA: bool.default(true),
  COMPILE_WORKER: bool.default(true),
  JOB_LEASE_SECONDS: z.coerce.number().int().min(5).default(120),
  /** How often an idle worker looks for work that became due without a notification (a retry, a scheduled delivery). */
  JOB_POLL_SECONDS: z.coerce.number().min(0.5).max(300).default(10),
  /** How often lapsed leases are looked for (their jobs run again) and finished jobs past the retention deleted. */
  JOB_SUPERVISE_SECONDS: z.coerce.number().int().min(1).max(300).default(10),
  /** How long finished (completed or failed) jobs are kept. */
  JOB_RETENTION_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(7 * 86_400),
  COMPILE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  COMPILE_MEMORY_MB: z.coerce.number().int().min(128).max(65536).default(1024),
  COMPILE_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  COMPILE_RETRY_SECONDS: z.coerce.number().min(0).max(3600).default(5),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().optional(),
  MAIL_WORKER: bool.default(true),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  /** Where the Stripe SDK sends its requests (tests point it at a fake); Stripe's own API otherwise. */
  STRIPE_API_URL: z.string().url().optional(),
  /** The signing secret of the portal's endpoint for Stripe's events (`POST /v1/stripe/events`), as Stripe's dashboard shows it. */
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_', 'STRIPE_WEBHOOK_SECRET is a webhook signing secret (whsec_…).').optional(),
  /** Allows the sandbox payment provider in production (a demo installation). */
  PAYMENTS_SANDBOX: bool.optional(),
  /** The marketplace's share of each sale, in percent; the rest credits the publisher. */
  MARKETPLACE_FEE_PERCENT: z.coerce.number().min(0).max(100).default(30),
  /** Days a sale's credit stays pending before it is available for payout. */
  SETTLEMENT_DAYS: z.coerce.number().min(0).max(365).default(7),
  /** Development only: a simulated marketplace sale every this many seconds (`npm run simulate:sales`). */
  SIMULATE_SALES_SECONDS: z.coerce.number().min(0.1).max(3600).optional(),
  /** Development only: a simulated workspace's move (download, install, update, uninstall, usage) every this many seconds (`npm run simulate:workspaces`). */
  SIMULATE_WORKSPACES_SECONDS: z.coerce.number().min(0.1).max(3600).optional(),
  /** Development only (`npm start` sets it): the demo's workspaces install apps once, through the public routes, when nothing is installed yet. */
  DEMO_WORKSPACES: bool.default(false),
  /** Development and tests only: webhooks may reach private addresses and plain http:// (refused in production). */
  WEBHOOKS_ALLOW_PRIVATE_NETWORKS: bool.default(false),
  /** Run the webhook delivery worker in this process. */
  WEBHOOK_WORKER: bool.default(true),
  /** How long a delivery waits for the endpoint's answer. */
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(10).default(10),
  MAIL_RETRY_SECONDS: z.coerce.number().min(0).max(3600).default(30),
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
  /** The OIDC issuers trust policies may name (trusted publishing from CI); GitHub Actions' by default. */
  TRUSTED_PUBLISHING_ISSUERS: trustedIssuers.default([{ issuer: GITHUB_ACTIONS_ISSUER, jwksUrl: undefined, maxTokenSeconds: DEFAULT_MAX_CI_TOKEN_SECONDS }]),
  /** The longest life of an issuer's identity tokens, per issuer (an hour where none is named). */
  TRUSTED_PUBLISHING_MAX_TOKEN_SECONDS: tokenLifetimes.default([]),
  /** The audience a CI's identity token must name; PUBLIC_URL (else `marketplace-portal`) by default. */
  TRUSTED_PUBLISHING_AUDIENCE: z.string().trim().min(1).optional(),
});

export type Config = {
  /** NODE_ENV=production: no development part runs unless explicitly allowed (see checkProduction). */
  production: boolean;
  /** The embedded development authorization server is mounted (no CLOUD_ISSUER_URL). */
  devSignIn: boolean;
  /** Requests per minute and client: sign-in (the token exchange, the development sign-in pages) and uploads. */
  rateLimits: {
    signIn: number;
    uploads: number;
    /** App requests made on the requestAccess page (docs/rocketchat.md, App requests), per workspace named and address; 10 when unset. */
    appRequests?: number;
  };
  /**
   * Which proxies' X-Forwarded-For (and -Proto, -Host) to believe, as Fastify's `trustProxy`: false (none),
   * true (any peer), or addresses/CIDRs. `request.ip` (rate limits, the log) follows it.
   */
  trustProxy: boolean | string[];
  /** The bearer token `GET /metrics` asks for; unset: open in development, not served in production. */
  metricsToken: string | undefined;
  port: number;
  host: string;
  publicUrl: string | undefined;
  /** LICENSE_PRIVATE_KEY (commerce/licenses/keys.ts). */
  licensePrivateKey: string | undefined;
  dataDir: string;
  databaseUrl: string | undefined;
  productName: string;
  marketplaceUrl: string;
  supportEmail: string;
  termsUrl: string;
  privacyUrl: string;
  signupsEnabled: boolean;
  seedDemoData: boolean;
  /** Undefined: the embedded development authorization server is mounted and used. */
  cloudIssuerUrl: string | undefined;
  cloudAuthorizeUrl: string | undefined;
  /** Where the cloud issuer's signing keys are (else its OpenID configuration's `jwks_uri`). */
  cloudJwksUrl: string | undefined;
  /** The audience the cloud issuer's access tokens must name to be accepted by the portal (none: not checked). */
  cloudTokenAudience: string | undefined;
  cloudClientId: string;
  cloudClientSecret: string;
  sessionTtlSeconds: number;
  /** How long a process keeps answers of hot reads (0: never); changes reach every process at once. */
  readCacheSeconds: number;
  /** Files in this S3-compatible bucket (S3_BUCKET and the other S3_* settings), else under DATA_DIR/files. */
  s3: S3Settings | undefined;
  /** How long a process keeps who a token belongs to (0: never; revocations reach every process at once). */
  sessionCacheSeconds: number;
  /** The installed Apps-Engine's version (not configurable: one source of truth). */
  engineVersion: string;
  bodyLimitBytes: number;
  logLevel: string;
  serveSpa: boolean;
  /** Run the compile worker in this process. */
  compileWorker: boolean;
  /**
   * How long one run of a job may take: a run not finished within it (its process died, or it hung) loses
   * the job, which runs again; whatever the old run writes after that is refused. Must cover a compile
   * and a webhook delivery (checked at start, see jobProblems).
   */
  jobLeaseSeconds: number;
  /** The job queue (pg-boss): polling, supervision and retention; see server/kernel/job-kinds.ts. */
  jobs: { pollSeconds: number; superviseSeconds: number; retentionSeconds: number };
  /** Tests only: the job queue's clock (pg-boss's TestClock moves the database's idea of now too). */
  jobClock?: Clock;
  /** A compile running longer is stopped and fails with a diagnostic. */
  compileTimeoutSeconds: number;
  /** The compile process's heap limit. */
  compileMemoryMb: number;
  /** Compiles at once in this process. */
  compileConcurrency: number;
  /** A compile whose process died is retried after this many seconds, then about twice as long (3 attempts at most). */
  compileRetrySeconds: number;
  /** In-memory PGlite for tests: nothing is written to disk. */
  inMemoryDatabase: boolean;
  /** Tests only: a PGlite dump (`dumpDataDir`) the in-memory database starts from instead of an empty cluster. */
  inMemoryDatabaseFrom?: string;
  /**
   * Outgoing mail: through `smtpUrl` (e.g. smtps://user:pass@smtp.example.com) when set, else each message
   * is written to DATA_DIR/outbox as an .eml file; from `from`. The mail worker sends what notifications
   * queue; a failed send is tried again after `retrySeconds` (whole seconds), then about twice as long each
   * time, `maxAttempts` in all.
   */
  mail: { smtpUrl: string | undefined; from: string; worker: boolean; retrySeconds: number; maxAttempts: number };
  /**
   * The payment provider: Stripe Connect when `stripe` is set (STRIPE_SECRET_KEY), else the embedded sandbox
   * (onboarding pages under /dev-payments and a ledger in the database). `webhookSecret` (STRIPE_WEBHOOK_SECRET)
   * verifies Stripe's events at `POST /v1/stripe/events`; unset (development only), the route is not served.
   */
  payments: {
    stripe: { secretKey: string; apiUrl: string | undefined; webhookSecret: string | undefined } | undefined;
    feePercent: number;
    settlementDays: number;
  };
  /** Development only: seconds between simulated marketplace sales; undefined when off. */
  simulateSalesSeconds: number | undefined;
  /**
   * Development only (server/dev/plugins/workspace-simulator.ts): seconds between simulated workspaces' moves
   * (undefined when off), and whether the demo's workspaces install apps once at start when no install was
   * reported yet (`npm start`; ignored in production).
   */
  simulateWorkspaces: { seconds: number | undefined; demo: boolean };
  /**
   * Webhook deliveries: the worker runs in this process when `worker`; each waits `timeoutSeconds` for an
   * answer; `allowPrivateNetworks` (development and tests only) lets endpoints be private addresses and http://.
   */
  webhooks: { worker: boolean; timeoutSeconds: number; allowPrivateNetworks: boolean };
  /**
   * Trusted publishing: the OIDC issuers a trust policy may name (each with its JWKS URL, or discovered from
   * `<issuer>/.well-known/openid-configuration`), and the audience (`aud`) a CI's identity token must carry.
   */
  trustedPublishing: { issuers: TrustedIssuer[]; audience: string };
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
  const licenseKey = e.LICENSE_PRIVATE_KEY?.replace(/\\n/g, '\n');
  if (licenseKey && !isRsaPrivateKey(licenseKey)) problems.push('LICENSE_PRIVATE_KEY must be an RSA private key of 2048 bits or more, in PEM.');
  const lifetimes = new Map(e.TRUSTED_PUBLISHING_MAX_TOKEN_SECONDS.map((l) => [l.issuer, l.seconds]));
  const unknownIssuers = [...lifetimes.keys()].filter((i) => !e.TRUSTED_PUBLISHING_ISSUERS.some((t) => t.issuer === i));
  if (unknownIssuers.length)
    problems.push(`TRUSTED_PUBLISHING_MAX_TOKEN_SECONDS names issuers that are not in TRUSTED_PUBLISHING_ISSUERS: ${unknownIssuers.join(', ')}.`);
  const trustedIssuerList = e.TRUSTED_PUBLISHING_ISSUERS.map((i) => ({ ...i, maxTokenSeconds: lifetimes.get(i.issuer) ?? i.maxTokenSeconds }));
  if (problems.length) throw new ConfigError(`Refusing to start${e.NODE_ENV === 'production' ? ' in production mode' : ''}:\n- ${problems.join('\n- ')}`);
  const production = e.NODE_ENV === 'production';
  return {
    production,
    devSignIn: !e.CLOUD_ISSUER_URL,
    rateLimits: { signIn: e.RATE_LIMIT_SIGN_IN, uploads: e.RATE_LIMIT_UPLOADS, appRequests: e.RATE_LIMIT_APP_REQUESTS },
    trustProxy: e.TRUST_PROXY,
    metricsToken: e.METRICS_TOKEN,
    port: e.PORT,
    host: e.HOST,
    publicUrl: e.PUBLIC_URL,
    // A key pasted into an environment variable often has its newlines written as \n.
    licensePrivateKey: licenseKey,
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
    cloudIssuerUrl: e.CLOUD_ISSUER_URL,
    cloudAuthorizeUrl: e.CLOUD_AUTHORIZE_URL,
    cloudJwksUrl: e.CLOUD_JWKS_URL,
    cloudTokenAudience: e.CLOUD_TOKEN_AUDIENCE,
    cloudClientId: e.CLOUD_CLIENT_ID,
    cloudClientSecret: e.CLOUD_CLIENT_SECRET,
    sessionTtlSeconds: e.SESSION_TTL_SECONDS,
    sessionCacheSeconds: e.SESSION_CACHE_SECONDS,
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
    engineVersion: ENGINE_VERSION,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    logLevel: e.LOG_LEVEL,
    serveSpa: e.SERVE_SPA,
    compileWorker: e.COMPILE_WORKER,
    jobLeaseSeconds: e.JOB_LEASE_SECONDS,
    jobs: { pollSeconds: e.JOB_POLL_SECONDS, superviseSeconds: e.JOB_SUPERVISE_SECONDS, retentionSeconds: e.JOB_RETENTION_SECONDS },
    compileTimeoutSeconds: e.COMPILE_TIMEOUT_SECONDS,
    compileMemoryMb: e.COMPILE_MEMORY_MB,
    compileConcurrency: e.COMPILE_CONCURRENCY,
    compileRetrySeconds: e.COMPILE_RETRY_SECONDS,
    mail: {
      smtpUrl: e.SMTP_URL,
      from:
        e.MAIL_FROM ?? `${e.PRODUCT_NAME} Marketplace <no-reply@${e.PUBLIC_URL && URL.canParse(e.PUBLIC_URL) ? new URL(e.PUBLIC_URL).hostname : 'localhost'}>`,
      worker: e.MAIL_WORKER,
      retrySeconds: e.MAIL_RETRY_SECONDS,
      maxAttempts: e.MAIL_MAX_ATTEMPTS,
    },
    payments: {
      stripe: e.STRIPE_SECRET_KEY ? { secretKey: e.STRIPE_SECRET_KEY, apiUrl: e.STRIPE_API_URL, webhookSecret: e.STRIPE_WEBHOOK_SECRET } : undefined,
      feePercent: e.MARKETPLACE_FEE_PERCENT,
      settlementDays: e.SETTLEMENT_DAYS,
    },
    simulateSalesSeconds: e.SIMULATE_SALES_SECONDS,
    simulateWorkspaces: { seconds: e.SIMULATE_WORKSPACES_SECONDS, demo: e.DEMO_WORKSPACES && !production },
    webhooks: { worker: e.WEBHOOK_WORKER, timeoutSeconds: e.WEBHOOK_TIMEOUT_SECONDS, allowPrivateNetworks: e.WEBHOOKS_ALLOW_PRIVATE_NETWORKS },
    trustedPublishing: {
      issuers: trustedIssuerList,
      // The portal's public origin names it best (what PyPI and npm do with their own names); a fixed name otherwise.
      audience: e.TRUSTED_PUBLISHING_AUDIENCE ?? (e.PUBLIC_URL ? e.PUBLIC_URL.trim().replace(/\/+$/, '') : 'marketplace-portal'),
    },
    inMemoryDatabase: false,
    ...overrides,
  };
}

/** The embedded authorization server's path, used when CLOUD_ISSUER_URL is not set. */
export const DEV_AUTH_PATH = '/dev-auth';
