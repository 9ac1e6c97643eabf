import { isWebUrl } from '../../../contract/common';

/**
 * The addresses of app.json's `author` (`homepage`, `support`) as Rocket.Chat's own tools take them, and as the
 * marketplace shows them (as links).
 *
 * What Rocket.Chat accepts: Apps-Engine reads app.json without looking at `author` at all
 * (RocketChat/Rocket.Chat packages/apps-engine/src/server/compiler/AppPackageParser.ts, `unpackageApp`; the fields
 * are plain strings in src/definition/metadata/IAppAuthorInfo.ts), and the Apps CLI's schema wants `author.name` and
 * `author.support` as strings ("The place where people can get support for this App, whether email or website") and
 * `homepage` optional (RocketChat/Rocket.Chat.Apps-cli src/misc/appJsonSchema.ts, the same as Apps-engine's
 * src/definition/app-schema.json). Real manifests write bare domains — Rocket.Chat's own Wikipedia app
 * (RocketChat/Apps.Wikipedia app.json) has `"homepage": "rocket.chat", "support": "rocket.chat"` — and emails.
 *
 * So no address refuses an upload. A web address (http or https) stays as it is; a bare domain (`rocket.chat`,
 * `github.com/me/app`, `//example.com`) becomes an https link; an email address (or `mailto:` one) stays an email
 * address. Anything else — a script or data address, another scheme, text that is no address — is left out (the
 * field stored empty) and the publish checks say so (review/checks/manifest-links.ts).
 */
export type AuthorLink =
  | { kind: 'none' }
  | { kind: 'web'; value: string }
  | { kind: 'email'; value: string }
  /** Left out: `scheme` when it named one (`javascript`, `data` …), `dangerous` when browsers would run or load it. */
  | { kind: 'dropped'; scheme: string | null; dangerous: boolean };

const EMAIL = /^[^\s@<>()"'`\\/:]+@[^\s@<>()"'`\\/:]+\.[^\s@<>()"'`\\/:]+$/;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
/** Schemes a browser runs or loads in place of a page: never a link. */
const DANGEROUS = new Set([
  'javascript',
  'vbscript',
  'data',
  'file',
  'blob',
  'filesystem',
  'about',
  'jar',
  'view-source',
  'livescript',
  'mocha',
  'ms-its',
  'res',
]);
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const TLD = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/** `https://` + a bare domain (with a port, path, query or fragment after it), or null when it is not one. */
function bareDomain(value: string): string | null {
  if (/[\s\\@<>"'`]/.test(value) || (value.startsWith('/') && !value.startsWith('//'))) return null;
  const rest = value.startsWith('//') ? value.slice(2) : value;
  const link = `https://${rest}`;
  if (!URL.canParse(link)) return null;
  const { hostname } = new URL(link);
  const labels = hostname.split('.');
  // A name with a dot, every label a DNS label, a top-level one of letters (an IP address or `localhost` is not a domain).
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l)) || !TLD.test(labels.at(-1)!)) return null;
  return link;
}

/** One of app.json's author addresses as the marketplace keeps it (see above). */
export function authorLink(raw: unknown): AuthorLink {
  if (typeof raw !== 'string') return { kind: 'none' };
  const value = raw.trim();
  if (value === '') return { kind: 'none' };
  if (EMAIL.test(value)) return { kind: 'email', value };
  // Before the scheme: `rocket.chat:8080/help` is a domain with a port, not a scheme `rocket.chat`.
  const domain = bareDomain(value);
  if (domain) return { kind: 'web', value: domain };
  const scheme = SCHEME.exec(value)?.[1]?.toLowerCase() ?? null;
  if ((scheme === 'http' || scheme === 'https') && isWebUrl(value)) return { kind: 'web', value };
  if (scheme === 'mailto') {
    const address = decodeURIComponentSafe(value.slice('mailto:'.length).split('?')[0]!);
    if (EMAIL.test(address)) return { kind: 'email', value: address };
  }
  return { kind: 'dropped', scheme, dangerous: scheme !== null && DANGEROUS.has(scheme) };
}

function decodeURIComponentSafe(s: string) {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** An address as stored: its kept value, or none (undefined) when it is empty or left out. */
export const keptAuthorLink = (raw: unknown): string | undefined => {
  const link = authorLink(raw);
  return link.kind === 'web' || link.kind === 'email' ? link.value : undefined;
};
