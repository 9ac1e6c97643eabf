import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { UsageReportInput } from '../../../contract/workspace-installs';
import type { Db } from '../../db/client';
import { newId, sha256 } from '../../db/ids';
import { usageRecords, workspaces } from '../../db/schema';
import { isUniqueViolation } from '../../errors';

/**
 * A usage report of a workspace (`POST /v1/apps/:id/usage`): a usage record labelled with the workspace's
 * nickname. With a `reportId` the record's id is derived from it (per workspace and app), so a retried report
 * is the record made the first time. Answers the record's id and whether it is new.
 */
export async function reportUsage(db: Db, workspaceId: string, appId: string, report: z.infer<typeof UsageReportInput>) {
  const [ws] = await db.select({ nickname: workspaces.nickname }).from(workspaces).where(eq(workspaces.id, workspaceId));
  const id = report.reportId ? sha256(JSON.stringify([workspaceId, appId, report.reportId])).slice(0, 24) : newId();
  // Looked for first: an insert that meets the row anyway would still count it in the list's total (the
  // position trigger runs before the conflict is found); a copy sent at the same instant fails as a whole.
  const [known] = await db.select({ id: usageRecords.id }).from(usageRecords).where(eq(usageRecords.id, id));
  if (known) return { id, created: false };
  try {
    await db
      .insert(usageRecords)
      .values({ id, appId, workspaceLabel: ws?.nickname ?? workspaceId, billingCycleId: report.billingCycleId, items: report.items });
  } catch (err) {
    if (isUniqueViolation(err)) return { id, created: false };
    throw err;
  }
  return { id, created: true };
}
