import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { newId } from '../db/ids';
import { developers, emailTemplates, publishers } from '../db/schema';
import { DEFAULT_LAYOUT } from '../../contract/schemas/notifications';
import { enqueue } from '../kernel/jobs';
import { MAIL_JOB, type Site } from '../mail/notify';
import { renderMessage, type Template } from '../mail/templates';

const notice: Omit<Template, 'layout'> = {
  name: 'webhook-disabled',
  subject: 'Your webhook “{{ webhook.label }}” was turned off',
  body: `<p>Hello {{ developer.firstName }},</p>
<p>Deliveries to your webhook <strong>{{ webhook.label }}</strong> ({{ webhook.url }}) of {{ publisher.name }} have failed
for {{ days }} days in a row, so we turned it off. Events that happen while it is off are not sent to it.</p>
<p>Once the endpoint answers again, turn the webhook back on from <a href="{{ webhook.link }}">its page</a>.</p>`,
};

/** Mails the publisher's owners that `webhook` was turned off after failing for `days` days, in `tx`. */
export async function queueDisabledNotice(tx: Tx, site: Site, webhook: { id: string; label: string; url: string; publisherId: string }, days: number) {
  const [publisher] = await tx.select({ name: publishers.name }).from(publishers).where(eq(publishers.id, webhook.publisherId));
  const owners = await tx
    .select()
    .from(developers)
    .where(and(eq(developers.publisherId, webhook.publisherId), eq(developers.role, 'owner')));
  const [layout] = await tx.select().from(emailTemplates).where(eq(emailTemplates.name, DEFAULT_LAYOUT));
  const link = `${site.portalUrl}/publisher/webhooks/${encodeURIComponent(webhook.id)}`;
  for (const to of owners) {
    const message = await renderMessage({ ...notice, layout: layout ? DEFAULT_LAYOUT : '' }, (layout as Template | undefined) ?? null, {
      productName: site.productName,
      portalUrl: site.portalUrl,
      developer: { firstName: to.firstName, lastName: to.lastName },
      publisher: { name: publisher?.name ?? '' },
      webhook: { label: webhook.label, url: webhook.url, link },
      days,
    });
    await enqueue(tx, MAIL_JOB, { to: to.email, ...message, messageId: `${newId()}@${site.mailDomain}` });
  }
  return owners.length;
}
