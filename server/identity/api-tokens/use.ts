import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { newId } from '../../db/ids';
import { apiTokens, publisherActivity } from '../../db/schema';
import type { TokenUse } from '../../access/caller';

/** How often a token's last use is written while it is used from one address. */
export const LAST_USE_RESOLUTION_MS = 60_000;
/** How many of a token's addresses are remembered. */
export const SEEN_ADDRESSES = 50;

/**
 * Records that an API token was used now from `ip`: its last use (at most once a minute from the same
 * address), and — the first time an address is seen — an entry in its publisher's activity log. `use` is the
 * credential's cached state, updated in place so the next request of this process writes nothing.
 */
export async function recordTokenUse(db: Db, use: TokenUse, ip: string, now = new Date()) {
  const known = use.seenIps.includes(ip);
  if (known && use.lastUsedAt && now.getTime() - use.lastUsedAt.getTime() < LAST_USE_RESOLUTION_MS) return;
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ name: apiTokens.name, seenIps: apiTokens.seenIps }).from(apiTokens).where(eq(apiTokens.id, use.id)).for('update');
    if (!row) return;
    const isNew = !row.seenIps.includes(ip);
    const seenIps = isNew ? [...row.seenIps, ip].slice(-SEEN_ADDRESSES) : row.seenIps;
    await tx.update(apiTokens).set({ lastUsedAt: now, lastUsedIp: ip, seenIps }).where(eq(apiTokens.id, use.id));
    if (isNew) {
      await tx.insert(publisherActivity).values({
        id: newId(),
        publisherId: use.publisherId,
        userId: `token:${use.id}`,
        userName: row.name,
        action: 'api_token_used_from_new_address',
        when: now,
        extra: { tokenId: use.id, name: row.name, ip },
      });
    }
    use.seenIps = seenIps;
  });
  use.lastUsedAt = now;
}
