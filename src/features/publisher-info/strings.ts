/** SPEC §2, §5, §8 texts of the Publisher Profile and the payment provider's return. */
export const infoText = {
  title: 'Publisher Profile',
  profileSaved: 'Profile successfully updated!',
  added: 'Successfully added!',
  roleChanged: 'Role changed.',
  removed: 'Developer removed.',
  addUser: 'Add User',
  changeRole: 'Change Role',
  remove: 'Remove',
  connectStripe: 'Connect Stripe',
  stripeDashboard: 'Stripe Dashboard',
  internalError: 'Internal Error',
  connecting: 'Connecting your payment account…',
  connected: 'Stripe is connected: buyers can pay for your paid apps now.',
  dashboardNewTab: 'opens in a new tab',
  dashboardBlocked: 'The browser blocked the new tab: allow pop-ups for this site, then open the Stripe Dashboard again.',
};
export const roleLabels = { owner: 'Owner', developer: 'Developer', viewer: 'Viewer' } as const;
