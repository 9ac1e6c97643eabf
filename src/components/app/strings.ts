import type { VersionAction } from '../../../machines/app-version-lifecycle';

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
};
