import { z } from 'zod';
import { tokenAbilities } from '../access';
import { bounded, LIMITS, ref } from '../common';

/** What the "API tokens" card and its API say (shown verbatim). */
export const TOKEN_TEXT = {
  title: 'API tokens',
  intro: 'Tokens let scripts and CI read your apps or submit new versions without a browser session. The secret is shown once.',
  empty: 'No API tokens yet.',
  create: 'Create token',
  revoke: 'Revoke',
  revoked: 'Revoked',
  expired: 'Expired',
  neverUsed: 'Never used',
  copyOnce: 'Copy this token now: it will not be shown again.',
  abilities: { read: 'Read apps', submit: 'Submit versions', 'reports:read': 'Read reports' },
  allApps: 'All apps',
  nameRequired: 'A name is required.',
  abilitiesRequired: 'Choose at least one ability.',
  appsRequired: 'Choose at least one app, or all apps.',
  expiryRange: 'The expiry must be between 1 and 365 days.',
  // The screens' texts (the card, its dialogs and its table).
  nameLabel: 'Name',
  nameHint: 'What it is for, such as “Release workflow”.',
  abilitiesLabel: 'What it may do',
  appsLabel: 'Apps',
  allAppsHint: 'Every app of the publisher, now and later.',
  chosenApps: 'Chosen apps',
  chosenAppsHint: 'Only the apps picked below.',
  noApps: 'The publisher has no apps yet.',
  appsUnavailable: 'The publisher’s apps could not be loaded.',
  expiryLabel: 'Expires in (days)',
  expiryHint: 'From 1 to 365 days.',
  createdTitle: 'Token created',
  secretLabel: 'Token secret',
  revokeTitle: 'Revoke this token?',
  revokeText: 'Scripts and CI that use it stop working at once. This cannot be undone.',
  revokedToast: 'Token revoked.',
  columns: { name: 'Name', abilities: 'Abilities', apps: 'Apps', created: 'Created', expires: 'Expires', lastUsed: 'Last used', actions: 'Actions' },
  deletedApp: 'Deleted app',
  lastUsedFrom: 'from',
  createdBy: 'by',
} as const;

export const TOKEN_DEFAULT_DAYS = 90;
export const TOKEN_MAX_DAYS = 365;

export const TokenAbility = z.enum(tokenAbilities);

export const ApiToken = z.object({
  id: z.string(),
  name: z.string(),
  /** The secret's first characters, to recognize it. */
  prefix: z.string(),
  abilities: z.array(TokenAbility),
  /** The apps it may act on; null: all the publisher's apps. */
  appIds: z.array(z.string()).nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  lastUsedIp: z.string().nullable(),
});
export type ApiToken = z.infer<typeof ApiToken>;

export const NewTokenInput = z.object({
  name: bounded(LIMITS.name).trim().min(1, { error: TOKEN_TEXT.nameRequired }),
  abilities: z.array(TokenAbility, { error: TOKEN_TEXT.abilitiesRequired }).min(1, { error: TOKEN_TEXT.abilitiesRequired }).max(tokenAbilities.length),
  /** Chosen app ids, or null for all the publisher's apps (now and later). */
  appIds: z.array(ref(), { error: TOKEN_TEXT.appsRequired }).min(1, { error: TOKEN_TEXT.appsRequired }).max(100).nullable(),
  expiresInDays: z
    .number({ error: TOKEN_TEXT.expiryRange })
    .int({ error: TOKEN_TEXT.expiryRange })
    .min(1, { error: TOKEN_TEXT.expiryRange })
    .max(TOKEN_MAX_DAYS, { error: TOKEN_TEXT.expiryRange })
    .default(TOKEN_DEFAULT_DAYS),
});
export type NewTokenInput = z.infer<typeof NewTokenInput>;
/** A new token: its row and, this once, its secret. */
export const CreatedToken = z.object({ token: ApiToken, secret: z.string() });

/** GitHub Actions' OIDC issuer, offered by default for trusted publishing. */
export const GITHUB_ACTIONS_ISSUER = 'https://token.actions.githubusercontent.com';

export const TRUST_TEXT = {
  title: 'Trusted publishing',
  intro: 'Let a CI workflow submit versions of this app with its own identity token: no stored secret.',
  empty: 'No trusted publishers yet.',
  add: 'Add trusted publisher',
  remove: 'Remove',
  issuerUnknown: 'This issuer is not allowed on this portal.',
  repositoryInvalid: 'A repository is owner/name.',
  workflowInvalid: 'A workflow is a file name under .github/workflows, such as release.yml.',
  // The screens' texts (the section of the app's page, its dialog and its example).
  issuerLabel: 'Issuer',
  issuerHint: 'GitHub Actions’ issuer; another must be allowed by the portal’s configuration.',
  githubActions: 'GitHub Actions',
  repositoryLabel: 'Repository',
  repositoryHint: 'owner/name, such as acme/jira-connector.',
  workflowLabel: 'Workflow file',
  workflowHint: 'The file under .github/workflows that publishes, such as release.yml.',
  environmentLabel: 'Environment (optional)',
  environmentHint: 'Only jobs of this GitHub environment may publish.',
  refLabel: 'Ref (optional)',
  refHint: 'Only this branch or tag may publish, such as refs/tags/v1.2.0 or refs/heads/main.',
  any: 'Any',
  removeTitle: 'Remove this trusted publisher?',
  removeText: 'This workflow can no longer publish versions of this app; tokens it already holds end within 15 minutes.',
  addedBy: 'by',
  added: 'Trusted publisher added.',
  removed: 'Trusted publisher removed.',
  columns: { repository: 'Repository', workflow: 'Workflow', environment: 'Environment', ref: 'Ref', issuer: 'Issuer', added: 'Added', actions: 'Actions' },
  exampleTitle: 'Example: publishing from GitHub Actions',
  exampleText:
    'The job trades its OIDC identity token for a 15-minute portal token, then submits the package with it. It needs the permission id-token: write.',
} as const;

export const TrustPolicy = z.object({
  id: z.string(),
  appId: z.string(),
  issuer: z.string(),
  repository: z.string(),
  workflow: z.string(),
  environment: z.string().nullable(),
  ref: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type TrustPolicy = z.infer<typeof TrustPolicy>;

/** Optional text: left out, null (what the list answers for a policy that names none) or blank all mean none. */
const optionalText = (max: number) =>
  bounded(max)
    .trim()
    .nullish()
    .transform((v) => (v ? v : null));

export const NewTrustPolicyInput = z.object({
  issuer: bounded(LIMITS.url).trim().default(GITHUB_ACTIONS_ISSUER),
  repository: bounded(LIMITS.name * 2)
    .trim()
    .regex(/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/, { error: TRUST_TEXT.repositoryInvalid }),
  workflow: bounded(LIMITS.name)
    .trim()
    .regex(/^[A-Za-z0-9_.-]+\.ya?ml$/, { error: TRUST_TEXT.workflowInvalid }),
  environment: optionalText(LIMITS.name),
  ref: optionalText(LIMITS.name * 2),
});
export type NewTrustPolicyInput = z.infer<typeof NewTrustPolicyInput>;

/** RFC 8693 token exchange: a CI's OIDC ID token for a 15-minute token that submits versions of one app. */
export const TOKEN_EXCHANGE_GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange';
export const ID_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:id_token';
export const JWT_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:jwt';
export const ACCESS_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:access_token';
export const TRUSTED_TOKEN_SECONDS = 15 * 60;

export const TokenExchangeInput = z.object({
  grant_type: z.literal(TOKEN_EXCHANGE_GRANT, { error: `grant_type must be ${TOKEN_EXCHANGE_GRANT}.` }),
  subject_token: z.string().min(1).max(8192),
  subject_token_type: z.enum([ID_TOKEN_TYPE, JWT_TOKEN_TYPE], { error: `subject_token_type must be ${ID_TOKEN_TYPE}.` }),
  /** The app whose versions the token will submit. */
  app_id: ref('app_id names the app to publish.'),
});
export const TokenExchangeResponse = z.object({
  access_token: z.string(),
  issued_token_type: z.literal(ACCESS_TOKEN_TYPE),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  scope: z.string(),
});
