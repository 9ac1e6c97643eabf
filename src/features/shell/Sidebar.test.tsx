import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../tests/render';
import type { Checks } from '../../lib/access';
import { Sidebar } from './Sidebar';

const everything: Checks = { can: () => true } as unknown as Checks;
const config = {
  cloudUrl: '',
  authorizeUrl: '',
  cloudClientId: '',
  marketplaceUrl: '',
  productName: 'Rocket',
  supportEmail: '',
  termsUrl: '/terms',
  privacyUrl: '/privacy',
};

describe('the sidebar', () => {
  it('links every screen the user may read; entries the publisher may not use are disabled', async () => {
    await renderScreen(() => <Sidebar checks={everything} publisher={null} config={config} signedIn />);
    const publisherNav = await screen.findByRole('navigation', { name: 'Publisher' });
    // Built screens: real links.
    expect(within(publisherNav).getByRole('link', { name: 'Apps' }).getAttribute('href')).toBe('/publisher/apps');
    expect(within(publisherNav).getByRole('link', { name: 'Profile' }).getAttribute('href')).toBe('/publisher/profile');
    expect(within(publisherNav).getByRole('link', { name: 'Publisher Info' }).getAttribute('href')).toBe('/publisher/info');
    // Purchases needs a publisher: without one it is shown disabled.
    expect(within(publisherNav).queryByRole('link', { name: /Purchases/ })).toBeNull();
    expect(within(publisherNav).getByText('Purchases').closest('[aria-disabled="true"]')).not.toBeNull();
    // So does Reports.
    expect(within(publisherNav).queryByRole('link', { name: /Reports/ })).toBeNull();
    expect(within(publisherNav).getByText('Reports').closest('[aria-disabled="true"]')).not.toBeNull();
    // Webhooks needs a publisher that may use them.
    expect(within(publisherNav).queryByRole('link', { name: /Webhooks/ })).toBeNull();
    expect(within(publisherNav).getByText('Webhooks').closest('[aria-disabled="true"]')).not.toBeNull();
    // Bundles needs a publisher allowed to create them.
    expect(within(publisherNav).queryByRole('link', { name: /Bundles/ })).toBeNull();
    expect(within(publisherNav).getByText('Bundles').closest('[aria-disabled="true"]')).not.toBeNull();
    const admin = screen.getByRole('navigation', { name: 'Administration' });
    expect(within(admin).getByRole('link', { name: 'Bundles' }).getAttribute('href')).toBe('/publisher/admin/bundles');
    expect(within(admin).getByRole('link', { name: 'Compile Jobs' }).getAttribute('href')).toBe('/publisher/admin/jobs');
    expect(within(admin).getByRole('link', { name: 'Email Templates' }).getAttribute('href')).toBe('/publisher/admin/emails');
    expect(within(admin).getByRole('link', { name: 'Purchase Records' }).getAttribute('href')).toBe('/publisher/admin/purchases');
    expect(within(admin).getByRole('link', { name: 'Reports' }).getAttribute('href')).toBe('/publisher/admin/reports');
    expect(within(admin).getByRole('link', { name: 'Workspace' }).getAttribute('href')).toBe('/publisher/admin/workspace');
    const hrefs = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(hrefs.filter((h) => h?.startsWith('/publisher'))).toEqual([
      '/publisher/info',
      '/publisher/profile',
      '/publisher/apps',
      '/publisher/admin',
      '/publisher/admin/reports',
      '/publisher/admin/apps',
      '/publisher/admin/reviews',
      '/publisher/admin/bundles',
      '/publisher/admin/publishers',
      '/publisher/admin/purchases',
      '/publisher/admin/workspace',
      '/publisher/admin/emails',
      '/publisher/admin/jobs',
      '/publisher/admin/categories',
      '/publisher/admin/featured',
    ]);
  });

  it('links Reviews only to staff who may update apps (reviewers, admins), not to read-only staff', async () => {
    const readOnly = { can: (_feature: string, permission: string) => permission === 'read' } as unknown as Checks;
    await renderScreen(() => <Sidebar checks={readOnly} publisher={null} config={config} signedIn />);
    const admin = await screen.findByRole('navigation', { name: 'Administration' });
    expect(within(admin).getByRole('link', { name: 'Apps' })).toBeInTheDocument();
    expect(within(admin).queryByRole('link', { name: 'Reviews' })).toBeNull();
  });

  it('links Reviews to staff who may update apps', async () => {
    await renderScreen(() => <Sidebar checks={everything} publisher={null} config={config} signedIn />);
    const admin = await screen.findByRole('navigation', { name: 'Administration' });
    expect(within(admin).getByRole('link', { name: 'Reviews' }).getAttribute('href')).toBe('/publisher/admin/reviews');
  });

  it('links Webhooks for a publisher that may use them', async () => {
    const publisher = { _id: 'p', name: 'Northwind', canUseWebhooks: true, canCreateBundles: false } as unknown as Parameters<typeof Sidebar>[0]['publisher'];
    await renderScreen(() => <Sidebar checks={everything} publisher={publisher} config={config} signedIn />);
    const publisherNav = await screen.findByRole('navigation', { name: 'Publisher' });
    expect(within(publisherNav).getByRole('link', { name: 'Webhooks' }).getAttribute('href')).toBe('/publisher/webhooks');
    expect(within(publisherNav).getByRole('link', { name: 'Reports' }).getAttribute('href')).toBe('/publisher/reports');
    expect(within(publisherNav).queryByRole('link', { name: /Bundles/ })).toBeNull();
  });

  it('links Bundles for a publisher allowed to create them', async () => {
    const publisher = { _id: 'p', name: 'Northwind', canUseWebhooks: false, canCreateBundles: true } as unknown as Parameters<typeof Sidebar>[0]['publisher'];
    await renderScreen(() => <Sidebar checks={everything} publisher={publisher} config={config} signedIn />);
    const publisherNav = await screen.findByRole('navigation', { name: 'Publisher' });
    expect(within(publisherNav).getByRole('link', { name: 'Bundles' }).getAttribute('href')).toBe('/publisher/bundles');
  });
});
