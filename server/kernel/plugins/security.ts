import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import type { AppRoute } from '@ts-rest/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../../errors';
import { databaseStore, sweepRateLimits } from '../rate-limit-store';

/** The Content-Security-Policy the SPA, /api-docs and the development sign-in page pass: no inline script anywhere. */
export function contentSecurityPolicy(https: boolean) {
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Radix (scroll lock) and the API reference insert <style> elements; scripts stay strict.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      workerSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      ...(https ? { upgradeInsecureRequests: [] } : {}),
    },
  };
}

/**
 * The same policy as a header value, with more origins a page's forms may lead to: the authorize page's
 * form answers with a redirect to the client's callback, which browsers hold to `form-action` too.
 */
export function contentSecurityPolicyHeader(https: boolean, more: { formAction?: string[] } = {}): string {
  const { directives } = contentSecurityPolicy(https);
  const all: Record<string, string[]> = { ...directives, formAction: [...directives.formAction, ...(more.formAction ?? [])] };
  return Object.entries(all)
    .map(([name, values]) => [name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`), ...values].join(' '))
    .join(';');
}

type Limited = 'signIn' | 'uploads' | 'appRequests';

/**
 * The sign-in endpoints of the authorization server (server/identity/rate-limits.ts, passed in by the
 * composition root: the kernel knows no domain): which endpoint a path is (either spelling of it), and whether
 * a token request is the portal's own exchange, which is not counted.
 */
export type SignInEndpoints = { endpointOf: (url: string) => string | null; isPortalExchange: (body: unknown) => boolean };

/** Which routes are rate limited, and by which limit. */
function limitOf(url: string, method: string, tsRestRoute: AppRoute | undefined, oauthEndpointOf: SignInEndpoints['endpointOf']): Limited | null {
  if (tsRestRoute && 'contentType' in tsRestRoute && tsRestRoute.contentType === 'multipart/form-data') return 'uploads';
  // The sign-in exchange, and trusted publishing's token exchange (each counted on its own).
  if (method === 'POST' && (url === '/v1/oauth/exchange' || url === '/v1/oauth/token')) return 'signIn';
  // The development sign-in pages and the embedded authorization server's token and revocation endpoints
  // (either path: server/identity/paths.ts).
  if (oauthEndpointOf(url)) return 'signIn';
  // The requestAccess page's call (docs/rocketchat.md, App requests): public, counted per workspace and address.
  if (method === 'POST' && url === APP_REQUEST_PATH) return 'appRequests';
  return null;
}

/** App requests (contract/app-requests.ts `create`): made without a token, so counted per workspace named and address. */
const APP_REQUEST_PATH = '/v1/app-request';
/** The workspace a request's body names (read once the body is: the limit counts at preHandler); '-' for anything that is no id. */
const namedWorkspace = (r: FastifyRequest) => {
  const id = (r.body as { workspaceId?: unknown } | null | undefined)?.workspaceId;
  return typeof id === 'string' && /^[\w-]{1,64}$/.test(id) ? id : '-';
};

/** Whom a limit counts: the signed-in person, else the client's address (as TRUST_PROXY lets it be read). */
const clientOf = (r: FastifyRequest) => (r.auth ? `user:${r.auth.session.cloudUserId}` : `ip:${r.ip}`);

/**
 * Security headers (helmet: CSP, HSTS when PUBLIC_URL is https, no sniffing, no framing) and rate limits
 * on sign-in and uploads, per route and client, counted in the database so that every process shares
 * them: past the limit, 429 in the error envelope with Retry-After.
 */
export default fp(
  async function security(app: FastifyInstance, opts: { signIn: SignInEndpoints }) {
    const https = !!app.config.publicUrl?.startsWith('https://');
    // Helmet itself, made once: @fastify/helmet (13) makes the middleware again for every request — parsing the
    // policy each time, about 50 µs of the catalog's answer (npm run bench:catalog). The headers are the same.
    const securityHeaders = helmet({
      contentSecurityPolicy: contentSecurityPolicy(https),
      hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
    });
    app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined)));
    // Marks the limited routes as they are declared (before the rate limiter wires them).
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const config = (route.config ?? {}) as { tsRestRoute?: AppRoute; rateLimit?: unknown };
      const limited = methods.map((m) => limitOf(route.url, m, config.tsRestRoute, opts.signIn.endpointOf)).find(Boolean);
      if (!limited) return;
      const endpoint = opts.signIn.endpointOf(route.url);
      // Both paths of an endpoint of the authorization server share one count.
      const scope = `${limited}:${methods.join(',')}:${endpoint ?? route.url}`;
      const keyGenerator =
        limited === 'appRequests' ? (r: FastifyRequest) => `${scope}:${namedWorkspace(r)}:ip:${r.ip}` : (r: FastifyRequest) => `${scope}:${clientOf(r)}`;
      const rateLimit = { max: app.config.rateLimits[limited], timeWindow: 60_000, keyGenerator };
      // The portal's own code exchange (with its client secret) comes from the portal's address for every
      // person signing in; the sign-in exchange that makes it is counted per person already. To tell it
      // apart, the token endpoint counts once its form is read.
      const tokenEndpoint = endpoint === 'token' ? { hook: 'preHandler' as const, allowList: (r: FastifyRequest) => opts.signIn.isPortalExchange(r.body) } : {};
      const afterBody = limited === 'appRequests' ? { hook: 'preHandler' as const } : {};
      route.config = { ...config, rateLimit: { ...rateLimit, ...tokenEndpoint, ...afterBody } };
    });
    let sweep: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      sweep = setInterval(() => void sweepRateLimits(app.db).catch((err: unknown) => app.log.warn({ err }, 'sweeping rate limits failed')), 60_000).unref();
    });
    app.addHook('onClose', async () => clearInterval(sweep));
    await app.register(rateLimit, {
      global: false,
      store: databaseStore(() => app.db),
      errorResponseBuilder: (_request, context) =>
        new HttpError(429, 'rate_limited', `Too many requests: try again in ${Math.max(1, Math.ceil(context.ttl / 1000))} seconds.`),
    });
  },
  { name: 'security', dependencies: ['config', 'errors'] },
);
