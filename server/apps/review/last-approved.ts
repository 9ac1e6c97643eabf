import { and, desc, eq, inArray, lt, ne } from 'drizzle-orm';
import { approvedStatuses } from '../../../contract/schemas/review';
import type { Db, Tx } from '../../db/client';
import { appVersions } from '../../db/schema';
import type { LastApproved } from './checks/context';

/**
 * The version a new one's checks compare with: the last one of its app staff approved (approved, or published or
 * unpublished since) made before it — its version, and its manifest's permissions (as listed: none listed is the engine's default set) and nameSlug; null for none.
 */
export async function lastApprovedBefore(
  db: Db | Tx,
  v: { appId: string; internalId: string; createdDate: Date },
): Promise<(NonNullable<LastApproved> & { internalId: string }) | null> {
  const [row] = await db
    .select({ internalId: appVersions.internalId, version: appVersions.version, manifest: appVersions.manifest, nameSlug: appVersions.nameSlug })
    .from(appVersions)
    .where(
      and(
        eq(appVersions.appId, v.appId),
        ne(appVersions.internalId, v.internalId),
        inArray(appVersions.status, [...approvedStatuses]),
        lt(appVersions.createdDate, v.createdDate),
      ),
    )
    .orderBy(desc(appVersions.createdDate))
    .limit(1);
  if (!row) return null;
  const slug = typeof row.manifest.nameSlug === 'string' ? row.manifest.nameSlug : row.nameSlug;
  return { internalId: row.internalId, version: row.version, permissions: row.manifest.permissions, ...(slug ? { nameSlug: slug } : {}) };
}
