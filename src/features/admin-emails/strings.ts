/** SPEC §8 texts of the email templates screen, verbatim; then this screen's own texts (not in the spec). */
export const emailText = {
  title: 'Email Templates',
  saved: 'Email Template Created/Updated',
  failedTitle: 'Email Template Update Failure',
  failed: 'The email template failed to update. Check the logs.',
  /** A template whose last notification did not render (that notice was not sent). */
  renderFailedBadge: 'Last render failed',
  renderFailedTitle: (when: string) => `The last notice from this template failed to render (${when})`,
  renderFailedHelp: 'That notice was not sent. This note goes away once a notice renders from this template again.',
};
