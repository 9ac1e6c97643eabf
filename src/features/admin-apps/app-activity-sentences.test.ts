import { describe, expect, it } from 'vitest';
import { appActivitySentence as say } from './app-activity-sentences';

describe('the app’s activity log in sentences', () => {
  it('says each lifecycle action staff take (server/apps/lifecycle.ts) in words, with its version, the note, where it came from', () => {
    expect(say('approve', { version: '1.0.0', from: 'compiled', to: 'approved' })).toBe('Approved v1.0.0 (was compiled).');
    expect(say('approve', { version: '1.0.0', from: 'author-approved', to: 'approved' })).toBe('Approved v1.0.0 (was author approved).');
    expect(say('approve', { version: '1.0.0', from: 'submitted', to: 'approved' })).toBe('Approved v1.0.0 (was submitted).');
    expect(say('reject', { version: '4.2.1', from: 'author-approved', to: 'rejected', rejectionNote: 'The key is in the package.' })).toBe(
      'Rejected v4.2.1: “The key is in the package.”.',
    );
    expect(say('reject', { version: '4.2.1', from: 'compiled', to: 'rejected', rejectionNote: '' })).toBe('Rejected v4.2.1.');
    expect(say('review', { version: '2.0.0', from: 'compiled', to: 'reviewed', reviewedNote: 'Say why room.read is needed' })).toBe(
      'Asked for changes to v2.0.0: “Say why room.read is needed”.',
    );
    expect(say('publish', { version: '1.0.0', from: 'approved', to: 'published' })).toBe('Published v1.0.0.');
    expect(say('publish', { version: '1.0.0', from: 'unpublished', to: 'published' })).toBe('Published v1.0.0 again.');
    expect(say('unpublish', { version: '1.0.0', from: 'published', to: 'unpublished' })).toBe('Unpublished v1.0.0.');
    expect(say('compile', { version: '1.0.0', from: 'compiler-error', to: 'compiling' })).toBe('Queued a compile of v1.0.0.');
    expect(say('make-draft', { version: '1.0.0', from: 'compiled', to: 'draft' })).toBe('Marked v1.0.0 as draft (was compiled).');
  });

  it('says the demo data’s older lines too (a review note named reviewNote, no version)', () => {
    expect(say('review', { reviewNote: 'Looks good after the settings fix.' })).toBe('Asked for changes to a version: “Looks good after the settings fix.”.');
    expect(say('compile', { version: '1.0.0' })).toBe('Queued a compile of v1.0.0.');
    expect(say('approve', { version: '1.0.0' })).toBe('Approved v1.0.0.');
  });

  it('says review assignment, downloads and the one-way flags', () => {
    expect(say('review-assign', { version: '1.2.0' })).toBe('Took on the review of v1.2.0.');
    expect(say('review-unassign', { version: '1.2.0' })).toBe('Gave up the review of v1.2.0.');
    expect(say('download', { version: '1.0.0', compiled: true })).toBe('Downloaded the compiled package of v1.0.0.');
    expect(say('download', { version: '1.0.0', compiled: false })).toBe('Downloaded the source package of v1.0.0.');
    expect(say('make-premium-only', { addonTierId: 'tier-gold' })).toBe('Made the app premium-only (add-on tier tier-gold).');
    expect(say('make-premium-only', { addonTierId: '' })).toBe('Made the app premium-only.');
    expect(say('make-usage-based', { priceOverride: 0.05 })).toBe('Made the app usage-based (price override $0.05).');
    expect(say('make-usage-based', {})).toBe('Made the app usage-based.');
  });

  it('says staff’s purchase records: created, edited (each change in words), deleted, refunded', () => {
    expect(say('purchase-record-create', { purchaseId: 'p1', workspaceId: 'w1' })).toBe('Created the purchase record p1 for the workspace w1.');
    expect(
      say('purchase-record-update', {
        purchaseId: 'p1',
        status: { from: 'active', to: 'pastDue' },
        periodEnd: { from: '2026-03-02T12:00:00.000Z', to: '2026-04-02T12:00:00.000Z' },
        seats: { from: 5, to: 10 },
        externallyManaged: { from: false, to: true },
      }),
    ).toBe('Edited the purchase record p1: status active → past due, period end Mar 2, 2026 → Apr 2, 2026, seats 5 → 10, made it externally managed.');
    expect(say('purchase-record-delete', { purchaseId: 'p1', workspaceId: 'w1' })).toBe('Deleted the purchase record p1 of the workspace w1.');
    expect(say('purchase-record-refund', { purchaseId: 'p1', amount: 12.5, reason: 'Charged twice' })).toBe(
      'Refunded $12.50 of the purchase record p1: “Charged twice”.',
    );
    expect(say('purchase-record-refund', { purchaseId: 'p1', amount: 12.5, reason: 'refunded' })).toBe('Refunded $12.50 of the purchase record p1.');
  });

  it('says a code it does not know in words, with its details in words: never JSON', () => {
    expect(say('feature-app', { version: '1.0.0', from: 'a', to: 'b', sectionSlug: 'new_arrivals' })).toBe(
      'Feature app: v1.0.0, a → b, section slug “new_arrivals”.',
    );
    expect(say('set_categories', { categories: ['Productivity', 'Social'], count: 2, nested: { on: true, list: [] } })).toBe(
      'Set categories: categories Productivity, Social, count 2, nested on yes, list (none).',
    );
    expect(say('somethingNew', {})).toBe('Something new.');
    const odd = say('x', { deep: { a: { b: [1, { c: null }] } } });
    expect(odd).toBe('X: deep a b 1, c (none).');
    expect(odd).not.toMatch(/[{}"[\]]/);
  });
});
