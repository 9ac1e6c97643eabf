import { z } from 'zod';

/**
 * Not in the spec: what the portal tells a publisher's owners and developers by email, each kind rendered
 * from the email template of the same name (staff edit them) inside the default layout.
 */
export const notificationKinds = [
  'version-approved',
  'version-rejected',
  'version-reviewed',
  'version-published',
  'version-unpublished',
  'compile-failed',
  'api-token-expiring',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

export const notificationLabels: Record<NotificationKind, string> = {
  'version-approved': 'A version was approved',
  'version-rejected': 'A version was rejected (with the reason)',
  'version-reviewed': 'A version was reviewed (with the reviewer’s note)',
  'version-published': 'A version was published',
  'version-unpublished': 'A version was unpublished',
  'compile-failed': 'A package failed to compile (with the first diagnostics)',
  'api-token-expiring': 'An API token of your publisher expires within a week (owners)',
};

/** Each kind on (true) or off; every kind is on until the developer turns it off. */
export const NotificationSettings = z.strictObject(
  Object.fromEntries(notificationKinds.map((k) => [k, z.boolean({ error: 'Each notice is either on or off.' })])) as Record<NotificationKind, z.ZodBoolean>,
);
export type NotificationSettings = z.infer<typeof NotificationSettings>;

/** The layout every notification is rendered in (a template like the others, its body wraps `content`). */
export const DEFAULT_LAYOUT = 'default-layout';

type Variable = { name: string; description: string };
const common: Variable[] = [
  { name: 'productName', description: 'The product’s name (e.g. Rocket)' },
  { name: 'portalUrl', description: 'The portal’s address' },
  { name: 'developer.firstName', description: 'First name of the developer the message is for' },
  { name: 'developer.lastName', description: 'Last name of the developer the message is for' },
  { name: 'publisher.name', description: 'The publisher’s name' },
  { name: 'app.id', description: 'The app’s id' },
  { name: 'app.name', description: 'The app’s name (of the version concerned)' },
  { name: 'app.url', description: 'The app’s page in the portal' },
  { name: 'version.version', description: 'The version concerned (e.g. 1.2.0)' },
];

/** The variables each template may use (docs/bundles-and-curation.md lists them too); a layout has `content` and `subject`. */
export const templateVariables: Record<NotificationKind | typeof DEFAULT_LAYOUT, Variable[]> = {
  [DEFAULT_LAYOUT]: [
    { name: 'content', description: 'The message’s body, rendered (HTML)' },
    { name: 'subject', description: 'The message’s subject, rendered' },
    { name: 'productName', description: 'The product’s name' },
    { name: 'portalUrl', description: 'The portal’s address' },
  ],
  'version-approved': common,
  'version-rejected': [...common, { name: 'reason', description: 'Why the version was rejected' }],
  'version-reviewed': [...common, { name: 'note', description: 'The reviewer’s note' }],
  'version-published': common,
  'version-unpublished': common,
  'compile-failed': [...common, { name: 'diagnostics', description: 'The first compiler diagnostics: each has file, line, character and message' }],
  'api-token-expiring': [
    ...common.filter((v) => !v.name.startsWith('app.') && !v.name.startsWith('version.')),
    { name: 'token.name', description: 'The token’s name' },
    { name: 'token.prefix', description: 'The first characters of its secret, to recognize it' },
    { name: 'token.expiresAt', description: 'When it expires (date and time, UTC)' },
    { name: 'token.url', description: 'Where the publisher’s tokens are managed in the portal' },
  ],
};

/** What a preview renders with: every variable any template may use, with example values. */
export const sampleVariables = {
  productName: 'Rocket',
  portalUrl: 'https://marketplace.example',
  developer: { firstName: 'Olivia', lastName: 'Bennett' },
  publisher: { name: 'Northwind Apps' },
  app: { id: 'app-sample', name: 'Jira Connector', url: 'https://marketplace.example/publisher/apps/app-sample' },
  version: { version: '1.2.0' },
  reason: 'The app asks for permissions it does not use.',
  note: 'Looks good; consider a shorter description.',
  diagnostics: [{ file: 'JiraApp.ts', line: 12, character: 5, message: "Cannot find name 'IHttp'." }],
  token: { name: 'Release pipeline', prefix: 'rcmp_4fJq9Xz', expiresAt: '1 March 2027, 09:30 UTC', url: 'https://marketplace.example/publisher/info' },
  content: '<p>The message’s body appears here.</p>',
  subject: 'A sample subject',
};
