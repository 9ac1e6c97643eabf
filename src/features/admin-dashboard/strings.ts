export const accessText = {
  invalidAccessTitle: 'Invalid Access Level',
  invalidAccess: (what: string) =>
    `It appears you do not have access to read the system ${what}. If you believe this to be incorrect, please contact the Cloud Team.`,
};
