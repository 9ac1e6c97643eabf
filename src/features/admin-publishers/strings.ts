/** SPEC §2, §5, §8 texts of the admin publisher screens. */
export const publishersText = {
  title: 'Publishers',
  edit: 'Edit Publisher',
  contact: 'Contact Publisher',
  emailSent: (publisher: string) => `Email successfully sent to: ${publisher}!`,
  saved: 'Publisher saved.',
  developerSaved: 'Developer saved.',
  payout: 'Payout',
  paidOut: (amount: string, expected: string) => `Paid out ${amount}: expected to arrive ${expected}.`,
};
export const flagLabels = {
  canCreatePaidApps: 'Can create paid apps',
  canCreateBundles: 'Can create bundles',
  canUseNPMModules: 'Can use NPM modules',
  canUseWebhooks: 'Can use webhooks',
} as const;
export const systemRoleLabels = { user: 'User', viewer: 'Viewer', support: 'Support', reviewer: 'Reviewer', admin: 'Admin' } as const;
