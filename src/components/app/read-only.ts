import type { VersionStatus } from '../../../contract/schemas/app';
import { contentEditable, listingEditable } from '../../../machines/app-version-lifecycle';
import { statusBadge } from '../../../machines/app-version-status';
import type { StepId } from '../../../machines/app-wizard';

/** The wizard's steps that write the version's listing (SAVE_LISTING); `changes` writes its change log (SAVE). */
const listingSteps = new Set<StepId>(['details', 'info', 'screenshots']);

type VersionFacts = { name: string; version: string; status: VersionStatus; isBundle: boolean };

/**
 * Why a step's fields cannot change on this version, or undefined: the lifecycle machine decides (the server asks
 * it again on every write). A live version's listing can change; its change log is what its review saw. Edit info
 * (src/features/app-wizard) and the app page's Listing section (src/features/app-detail) say the same.
 */
export function readOnlyReason(step: StepId, v: VersionFacts): string | undefined {
  const what = `${v.name} v${v.version} is ${statusBadge[v.status].label.toLowerCase()}`;
  const listingOpen = listingEditable(v.status, v.isBundle);
  if (step === 'changes' && !contentEditable(v.status, v.isBundle)) {
    return listingOpen
      ? `${what}: its change log is what its review saw and can no longer change. Its listing (the next steps) can; upload an update to change the rest.`
      : `${what}: its details can no longer change. Upload an update to change them.`;
  }
  if (listingSteps.has(step) && !listingOpen) {
    return v.status === 'rejected' || v.status === 'author-rejected'
      ? `${what}: upload a revision (a package with the same version number) to change it.`
      : `${what}: its details can no longer change. Upload an update to change them.`;
  }
  return undefined;
}

/** Why the version's listing (categories, languages, texts, screenshots) cannot change, or undefined where it can. */
export const listingReadOnlyReason = (v: VersionFacts) => readOnlyReason('info', v);
