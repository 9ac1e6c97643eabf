import { describe, expect, it } from 'vitest';
import { versionStatuses } from '../contract/schemas/app';
import { offeredActions, type LifecycleContext } from './app-version-lifecycle';
import { factsNeeded, noFacts, versionActionsFor } from './version-actions';

const publisher: LifecycleContext = { actor: 'publisher', isBundle: false };
const staff: LifecycleContext = { actor: 'staff', isBundle: false };
const blocked = { ...noFacts, blockedBy: 'Secrets in the package: a private key is in keys/app.pem.' };

describe('the one rule of a version’s actions', () => {
  it('with no facts in the way is the lifecycle machine, for every status and caller', () => {
    for (const status of versionStatuses) {
      for (const ctx of [publisher, staff, { actor: 'staff', isBundle: true } as const]) {
        expect(versionActionsFor(status, ctx, noFacts)).toEqual({ offered: offeredActions(status, ctx), withheld: [] });
      }
    }
  });

  it('never offers what the machine refuses, whatever the facts', () => {
    const facts = { blockedBy: 'x', incomplete: 'y', unlisted: 'y', cannotSell: 'z' };
    for (const status of versionStatuses) {
      for (const ctx of [publisher, staff]) {
        const { offered, withheld } = versionActionsFor(status, ctx, facts);
        expect([...offered, ...withheld.map((w) => w.action)].sort()).toEqual([...offeredActions(status, ctx)].sort());
      }
    }
  });

  it('holds back Submit while a check blocks the version, with the finding’s words, and offers a revision instead', () => {
    const { offered, withheld } = versionActionsFor('compiled', publisher, blocked);
    expect(offered).not.toContain('SUBMIT');
    expect(offered).toContain('UPLOAD_REVISION');
    expect(offered).toContain('REJECT'); // the publisher may withdraw it
    expect(withheld).toEqual([{ action: 'SUBMIT', code: 'blocked_by_check', reason: blocked.blockedBy }]);
  });

  it('holds back Submit, and staff’s Approve, while the listing is incomplete', () => {
    const text = 'Not ready for review: Description is required.';
    const incomplete = { ...noFacts, incomplete: text, unlisted: text };
    expect(versionActionsFor('compiled', publisher, incomplete).withheld).toEqual([{ action: 'SUBMIT', code: 'listing_incomplete', reason: text }]);
    expect(versionActionsFor('compiled', staff, incomplete).withheld).toEqual([{ action: 'APPROVE', code: 'listing_incomplete', reason: text }]);
    // An update without its change log is not submitted, but staff may approve it: the listing is complete.
    expect(versionActionsFor('compiled', staff, { ...noFacts, incomplete: 'Not ready for review: Public changes are required.' }).withheld).toEqual([]);
  });

  it('offers staff no Approve, Review or Reject on a never-submitted version a check blocks; Approve waits on a submitted one', () => {
    const never = versionActionsFor('compiled', staff, blocked);
    expect(never.offered).toEqual(expect.not.arrayContaining(['APPROVE', 'REVIEW', 'REJECT']));
    expect(never.offered).toContain('COMPILE');
    const submitted = versionActionsFor('author-approved', staff, blocked);
    expect(submitted.offered).toEqual(expect.arrayContaining(['REVIEW', 'REJECT']));
    expect(submitted.withheld.map((w) => w.action)).toEqual(['APPROVE']);
  });

  it('puts nothing before buyers that nobody could pay for', () => {
    const facts = { ...noFacts, cannotSell: 'no payout account' };
    expect(versionActionsFor('author-approved', staff, facts).withheld).toEqual([
      { action: 'APPROVE', code: 'cannot_take_payments', reason: 'no payout account' },
    ]);
    expect(versionActionsFor('approved', publisher, facts).offered).not.toContain('PUBLISH');
    expect(versionActionsFor('published', publisher, facts).offered).toContain('UNPUBLISH');
  });

  it('the server looks up only the facts that can hold an action back', () => {
    expect(factsNeeded('SUBMIT')).toEqual(['blockedBy']);
    expect(factsNeeded('APPROVE')).toEqual(['blockedBy', 'unlisted', 'cannotSell']);
    expect(factsNeeded('PUBLISH')).toEqual(['cannotSell']);
    expect(factsNeeded('UNPUBLISH')).toEqual([]);
  });
});
