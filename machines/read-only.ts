import type { VersionStatus } from '../contract/schemas/app';
import { contentEditable, listingEditable, listingWritable } from './app-version-lifecycle';
import { statusBadge } from './app-version-status';
import type { StepId } from './app-wizard';

/** The wizard's steps that write the version's listing (SAVE_LISTING); `changes` writes its change log (SAVE). */
const listingSteps = new Set<StepId>(['details', 'info', 'screenshots']);

type VersionFacts = { name: string; version: string; status: VersionStatus; isBundle: boolean };
const refused = (status: VersionStatus) => status === 'rejected' || status === 'author-rejected';

/**
 * Why a step's fields cannot change on this version, or undefined: the lifecycle machine decides (the server asks
 * it again on every write). A live version's listing can change; its change log is what its review saw. Edit info
 * (src/features/app-wizard) and the app page's Listing section (src/features/app-detail) say the same.
 */
export function readOnlyReason(step: StepId, v: VersionFacts, newer: string | null = null): string | undefined {
  const what = `${v.name} v${v.version} is ${statusBadge[v.status].label.toLowerCase()}`;
  const listingOpen = listingEditable(v.status, v.isBundle);
  const revise = `${what}: upload a revision (a package with the same version number) to change it.`;
  if (step === 'changes' && !contentEditable(v.status, v.isBundle)) {
    if (refused(v.status)) return revise;
    return listingOpen
      ? `${what}: its change log is what its review saw and can no longer change. Its listing (the next steps) can; upload an update to change the rest.`
      : `${what}: its details can no longer change. Upload an update to change them.`;
  }
  if (listingSteps.has(step) && !listingWritable(v.status, v.isBundle, newer)) {
    if (refused(v.status)) return revise;
    return listingOpen && newer
      ? `${what}, and v${newer} carries its listing from here on: change the listing there.`
      : `${what}: its details can no longer change. Upload an update to change them.`;
  }
  return undefined;
}

/** Why the version's listing (categories, languages, texts, screenshots) cannot change, or undefined where it can. */
export const listingReadOnlyReason = (v: VersionFacts, newer: string | null = null) => readOnlyReason('info', v, newer);
