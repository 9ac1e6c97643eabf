import { and, eq, inArray, sql } from 'drizzle-orm';
import type { LifecycleEvent } from '../../machines/app-version-lifecycle';
import type { NotificationKind } from '../../contract/schemas/notifications';
import type { Db, Tx } from '../db/client';
import { newId } from '../db/ids';
import { appVersions, apps, compileJobs, developers, emailTemplates, publishers } from '../db/schema';
import { MAIL_JOB, NOTIFY_JOB } from '../kernel/job-kinds';
import { enqueue, type Executor } from '../kernel/jobs';
import { renderMessage, type Template } from './templates';

export { MAIL_JOB, NOTIFY_JOB } from '../kernel/job-kinds';

/** What a notification is about; the rest is read when it is sent. */
export type Notification = { kind: NotificationKind; appId: string; internalId: string; reason?: string; note?: string };

const kindOf: Partial<Record<LifecycleEvent['type'], NotificationKind>> = {
  APPROVE: 'version-approved',
  REJECT: 'version-rejected',
  REVIEW: 'version-reviewed',
  PUBLISH: 'version-published',
  UNPUBLISH: 'version-unpublished',
  COMPILE_FAILED: 'compile-failed',
};

/**
 * Queues the notice a lifecycle change gives the publisher, in the change's own transaction: it exists
 * only if the change commits (a refused change queues nothing), and it is rendered and mailed after.
 */
export async function queueNotification(tx: Executor, appId: string, internalId: string, event: LifecycleEvent) {
  const kind = kindOf[event.type];
  if (!kind) return;
  const facts: Notification = {
    kind,
    appId,
    internalId,
    ...(event.type === 'REJECT' ? { reason: event.reason } : {}),
    ...(event.type === 'REVIEW' ? { note: event.note } : {}),
  };
  await enqueue(tx, NOTIFY_JOB, facts);
}

/** How many compiler diagnostics a compile-failed notice lists. */
const FIRST_DIAGNOSTICS = 5;

export type Site = { portalUrl: string; productName: string; mailDomain: string };

/**
 * Turns one queued notification into mail jobs (run it in the transaction that finishes the notification), one per recipient — the publisher's owners and developers
 * who have not turned this kind off — rendered from the template named like the kind, inside its layout.
 * Returns what it queued, or why it queued nothing (no template, nobody to tell).
 */
export async function expandNotification(db: Db | Tx, n: Notification, site: Site) {
  const [row] = await db
    .select({
      version: appVersions.version,
      name: appVersions.name,
      compileJobId: appVersions.compileJobId,
      publisherId: apps.publisherId,
      publisherName: publishers.name,
    })
    .from(appVersions)
    .innerJoin(apps, eq(apps.id, appVersions.appId))
    .innerJoin(publishers, eq(publishers.id, apps.publisherId))
    .where(and(eq(appVersions.internalId, n.internalId), eq(appVersions.appId, n.appId)));
  if (!row) return { queued: 0, skipped: 'the version no longer exists' };
  const [template] = await db.select().from(emailTemplates).where(eq(emailTemplates.name, n.kind));
  if (!template) return { queued: 0, skipped: `no email template named ${n.kind}` };
  const [layout] = template.layout ? await db.select().from(emailTemplates).where(eq(emailTemplates.name, template.layout)) : [];
  const recipients = await db
    .select({ email: developers.email, firstName: developers.firstName, lastName: developers.lastName })
    .from(developers)
    .where(
      and(
        eq(developers.publisherId, row.publisherId),
        inArray(developers.role, ['owner', 'developer']),
        sql`coalesce((${developers.notificationsOff} ->> ${n.kind})::boolean, false) = false`,
      ),
    );
  if (recipients.length === 0) return { queued: 0, skipped: 'nobody receives this notice' };
  const diagnostics =
    n.kind === 'compile-failed' && row.compileJobId
      ? ((await db.select({ d: compileJobs.diagnostics }).from(compileJobs).where(eq(compileJobs.id, row.compileJobId)))[0]?.d ?? []).slice(
          0,
          FIRST_DIAGNOSTICS,
        )
      : [];
  for (const to of recipients) {
    const data = {
      productName: site.productName,
      portalUrl: site.portalUrl,
      developer: { firstName: to.firstName, lastName: to.lastName },
      publisher: { name: row.publisherName },
      app: { id: n.appId, name: row.name, url: `${site.portalUrl}/publisher/apps/${encodeURIComponent(n.appId)}` },
      version: { version: row.version },
      reason: n.reason ?? '',
      note: n.note ?? '',
      diagnostics: diagnostics.map((d) => ({ file: d.file ?? '', line: d.line, character: d.character, message: d.message })),
    };
    const message = await renderMessage(template as Template, (layout as Template | undefined) ?? null, data);
    await enqueue(db, MAIL_JOB, { to: to.email, ...message, messageId: `${newId()}@${site.mailDomain}` });
  }
  return { queued: recipients.length, skipped: '' };
}
