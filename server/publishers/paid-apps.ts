import { and, count, desc, eq, gt } from 'drizzle-orm';
import { PAID_APPS_TEXT } from '../../contract/schemas/publisher';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { apps, publisherActivity, publishers } from '../db/schema';
import { conflict } from '../errors';
import { enqueue } from '../kernel/jobs';
import { MAIL_JOB } from '../kernel/job-kinds';
import { logPublisherActivity } from '../kernel/activity';
import { renderMessage, type Template } from '../mail/templates';
import type { Site } from '../mail/notify';

/** The activity line of a request (docs/commerce.md, Paid apps): staff read it on the publisher's page. */
export const PAID_APPS_REQUEST = 'paid-apps-request';
/** A publisher asks at most once a day: support is not written to again meanwhile. */
const AGAIN_AFTER_MS = 24 * 3_600_000;

// The mail to support: the publisher's details, so nobody has to look them up (escaped by the mail's HTML engine).
const mail: Template = {
  name: PAID_APPS_REQUEST,
  layout: '',
  subject: 'Paid apps requested: {{ publisher.name }}',
  body: [
    '<p>{{ requester.name }} ({{ requester.email }}) asks for paid apps for the publisher <strong>{{ publisher.name }}</strong>.</p>',
    '<ul><li>Publisher id: {{ publisher.id }}</li><li>Country: {{ publisher.country }}</li><li>Apps: {{ publisher.apps }}</li>',
    '<li>Payout account: {% if publisher.payouts %}connected{% else %}not connected yet{% endif %}</li>',
    '<li>Their page: <a href="{{ publisher.url }}">{{ publisher.url }}</a></li></ul>',
    '{% if message != "" %}<p>Their message:</p><blockquote>{{ message }}</blockquote>{% endif %}',
    '<p>Enable “Can create paid apps” on the publisher’s page to answer yes, and let them know by mail.</p>',
  ].join('\n'),
};

type Requester = { id: string; name: string; email: string };

/**
 * A publisher without paid apps asks for them: a mail to support (when SUPPORT_EMAIL is set) with the publisher's
 * details and the message, and a line in the publisher's activity, in one transaction. 409 when paid apps are
 * enabled already, or the publisher asked within a day.
 */
export async function requestPaidApps(db: Db, o: { publisherId: string; by: Requester; message: string; supportEmail?: string; site: Site }) {
  const [publisher] = await db.select().from(publishers).where(eq(publishers.id, o.publisherId));
  if (!publisher) throw conflict('no_publisher', 'No such publisher.');
  if (publisher.canCreatePaidApps) throw conflict('paid_apps_enabled', PAID_APPS_TEXT.enabled);
  const [earlier] = await db
    .select({ when: publisherActivity.when })
    .from(publisherActivity)
    .where(
      and(
        eq(publisherActivity.publisherId, o.publisherId),
        eq(publisherActivity.action, PAID_APPS_REQUEST),
        gt(publisherActivity.when, new Date(Date.now() - AGAIN_AFTER_MS)),
      ),
    )
    .orderBy(desc(publisherActivity.when))
    .limit(1);
  if (earlier) throw conflict('already_requested', PAID_APPS_TEXT.pending(earlier.when.toISOString().slice(0, 10)));
  const [owned] = await db
    .select({ n: count() })
    .from(apps)
    .where(and(eq(apps.publisherId, o.publisherId), eq(apps.isBundle, false)));
  const data = {
    requester: { name: o.by.name, email: o.by.email },
    publisher: {
      id: publisher.id,
      name: publisher.name,
      country: publisher.country,
      apps: owned?.n ?? 0,
      payouts: publisher.stripeAccountId !== '',
      url: `${o.site.portalUrl}/publisher/admin/publishers/${encodeURIComponent(publisher.id)}`,
    },
    message: o.message,
  };
  const message = o.supportEmail ? await renderMessage(mail, null, data) : null;
  await db.transaction(async (tx) => {
    if (message && o.supportEmail)
      await enqueue(tx, MAIL_JOB, { to: o.supportEmail, ...message, replyTo: o.by.email, messageId: `${newId()}@${o.site.mailDomain}` });
    await logPublisherActivity(tx, o.publisherId, { id: o.by.id, name: o.by.name }, PAID_APPS_REQUEST, {
      message: o.message,
      mailedTo: o.supportEmail ?? '',
    });
  });
}
