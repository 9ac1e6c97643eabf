import type { VersionStatus } from '../contract/schemas/app';

/** The palettes src/styles.css loads for badges. */
export type BadgeColor = 'gray' | 'blue' | 'amber' | 'green' | 'red' | 'orange' | 'violet' | 'cyan' | 'teal' | 'crimson' | 'jade' | 'indigo';

/** SPEC §4: each status's badge colour (a Radix Themes accent) and the display order. */
export const statusBadge: Record<VersionStatus, { label: string; color: BadgeColor }> = {
  'author-approved': { label: 'Author approved', color: 'teal' },
  draft: { label: 'Draft', color: 'gray' },
  submitted: { label: 'Submitted', color: 'blue' },
  compiling: { label: 'Compiling', color: 'amber' },
  compiled: { label: 'Compiled', color: 'cyan' },
  'compiler-error': { label: 'Compiler error', color: 'crimson' },
  reviewed: { label: 'Reviewed', color: 'orange' },
  approved: { label: 'Approved', color: 'jade' },
  unpublished: { label: 'Unpublished', color: 'violet' },
  published: { label: 'Published', color: 'green' },
  'author-rejected': { label: 'Author rejected', color: 'indigo' },
  rejected: { label: 'Rejected', color: 'red' },
};

export const statusDisplayOrder = Object.keys(statusBadge) as VersionStatus[];

/**
 * What a status means to the version's publisher, said beside the spec's name where the name alone misleads
 * ("Author approved" is the publisher's own approval: the version now waits for the marketplace's review).
 */
export const publisherMeaning: Partial<Record<VersionStatus, string>> = {
  compiled: 'ready to submit for review',
  'author-approved': 'waiting for review',
  submitted: 'waiting for review',
  reviewed: 'changes requested',
  approved: 'ready to publish',
  'author-rejected': 'withdrawn from review',
};
