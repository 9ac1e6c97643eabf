/** SPEC §8 texts of the email templates screen, verbatim. */
export const emailText = {
  title: 'Email Templates',
  saved: 'Email Template Created/Updated',
  failedTitle: 'Email Template Update Failure',
  failed: 'The email template failed to update. Check the logs.',
};
