/** SPEC §5 and §8 texts of the purchase record screens (verbatim), and this screen's own. */
export const recordsText = {
  title: (total: number | undefined) => (total === undefined ? 'Purchase Records' : `Purchase Records (${total})`),
  infoTitle: 'Purchase Record Information',
  invalidId: 'Invalid purchase record id provided.',
  removed: 'purchase record successfully removed',
  removeFailed: 'failed to delete the externally managed purchase record',
  updateFailed: 'failed to update the purchase record',
  createTitle: 'Create Purchase Record',
  editTitle: 'Edit Subscription',
  updated: 'Purchase record updated.',
  refundTitle: 'Refund purchase',
  refunded: (amount: string) => `Refunded ${amount}.`,
  refundFailed: 'The refund failed.',
};
