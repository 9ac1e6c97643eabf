import { and, desc, eq, isNull } from 'drizzle-orm';
import type { ApiToken, NewTokenInput } from '../../../contract/schemas/tokens';
import { API_TOKEN_PREFIX } from '../../access/credentials';
import type { Db, Tx } from '../../db/client';
import { newId, randomToken, sha256 } from '../../db/ids';
import { apiTokens } from '../../db/schema';
import { conflict } from '../../errors';
import type { Staff } from '../../kernel/activity';
import { logPublisherActivity } from '../../kernel/activity';

type TokenRow = typeof apiTokens.$inferSelect;

/** How many characters of a secret are kept to recognize it: `rcmp_` and 7 of its random part. */
export const PREFIX_LENGTH = 12;
const DAY_MS = 86_400_000;

/** When a token made at `now` to last `days` days ends. */
export const expiryFrom = (now: Date, days: number) => new Date(now.getTime() + days * DAY_MS);

/** A token as the API shows it: never its secret nor the secret's hash. */
export const toApiToken = (t: TokenRow): ApiToken => ({
  id: t.id,
  name: t.name,
  prefix: t.prefix,
  abilities: t.abilities as ApiToken['abilities'],
  appIds: t.appIds,
  // Who made it, as people read it (the card shows it; the developer's id means nothing there).
  createdBy: t.createdByName,
  createdAt: t.createdAt.toISOString(),
  expiresAt: t.expiresAt.toISOString(),
  revokedAt: t.revokedAt?.toISOString() ?? null,
  lastUsedAt: t.lastUsedAt?.toISOString() ?? null,
  lastUsedIp: t.lastUsedIp,
});

/** What the publisher's activity log keeps of a token created or revoked. */
const logged = (t: TokenRow) => ({ tokenId: t.id, name: t.name, abilities: t.abilities, appIds: t.appIds, expiresAt: t.expiresAt.toISOString() });

/** The publisher's API tokens, newest first, revoked and expired ones included (not trusted publishing's: they end by themselves). */
export async function listTokens(db: Db, publisherId: string): Promise<ApiToken[]> {
  const rows = await db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.publisherId, publisherId), isNull(apiTokens.trustPolicyId)))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  return rows.map(toApiToken);
}

/**
 * A new token of `publisherId`: its secret (`rcmp_` and 32 random bytes) is returned this once; the row keeps
 * only its SHA-256 (what a request's bearer token is looked up by) and its first characters. `appIds` were
 * checked by the caller (the publisher's own apps, which the developer may update); null: all of them.
 * Written to the publisher's activity log in the same transaction.
 */
export async function createToken(
  db: Db,
  o: { publisherId: string; by: Staff; input: NewTokenInput; appIds: string[] | null; now?: Date },
): Promise<{ token: ApiToken; secret: string }> {
  const now = o.now ?? new Date();
  const secret = `${API_TOKEN_PREFIX}${randomToken(32)}`;
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(apiTokens)
      .values({
        id: newId(),
        publisherId: o.publisherId,
        name: o.input.name,
        prefix: secret.slice(0, PREFIX_LENGTH),
        secretHash: sha256(secret),
        abilities: [...new Set(o.input.abilities)],
        appIds: o.appIds,
        createdBy: o.by.id,
        createdByName: o.by.name,
        createdAt: now,
        expiresAt: expiryFrom(now, o.input.expiresInDays),
      })
      .returning();
    await logPublisherActivity(tx, o.publisherId, o.by, 'api_token_created', logged(created!));
    return created!;
  });
  return { token: toApiToken(row), secret };
}

/**
 * Revokes a token: refused (409) once revoked. The database announces it (migration 0016's trigger), so
 * every process forgets the credential at once; written to the publisher's activity log.
 */
export async function revokeToken(db: Db, token: TokenRow, by: Staff, now = new Date()): Promise<ApiToken> {
  return db.transaction(async (tx: Tx) => {
    // Only the first of two concurrent revocations changes the row (the other waits for it, then finds it revoked).
    const [row] = await tx
      .update(apiTokens)
      .set({ revokedAt: now })
      .where(and(eq(apiTokens.id, token.id), isNull(apiTokens.revokedAt)))
      .returning();
    if (!row) throw conflict('token_revoked', 'This API token is already revoked.');
    await logPublisherActivity(tx, row.publisherId, by, 'api_token_revoked', logged(row));
    return toApiToken(row);
  });
}
