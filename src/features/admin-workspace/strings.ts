/** SPEC §5, §6 and §8 texts of the workspace lookup (verbatim). */
export const workspaceText = {
  lookupTitle: 'Please enter a workspace id',
  invalidId: 'Invalid workspace id provided.',
  notFound: 'Invalid workspace id. No workspace found by the provided id.',
  purchasesFailed: 'Failed to load the purchases for the workspace.',
  invalidRole: 'Invalid User Role',
  invalidRoleText: 'Only system administrators may look up workspaces.',
};
