/** Toasts of the staff actions (SPEC §8 gives the publish/unpublish/reject ones; these follow their form). */
export const staffText = {
  approved: (name: string, version: string) => `${name} v${version} is approved!`,
  reviewed: (name: string, version: string) => `${name} v${version} is sent back with your review.`,
  madeDraft: (name: string, version: string) => `${name} v${version} is a draft again.`,
  compileQueued: (name: string, version: string) => `A compile of ${name} v${version} is queued.`,
};
