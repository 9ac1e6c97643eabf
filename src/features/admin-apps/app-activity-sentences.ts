// The app's activity log in sentences staff read (docs/packages-and-review.md, Staff review), not action codes and
// stored details: "Approved v1.0.0 (was compiled).", "Rejected v4.2.1: “reason”.". The codes are the server's
// (logActivity): the lifecycle's staff events (server/apps/lifecycle.ts: REVIEW → 'review', MAKE_DRAFT → 'make-draft'
// …), review assignment (server/apps/routes/admin-reviews.ts), downloads (server/apps/routes/admin-apps.ts), the
// one-way flags (server/apps/staff-actions.ts) and staff's purchase records (server/commerce/sales/purchases.ts,
// server/commerce/billing/refunds.ts). A code not known here still reads as a sentence, never as JSON.
import { formatDate, formatMoney } from '../../lib/format';

const quoted = (v: string) => `“${v}”`;
const text = (v: unknown) => (typeof v === 'string' ? v : '');
const money = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? formatMoney(v) : '');

/** "v1.0.0", or "a version" when the line names none (the demo data's oldest lines). */
const versionOf = (extra: Record<string, unknown>) => (text(extra.version) ? `v${text(extra.version)}` : 'a version');

/** A version's status as the "(was …)" of a sentence: the status badges' words (machines/app-version-status.ts). */
const wasWords: Record<string, string> = {
  draft: 'was a draft',
  submitted: 'was submitted',
  compiling: 'was compiling',
  compiled: 'was compiled',
  'compiler-error': 'had a compiler error',
  'author-approved': 'was author approved',
  'author-rejected': 'was author rejected',
  reviewed: 'was reviewed',
  approved: 'was approved',
  published: 'was published',
  unpublished: 'was unpublished',
  rejected: 'was rejected',
};
const was = (status: unknown) => (text(status) ? ` (${wasWords[text(status)] ?? `was ${text(status)}`})` : '');

/** ": “note”" after a sentence's subject, or nothing without a note. */
const withNote = (note: unknown) => (text(note).trim() ? `: ${quoted(text(note).trim())}` : '');

/** "purchaseId" → "purchase id", "make-usage-based" → "make usage based". */
const words = (code: string) =>
  code
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_.]+/g, ' ')
    .trim()
    .toLowerCase();
const sentenceCase = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** A subscription's status in words ("pastDue" → "past due"). */
const statusWords = (v: unknown) => words(String(v ?? ''));

/** Any stored value in words, never JSON: lists joined, {from, to} as "a → b", other objects as "key value" pairs. */
function valueWords(v: unknown): string {
  if (v === null || v === undefined || v === '') return '(none)';
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'bigint') return String(v);
  if (Array.isArray(v)) return v.length ? v.map(valueWords).join(', ') : '(none)';
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if ('from' in o && 'to' in o && Object.keys(o).length === 2) return `${valueWords(o.from)} → ${valueWords(o.to)}`;
    const parts = Object.entries(o).map(([k, x]) => `${words(k)} ${valueWords(x)}`);
    return parts.length ? parts.join(', ') : '(none)';
  }
  return String(v);
}

/** One change of a purchase record's edit ({from, to}): "status active → cancelled", "seats 5 → 10". */
function purchaseChange(field: string, change: unknown): string {
  const c = (change && typeof change === 'object' ? change : {}) as { from?: unknown; to?: unknown };
  switch (field) {
    case 'status':
      return `status ${statusWords(c.from)} → ${statusWords(c.to)}`;
    case 'periodEnd': {
      const date = (v: unknown) => (typeof v === 'string' && !Number.isNaN(Date.parse(v)) ? formatDate(v) : valueWords(v));
      return `period end ${date(c.from)} → ${date(c.to)}`;
    }
    case 'seats':
      return `seats ${valueWords(c.from)} → ${valueWords(c.to)}`;
    case 'externallyManaged':
      return c.to === true ? 'made it externally managed' : 'made it no longer externally managed';
    default:
      return `${words(field)} ${valueWords(change)}`;
  }
}

/** A line whose code is not known here: its code in words, then its details in words ("Something new: v1.0.0, note “x”."). */
function fallback(action: string, extra: Record<string, unknown>): string {
  const { version, from, to, ...rest } = extra;
  const parts: string[] = [];
  if (text(version)) parts.push(`v${text(version)}`);
  if (text(from) && text(to)) parts.push(`${text(from)} → ${text(to)}`);
  for (const [k, v] of Object.entries(rest).sort(([a], [b]) => a.localeCompare(b))) {
    if (v === '' || v === undefined || v === null) continue;
    parts.push(`${words(k)} ${typeof v === 'string' ? quoted(v) : valueWords(v)}`);
  }
  const name = sentenceCase(words(action)) || 'Did something';
  return parts.length ? `${name}: ${parts.join(', ')}.` : `${name}.`;
}

/** A line of the app's activity log as a sentence ("Approved v1.0.0 (was compiled)."); a code it does not know, in words. */
export function appActivitySentence(action: string, extra: Record<string, unknown>): string {
  const v = versionOf(extra);
  switch (action) {
    // The lifecycle's staff events (server/apps/lifecycle.ts): {version, from, to, rejectionNote | reviewedNote}.
    case 'approve':
      return `Approved ${v}${was(extra.from)}.`;
    case 'reject':
      return `Rejected ${v}${withNote(extra.rejectionNote)}.`;
    case 'review':
      // The demo data's lines name the note reviewNote.
      return `Asked for changes to ${v}${withNote(extra.reviewedNote ?? extra.reviewNote)}.`;
    case 'publish':
      return extra.from === 'unpublished' ? `Published ${v} again.` : `Published ${v}.`;
    case 'unpublish':
      return `Unpublished ${v}.`;
    case 'compile':
      return `Queued a compile of ${v}.`;
    case 'make-draft':
      return `Marked ${v} as draft${was(extra.from)}.`;
    // Review assignment (the review queue).
    case 'review-assign':
      return `Took on the review of ${v}.`;
    case 'review-unassign':
      return `Gave up the review of ${v}.`;
    case 'download':
      return `Downloaded the ${extra.compiled === true ? 'compiled' : 'source'} package of ${v}.`;
    // The one-way flags.
    case 'make-premium-only':
      return text(extra.addonTierId) ? `Made the app premium-only (add-on tier ${text(extra.addonTierId)}).` : 'Made the app premium-only.';
    case 'make-usage-based':
      return money(extra.priceOverride) ? `Made the app usage-based (price override ${money(extra.priceOverride)}).` : 'Made the app usage-based.';
    // Staff's purchase records.
    case 'purchase-record-create':
      return `Created the purchase record ${text(extra.purchaseId)}${text(extra.workspaceId) ? ` for the workspace ${text(extra.workspaceId)}` : ''}.`;
    case 'purchase-record-update': {
      const { purchaseId, ...changes } = extra;
      const parts = Object.entries(changes).map(([k, c]) => purchaseChange(k, c));
      return `Edited the purchase record ${text(purchaseId)}${parts.length ? `: ${parts.join(', ')}` : ''}.`;
    }
    case 'purchase-record-delete':
      return `Deleted the purchase record ${text(extra.purchaseId)}${text(extra.workspaceId) ? ` of the workspace ${text(extra.workspaceId)}` : ''}.`;
    case 'purchase-record-refund': {
      // The server writes "refunded" when staff gave no reason.
      const reason = text(extra.reason) === 'refunded' ? '' : extra.reason;
      const amount = money(extra.amount);
      return `Refunded ${amount ? `${amount} of ` : ''}the purchase record ${text(extra.purchaseId)}${withNote(reason)}.`;
    }
    default:
      return fallback(action, extra);
  }
}
