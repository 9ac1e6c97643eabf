import type { VersionStatus } from '../contract/schemas/app';
import { offeredActions, type LifecycleContext, type VersionAction } from './app-version-lifecycle';

/**
 * What besides its status decides a version's actions (docs/packages-and-review.md, A version's actions):
 * each null where nothing stands in the way, else the words that say what does.
 */
export type VersionFacts = {
  /** A publish check's blocking finding on the version's current compile: its check and reason. */
  blockedBy: string | null;
  /** What the version lacks for review (the wizard's rules: the listing, and an update's change log), for SUBMIT. */
  incomplete: string | null;
  /** What the listing alone lacks (categories, languages, texts): nothing is approved for buyers without it. */
  unlisted: string | null;
  /** Why buyers could not pay for the app now (`App.cannotSell`). */
  cannotSell: string | null;
};

export const noFacts: VersionFacts = { blockedBy: null, incomplete: null, unlisted: null, cannotSell: null };

/** An action the machine allows but the facts hold back: the refusal's code and reason (the server's 409). */
export type Withheld = { action: VersionAction; code: 'blocked_by_check' | 'listing_incomplete' | 'cannot_take_payments'; reason: string };

/** The actions that put a version before buyers: none while nobody could pay for the app. */
const towardBuyers: ReadonlySet<VersionAction> = new Set(['APPROVE', 'PUBLISH']);
/** What staff judge: nothing a blocking finding stops before it reached them (a version never submitted). */
const judging: ReadonlySet<VersionAction> = new Set(['APPROVE', 'REVIEW', 'REJECT']);

/** Why `action` is held back on a version in `status`, or null (the machine's own refusals aside). */
function holdBack(action: VersionAction, status: VersionStatus, ctx: LifecycleContext, facts: VersionFacts): Withheld | null {
  if (action === 'SUBMIT' && facts.blockedBy) return { action, code: 'blocked_by_check', reason: facts.blockedBy };
  if (action === 'SUBMIT' && facts.incomplete) return { action, code: 'listing_incomplete', reason: facts.incomplete };
  // Nothing reaches buyers without what they read first (staff may judge a version its publisher never submitted).
  if (action === 'APPROVE' && facts.unlisted) return { action, code: 'listing_incomplete', reason: facts.unlisted };
  // Staff never judge a version its publisher could not submit; nor approve one a check blocks.
  if (ctx.actor === 'staff' && facts.blockedBy && (action === 'APPROVE' || (status === 'compiled' && judging.has(action)))) {
    return { action, code: 'blocked_by_check', reason: facts.blockedBy };
  }
  if (towardBuyers.has(action) && facts.cannotSell) return { action, code: 'cannot_take_payments', reason: facts.cannotSell };
  return null;
}

/**
 * The one rule for a version's actions, for one caller: what the lifecycle machine allows for the status and the
 * caller's kind, less what the facts hold back (with why). The SPA offers `offered`; the server refuses an action in
 * `withheld` with its code and reason, and one the machine refuses with `invalid_transition`.
 */
export function versionActionsFor(status: VersionStatus, ctx: LifecycleContext, facts: VersionFacts): { offered: VersionAction[]; withheld: Withheld[] } {
  const offered: VersionAction[] = [];
  const withheld: Withheld[] = [];
  for (const action of offeredActions(status, ctx)) {
    const held = holdBack(action, status, ctx, facts);
    if (held) withheld.push(held);
    else offered.push(action);
  }
  return { offered, withheld };
}

/**
 * The facts the server looks up before it decides `action` (the others cannot hold it back). Submit refuses an
 * incomplete version before it asks the rule, with a 400 naming each field.
 */
export const factsNeeded = (action: VersionAction): (keyof VersionFacts)[] => [
  ...(action === 'SUBMIT' || judging.has(action) ? (['blockedBy'] as const) : []),
  ...(action === 'APPROVE' ? (['unlisted'] as const) : []),
  ...(towardBuyers.has(action) ? (['cannotSell'] as const) : []),
];
