import type { developers, sessions } from '../db/schema';
import type { Grant } from './grant';

export type SessionRow = typeof sessions.$inferSelect;
export type DeveloperRow = typeof developers.$inferSelect;
/** An API token's own state the request records its use in (server/identity/api-tokens/use.ts). */
export type TokenUse = { id: string; publisherId: string; lastUsedAt: Date | null; seenIps: string[] };
/**
 * Who a request is: its credential's hash, the person (or, for an API token, the token) and their developer
 * account, and what the credential may do (`grant`: all a session's roles allow; less for tokens).
 */
export type AuthContext = { tokenHash: string; session: SessionRow; developer: DeveloperRow | null; grant: Grant; apiToken?: TokenUse };
