import { z } from 'zod';
import { LIMITS, bounded, money, ref, tooLong, webUrl } from '../common';
import { isLanguageKey, languageKeys, RESERVED_CATEGORY } from './languages';
import { Citation, MAX_CITATIONS } from './review';

// The publish checks' values the SPA shows beside an app's versions (docs/packages-and-review.md, Publish checks), taken from here rather than from
// './review': a screen importing them then reaches this module too, and the bundler keeps both in one chunk (the first
// screen's code lists every chunk by name).
export { CHECK_TITLES, MAX_CITATIONS, isWaitingForReview } from './review';

/** SPEC §4: the twelve app version statuses. */
export const versionStatuses = [
  'draft',
  'submitted',
  'author-rejected',
  'author-approved',
  'reviewed',
  'rejected',
  'approved',
  'published',
  'unpublished',
  'compiling',
  'compiled',
  'compiler-error',
] as const;
export const VersionStatus = z.enum(versionStatuses);
export type VersionStatus = z.infer<typeof VersionStatus>;

export const PurchaseType = z.enum(['buy', 'subscription'], { error: 'You must select the Purchase Type.' });
export type PurchaseType = z.infer<typeof PurchaseType>;

/** A subscription plan of an app or bundle; a bundle's carries its terms too (trial days, flat price, seat tiers). */
export const PricingPlanRef = z.object({
  id: z.string(),
  strategy: z.enum(['monthly', 'yearly']),
  isPerSeat: z.boolean(),
  trialDays: z.number().int().optional(),
  price: z.number().optional(),
  tiers: z.array(z.object({ price: z.number(), perUnit: z.boolean(), minimum: z.number().int(), maximum: z.number().int() })).optional(),
});

export const AppVersion = z.object({
  id: z.string(),
  internalId: z.string(),
  name: z.string(),
  version: z.string(),
  status: VersionStatus,
  shortDescription: z.string(),
  description: z.string(),
  categories: z.array(z.string()),
  languages: z.array(z.string()),
  /** The icon as a data URL; empty in list rows, which carry only the thumbnail. */
  iconFileData: z.string(),
  /** A 64×64 thumbnail of the icon (a data URL) for lists. */
  iconThumbnail: z.string(),
  modifiedDate: z.string(),
  createdDate: z.string(),
  author: z.object({ name: z.string(), support: z.string().optional(), homepage: z.string().optional() }),
  compiled: z.boolean(),
  changesNote: z.string(),
  internalChangesNote: z.string(),
  rejectionNote: z.string(),
  reviewedNote: z.string(),
  /** What the rejection or review note cites: findings of the publish checks and lines of the diff (docs/packages-and-review.md, Review notes). */
  reviewCitations: z.array(Citation),
  privacyPolicySummary: z.string(),
  documentationUrl: z.string(),
  compileJobId: z.string(),
  isBundle: z.boolean(),
  /** Which packages the portal stores for this version (staff download them through a signed link). */
  packages: z.object({ source: z.boolean(), compiled: z.boolean() }),
  /**
   * What stands between the version and its next steps (machines/version-actions.ts), on the versions lists: a
   * blocking finding's words, what it lacks for review, and what its listing alone lacks; absent elsewhere.
   */
  facts: z.object({ blockedBy: z.string().nullable(), incomplete: z.string().nullable(), unlisted: z.string().nullable() }).optional(),
});
export type AppVersion = z.infer<typeof AppVersion>;

/**
 * Why buyers could not pay for a paid app now: its publisher has no payout account yet. Approving, publishing
 * and featuring such an app is refused with it (409 `cannot_take_payments`); its pages say it before anyone clicks.
 */
export const SALE_TEXT = {
  cannotTakePayments: 'This app is paid, and its publisher cannot take payments yet: Connect Stripe on the Publisher Info page first.',
  /** The publisher's way there (the staff's view says the same without it). */
  toConnect: 'Connect Stripe on Publisher Info',
  /** The publisher's users who cannot connect it themselves: who can. */
  askOwner: 'An owner of your publisher can connect Stripe on the Publisher Info page.',
  /** To staff: what the reason means for their buttons. */
  staffHint: 'Approving, publishing and featuring it are refused until then.',
} as const;

export const App = z.object({
  appId: z.string(),
  isBundle: z.boolean(),
  purchaseType: PurchaseType,
  price: z.number(),
  currentPricingId: z.string(),
  pricingPlans: z.array(PricingPlanRef),
  isEnterpriseOnly: z.boolean(),
  isUsageBased: z.boolean(),
  bundledIn: z.array(z.object({ bundleId: z.string(), bundleName: z.string() })),
  publisher: z.object({ id: z.string(), label: z.string() }),
  latest: AppVersion,
  /** Why buyers cannot pay for it now (`SALE_TEXT.cannotTakePayments`); null when they can, or it is free. */
  cannotSell: z.string().nullable(),
});
export type App = z.infer<typeof App>;

export const AppStats = z.object({
  totalDownloads: z.number().int(),
  purchases: z.number().int(),
  activeSubscriptions: z.number().int(),
  inactiveSubscriptions: z.number().int(),
  appVersions: z.record(z.string(), z.object({ downloads: z.number().int() })),
  /** Beyond the spec: the last 90 days (UTC), oldest first — purchases made and subscriptions active that day. */
  daily: z.array(z.object({ day: z.string(), purchases: z.number().int(), activeSubscriptions: z.number().int() })),
});

export const Diagnostic = z.object({
  message: z.string(),
  line: z.number().int(),
  character: z.number().int(),
  file: z.string().optional(),
});
export const compileJobStatuses = ['queued', 'running', 'succeeded', 'failed'] as const;
export const CompileJob = z.object({
  id: z.string(),
  internalAppId: z.string(),
  appId: z.string(),
  appName: z.string().optional(),
  appVersion: z.string().optional(),
  /** The app's publisher (the staff list of every job). */
  publisherName: z.string().optional(),
  typeScriptVersion: z.string(),
  engineVersion: z.string(),
  status: z.enum(compileJobStatuses),
  duration: z.number(),
  requestedAt: z.string(),
  finishedAt: z.string().nullable(),
  diagnostics: z.array(Diagnostic),
});

/** The reason prompt of Reject: required by the SPA's dialog and by the server alike. */
export const REJECTION_REASON_MESSAGE = 'Please provide a reason for the rejection.';
/** The note of Review (staff asks the publisher for changes): required by the dialog and the server. */
export const REVIEW_NOTE_MESSAGE = 'Please write the changes you ask of the publisher.';

/** POST /publisher/apps/{id}/status/{versionId} — a publisher-side status change. */
export const StatusChangeInput = z.object({
  status: VersionStatus,
  appId: ref(),
  versionId: ref(),
  rejectionReason: z
    .string()
    .trim()
    .max(LIMITS.note, { error: tooLong(LIMITS.note) })
    .optional(),
});

export const adminActions = ['make-draft', 'approve', 'reject', 'review', 'unpublish', 'publish', 'compile'] as const;
export const AdminAction = z.enum(adminActions);
export const AdminActionInput = z.object({
  action: AdminAction,
  rejectionReason: z
    .string()
    .trim()
    .max(LIMITS.note, { error: tooLong(LIMITS.note) })
    .optional(),
  reviewNote: z
    .string()
    .trim()
    .max(LIMITS.note, { error: tooLong(LIMITS.note) })
    .optional(),
  /** Findings and diff lines the reject or review note cites (docs/packages-and-review.md, Review notes). */
  citations: z
    .array(Citation)
    .max(MAX_CITATIONS, { error: `At most ${MAX_CITATIONS} citations.` })
    .optional(),
});

/** SPEC §5 App details. */
export const DETAILS_MESSAGES = {
  categories: 'Please select at least one category.',
  languages: 'Please indicate which language(s) your app currently supports.',
  unknownLanguage: 'Choose languages from the list.',
} as const;
export const DetailsInput = z.object({
  categories: z
    .array(
      z
        .string()
        .trim()
        .min(1)
        .max(LIMITS.name)
        .refine((c) => c !== RESERVED_CATEGORY, { error: `${RESERVED_CATEGORY} is not a category you can choose.` }),
    )
    .min(1, { error: DETAILS_MESSAGES.categories })
    .max(10),
  languages: z
    .array(z.string().refine(isLanguageKey, { error: DETAILS_MESSAGES.unknownLanguage }))
    .min(1, { error: DETAILS_MESSAGES.languages })
    .max(languageKeys.length),
});

export const SHORT_DESCRIPTION = { min: 10, max: 45, inputMaxLength: 50 } as const;
/** SPEC §5 Screenshots and info. */
export const InfoInput = z.object({
  shortDescription: z
    .string({ error: 'Please provide a concise short description (max of 45 characters).' })
    .trim()
    .min(1, { error: 'Please provide a concise short description (max of 45 characters).', abort: true })
    .min(SHORT_DESCRIPTION.min, {
      error: 'While the short description must be short, it needs to provide value to the customer (more than 10 characters).',
    })
    .max(SHORT_DESCRIPTION.max, { error: 'The short description must be no more than 45 characters.' }),
  description: z
    .string({ error: 'Description is required.' })
    .trim()
    .min(1, { error: 'Description is required.' })
    .max(LIMITS.text, { error: tooLong(LIMITS.text) }),
  privacyPolicySummary: z
    .string({ error: 'Privacy Policy Summary is required.' })
    .trim()
    .min(1, { error: 'Privacy Policy Summary is required.' })
    .max(LIMITS.note, { error: tooLong(LIMITS.note) }),
  documentationUrl: webUrl("You must provide a url to your app's documentation."),
});

/** SPEC §5 Changelog. */
export const ChangesInput = z.object({
  changesNote: z
    .string({ error: 'Public changes are required.' })
    .trim()
    .min(1, { error: 'Public changes are required.' })
    .max(LIMITS.text, { error: tooLong(LIMITS.text) }),
  internalChangesNote: z
    .string({ error: 'Internal changes are required.' })
    .trim()
    .min(1, { error: 'Internal changes are required.' })
    .max(LIMITS.text, { error: tooLong(LIMITS.text) }),
});

type VersionForReview = z.input<typeof DetailsInput> & z.input<typeof InfoInput> & z.input<typeof ChangesInput>;

/**
 * What a version lacks before it can be submitted, by the wizard's own rules (the server's submit asks the same):
 * its details and listing, and for an update (`isUpdate`) what changed. Each field once, with its message.
 */
export function submissionGaps(v: VersionForReview, isUpdate: boolean): { path: string; message: string }[] {
  const checks = [DetailsInput.safeParse(v), InfoInput.safeParse(v), ...(isUpdate ? [ChangesInput.safeParse(v)] : [])];
  const seen = new Set<string>();
  return checks
    .flatMap((c) => (c.success ? [] : c.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }))))
    .filter((g) => !seen.has(g.path) && seen.add(g.path));
}

/** The words of a version's gaps, as its actions say why Submit for review waits (null when it is ready). */
export const incompleteText = (gaps: { message: string }[]): string | null =>
  gaps.length ? `Not ready for review: ${gaps.map((g) => g.message.replace(/\.?$/, '.')).join(' ')}` : null;

/**
 * A description or change log is Markdown, rendered once when it is saved (server/catalog/markdown/markdown.ts):
 * one that cannot be rendered within the renderer's limits — nested deeper than `depth`, or taking too long — is
 * refused at save with one of these reasons (`what`: "description", "change log").
 */
export const MARKDOWN_LIMITS = { depth: 20 } as const;
export const MARKDOWN_TEXT = {
  block: (what: string) => `The ${what} nests quotes or lists more than ${MARKDOWN_LIMITS.depth} levels deep; flatten it.`,
  inline: (what: string) => `The ${what} nests links, brackets or emphasis more than ${MARKDOWN_LIMITS.depth} levels deep; simplify it.`,
  complex: (what: string) => `The ${what} is nested too deeply to format; flatten its quotes, lists and emphasis.`,
  time: (what: string) => `The ${what} took too long to format; simplify its emphasis and links.`,
  busy: (what: string) => `Other texts of this publisher are still being formatted; save the ${what} again in a moment.`,
} as const;

/** One of a version's screenshots, in its listing's order (`position`, 0 first; contract/schemas/listing.ts). */
export const Screenshot = z.object({
  id: z.string(),
  appId: z.string(),
  fileName: z.string(),
  thumbnailUrl: z.string(),
  /** The line shown under it ('' for none). */
  caption: z.string(),
  position: z.number().int(),
});

/** One file (bytes on the server, a Blob in the browser); sizes and contents are the upload service's to check. */
const oneFile = (message: string) =>
  z.custom<Blob | Uint8Array>((v) => v instanceof Uint8Array || (typeof Blob !== 'undefined' && v instanceof Blob), { error: message });
export const PACKAGE_FIELD_MESSAGE = 'Upload exactly one .zip file in the field "app".';

/**
 * The bounds of a package's app.json (server/apps/packages/manifest.ts): the file as a whole, and each text
 * field as the wizard bounds the same field (`LIMITS`); file paths and list lengths where the wizard has none.
 */
export const MANIFEST_LIMITS = { bytes: 64 * 1024, path: 1_024, listItems: 100 } as const;
export const MANIFEST_TEXT = {
  tooLarge: `app.json is larger than ${MANIFEST_LIMITS.bytes / 1024} KB: keep its description under ${/* @__PURE__ */ LIMITS.text.toLocaleString('en-US')} characters and remove what Rocket.Chat does not read.`,
  tooLong: (field: string, max: number) => `${field} must be no more than ${max.toLocaleString('en-US')} characters.`,
  tooMany: (field: string, max: number) => `${field} may have at most ${max} entries.`,
  duplicateEntry: (name: string) => `The package has more than one entry named ${name}: zip each file once.`,
} as const;
/**
 * A multipart form's parts, for the OpenAPI document and the typed client. The server reads the parts
 * itself, after authorization and within each route's limits, so the body it validates is empty.
 */
export const multipartForm = <T extends z.ZodRawShape>(shape: T) => z.object(shape).optional();
export const AppPackageUpload = multipartForm({ app: oneFile(PACKAGE_FIELD_MESSAGE) });
export const ScreenshotsUpload = multipartForm({ screenshots: z.unknown() });

/**
 * What Rocket.Chat's Apps CLI sends (`rc-apps submit`, @rocket.chat/apps-cli 1.9.0 lib/commands/submit.js):
 * the package in `app`, `categories` as a JSON list of category titles, and on updates `changes`, the note.
 */
export const SUBMISSION_TEXT = {
  categoriesInvalid: 'categories must be a JSON list of category titles, such as ["Productivity"].',
  unknownCategories: (titles: string[]) => `Unknown categories: ${titles.join(', ')}.`,
} as const;
export const SubmissionUpload = multipartForm({ app: oneFile(PACKAGE_FIELD_MESSAGE), categories: z.string().optional(), changes: z.string().optional() });
/** The categories part, once parsed: 1 to 20 titles. */
export const SubmissionCategories = z
  .array(z.string().trim().min(1).max(100), { error: SUBMISSION_TEXT.categoriesInvalid })
  .max(20, { error: SUBMISSION_TEXT.categoriesInvalid });
export const SubmissionResult = z.object({
  app: App,
  version: AppVersion,
  compileJob: CompileJob,
  /** Where the publisher finishes the version in the portal (details, pricing, screenshots) and submits it. */
  portalUrl: z.string(),
});

export const UsageRecord = z.object({
  id: z.string(),
  workspaceLabel: z.string(),
  billingCycleId: z.string(),
  items: z.array(z.object({ price: z.number(), quantity: z.number().optional(), description: z.string().optional() })),
  createdDate: z.string(),
});
export const ActivityLog = z.object({
  id: z.string(),
  userExtra: z.object({ id: z.string(), name: z.string() }),
  action: z.string(),
  when: z.string(),
  actionExtra: z.record(z.string(), z.unknown()),
});

export const EnterpriseOnlyInput = z.object({ enterpriseOnly: z.literal(true), addonTierId: bounded(LIMITS.id).default('') });
export const UsageBasedInput = z.object({ priceOverride: money('The price override must be a number.', 'The price override can not be negative.').optional() });
export const Secret = z.object({ secret: z.string() });
export const DownloadQuery = z.object({ secret: bounded(512), compiled: z.enum(['true', 'false']).optional() });
export const DownloadResponse = z.object({ url: z.string() });
