import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, stubFetch } from '../../../tests/render';
import CreatePurchaseDrawer from './CreatePurchaseDrawer';

afterEach(() => vi.unstubAllGlobals());

const standup = {
  appId: 'app-standup',
  isBundle: false,
  purchaseType: 'subscription',
  price: 0,
  currentPricingId: 'pr1',
  pricingPlans: [
    { id: 'plan-flat', strategy: 'yearly', isPerSeat: false },
    { id: 'plan-seat', strategy: 'monthly', isPerSeat: true },
  ],
  isEnterpriseOnly: false,
  isUsageBased: false,
  bundledIn: [],
  publisher: { id: 'p1', label: 'Northwind Integrations' },
  latest: { name: 'Standup Bot' },
};

describe('Create Purchase Record (SPEC §3, §5)', () => {
  it('names every problem at once for the chosen app, and sends the request SPEC §7 describes', async () => {
    const calls = stubFetch({
      'GET /v1/admin/apps': () => ({ status: 200, body: { data: [standup], meta: { total: 1 } } }),
      'POST /v1/admin/purchases': () => ({ status: 201, body: { _id: 'rec1' } }),
    });
    const onCreated = vi.fn();
    const user = userEvent.setup();
    await renderScreen(() => <CreatePurchaseDrawer onClose={() => {}} onCreated={onCreated} />);
    const drawer = await screen.findByRole('dialog', { name: 'Create Purchase Record' });
    const save = within(drawer).getByRole('button', { name: 'Save' });
    await user.click(save);
    expect(await within(drawer).findByText('Select the App which will be marked as purchased.')).toBeInTheDocument();
    expect(within(drawer).getByText('A valid Workspace ID is required.')).toBeInTheDocument();

    await user.click(within(drawer).getByRole('combobox', { name: 'App' }));
    await user.click(await screen.findByRole('option', { name: /^Standup Bot/ }));
    expect(within(drawer).queryByText('Select the App which will be marked as purchased.')).toBeNull();
    expect(within(drawer).getByRole('group', { name: 'Subscription Info' })).toBeInTheDocument();
    await user.click(save);
    expect(await within(drawer).findByText('Please input the plan which should be used')).toBeInTheDocument();
    expect(within(drawer).getByText('A valid Workspace ID is required.')).toBeInTheDocument();
    expect(within(drawer).getByLabelText('Seats')).toBeDisabled();

    await user.click(within(drawer).getByRole('combobox', { name: 'Plan' }));
    await user.click(await screen.findByRole('option', { name: 'Monthly (per seat)' }));
    await user.click(save);
    expect(await within(drawer).findByText('Please input the number of seats')).toBeInTheDocument();
    expect(calls.filter((c) => c.key === 'POST /v1/admin/purchases')).toHaveLength(0);

    await user.type(within(drawer).getByLabelText('Seats'), '12');
    await user.type(within(drawer).getByLabelText('Workspace ID'), '  ws-1 ');
    await user.click(save);
    await vi.waitFor(() => expect(onCreated).toHaveBeenCalledWith({ _id: 'rec1' }));
    const body = calls.find((c) => c.key === 'POST /v1/admin/purchases')?.body as Record<string, unknown>;
    expect(body).toMatchObject({ appId: 'app-standup', workspaceId: 'ws-1', externallyManaged: true, planId: 'plan-seat', seats: 12, addonTierId: '' });
    expect(Date.parse(body.periodEnd as string)).not.toBeNaN();
  });

  it('puts the server’s field messages on the fields', async () => {
    stubFetch({
      'GET /v1/admin/apps': () => ({ status: 200, body: { data: [{ ...standup, purchaseType: 'buy', pricingPlans: [] }], meta: { total: 1 } } }),
      'POST /v1/admin/purchases': () => ({
        status: 400,
        body: { error: 'Invalid request.', code: 'invalid', requestId: 'r', fields: [{ path: 'workspaceId', message: 'No workspace has this id.' }] },
      }),
    });
    const user = userEvent.setup();
    await renderScreen(() => <CreatePurchaseDrawer onClose={() => {}} onCreated={() => {}} />);
    const drawer = await screen.findByRole('dialog', { name: 'Create Purchase Record' });
    await user.click(within(drawer).getByRole('combobox', { name: 'App' }));
    await user.click(await screen.findByRole('option', { name: /^Standup Bot/ }));
    await user.type(within(drawer).getByLabelText('Workspace ID'), 'ws-x');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText('No workspace has this id.')).toBeInTheDocument();
  });
});
