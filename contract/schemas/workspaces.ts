import { z } from 'zod';
import { bounded, LIMITS } from '../common';

/**
 * Registered Rocket.Chat workspaces (docs/rocketchat.md, Pointing a Rocket.Chat server): what staff see and type on /publisher/admin/workspace, and
 * what the API says (verbatim).
 */
export const WORKSPACE_TEXT = {
  title: 'Registered workspaces',
  intro: 'Rocket.Chat servers that use this portal as their Marketplace. Each one signs in with its own client id and secret.',
  register: 'Register workspace',
  lookup: 'Look up a workspace',
  empty: 'No registered workspaces yet.',
  emptyText: 'Register a Rocket.Chat workspace to let it list, install and update this portal’s apps.',
  nicknameLabel: 'Nickname',
  nicknameHint: 'How staff tell it apart, such as “Acme production”.',
  nicknameRequired: 'A nickname is required.',
  addressLabel: 'Address',
  addressHint: 'The Rocket.Chat server’s URL (its Site URL), such as https://chat.acme.example.',
  addressInvalid:
    'Enter the workspace’s http(s) address, such as https://chat.acme.example: its Site URL, with no spaces, wildcard, user name, query or fragment.',
  registeredTitle: 'Workspace registered',
  rotatedTitle: 'New client secret',
  copyOnce: 'Copy the client secret now: it will not be shown again.',
  clientIdLabel: 'Client ID',
  /** The one id staff look a workspace up by (the lookup also takes its client id). */
  idLabel: 'Workspace ID',
  secretLabel: 'secret',
  clientSecretLabel: 'Client secret',
  envLabel: 'Rocket.Chat environment',
  envHint: 'Set these on the Rocket.Chat server and restart it.',
  columns: { nickname: 'Nickname', address: 'Address', registered: 'Registered', lastSeen: 'Last seen', installedApps: 'Installed apps', actions: 'Actions' },
  neverSeen: 'Never',
  revoked: 'Revoked',
  by: 'by',
  rotate: 'Rotate secret',
  rotateTitle: 'Rotate the client secret?',
  rotateText:
    'The current secret and every token issued with it stop working at once: the Rocket.Chat server needs the new secret before it can reach the Marketplace again.',
  revoke: 'Revoke',
  revokeTitle: 'Revoke this workspace?',
  revokeText: 'Its secret and every token it holds stop working at once, and it cannot be registered again with them. This cannot be undone.',
  revokedToast: 'Workspace revoked.',
  notRegistered: 'This workspace is not registered.',
  alreadyRevoked: 'This workspace is revoked.',
} as const;

/** A registered workspace as staff see it (never its secret nor the secret's hash). */
export const RegisteredWorkspace = z.object({
  id: z.string(),
  nickname: z.string(),
  address: z.string(),
  accountId: z.string(),
  accountName: z.string(),
  /** Its `Cloud_Workspace_Client_Id`. */
  clientId: z.string(),
  /** The secret's first characters, to tell one from another. */
  secretPrefix: z.string(),
  registeredAt: z.string(),
  /** Who registered it (the staff member's name). */
  registeredBy: z.string(),
  secretRotatedAt: z.string().nullable(),
  /** When one of its tokens was last issued or used (to the minute). */
  lastSeenAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  /** Apps whose latest install, update or uninstall event from this workspace is not an uninstall. */
  installedApps: z.number().int(),
});
export type RegisteredWorkspace = z.infer<typeof RegisteredWorkspace>;

/** A host as a CSP source expression may name it (host-char is ALPHA / DIGIT / "-"): a DNS name or an IPv4 address. */
const HOST = /^[a-z0-9-]+(?:\.[a-z0-9-]+)*$/;
/** A sub-path: segments of unreserved characters or percent-escapes (an optional trailing slash is dropped). */
const SUB_PATH = /^(?:\/(?:[A-Za-z0-9._~-]|%[0-9A-Fa-f]{2})+)*\/?$/;

/**
 * A workspace's address in its one stored form, or null when it is not one: what Rocket.Chat sends as the
 * workspace's address is its Site_Url setting (`address: settings.get<string>('Site_Url')` in
 * apps/meteor/app/cloud/server/functions/buildRegistrationData.ts), which staff copy here. That is an origin —
 * `http(s)://host[:port]` — or, for a Rocket.Chat served under a sub-path, an origin and that path
 * (https://example.com/chat): the path is kept, since the buyer goes back to it after a checkout (the session's
 * return link), while the pages that may be framed are framed by the origin only (workspaceOrigin).
 *
 * Refused: spaces, CR/LF and other control characters (which the URL parser would silently drop), non-ASCII
 * (an internationalized host is written in its xn-- form), a wildcard, a backslash, a user name or password, a
 * query or fragment, a host a CSP source cannot name (IPv6 literals included), port 0, and a path of anything
 * but plain segments. Normalized: the scheme and host in lower case, the scheme's default port and a trailing
 * slash left out. Surrounding spaces are the form's to trim (RegisterWorkspaceInput does).
 */
export function workspaceAddress(value: string): string | null {
  // Only what an origin and plain path segments are written with: no space, control character, wildcard, `@`,
  // `?`, `#`, backslash, quote, bracket or non-ASCII character gets as far as the URL parser.
  if (value.length > LIMITS.url || !/^[A-Za-z0-9._~%:/-]+$/.test(value) || !URL.canParse(value)) return null;
  const u = new URL(value);
  if ((u.protocol !== 'https:' && u.protocol !== 'http:') || u.username || u.password || u.search || u.hash) return null;
  if (!HOST.test(u.hostname) || u.port === '0' || !SUB_PATH.test(u.pathname)) return null;
  return `${u.protocol}//${u.host}${u.pathname.replace(/\/+$/, '')}`;
}

/**
 * The origin (`scheme://host[:port]`) a workspace's checkout pages may be framed by, from its stored address;
 * null when the address is not a valid one (a row stored before these rules, such as `https://*.example.com`:
 * it frames nothing).
 */
export function workspaceOrigin(address: string): string | null {
  const normal = workspaceAddress(address);
  return normal === null ? null : new URL(normal).origin;
}

export const RegisterWorkspaceInput = z.object({
  nickname: bounded(LIMITS.name).trim().min(1, { error: WORKSPACE_TEXT.nicknameRequired }),
  address: z
    .string({ error: WORKSPACE_TEXT.addressInvalid })
    .trim()
    .max(LIMITS.url, { error: WORKSPACE_TEXT.addressInvalid })
    .refine((v) => workspaceAddress(v) !== null, { error: WORKSPACE_TEXT.addressInvalid })
    .transform((v) => workspaceAddress(v)!),
});
export type RegisterWorkspaceInput = z.infer<typeof RegisterWorkspaceInput>;

/** A workspace's credentials: its client secret is in this answer only (registration, rotation). */
export const WorkspaceCredentials = z.object({
  workspace: RegisteredWorkspace,
  clientId: z.string(),
  clientSecret: z.string(),
  /** The portal's URL as Rocket.Chat is to reach it (PUBLIC_URL, else the origin this request came to). */
  portalUrl: z.string(),
  /**
   * The public key (SPKI PEM) of the portal's licence key (docs/rocketchat.md, Buying): the workspace's `Cloud_Workspace_PublicKey`,
   * with which Apps-Engine decrypts the licences of its subscription apps (marketplace/license/Crypto.ts).
   */
  publicKey: z.string(),
});
export type WorkspaceCredentials = z.infer<typeof WorkspaceCredentials>;

/**
 * The environment that points a Rocket.Chat server at this portal (docs/rocketchat.md "Pointing a Rocket.Chat server at
 * the portal"): its Marketplace calls (`OVERWRITE_INTERNAL_MARKETPLACE_URL`, read by
 * apps/meteor/ee/server/apps/marketplace/MarketplaceAPIClient.ts), its token endpoint (the hidden setting
 * `Cloud_Url`: `${Cloud_Url}/api/oauth/token`) and its registration (`Cloud_Workspace_Client_Id` and
 * `Cloud_Workspace_Client_Secret`, what apps/meteor/app/cloud/server/functions/retrieveRegistrationStatus.ts
 * reads; `Cloud_Workspace_Id`, what older versions read as the workspace's id). Both URLs without a trailing
 * slash: Rocket.Chat appends `/v1/…` and `/api/oauth/token` as they are.
 */
export function rocketChatEnvironment(o: { portalUrl: string; workspaceId: string; clientId: string; clientSecret: string; publicKey: string }): string {
  const url = o.portalUrl.replace(/\/+$/, '');
  // The PEM on one line, its line breaks written as \n in double quotes (Docker Compose's and most .env readers'
  // form): a base64 body on one line is a PEM OpenSSL reads.
  const [head, ...rest] = o.publicKey.trim().split('\n');
  const tail = rest.pop() ?? '';
  const pem = `${head}\\n${rest.join('')}\\n${tail}`;
  return [
    `OVERWRITE_INTERNAL_MARKETPLACE_URL=${url}`,
    `OVERWRITE_SETTING_Cloud_Url=${url}`,
    `OVERWRITE_SETTING_Cloud_Workspace_Id=${o.workspaceId}`,
    `OVERWRITE_SETTING_Cloud_Workspace_Client_Id=${o.clientId}`,
    `OVERWRITE_SETTING_Cloud_Workspace_Client_Secret=${o.clientSecret}`,
    `OVERWRITE_SETTING_Cloud_Workspace_PublicKey="${pem}"`,
  ].join('\n');
}
