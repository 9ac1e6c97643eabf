import { authorLink } from '../../packages/author-links';
import { finding, manifestLine, type CheckContext } from './context';
import type { StoredFinding as Finding } from '../../../../contract/schemas/review';

/** At most this much of an address is quoted in a reason. */
const QUOTED = 80;
const quoted = (v: string) => JSON.stringify(v.length > QUOTED ? `${v.slice(0, QUOTED)}…` : v);

/**
 * app.json's author addresses the marketplace leaves out (apps/packages/author-links.ts): a `javascript:`,
 * `data:` or other address that is no web page or email address is not refused at upload — Rocket.Chat's tools
 * accept any text there — but stored empty, and said here, so the publisher can give one people can follow.
 */
export function manifestLinks(ctx: CheckContext): Finding[] {
  const author = ctx.manifest?.author;
  if (!author || typeof author !== 'object') return [];
  const out: Finding[] = [];
  for (const field of ['homepage', 'support'] as const) {
    const raw = (author as Record<string, unknown>)[field];
    const link = authorLink(raw);
    if (link.kind !== 'dropped' || typeof raw !== 'string') continue;
    const why = link.dangerous
      ? `is a ${link.scheme}: address, which the marketplace never links to`
      : link.scheme
        ? `is a ${link.scheme}: address, not a web page or an email address`
        : 'is not a web address, a domain or an email address';
    const wanted =
      field === 'support'
        ? 'a web address (https://example.com/help or example.com), or an email address'
        : 'a web address (https://example.com or example.com)';
    out.push(
      finding(
        'manifest-links',
        `app.json's author.${field} ${quoted(raw.trim())} ${why}, so the listing shows none. Give ${wanted}.`,
        'app.json',
        manifestLine(ctx, field),
      ),
    );
  }
  return out;
}
