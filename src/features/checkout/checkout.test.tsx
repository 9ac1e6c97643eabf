import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHECKOUT_MESSAGES, type CheckoutOffer, type CheckoutSession } from '../../../contract/schemas/checkout';
import { renderScreen, stubFetch } from '../../../tests/render';
import { OfferView, type OfferContext } from './OfferView';
import { ownedSubscription } from './owned-fixture';
import { goToPayment, inFrame, notifyWorkspace } from './parent';
import { PayForm } from './PayForm';
import { PlanStep } from './PlanStep';
import { SessionStatus } from './SessionStatus';

vi.mock('./parent', () => ({ inFrame: vi.fn(() => true), notifyWorkspace: vi.fn(), goToPayment: vi.fn() }));

const monthly = {
  id: 'price1:monthly',
  strategy: 'monthly' as const,
  isPerSeat: true,
  price: 0,
  trialDays: 14,
  tiers: [
    { price: 4, perUnit: true, minimum: 1, maximum: 50 },
    { price: 3.5, perUnit: true, minimum: 51, maximum: 150 },
  ],
};
const yearly = { id: 'price1:yearly', strategy: 'yearly' as const, isPerSeat: false, price: 40, trialDays: 14, tiers: [] };
const offer: CheckoutOffer = {
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
  plans: [monthly, yearly],
  owned: null,
  provider: 'sandbox',
  feePercent: 20,
  unavailable: null,
};
const session: CheckoutSession = {
  id: 'cs1',
  appId: 'app1',
  workspaceId: 'ws1',
  kind: 'subscription',
  planId: monthly.id,
  seats: 35,
  price: 140,
  trialDays: 14,
  status: 'open',
  failure: '',
  giveBack: 'none',
  purchaseId: null,
  url: '/dev-payments/checkout?session=cs1',
  returnUrl: 'https://chat.acme.example',
  createdAt: '2030-01-01T00:00:00.000Z',
};

let ctx: OfferContext;
beforeEach(() => {
  ctx = { offer, buyer: { workspaceId: 'ws1', token: 'tok' }, nav: { setSearch: vi.fn(), go: vi.fn() } };
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('arriving', () => {
  it('says at once that an app nobody can pay for now cannot be bought, and asks for no plan or terms', async () => {
    stubFetch({ 'GET /v1/checkout/apps/app1': () => ({ status: 200, body: { ...offer, unavailable: CHECKOUT_MESSAGES.noPayoutAccount } }) });
    await renderScreen(() => (
      <OfferView appId="app1" search={{ workspaceId: 'ws1', token: 'tok' }} page="subscribe" title={(o) => o.app.name}>
        {() => <p>Choose a plan</p>}
      </OfferView>
    ));
    expect(await screen.findByRole('alert')).toHaveTextContent(CHECKOUT_MESSAGES.noPayoutAccount);
    expect(screen.getByRole('heading', { name: 'Standup Bot' })).toBeInTheDocument();
    expect(screen.queryByText('Choose a plan')).toBeNull();
    expect(screen.getByRole('button', { name: 'Back to workspace' })).toBeInTheDocument();
  });
});

describe('choosing a plan', () => {
  it('prefills the seats, marks their tier and prices them as the server does', async () => {
    await renderScreen(() => <PlanStep ctx={ctx} plan={monthly} search={{ workspaceId: 'ws1', token: 'tok', seats: 35 }} />);
    expect((screen.getByLabelText('Seats') as HTMLInputElement).value).toBe('35');
    const table = screen.getByRole('table', { name: 'Price per number of seats' });
    expect(within(table).getByRole('row', { name: /1–50/ }).getAttribute('aria-current')).toBe('true');
    expect(screen.getByText('14-day free trial, then $140.00 per month')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Seats'), { target: { value: '60' } });
    expect(screen.getByText('14-day free trial, then $210.00 per month')).toBeInTheDocument();
    expect(ctx.nav.setSearch).toHaveBeenLastCalledWith({ seats: 60 }, { replace: true });
  });

  it('refuses seats no tier covers, and moves on to the review with the plan and seats', async () => {
    await renderScreen(() => <PlanStep ctx={ctx} plan={monthly} search={{ workspaceId: 'ws1', token: 'tok', seats: 151 }} />);
    // The total says why there is none at once, before Next.
    expect(screen.getByText('— This plan covers at most 150 seats.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('This plan covers at most 150 seats.')).toBeInTheDocument();
    expect(screen.getByLabelText('Seats')).toHaveFocus();
    expect(ctx.nav.setSearch).not.toHaveBeenCalledWith(expect.objectContaining({ step: 'review' }));
    fireEvent.change(screen.getByLabelText('Seats'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Choose between 1 and 1,000,000 seats.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Seats'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    // The form checks the seats before it moves on (react-hook-form submits asynchronously).
    await waitFor(() => expect(ctx.nav.setSearch).toHaveBeenLastCalledWith({ plan: monthly.id, step: 'review', seats: 12 }));
  });

  it('switches plans through the address; a flat plan asks for no seats', async () => {
    await renderScreen(() => <PlanStep ctx={ctx} plan={yearly} search={{ workspaceId: 'ws1', token: 'tok', seats: 35 }} />);
    expect(screen.queryByLabelText('Seats')).toBeNull();
    expect(screen.getByText('14-day free trial, then $40.00 per year')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: /Monthly/ }));
    expect(ctx.nav.setSearch).toHaveBeenCalledWith({ plan: monthly.id }, { replace: true });
  });
});

describe('continuing to payment', () => {
  const form = () => <PayForm ctx={ctx} appId="app1" input={{ planId: monthly.id, seats: 35 }} summary={<p>Summary</p>} secondary={null} />;

  it('needs the terms accepted, then starts a session with the workspace token and leaves for its page', async () => {
    // Not framed: the page itself goes to the provider's (framed, it opens a tab of its own).
    vi.mocked(inFrame).mockReturnValueOnce(false);
    const calls = stubFetch({ 'POST /v1/checkout/apps/app1/sessions': () => ({ status: 201, body: session }) });
    await renderScreen(form);
    expect(screen.getByRole('link', { name: /Terms of Service/ }).getAttribute('target')).toBe('_blank');
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByText('Accept the terms to continue.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    fireEvent.click(screen.getByRole('checkbox', { name: 'I accept the terms' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(goToPayment).toHaveBeenCalledWith(session.url));
    expect(calls[0]!.body).toEqual({ workspaceId: 'ws1', planId: monthly.id, seats: 35, acceptTerms: true });
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer tok');
  });

  it('shows the API’s error verbatim with its request id, and field messages on their fields', async () => {
    let answer = { status: 409, body: { error: 'This workspace already subscribes to this app.', code: 'subscribed', requestId: 'req-9' } as object };
    stubFetch({ 'POST /v1/checkout/apps/app1/sessions': () => answer });
    await renderScreen(form);
    fireEvent.click(screen.getByRole('checkbox', { name: 'I accept the terms' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByText('This workspace already subscribes to this app.')).toBeInTheDocument();
    expect(screen.getByText('Request ID: req-9')).toBeInTheDocument();
    answer = {
      status: 400,
      body: { error: 'Invalid body', code: 'invalid', requestId: 'req-10', fields: [{ path: 'seats', message: 'Choose between 1 and 1,000,000 seats.' }] },
    };
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByText('Choose between 1 and 1,000,000 seats.')).toBeInTheDocument();
    expect(goToPayment).not.toHaveBeenCalled();
  });
});

describe('the terms', () => {
  it('unticked, or refused by the server, say so on the checkbox, which takes the focus; ticking it clears the message', async () => {
    const calls = stubFetch({
      'POST /v1/checkout/apps/app1/sessions': () => ({
        status: 400,
        body: {
          error: 'Accept the terms to continue.',
          code: 'validation_error',
          requestId: 'r-2',
          fields: [{ path: 'acceptTerms', message: 'Accept the terms to continue.' }],
        },
      }),
    });
    await renderScreen(() => <PayForm ctx={ctx} appId="app1" input={{}} summary={<p>Summary</p>} secondary={null} />);
    const checkbox = screen.getByRole('checkbox', { name: 'I accept the terms' });
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    const message = await screen.findByText('Accept the terms to continue.');
    await waitFor(() => expect(checkbox).toHaveFocus());
    expect(checkbox.getAttribute('aria-describedby')).toBe(message.id);
    fireEvent.click(checkbox);
    expect(screen.queryByText('Accept the terms to continue.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByText('Accept the terms to continue.')).toBeInTheDocument();
    await waitFor(() => expect(checkbox).toHaveFocus());
    expect(calls).toHaveLength(1);
    expect(screen.queryByText('Request ID: r-2')).toBeNull();
  });
});

describe('back from the payment provider', () => {
  it('waits while the session is open, then shows what was bought and tells Rocket.Chat', async () => {
    let status: CheckoutSession['status'] = 'open';
    stubFetch({ 'GET /v1/checkout/sessions/cs1': () => ({ status: 200, body: { ...session, status, purchaseId: status === 'completed' ? 'p1' : null } }) });
    // What the workspace holds once it completed (the page asks for the offer again): the trial, until 15 January.
    ctx.offer = {
      ...offer,
      owned: ownedSubscription({ status: 'trialing', periodEnd: '2030-01-15T12:00:00.000Z', paid: false }),
    };
    await renderScreen(() => <SessionStatus ctx={ctx} appId="app1" sessionId="cs1" onRetry={vi.fn()} />);
    expect(await screen.findByText('Waiting for the payment…')).toBeInTheDocument();
    status = 'completed';
    // Nothing was charged: a trial started, and the page says when the first charge comes.
    expect(await screen.findByRole('heading', { name: 'Trial started' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Payment complete' })).toBeNull();
    expect(screen.getByText(/Your 14-day free trial has started/)).toBeInTheDocument();
    expect(screen.getByText('Nothing is charged today: the first charge, $140.00, is on Jan 15, 2030.')).toBeInTheDocument();
    expect(screen.getByText('35 seats')).toBeInTheDocument();
    expect(notifyWorkspace).toHaveBeenCalledWith(true);
    expect(notifyWorkspace).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Back to workspace' }));
    expect(notifyWorkspace).toHaveBeenLastCalledWith(true);
  });

  it('a declined payment shows the provider’s reason and offers to try again', async () => {
    stubFetch({ 'GET /v1/checkout/sessions/cs1': () => ({ status: 200, body: { ...session, status: 'declined', failure: 'Your card was declined.' } }) });
    const onRetry = vi.fn();
    await renderScreen(() => <SessionStatus ctx={ctx} appId="app1" sessionId="cs1" onRetry={onRetry} />);
    expect(await screen.findByText('Your card was declined.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalled();
    expect(notifyWorkspace).not.toHaveBeenCalled();
  });

  it('a session voided because the workspace already held the app says so, and that nothing stays charged', async () => {
    stubFetch({
      'GET /v1/checkout/sessions/cs1': () => ({
        status: 200,
        body: { ...session, status: 'voided', failure: 'This workspace already holds Poll.', giveBack: 'pending' },
      }),
    });
    await renderScreen(() => <SessionStatus ctx={ctx} appId="app1" sessionId="cs1" onRetry={vi.fn()} />);
    expect(await screen.findByRole('heading', { name: 'Already yours' })).toBeInTheDocument();
    expect(screen.getByText('This workspace already holds Poll. This payment is being refunded in full.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(notifyWorkspace).not.toHaveBeenCalled();
  });
});
