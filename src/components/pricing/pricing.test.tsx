import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, stubFetch } from '../../../tests/render';
import { ChangePricingDrawer } from './ChangePricingDrawer';
import { NewPlanDrawer } from './NewPlanDrawer';

afterEach(() => vi.unstubAllGlobals());

const latest = { id: 'v1', name: 'Standup Bot', version: '2.0.0' };
const appOf = (purchaseType: 'buy' | 'subscription', price: number, currentPricingId = 'p1') =>
  ({
    appId: 'a1',
    isBundle: false,
    purchaseType,
    price,
    currentPricingId,
    pricingPlans: [],
    isEnterpriseOnly: false,
    isUsageBased: false,
    bundledIn: [],
    publisher: { id: 'p', label: 'N' },
    latest,
  }) as never;
const term = { enabled: true, price: 4, stripePriceId: '', isSeatBased: false, tiers: [] };
const plan = {
  id: 'p1',
  name: 'Team',
  type: 'subscription' as const,
  active: true,
  buyPrice: 0,
  monthly: term,
  yearly: { ...term, price: 40 },
  trialEnabled: false,
  trialDuration: 0,
  referenceEnabled: false,
  referenceId: '',
  createdDate: '2026-01-01T00:00:00Z',
  unique: false,
  actives: 3,
};

describe('Change Pricing', () => {
  it('enables Save once something changed, and gives the one-time price and plan messages', async () => {
    stubFetch({});
    const user = userEvent.setup();
    await renderScreen(() => <ChangePricingDrawer app={appOf('buy', 0)} prices={[]} activeSubscriptions={0} canCreatePaidApps onClose={vi.fn()} />);
    const save = await screen.findByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'One-time' }));
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    expect(screen.getByText('Please set the price for the one-time purchase.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Price (USD)'), '0');
    await user.click(save);
    expect(screen.getByText('Purchase price must be a number and must be greater than zero.')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Subscription' }));
    await user.click(save);
    expect(screen.getByText('You must select an active pricing plan.')).toBeInTheDocument();
  });

  it('asks how many subscriptions a move to free cancels, then sends the confirmation', async () => {
    const calls = stubFetch({ 'POST /v1/publisher/apps/a1/pricing': () => ({ status: 200, body: appOf('buy', 0) }) });
    const onClose = vi.fn();
    const user = userEvent.setup();
    await renderScreen(() => (
      <ChangePricingDrawer app={appOf('subscription', 0)} prices={[plan]} activeSubscriptions={3} canCreatePaidApps onClose={onClose} />
    ));
    await user.click(await screen.findByRole('radio', { name: 'One-time' }));
    expect(screen.getByText('Converting from a subscription to one-time purchase is not allowed at this time.')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Free' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('All 3 active subscription(s) will be automatically cancelled with this change.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes, make it free' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.at(-1)).toMatchObject({ key: 'POST /v1/publisher/apps/a1/pricing', body: { type: 'buy', buyPrice: 0, confirmCancelSubscriptions: true } });
  });

  it('says "Saving Price Failed" when the save fails, and asks before disregarding changes', async () => {
    stubFetch({
      'POST /v1/publisher/apps/a1/pricing': () => ({ status: 403, body: { error: 'Paid apps are off.', code: 'paid_apps_disabled', requestId: 'r9' } }),
    });
    const onClose = vi.fn();
    const user = userEvent.setup();
    await renderScreen(() => <ChangePricingDrawer app={appOf('buy', 0)} prices={[]} activeSubscriptions={0} canCreatePaidApps onClose={onClose} />);
    await user.click(await screen.findByRole('radio', { name: 'One-time' }));
    await user.type(screen.getByLabelText('Price (USD)'), '9.99');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText('Saving Price Failed')).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Disregard changes?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Disregard' }));
    expect(onClose).toHaveBeenCalled();
  });
});

describe('New pricing plan', () => {
  it('gives every plan message', async () => {
    stubFetch({});
    const user = userEvent.setup();
    await renderScreen(() => <NewPlanDrawer appId="a1" onClose={vi.fn()} />);
    const save = await screen.findByRole('button', { name: 'Save' });
    await user.click(save);
    expect(screen.getByText('Plan name is required.')).toBeInTheDocument();
    expect(screen.getByText('A monthly price is required.')).toBeInTheDocument();
    expect(screen.getByText('A yearly price is required.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Monthly price (USD)'), '-1');
    await user.type(screen.getByLabelText('Yearly price (USD)'), '-1');
    await user.click(screen.getByRole('switch', { name: 'Free trial' }));
    await user.click(save);
    expect(screen.getByText('Monthly price can not be negative.')).toBeInTheDocument();
    expect(screen.getByText('Yearly price can not be negative.')).toBeInTheDocument();
    expect(screen.getByText('Trial duration is required.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Trial days'), '0');
    await user.click(save);
    expect(screen.getByText('Trial days must be at least 1 when enabled.')).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Priced per seat (tiers)' }));
    expect(screen.getByRole('rowheader', { name: '51' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove tier 2' }));
    await user.click(save);
    expect(screen.getByText('When the pricing plan is per seat there must be at least two tiers.')).toBeInTheDocument();
    expect(screen.getByText(/Invalid Tier Count/)).toBeInTheDocument();
  });

  it('saves with monthly and yearly on by default and the trial off: "New Price Created Successfully"', async () => {
    const calls = stubFetch({ 'POST /v1/publisher/apps/a1/prices': () => ({ status: 201, body: plan }) });
    const user = userEvent.setup();
    await renderScreen(() => <NewPlanDrawer appId="a1" onClose={vi.fn()} />);
    await user.type(await screen.findByLabelText('Plan name'), 'Team');
    await user.type(screen.getByLabelText('Monthly price (USD)'), '4');
    await user.type(screen.getByLabelText('Yearly price (USD)'), '40');
    expect(screen.getByRole('switch', { name: 'Free trial' })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText('New Price Created Successfully')).length).toBeGreaterThan(0);
    expect(calls.at(-1)).toMatchObject({
      body: { name: 'Team', monthly: { enabled: true, price: 4 }, yearly: { enabled: true, price: 40 }, trialEnabled: false },
    });
  });

  it('says "Save Failure" with the server’s error', async () => {
    stubFetch({
      'POST /v1/publisher/apps/a1/prices': () => ({ status: 403, body: { error: 'Paid apps are off.', code: 'paid_apps_disabled', requestId: 'r1' } }),
    });
    const user = userEvent.setup();
    await renderScreen(() => <NewPlanDrawer appId="a1" onClose={vi.fn()} />);
    await user.type(await screen.findByLabelText('Plan name'), 'Team');
    await user.type(screen.getByLabelText('Monthly price (USD)'), '4');
    await user.type(screen.getByLabelText('Yearly price (USD)'), '40');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText('Failed to save the new pricing plan: Paid apps are off.')).length).toBeGreaterThan(0);
  });
});
