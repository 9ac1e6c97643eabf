import type { FastifyRequest } from 'fastify';
import semver from 'semver';
import { HttpError } from '../../errors';

/**
 * An error Rocket.Chat tells apart by its numeric `code` (apps/meteor/ee/server/apps/marketplace/
 * MarketplaceErrorHandler.ts in RocketChat/Rocket.Chat @ 126cc0a6d1d0ec17c978721c936ed9e261902605; its
 * fetchMarketplaceApps.ts reads `400 {code: 200}` as an invalid engine version), in the portal's envelope.
 */
export const rcError = (status: number, code: number, message: string) => new HttpError(status, code as unknown as string, message);

/**
 * The caller's Apps-Engine version (`X-Apps-Engine-Version`, getMarketplaceHeaders.ts), null when none is sent
 * (then every published version counts as one it runs); anything that is not a version is a 400 with code 200.
 */
export function engineOf(request: FastifyRequest): string | null {
  const raw = request.headers['x-apps-engine-version'];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  if (!value) return null;
  const version = semver.valid(value);
  if (!version) throw rcError(400, 200, `X-Apps-Engine-Version "${value.slice(0, 64)}" is not a version (such as 1.47.0).`);
  return version;
}
