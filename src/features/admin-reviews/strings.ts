import type { Severity } from '../../../contract/schemas/review';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** How long a version has waited, from whole hours: '3 days 2 hours', '1 day', '5 hours', 'Less than an hour'. */
export function waitingText(hours: number): string {
  if (hours < 1) return 'Less than an hour';
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  return [days > 0 && plural(days, 'day'), rest > 0 && plural(rest, 'hour')].filter(Boolean).join(' ');
}

/** A version's findings counted: '1 blocking · 2 warnings', 'None'. */
export function findingsText({ blocks, warns }: { blocks: number; warns: number }): string {
  return [blocks > 0 && `${blocks} blocking`, warns > 0 && plural(warns, 'warning')].filter(Boolean).join(' · ') || 'None';
}

export const severityLabels: Record<Severity, string> = { blocks: 'Blocks submission', warns: 'Warns', info: 'Note only' };

export const reviewText = {
  title: 'Reviews',
  summary: (total: number, overdue: number, target: number) => `${total} waiting · ${overdue} over the ${target}-hour target`,
  overdue: (target: number) => `Over ${target} hours`,
  firstTime: 'First-time publisher',
  unassigned: 'Unassigned',
  assign: 'Assign to me',
  unassign: 'Unassign',
  loading: 'Loading the review queue…',
  emptyTitle: 'Nothing to review',
  empty: 'No versions are waiting for review.',
  noMatchTitle: 'No matching versions',
  noMatch: 'No waiting version matches these filters.',
  assigned: (name: string) => `You review ${name} now.`,
  released: (name: string) => `${name} is unassigned.`,
  checksTitle: 'Publish checks',
  checksIntro:
    'Every compile runs these checks. A finding of a check that blocks submission stops the publisher from submitting the version until they fix it; one that warns is shown as a warning; a note only is shown and weighs nothing.',
  defaultSeverity: (label: string) => `default: ${label}`,
  licences: 'Disallowed licences',
  licencesHint: 'SPDX ids, separated by commas or new lines; a bundled module under one of them is a finding.',
  save: 'Save',
  saved: 'The publish checks are saved.',
  lastSaved: (when: string, by: string | null) => (by ? `Last saved ${when} by ${by}.` : `Last saved ${when}.`),
  checksLoading: 'Loading the publish checks…',
  severitiesCaption: 'How much each check weighs',
  checkColumn: 'Check',
  severityColumn: 'Severity',
  noLicences: 'No licences are disallowed: a bundled module under any licence is not a finding.',
  editChecks: 'Edit publish checks',
  editorLoading: 'Loading the publish checks’ editor…',
  cancel: 'Cancel',
};
