import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutOffer, OwnedPurchase } from '../../../contract/schemas/checkout';
import { ownedSubscription } from './owned-fixture';
import { renderScreen, stubFetch } from '../../../tests/render';
import { toast } from '../../lib/toast';
import { ManageSubscription } from './ManageSubscription';
import type { OfferContext } from './OfferView';
import { notifyWorkspace } from './parent';
import type { CheckoutSearch } from './search';
import { SubscriptionDetails } from './SubscriptionDetails';

vi.mock('./parent', () => ({ inFrame: vi.fn(() => true), notifyWorkspace: vi.fn(), goToPayment: vi.fn() }));

const monthly = {
  id: 'price1:monthly',
  strategy: 'monthly' as const,
  isPerSeat: true,
  price: 0,
  trialDays: 14,
  tiers: [{ price: 4, perUnit: true, minimum: 1, maximum: 50 }],
};
// Midday UTC: the same calendar day in every time zone the tests may run in.
const periodEnd = '2030-02-01T12:00:00.000Z';
const subscription = (over: Partial<OwnedPurchase> = {}) => ownedSubscription({ planId: monthly.id, periodEnd, ...over });
const offerWith = (owned: OwnedPurchase): CheckoutOffer => ({
  app: {
    id: 'app1',
    name: 'Standup Bot',
    publisherName: 'Northwind',
    shortDescription: 'Async standups',
    iconFileData: '',
    isBundle: false,
    tosLink: 'https://example.com/tos',
    privacyLink: '',
  },
  workspace: { id: 'ws1', nickname: 'Acme', address: 'https://chat.acme.example' },
  purchaseType: 'subscription',
  price: 0,
  plans: [monthly],
  owned,
  provider: 'sandbox',
  feePercent: 20,
  unavailable: null,
});
const search: CheckoutSearch = { workspaceId: 'ws1', token: 'tok' };

let nav: OfferContext['nav'];
beforeEach(() => {
  nav = { setSearch: vi.fn(), go: vi.fn() };
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  toast.clear();
});

/** The Manage view of `owned`, with the page's search (`manage=` opens a dialog). */
const manage = (owned: OwnedPurchase, more: Partial<CheckoutSearch> = {}) =>
  renderScreen(() => (
    <ManageSubscription
      ctx={{ offer: offerWith(owned), buyer: { workspaceId: 'ws1', token: 'tok' }, nav }}
      appId="app1"
      owned={owned}
      search={{ ...search, ...more }}
    />
  ));

const button = (name: string) => screen.queryByRole('button', { name });

describe('managing a running subscription', () => {
  it('active: Change seats and Cancel subscription, no Resume; each dialog opens through the address', async () => {
    await manage(subscription({ status: 'active' }));
    expect(button('Change seats')).toBeInTheDocument();
    expect(button('Cancel subscription')).toBeInTheDocument();
    expect(button('Resume subscription')).toBeNull();
    expect(screen.queryByText(/^The subscription ends on /)).toBeNull();
    // Each dialog is in the address.
    fireEvent.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    expect(nav.setSearch).toHaveBeenLastCalledWith({ manage: 'cancel' });
    fireEvent.click(screen.getByRole('button', { name: 'Change seats' }));
    expect(nav.setSearch).toHaveBeenLastCalledWith({ manage: 'seats' });
  });

  it('active, manage=cancel: the dialog offers the end of the period, chosen, and now', async () => {
    await manage(subscription({ status: 'active' }), { manage: 'cancel' });
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel subscription' });
    const radios = within(dialog).getAllByRole('radio');
    expect(radios).toHaveLength(2);
    expect(within(dialog).getByRole('radio', { name: /^At the end of the period/ })).toBeChecked();
    expect(within(dialog).getByText('The app keeps working until Feb 1, 2030.')).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: /^Now/ })).not.toBeChecked();
  });

  it('cancelling: Resume subscription and Cancel subscription, no Change seats, and the date it ends', async () => {
    await manage(subscription({ status: 'cancelling' }), { manage: 'seats' });
    expect(button('Resume subscription')).toBeInTheDocument();
    expect(button('Cancel subscription')).toBeInTheDocument();
    expect(button('Change seats')).toBeNull();
    // manage=seats does not open a dialog the machine refuses.
    expect(screen.queryByRole('dialog', { name: 'Change seats' })).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('The subscription ends on Feb 1, 2030.');
    expect(screen.getByText('Cancelling')).toBeInTheDocument();
  });

  it('cancelling, manage=cancel: the dialog offers only Now, and cancelling sends when=now', async () => {
    const calls = stubFetch({ 'POST /v1/checkout/subscriptions/p1/cancel': () => ({ status: 200, body: subscription({ status: 'cancelled' }) }) });
    await manage(subscription({ status: 'cancelling' }), { manage: 'cancel' });
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel subscription' });
    const radios = within(dialog).getAllByRole('radio');
    expect(radios).toHaveLength(1);
    expect(radios[0]).toHaveAccessibleName(/^Now/);
    expect(radios[0]).toBeChecked();
    expect(within(dialog).queryByText('At the end of the period')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
    expect(await screen.findByText('The subscription is cancelled.')).toBeInTheDocument();
    expect(calls.map((c) => c.key)).toEqual(['POST /v1/checkout/subscriptions/p1/cancel']);
    expect(calls[0]!.body).toEqual({ workspaceId: 'ws1', when: 'now' });
    expect(nav.setSearch).toHaveBeenLastCalledWith({ manage: undefined }, { replace: true });
  });
});

describe('resuming a subscription cancelled at the end of its period', () => {
  it('sends the resume with the workspace and its token, toasts the renewal, tells Rocket.Chat, and the page shows it running again', async () => {
    let owned = subscription({ status: 'cancelling', paid: false });
    const calls = stubFetch({
      'GET /v1/checkout/apps/app1': () => ({ status: 200, body: offerWith(owned) }),
      'POST /v1/checkout/subscriptions/p1/resume': () => {
        owned = subscription({ status: 'trialing', paid: false });
        return { status: 200, body: owned };
      },
    });
    await renderScreen(() => <SubscriptionDetails appId="app1" search={search} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Resume subscription' }));

    const text = await screen.findByText('The subscription renews again on Feb 1, 2030.');
    expect(text.closest('[data-testid="toast"]')).not.toBeNull();
    const resume = calls.filter((c) => c.key === 'POST /v1/checkout/subscriptions/p1/resume');
    expect(resume).toHaveLength(1);
    expect(resume[0]!.body).toEqual({ workspaceId: 'ws1' });
    expect(resume[0]!.headers.get('authorization')).toBe('Bearer tok');
    expect(notifyWorkspace).toHaveBeenCalledWith(true);

    // The offer is read again: a trial again, changed and cancelled as before; no longer ending.
    expect(await screen.findByRole('button', { name: 'Change seats' })).toBeInTheDocument();
    expect(button('Cancel subscription')).toBeInTheDocument();
    expect(button('Resume subscription')).toBeNull();
    expect(screen.queryByText(/^The subscription ends on /)).toBeNull();
    expect(screen.getByText('Trial')).toBeInTheDocument();
    expect(calls.filter((c) => c.key === 'GET /v1/checkout/apps/app1')).toHaveLength(2);
  });

  it('a refused resume shows the API’s error with its request id, and the subscription still ends', async () => {
    stubFetch({
      'POST /v1/checkout/subscriptions/p1/resume': () => ({
        status: 409,
        body: { error: 'This subscription cannot be resumed.', code: 'conflict', requestId: 'req-7' },
      }),
    });
    await manage(subscription({ status: 'cancelling' }));
    fireEvent.click(screen.getByRole('button', { name: 'Resume subscription' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This subscription cannot be resumed.');
    expect(screen.getByText('Request ID: req-7')).toBeInTheDocument();
    expect(screen.queryByText(/renews again/)).toBeNull();
    expect(notifyWorkspace).not.toHaveBeenCalled();
    await waitFor(() => expect(button('Resume subscription')).not.toBeDisabled());
  });
});

describe('changing seats and cancelling on /subscribe/details', () => {
  it('checks the seats before sending (the contract’s range, the same number), then changes them and tells Rocket.Chat', async () => {
    let owned = subscription({ status: 'active' });
    const calls = stubFetch({
      'GET /v1/checkout/apps/app1': () => ({ status: 200, body: offerWith(owned) }),
      'POST /v1/checkout/subscriptions/p1/seats': (body) => {
        owned = subscription({ status: 'active', seats: (body as { seats: number }).seats });
        return { status: 200, body: owned };
      },
    });
    const { router } = await renderScreen(() => <SubscriptionDetails appId="app1" search={{ ...search, manage: 'seats', seats: 35 }} />);
    const dialog = await screen.findByRole('dialog', { name: 'Change seats' });
    const input = within(dialog).getByLabelText('New number of seats');
    expect(input).toHaveValue(35);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change seats' }));
    expect(await within(dialog).findByText('The subscription already has this many seats.')).toBeInTheDocument();
    expect(input).toHaveFocus();
    // Typing again clears the message until the next try.
    fireEvent.change(input, { target: { value: '0' } });
    expect(within(dialog).queryByText('The subscription already has this many seats.')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change seats' }));
    expect(await within(dialog).findByText('Choose between 1 and 1,000,000 seats.')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: '42' } });
    expect(within(dialog).getByText('New price: $168.00 per month')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change seats' }));
    expect(await screen.findByText('The subscription now has 42 seats.')).toBeInTheDocument();
    expect(notifyWorkspace).toHaveBeenCalledWith(true);
    // Closed: the dialog leaves the address.
    await waitFor(() => expect(router.state.location.pathname).toBe('/apps/app1/subscribe/details'));
    expect(router.state.location.search).not.toHaveProperty('manage');
    expect(calls.map((c) => c.key)).toEqual(['GET /v1/checkout/apps/app1', 'POST /v1/checkout/subscriptions/p1/seats', 'GET /v1/checkout/apps/app1']);
    expect(calls[1]!.body).toEqual({ workspaceId: 'ws1', seats: 42 });
  });

  it('a seats message from the server goes on the field', async () => {
    stubFetch({
      'GET /v1/checkout/apps/app1': () => ({ status: 200, body: offerWith(subscription({ status: 'active' })) }),
      'POST /v1/checkout/subscriptions/p1/seats': () => ({
        status: 400,
        body: {
          error: 'This plan covers at most 40 seats.',
          code: 'validation_error',
          requestId: 'r-1',
          fields: [{ path: 'seats', message: 'This plan covers at most 40 seats.' }],
        },
      }),
    });
    await renderScreen(() => <SubscriptionDetails appId="app1" search={{ ...search, manage: 'seats', seats: 42 }} />);
    const dialog = await screen.findByRole('dialog', { name: 'Change seats' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change seats' }));
    const message = await within(dialog).findByText('This plan covers at most 40 seats.');
    expect(message.id).toBeTruthy();
    expect(within(dialog).getByLabelText('New number of seats').getAttribute('aria-describedby')).toBe(message.id);
    expect(within(dialog).queryByText('Request ID: r-1')).toBeNull();
  });

  it('cancelling now ends the subscription: the toast, Rocket.Chat told and the dialog closed, though the page read again no longer manages it', async () => {
    let owned = subscription({ status: 'active' });
    const calls = stubFetch({
      'GET /v1/checkout/apps/app1': () => ({ status: 200, body: offerWith(owned) }),
      'POST /v1/checkout/subscriptions/p1/cancel': () => {
        owned = subscription({ status: 'cancelled', manageable: false });
        return { status: 200, body: owned };
      },
    });
    const { router } = await renderScreen(() => <SubscriptionDetails appId="app1" search={{ ...search, manage: 'cancel' }} />);
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel subscription' });
    fireEvent.click(within(dialog).getByRole('radio', { name: /^Now/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
    expect(await screen.findByText('The subscription is cancelled.')).toBeInTheDocument();
    expect(notifyWorkspace).toHaveBeenCalledWith(true);
    await waitFor(() => expect(router.state.location.pathname).toBe('/apps/app1/subscribe/details'));
    expect(router.state.location.search).not.toHaveProperty('manage');
    expect(calls.map((c) => c.key)).toEqual(['GET /v1/checkout/apps/app1', 'POST /v1/checkout/subscriptions/p1/cancel', 'GET /v1/checkout/apps/app1']);
    expect(calls[1]!.body).toEqual({ workspaceId: 'ws1', when: 'now' });
  });
});
