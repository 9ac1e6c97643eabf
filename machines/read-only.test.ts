import { describe, expect, it } from 'vitest';
import { listingReadOnlyReason, readOnlyReason } from './read-only';

const v = (status: Parameters<typeof readOnlyReason>[1]['status']) => ({ name: 'Poll', version: '1.2.0', status, isBundle: false });

describe('which wizard steps a version lets change', () => {
  it('a live version: its listing can change, its change log is what its review saw', () => {
    for (const step of ['details', 'info', 'screenshots'] as const) expect(readOnlyReason(step, v('published'))).toBeUndefined();
    expect(readOnlyReason('changes', v('published'))).toBe(
      'Poll v1.2.0 is published: its change log is what its review saw and can no longer change. Its listing (the next steps) can; upload an update to change the rest.',
    );
  });

  it('a version waiting for review: nothing changes', () => {
    for (const step of ['changes', 'details', 'info'] as const) {
      expect(readOnlyReason(step, v('author-approved'))).toBe(
        'Poll v1.2.0 is author approved: its details can no longer change. Upload an update to change them.',
      );
    }
  });

  it('a refused version: a revision first, whichever step', () => {
    for (const step of ['changes', 'details', 'info'] as const)
      expect(readOnlyReason(step, v('rejected'))).toBe('Poll v1.2.0 is rejected: upload a revision (a package with the same version number) to change it.');
  });

  it('a live version with an update on its way: the update carries the listing, so it changes there', () => {
    expect(readOnlyReason('info', v('published'), '1.3.0')).toBe(
      'Poll v1.2.0 is published, and v1.3.0 carries its listing from here on: change the listing there.',
    );
    // Not yet submitted, the version's own listing is still its to change.
    expect(readOnlyReason('info', v('compiled'), '1.3.0')).toBeUndefined();
  });

  it('a version not yet submitted: everything changes; the upload and pricing steps are never read-only', () => {
    for (const step of ['upload', 'details', 'pricing', 'screenshots', 'changes', 'submission'] as const)
      expect(readOnlyReason(step, v('compiled'))).toBeUndefined();
  });
});

describe('the app page’s Listing section', () => {
  it('says what the wizard’s listing steps say', () => {
    expect(listingReadOnlyReason(v('published'))).toBeUndefined();
    expect(listingReadOnlyReason(v('submitted'))).toBe('Poll v1.2.0 is submitted: its details can no longer change. Upload an update to change them.');
    expect(listingReadOnlyReason(v('published'), '1.3.0')).toBe(
      'Poll v1.2.0 is published, and v1.3.0 carries its listing from here on: change the listing there.',
    );
  });
});
