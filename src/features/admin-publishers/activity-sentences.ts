// The publisher's activity in sentences staff read, not the stored JSON (docs/commerce.md, Publishers).
import { formatDetails } from '../../lib/details';
import { formatMoney } from '../../lib/format';

/** The publisher's settings staff change (AdminPublisherUpdateInput), as the sentence names them. */
const settingNames: Record<string, string> = {
  name: 'the name',
  canCreatePaidApps: 'paid apps',
  canCreateBundles: 'bundles',
  canUseNPMModules: 'NPM modules',
  canUseWebhooks: 'webhooks',
};

const quoted = (v: unknown) => `“${String(v)}”`;
const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** One change of an edit: "turned paid apps on", "renamed it “Fjord Labs AS”". */
function changeWords(field: string, value: unknown): string {
  if (field === 'name') return `renamed it ${quoted(value)}`;
  const name = settingNames[field] ?? field;
  return typeof value === 'boolean' ? `turned ${name} ${value ? 'on' : 'off'}` : `set ${name} to ${quoted(value)}`;
}

/** A line of the publisher's activity as a sentence ("Turned paid apps on."); an action it does not know, as its details. */
export function activitySentence(action: string, extra: Record<string, unknown>): string {
  switch (action) {
    case 'edit': {
      const changed = (extra.changed ?? {}) as Record<string, unknown>;
      const parts = Object.entries(changed).map(([k, v]) => changeWords(k, v));
      if (!parts.length) return 'Saved the publisher without changes.';
      const sentence = parts.join(', ');
      return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`;
    }
    case 'edit-developer':
      return 'Edited a developer’s details.';
    case 'developer-role':
      return `Made a developer ${text(extra.role) || 'a member'}.`;
    case 'developer-system-role':
      return text(extra.systemRole) ? `Gave a developer the system role ${text(extra.systemRole)}.` : 'Took a developer’s system role away.';
    case 'email': {
      const to = Array.isArray(extra.to) ? extra.to.map(String) : [];
      return `Mailed ${to.length ? to.join(', ') : 'the owners'}: ${quoted(text(extra.subject))}.`;
    }
    case 'payout':
      return `Requested a payout of ${formatMoney(typeof extra.amount === 'number' ? extra.amount : 0)}.`;
    case 'api_token_created':
      return `Created the API token ${quoted(text(extra.name))}.`;
    case 'api_token_revoked':
      return `Revoked the API token ${quoted(text(extra.name))}.`;
    case 'paid-apps-request':
      return text(extra.message) ? `Asked for paid apps: ${quoted(text(extra.message))}` : 'Asked for paid apps.';
    default: {
      const details = formatDetails(extra);
      return details ? `${action}: ${details}` : action;
    }
  }
}
