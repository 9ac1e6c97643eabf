/** SPEC strings of the app detail, verbatim. */
export const appDetailText = {
  rejected: (name: string, version: string) => `${name} v${version} is rejected!`,
  publishing: 'Publishing the app...',
  published: 'Published!',
  unpublishing: 'Unpublishing the app...',
  unpublished: 'Unpublished!',
  diagnosticsFailed: 'Sorry, something went wrong.',
  submitted: 'Submitted for review.',
};

export const actionLabels = {
  SUBMIT: 'Submit for review',
  REJECT: 'Reject',
  PUBLISH: 'Publish',
  UNPUBLISH: 'Unpublish',
  VIEW_DIAGNOSTICS: 'View Diagnostics',
} as const;
