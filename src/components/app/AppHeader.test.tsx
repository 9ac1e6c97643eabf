import { cleanup, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../../tests/render';
import { AppHeader } from './AppHeader';
import { PricesTable } from './PricesTable';
import { priceSummary } from './price-summary';

const version = {
  id: 'v1',
  internalId: 'v1',
  name: 'Standup Helper',
  version: '1.0.0',
  status: 'compiled' as const,
  shortDescription: 'Standups',
  description: 'Daily.',
  categories: [] as string[],
  languages: [],
  iconFileData: '',
  modifiedDate: '2026-11-01T00:00:00Z',
  createdDate: '2026-11-01T00:00:00Z',
  author: { name: 'N' },
  compiled: true,
  changesNote: '',
  internalChangesNote: '',
  rejectionNote: '',
  reviewedNote: '',
  privacyPolicySummary: '',
  documentationUrl: '',
  compileJobId: 'j1',
  isBundle: false,
  packages: { source: true, compiled: true },
};
const app = {
  appId: 'a1',
  isBundle: false,
  purchaseType: 'buy' as const,
  price: 0,
  currentPricingId: 'p0',
  pricingPlans: [],
  isEnterpriseOnly: false,
  isUsageBased: false,
  bundledIn: [] as { bundleId: string; bundleName: string }[],
  publisher: { id: 'p', label: 'N' },
  latest: version,
};
const term = { enabled: false, price: 0, stripePriceId: '', isSeatBased: false, tiers: [] };
const free = {
  id: 'p0',
  appId: 'a1',
  name: 'Free',
  type: 'free' as const,
  active: true,
  buyPrice: 0,
  monthly: term,
  yearly: term,
  trialEnabled: false,
  trialDuration: 0,
  createdDate: '2026-11-01T00:00:00Z',
  actives: 0,
};

describe('the app header', () => {
  it('shows the purchase type without a separator before it when there is no category', async () => {
    await renderScreen(() => <AppHeader app={app as never} onStats={vi.fn()} />);
    expect(await screen.findByText('Free')).toBeInTheDocument();
    expect(screen.queryByText(/·/)).toBeNull();
  });

  it('separates the categories from the purchase type and bundles', async () => {
    await renderScreen(() => (
      <AppHeader
        app={{ ...app, latest: { ...version, categories: ['Social'] }, bundledIn: [{ bundleId: 'b', bundleName: 'Pack' }] } as never}
        onStats={vi.fn()}
      />
    ));
    expect(await screen.findByText('· Free · In Pack')).toBeInTheDocument();
  });

  it('links into Reports filtered to the app: the publisher’s, or on an Administration page the marketplace’s', async () => {
    await renderScreen(() => <AppHeader app={app as never} onStats={vi.fn()} />, '/publisher/apps/a1');
    expect((await screen.findByRole('link', { name: 'Reports' })).getAttribute('href')).toBe('/publisher/reports?app=a1');
    cleanup();
    await renderScreen(() => <AppHeader app={app as never} onStats={vi.fn()} />, '/publisher/admin/apps/a1');
    expect((await screen.findByRole('link', { name: 'Reports' })).getAttribute('href')).toBe('/publisher/admin/reports?app=a1');
  });
});

describe('the prices table', () => {
  it('names a free price once, with its status in its own column', async () => {
    await renderScreen(() => (
      <PricesTable prices={[free as never, { ...free, id: 'p1', name: 'One-time', type: 'buy', buyPrice: 9, active: false } as never]} />
    ));
    expect(await screen.findByRole('rowheader', { name: 'Free' })).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'One-time · $9.00 one-time' })).toBeInTheDocument();
    expect(priceSummary(free as never)).toBe('Free (Active)');
  });
});
