import { createHash } from 'node:crypto';
import { DEFAULT_LAYOUT, type NotificationKind } from '../../contract/schemas/notifications';
import type { Db, Tx } from './client';
import { emailTemplates } from './schema';

/**
 * The email templates the portal starts with (staff edit them in /publisher/admin/emails): the default
 * layout and one template per notification, in Liquid. Variables: contract/schemas/notifications.ts.
 */
export const defaultLayout = {
  name: DEFAULT_LAYOUT,
  layout: '',
  subject: '',
  body: `<!doctype html>
<html>
  <body style="margin:0;padding:24px;background:#f5f5f7;font-family:Helvetica,Arial,sans-serif;color:#1c2024">
    <div style="max-width:600px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
      <h1 style="font-size:18px;margin:0 0 16px">{{ productName }} Marketplace</h1>
      {{ content }}
      <p style="margin-top:32px;font-size:12px;color:#60646c">
        You receive this because you develop apps for the {{ productName }} Marketplace.
        Choose which notices you get in your profile: <a href="{{ portalUrl }}/publisher/profile">{{ portalUrl }}/publisher/profile</a>
      </p>
    </div>
  </body>
</html>`,
};

const greeting = '<p>Hello {{ developer.firstName }},</p>';
const link = '<p><a href="{{ app.url }}">Open {{ app.name }} in the portal</a></p>';

export const notificationTemplates: Record<NotificationKind, { subject: string; body: string }> = {
  'version-approved': {
    subject: '{{ app.name }} {{ version.version }} was approved',
    body: `${greeting}
<p>Good news: version {{ version.version }} of <strong>{{ app.name }}</strong> ({{ publisher.name }}) was approved and can now be published.</p>
${link}`,
  },
  'version-rejected': {
    subject: 'Changes needed for {{ app.name }} {{ version.version }}',
    body: `${greeting}
<p>Version {{ version.version }} of <strong>{{ app.name }}</strong> ({{ publisher.name }}) was rejected. The reviewer wrote:</p>
<blockquote style="border-left:3px solid #e5484d;margin:0;padding:4px 12px">{{ reason }}</blockquote>
<p>Upload a revision that addresses this: a package with the same version number, {{ version.version }}, replaces this one and runs the checks again. Then submit it again.</p>
${link}`,
  },
  'version-reviewed': {
    subject: '{{ app.name }} {{ version.version }} was reviewed',
    body: `${greeting}
<p>Version {{ version.version }} of <strong>{{ app.name }}</strong> ({{ publisher.name }}) was reviewed. The reviewer’s note:</p>
<blockquote style="border-left:3px solid #3e63dd;margin:0;padding:4px 12px">{{ note }}</blockquote>
<p>To make the changes it asks for, upload a revision with the same version number, {{ version.version }}, then submit it again.</p>
${link}`,
  },
  'version-published': {
    subject: '{{ app.name }} {{ version.version }} is published',
    body: `${greeting}
<p>Version {{ version.version }} of <strong>{{ app.name }}</strong> ({{ publisher.name }}) is now published in the {{ productName }} Marketplace.</p>
${link}`,
  },
  'version-unpublished': {
    subject: '{{ app.name }} {{ version.version }} was unpublished',
    body: `${greeting}
<p>Version {{ version.version }} of <strong>{{ app.name }}</strong> ({{ publisher.name }}) was unpublished and is no longer offered in the {{ productName }} Marketplace.</p>
${link}`,
  },
  'compile-failed': {
    subject: '{{ app.name }} {{ version.version }} did not compile',
    body: `${greeting}
<p>The package of <strong>{{ app.name }}</strong> {{ version.version }} ({{ publisher.name }}) did not compile. The first problems the compiler found:</p>
<ul>
{%- for d in diagnostics %}
  <li>{% if d.file != "" %}{{ d.file }}:{% endif %}{{ d.line }}:{{ d.character }} — {{ d.message }}</li>
{%- endfor %}
</ul>
<p>Fix them and upload a revision.</p>
${link}`,
  },
  'api-token-expiring': {
    subject: 'The API token “{{ token.name }}” expires on {{ token.expiresAt }}',
    body: `${greeting}
<p>The API token <strong>{{ token.name }}</strong> of {{ publisher.name }} (it starts with <code>{{ token.prefix }}</code>) expires on {{ token.expiresAt }}. Scripts and CI jobs that use it will stop working then.</p>
<p>To keep them working, create a new token and replace this one where it is used; revoke it once nothing uses it.</p>
<p><a href="{{ token.url }}">Manage your API tokens in the portal</a></p>`,
  },
};

/**
 * Adds the default layout and each notification's template where no template has its name (every start,
 * production too: notifications need them; a template staff edited is never overwritten).
 */
export async function ensureDefaultTemplates(db: Pick<Db | Tx, 'insert'>) {
  const id = (name: string) => createHash('sha256').update(`email:${name}`).digest('hex').slice(0, 24);
  await db
    .insert(emailTemplates)
    .values([
      { id: id(defaultLayout.name), ...defaultLayout },
      ...Object.entries(notificationTemplates).map(([name, tpl]) => ({ id: id(name), name, layout: defaultLayout.name, ...tpl })),
    ])
    .onConflictDoNothing();
}
