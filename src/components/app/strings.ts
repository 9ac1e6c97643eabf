import type { VersionAction } from '../../../machines/app-version-lifecycle';
import type { Withheld } from '../../../machines/version-actions';

/** SPEC strings of the app detail, verbatim. */
export const appText = {
  rejected: (name: string, version: string) => `${name} v${version} is rejected!`,
  publishing: 'Publishing the app...',
  published: 'Published!',
  unpublishing: 'Unpublishing the app...',
  unpublished: 'Unpublished!',
  diagnosticsFailed: 'Sorry, something went wrong.',
  submitted: 'Submitted for review.',
};

/** Labels of the version actions of the lifecycle machine (SPEC §4 wording where it has one). */
export const actionLabels = {
  EDIT: 'Edit',
  SUBMIT: 'Submit for review',
  REVIEW: 'Review',
  APPROVE: 'Approve',
  REJECT: 'Reject',
  MAKE_DRAFT: 'Mark as draft',
  PUBLISH: 'Publish',
  UNPUBLISH: 'Unpublish',
  UPLOAD_REVISION: 'Upload Revision',
  VIEW_DIAGNOSTICS: 'View Diagnostics',
  EDIT_INFO: 'Edit info',
  COMPILE: 'Queue compile',
} as const satisfies Record<VersionAction, string>;

/** A line of help under an action whose spec name misleads its publisher (SPEC's button texts stay verbatim). */
export const publisherActionHelp: Partial<Record<VersionAction, string>> = {
  REJECT: 'Reject withdraws this version from review.',
  UPLOAD_REVISION: 'Upload Revision replaces the package with one of the same version number and runs the checks again.',
};

/** Why actions are not offered on a version (the one rule of its actions held them back for one reason). */
export function withheldText(held: Withheld[]) {
  const names = held.map((w) => actionLabels[w.action]);
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0];
  return `${list} ${names.length > 1 ? 'wait' : 'waits'} — ${held[0]!.reason}`;
}
