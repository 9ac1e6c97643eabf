import { describe, expect, it } from 'vitest';
import type { appVersions } from '../../db/schema';
import { listingFrom } from './listing';

const previous = (o: Partial<typeof appVersions.$inferSelect>) =>
  ({
    categories: ['Productivity'],
    languages: ['en'],
    privacyPolicySummary: 'Nothing leaves the workspace.',
    documentationUrl: 'https://example.com/docs',
    manifest: { description: 'Old manifest text.' },
    shortDescription: 'Old manifest text.',
    description: 'Old manifest text.',
    descriptionHtml: '<p>Old manifest text.</p>',
    ...o,
  }) as typeof appVersions.$inferSelect;

describe('the listing a new version starts from', () => {
  it('is the manifest’s for a new app', () => {
    expect(listingFrom(undefined, 'A new app.')).toEqual({ fields: { shortDescription: 'A new app.', description: 'A new app.' }, descriptionHtml: null });
  });

  it('carries what the publisher wrote, and follows the new manifest where they never wrote a description', () => {
    const untouched = listingFrom(previous({}), 'New manifest text.');
    expect(untouched.fields).toEqual({
      categories: ['Productivity'],
      languages: ['en'],
      privacyPolicySummary: 'Nothing leaves the workspace.',
      documentationUrl: 'https://example.com/docs',
      shortDescription: 'New manifest text.',
      description: 'New manifest text.',
    });
    expect(untouched.descriptionHtml).toBeNull();
    const written = listingFrom(previous({ shortDescription: 'Mine, short', description: 'Mine, long.', descriptionHtml: '<p>Mine, long.</p>' }), 'New.');
    expect(written.fields).toMatchObject({ shortDescription: 'Mine, short', description: 'Mine, long.' });
    expect(written.descriptionHtml).toEqual({ descriptionHtml: '<p>Mine, long.</p>' });
  });
});
