import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, stubFetch } from '../../../tests/render';
import { stepApp, stepProps, stepVersion } from './step-fixtures';
import { PricingStep } from './PricingStep';

afterEach(() => vi.unstubAllGlobals());

// The same fake API as steps.test.tsx: the step's two queries (the app, its prices), answered by a fetch stub.
const version = stepVersion();
const freeApp = stepApp(version);
const term = (price: number) => ({ enabled: true, price, stripePriceId: '', isSeatBased: false, tiers: [] });
const props = stepProps;

/**
 * The server as far as the step sees it: no plans until one is created; the plan created becomes the app's
 * active price (the app is then a subscription app on it), as the real server does.
 */
function server() {
  let app: Record<string, unknown> = freeApp;
  const prices: unknown[] = [];
  return stubFetch({
    'GET /v1/publisher/apps/a1': () => ({ status: 200, body: app }),
    'GET /v1/publisher/apps/a1/prices': () => ({ status: 200, body: prices }),
    'POST /v1/publisher/apps/a1/prices': (body) => {
      const b = body as { name: string; monthly: { price: number }; yearly: { price: number } };
      const plan = {
        id: 'p-team',
        name: b.name,
        type: 'subscription',
        active: true,
        buyPrice: 0,
        monthly: term(b.monthly.price),
        yearly: term(b.yearly.price),
        trialEnabled: false,
        trialDuration: 0,
        referenceEnabled: false,
        referenceId: '',
        createdDate: '2026-11-02T00:00:00Z',
        unique: false,
        actives: 0,
      };
      prices.push(plan);
      app = { ...app, purchaseType: 'subscription', currentPricingId: plan.id };
      return { status: 201, body: plan };
    },
  });
}

describe('the wizard’s pricing step makes a subscription plan in place', () => {
  it('Subscription with no plans: New pricing plan opens the app page’s drawer (keyboard), the plan made is offered and chosen', async () => {
    const calls = server();
    const p = props();
    const user = userEvent.setup();
    await renderScreen(() => <PricingStep {...p} canCreatePaidApps />);
    await user.click(await screen.findByRole('radio', { name: 'Subscription' }));
    expect(screen.getByText('This app has no subscription plans yet: make one with New pricing plan.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('A pricing plan is required.')).toBeInTheDocument();

    // By keyboard: the button is reached with Tab from the plan choice, and Enter opens the drawer.
    const open = screen.getByRole('button', { name: 'New pricing plan' });
    screen.getByRole('combobox', { name: 'Pricing plan' }).focus();
    await user.tab();
    expect(open).toHaveFocus();
    await user.keyboard('{Enter}');
    const drawer = await screen.findByRole('dialog', { name: 'New pricing plan' });
    await waitFor(() => expect(drawer).toContainElement(document.activeElement as HTMLElement));
    await user.keyboard('Team');
    await user.type(within(drawer).getByLabelText('Monthly price (USD)'), '4');
    await user.type(within(drawer).getByLabelText('Yearly price (USD)'), '40');
    const pricesAsked = calls.filter((c) => c.key === 'GET /v1/publisher/apps/a1/prices').length;
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));

    // Created: the toast, the drawer gone (focus back on its button), the step still here with the plan chosen.
    expect((await screen.findAllByText('New Price Created Successfully')).length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New pricing plan' })).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'New pricing plan' })).toHaveFocus());
    expect(calls.find((c) => c.key === 'POST /v1/publisher/apps/a1/prices')?.body).toMatchObject({
      name: 'Team',
      monthly: { enabled: true, price: 4 },
      yearly: { enabled: true, price: 40 },
      trialEnabled: false,
    });
    const plan = screen.getByRole('combobox', { name: 'Pricing plan' });
    expect(plan).toHaveTextContent('Team · $4.00 monthly');
    expect(screen.queryByText('A pricing plan is required.')).not.toBeInTheDocument();
    expect(screen.queryByText(/has no subscription plans yet/)).not.toBeInTheDocument();
    // The step's queries were invalidated: the prices (and the app) are asked again.
    await waitFor(() => expect(calls.filter((c) => c.key === 'GET /v1/publisher/apps/a1/prices').length).toBeGreaterThan(pricesAsked));

    // Offered among the app's plans.
    await user.click(plan);
    expect(await screen.findByRole('option', { name: 'Team · $4.00 monthly' })).toBeInTheDocument();
    await user.keyboard('{Escape}');

    // Next: the plan is the app's active price already (creating it made it so), so nothing is left to save.
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(p.onNext).toHaveBeenCalledWith(false, { step: 'pricing', values: { type: 'subscription', buyPrice: 0, pricingId: 'p-team' } }));
  });

  it('without paid apps there is no New pricing plan, only the note and Request paid apps', async () => {
    stubFetch({
      // A subscription app of a publisher whose paid apps were turned off: its plan choice is shown, nothing more.
      'GET /v1/publisher/apps/a1': () => ({ status: 200, body: { ...freeApp, purchaseType: 'subscription', currentPricingId: 'p0' } }),
      'GET /v1/publisher/apps/a1/prices': () => ({ status: 200, body: [] }),
    });
    await renderScreen(() => <PricingStep {...props()} canCreatePaidApps={false} canAskForPaidApps />);
    expect(await screen.findByRole('radio', { name: 'Subscription' })).toBeChecked();
    expect(screen.getByText('Paid apps are not enabled for your publisher account.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Request paid apps' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New pricing plan' })).not.toBeInTheDocument();
    expect(screen.getByText('This app has no subscription plans yet (New pricing plan on the app page).')).toBeInTheDocument();
  });
});
