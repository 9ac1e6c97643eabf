import { z } from 'zod';
import { LIMITS, PageQuery, paged, tooLong } from '../common';

/**
 * The publish checks (docs/packages-and-review.md, Publish checks): run with every compile, each finding stored with its compile job. What a check
 * finds is fixed at compile time; how much it weighs (blocks submission or warns) is staff configuration, read
 * when the finding is shown or a submission is asked — a change applies to every waiting version at once.
 */
export const checkIds = [
  'secrets',
  'manifest-mismatch',
  'manifest-links',
  'new-permissions',
  'bundled-licences',
  'lowest-engine',
  // From starting the version in Apps-Engine (docs/packages-and-review.md, Runtime evidence).
  'runtime-start',
  'undeclared-permission',
  'unused-permission',
  'duplicate-command',
  'check-failed',
] as const;
export const CheckId = z.enum(checkIds);
export type CheckId = z.infer<typeof CheckId>;

/** blocks: Submit and Approve wait; warns: shown to the reviewer and the publisher; info: shown, weighs nothing. */
export const Severity = z.enum(['blocks', 'warns', 'info']);
export type Severity = z.infer<typeof Severity>;

/** What each check is called on the settings screen and beside its findings. */
export const CHECK_TITLES: Record<CheckId, string> = {
  secrets: 'Secrets in the package',
  'manifest-mismatch': 'Manifest does not match the package',
  'manifest-links': 'Manifest addresses left out',
  'new-permissions': 'New permissions',
  'bundled-licences': 'Bundled modules’ licences',
  'lowest-engine': 'Lowest supported engine',
  'runtime-start': 'Starts in Apps-Engine',
  'undeclared-permission': 'Uses an undeclared permission',
  'unused-permission': 'Declares a permission it never used while starting',
  'duplicate-command': 'A slash command another published app registers',
  'check-failed': 'A check could not run',
};

/** Until staff choose otherwise: a leaked secret or a manifest that lies about the package blocks; the rest warn. */
export const DEFAULT_SEVERITIES: Record<CheckId, Severity> = {
  secrets: 'blocks',
  'manifest-mismatch': 'blocks',
  'manifest-links': 'warns',
  'new-permissions': 'warns',
  'bundled-licences': 'warns',
  'lowest-engine': 'warns',
  'runtime-start': 'blocks',
  'undeclared-permission': 'blocks',
  'unused-permission': 'info',
  'duplicate-command': 'warns',
  'check-failed': 'warns',
};

/** Licences (SPDX ids) a bundled module may not carry until staff say otherwise. */
export const DEFAULT_DISALLOWED_LICENCES = ['AGPL-1.0', 'AGPL-3.0', 'AGPL-3.0-only', 'AGPL-3.0-or-later', 'SSPL-1.0'];

/** A finding as the compile stored it (no severity: that is configuration). */
export const StoredFinding = z.object({
  check: CheckId,
  reason: z.string(),
  file: z.string().optional(),
  line: z.number().int().optional(),
  /** For `check-failed`: the check that could not run (the finding weighs at least as much as it would). */
  of: CheckId.optional(),
});
export type StoredFinding = z.infer<typeof StoredFinding>;

/** A finding as shown: with the severity staff configured for its check. */
export const Finding = StoredFinding.extend({ severity: Severity });
export type Finding = z.infer<typeof Finding>;

/**
 * The statuses in which a version waits for staff review: an app its author submitted after it compiled
 * (`author-approved`), a bundle submitted (`submitted`).
 */
export const reviewWaitingStatuses = ['author-approved', 'submitted'] as const;
export const isWaitingForReview = (status: string) => (reviewWaitingStatuses as readonly string[]).includes(status);

/** Statuses of a version staff approved (published and unpublished ones were approved first). */
export const approvedStatuses = ['approved', 'published', 'unpublished'] as const;

/** A version waiting longer than this many hours for review is overdue: highlighted in the queue. */
export const REVIEW_TARGET_HOURS = 48;

/** Where a version stands in review, as its publisher sees it. */
export const ReviewWait = z.object({
  /** When it was submitted; null when it is not waiting for review. */
  waitingSince: z.string().nullable(),
  /** 1 = the next to be reviewed (the queue is served oldest first). */
  position: z.number().int().nullable(),
  /** Hours from now until a review is expected: the target less the time waited, never below 0. */
  expectedWithinHours: z.number().int().nullable(),
  overdue: z.boolean(),
  targetHours: z.number().int(),
});
export type ReviewWait = z.infer<typeof ReviewWait>;

/** GET …/findings/:versionId — the checks' findings on a version's current compile, and its review wait. */
export const VersionFindings = z.object({
  compileJobId: z.string(),
  /** When the checks ran (the compile finished); null while it has not. */
  checkedAt: z.string().nullable(),
  findings: z.array(Finding),
  /** The first finding that blocks submission (what Submit says); null when none does. */
  blocking: Finding.nullable(),
  review: ReviewWait,
});
export type VersionFindings = z.infer<typeof VersionFindings>;

/** GET/PUT /admin/publish-checks — how much each check weighs, and the licences bundled modules may not carry. */
export const PublishCheckSettings = z.object({
  checks: z.array(z.object({ id: CheckId, title: z.string(), severity: Severity, defaultSeverity: Severity })),
  disallowedLicences: z.array(z.string()),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type PublishCheckSettings = z.infer<typeof PublishCheckSettings>;

export const LICENCE_ID_MESSAGE = 'Licences are SPDX ids such as AGPL-3.0-only (letters, digits, . + and -).';
export const PublishCheckSettingsInput = z.object({
  severities: z.partialRecord(CheckId, Severity),
  disallowedLicences: z
    .array(
      z
        .string()
        .trim()
        .min(1, { error: LICENCE_ID_MESSAGE })
        .max(64, { error: tooLong(64) })
        .regex(/^[A-Za-z0-9.+-]+$/, { error: LICENCE_ID_MESSAGE }),
    )
    .max(50, { error: 'At most 50 licences.' }),
});
export type PublishCheckSettingsInput = z.infer<typeof PublishCheckSettingsInput>;

/** A reviewer's note may cite a finding or a line of the diff; the publisher sees them beside the note. */
export const Citation = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('finding'),
    check: CheckId,
    reason: z.string().max(LIMITS.note),
    file: z.string().max(2048).optional(),
    line: z.number().int().min(0).optional(),
  }),
  z.object({
    kind: z.literal('line'),
    path: z.string().min(1).max(2048),
    /** The line number in the old (`from`) or the new (`to`) version of the file. */
    side: z.enum(['old', 'new']),
    line: z.number().int().min(1),
    text: z.string().max(1000),
  }),
]);
export type Citation = z.infer<typeof Citation>;
export const MAX_CITATIONS = 20;

/** One version waiting for review. */
export const ReviewQueueItem = z.object({
  appId: z.string(),
  internalId: z.string(),
  appName: z.string(),
  version: z.string(),
  isBundle: z.boolean(),
  iconThumbnail: z.string(),
  publisher: z.object({ id: z.string(), label: z.string() }),
  /** None of the publisher's versions was ever approved. */
  firstTimePublisher: z.boolean(),
  status: z.string(),
  waitingSince: z.string(),
  waitingHours: z.number().int(),
  overdue: z.boolean(),
  findings: z.object({ blocks: z.number().int(), warns: z.number().int() }),
  assignee: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type ReviewQueueItem = z.infer<typeof ReviewQueueItem>;

export const reviewAssigneeFilters = ['anyone', 'me', 'nobody'] as const;
export const ReviewQueueQuery = PageQuery.extend({
  q: z.string().max(100).optional(),
  assignee: z.enum(reviewAssigneeFilters).optional(),
  overdue: z.enum(['true', 'false']).optional(),
});
export type ReviewQueueQuery = z.infer<typeof ReviewQueueQuery>;

export const ReviewQueue = paged(ReviewQueueItem).extend({
  targetHours: z.number().int(),
  /** Versions waiting longer than the target, whatever the filter. */
  overdueCount: z.number().int(),
});
export type ReviewQueue = z.infer<typeof ReviewQueue>;
