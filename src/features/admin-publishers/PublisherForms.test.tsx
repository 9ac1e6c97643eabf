import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Developer } from '../../../contract/schemas/developer';
import type { Publisher } from '../../../contract/schemas/publisher';
import { renderScreen, stubFetch } from '../../../tests/render';
import ContactDrawer from './ContactDrawer';
import { DeveloperRoleDialog } from './DeveloperDialogs';
import { PayoutDialog } from './PayoutDialog';
import { PublishersList } from './PublishersList';

afterEach(() => vi.unstubAllGlobals());

const northwind: Publisher = {
  _id: 'p1',
  name: 'Northwind Integrations',
  city: 'Leeds',
  state: '',
  country: 'GB',
  tosLink: '',
  privacyLink: '',
  webhookLink: '',
  accountId: 'a1',
  stripeAccountId: 'acct_1',
  stripeAvailableBalance: 250,
  stripePendingBalance: 0,
  canCreatePaidApps: true,
  canCreateBundles: false,
  canUseNPMModules: false,
  canUseWebhooks: false,
  isRegistered: true,
};
const olivia: Developer = {
  _id: 'd1',
  publisherId: 'p1',
  firstName: 'Olivia',
  lastName: 'Bennett',
  email: 'olivia@example.com',
  emailVerified: true,
  chatUsername: 'olivia',
  cloudUserId: 'c1',
  role: 'owner',
  systemRole: 'user',
  lastActivityDate: null,
};

describe('Payout', () => {
  it('checks the amount (required, the minimum, the balance), then pays once and says when it arrives', async () => {
    const calls = stubFetch({ 'POST /v1/admin/publishers/p1/payout': () => ({ status: 200, body: { expected: '2026-04-02T00:00:00.000Z' } }) });
    const user = userEvent.setup();
    await renderScreen(() => <PayoutDialog publisher={northwind} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Payout' });
    expect(dialog).toHaveTextContent('Pay Northwind Integrations out of its available balance of $250.00.');
    const amount = within(dialog).getByLabelText('Amount (USD)');
    expect(amount).toHaveValue(10);
    const pay = within(dialog).getByRole('button', { name: 'Pay out' });
    await user.clear(amount);
    await user.click(pay);
    expect(await within(dialog).findByText('The amount is required.')).toBeInTheDocument();
    await user.type(amount, '5');
    await user.click(pay);
    expect(await within(dialog).findByText('The minimum payout is 10.')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '300');
    await user.click(pay);
    expect(await within(dialog).findByText('The amount is more than the available balance.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '100.004');
    await user.click(pay);
    const paid = await screen.findByRole('dialog', { name: 'Payout' });
    expect(await within(paid).findByText(/Expected to arrive on/)).toBeInTheDocument();
    expect(within(paid).getByRole('status')).toHaveTextContent('Paid out $100.00.');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({ amount: 100 });
    expect(calls[0]!.headers.get('idempotency-key')).toMatch(/^[0-9a-f]{32}$/);
    expect(within(paid).getByRole('button', { name: 'Done' })).toBeInTheDocument();
  });

  it('shows a refusal of the payment provider as the amount’s message', async () => {
    stubFetch({
      'POST /v1/admin/publishers/p1/payout': () => ({ status: 502, body: { error: 'The payment provider is unavailable.', code: 'upstream', requestId: 'r' } }),
    });
    const user = userEvent.setup();
    await renderScreen(() => <PayoutDialog publisher={northwind} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Payout' });
    await user.click(within(dialog).getByRole('button', { name: 'Pay out' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The payment provider is unavailable.');
  });
});

describe('Change Role (staff)', () => {
  it('saves the chosen role, and shows a conflict the server explains as the form’s message', async () => {
    let answer = { status: 409, body: { error: 'A publisher needs at least one owner.', code: 'conflict', requestId: 'r' } as unknown };
    const calls = stubFetch({ 'POST /v1/admin/publishers/p1/developers/d1/role': () => answer as { status: number; body: unknown } });
    const onClose = vi.fn();
    const user = userEvent.setup();
    await renderScreen(() => <DeveloperRoleDialog publisherId="p1" developer={olivia} system={false} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Change Role' });
    expect(dialog).toHaveTextContent('Olivia Bennett (olivia@example.com)');
    await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Viewer' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A publisher needs at least one owner.');
    expect(calls[0]!.body).toEqual({ role: 'viewer' });
    expect(onClose).not.toHaveBeenCalled();

    answer = { status: 200, body: { ...olivia, role: 'viewer' } };
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Developer saved.')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
  });
});

describe('Contact Publisher', () => {
  it('names what is missing, then sends to the owners', async () => {
    const calls = stubFetch({
      'GET /v1/admin/emailTemplates': () => ({ status: 200, body: [] }),
      'GET /v1/admin/publishers/p1/apps': () => ({ status: 200, body: [] }),
      'POST /v1/admin/publishers/p1/email': () => ({ status: 200, body: { ok: true } }),
    });
    const onClose = vi.fn();
    const user = userEvent.setup();
    await renderScreen(() => <ContactDrawer publisher={northwind} onClose={onClose} />);
    const drawer = await screen.findByRole('dialog', { name: 'Contact Publisher' });
    await user.click(within(drawer).getByRole('button', { name: 'Send' }));
    expect(await within(drawer).findByText('Subject is required.')).toBeInTheDocument();
    expect(within(drawer).getByText('Content is required.')).toBeInTheDocument();
    await user.type(within(drawer).getByLabelText('Subject'), 'Your payout details');
    await user.type(within(drawer).getByLabelText('Content'), 'Hello');
    await user.click(within(drawer).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Email successfully sent to: Northwind Integrations!')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /v1/admin/publishers/p1/email')?.body).toEqual({
      layout: '',
      subject: 'Your payout details',
      content: 'Hello',
      relatedAppId: '',
      replyTo: '',
    });
    expect(onClose).toHaveBeenCalled();
  });
});

/** The list under a router whose search is its address, as the route passes it (the edit drawer open, if any). */
function Harness() {
  const s = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  return (
    <PublishersList
      page={1}
      q=""
      edit={typeof s.edit === 'string' ? s.edit : undefined}
      canUpdate
      onSearch={() => {}}
      onEdit={(id) => void navigate({ to: '.', search: { edit: id } as never })}
    />
  );
}

describe('Publishers: the edit drawer follows the address', () => {
  it('opens from its button, saves, and closing takes it out of the address', async () => {
    const calls = stubFetch({
      'GET /v1/admin/publishers': () => ({ status: 200, body: { data: [northwind], meta: { total: 1 } } }),
      'POST /v1/admin/publishers/p1': (body) => ({ status: 200, body: { ...northwind, ...(body as object) } }),
    });
    const user = userEvent.setup();
    const { router } = await renderScreen(() => <Harness />);
    await user.click(await screen.findByRole('button', { name: 'Edit Northwind Integrations' }));
    await vi.waitFor(() => expect(router.state.location.search).toEqual({ edit: 'p1' }));
    const drawer = await screen.findByRole('dialog', { name: 'Edit Publisher' });
    await user.click(within(drawer).getByRole('switch', { name: 'Can create bundles' }));
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Publisher saved.')).toBeInTheDocument();
    await vi.waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(calls.find((c) => c.key === 'POST /v1/admin/publishers/p1')?.body).toMatchObject({ name: 'Northwind Integrations', canCreateBundles: true });
    // The list asked for again: the publisher's row changed.
    expect(calls.filter((c) => c.key === 'GET /v1/admin/publishers')).toHaveLength(2);
  });

  it('opens for a publisher named in the address that is not on the page', async () => {
    stubFetch({
      'GET /v1/admin/publishers': () => ({ status: 200, body: { data: [], meta: { total: 0 } } }),
      'GET /v1/admin/publishers/p1': () => ({ status: 200, body: northwind }),
    });
    const user = userEvent.setup();
    const { router } = await renderScreen(() => <Harness />);
    await router.navigate({ to: '/', search: { edit: 'p1' } as never });
    const drawer = await screen.findByRole('dialog', { name: 'Edit Publisher' });
    expect(within(drawer).getByLabelText('Name')).toHaveValue('Northwind Integrations');
    await user.click(within(drawer).getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(router.state.location.search).toEqual({}));
  });
});
