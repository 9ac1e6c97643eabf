/** Toasts of the staff actions (SPEC §8 gives the publish/unpublish/reject ones; these follow their form). */
export const staffText = {
  approved: (name: string, version: string) => `${name} v${version} is approved!`,
  reviewed: (name: string, version: string) => `${name} v${version} is sent back with your review.`,
  madeDraft: (name: string, version: string) => `${name} v${version} is a draft again.`,
  compileQueued: (name: string, version: string) => `A compile of ${name} v${version} is queued.`,
};

/** The Reject and Review dialogs' citations (docs/packages-and-review.md, Review notes): findings of the publish checks and lines picked in the diff. */
export const citeText = {
  findings: 'Cite findings of the publish checks',
  lines: 'Cite lines of the changes',
  linesList: 'Lines cited',
  noLines: 'No lines picked. To cite one, close this and press its number in the changes below.',
  remove: (line: string) => `Remove ${line}`,
  tooMany: (max: number) => `At most ${max} citations.`,
};

/** What the publisher wrote for the review of a version (the wizard's change log and internal note, the listing, the screenshots). */
export const submittedText = {
  title: (version: string) => `What the publisher submitted with v${version}`,
  changes: 'Change log (shown to buyers)',
  internal: 'Notes for the reviewers only',
  privacy: 'Privacy policy summary',
  documentation: 'Documentation',
  categories: 'Categories',
  languages: 'Languages',
  screenshots: 'Screenshots',
  none: 'Not written',
  noScreenshots: 'No screenshots.',
  screenshotsFailed: 'The screenshots could not be loaded.',
  screenshot: (fileName: string) => `Screenshot ${fileName}`,
};
