import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WORKSPACE_TEXT as T } from '../../../contract/schemas/workspaces';
import { renderScreen, stubFetch } from '../../../tests/render';
import RegisterWorkspaceDialog from './RegisterWorkspaceDialog';
import { WorkspaceLookup } from './WorkspaceLookup';

afterEach(() => vi.unstubAllGlobals());

describe('Workspace lookup (SPEC §3)', () => {
  it('warns of an empty id, and views the id typed', async () => {
    const onView = vi.fn();
    const onCancel = vi.fn();
    const user = userEvent.setup();
    await renderScreen(() => <WorkspaceLookup onView={onView} onCancel={onCancel} />);
    const dialog = await screen.findByRole('dialog', { name: 'Please enter a workspace id' });
    await user.click(within(dialog).getByRole('button', { name: 'View' }));
    expect(await within(dialog).findByText('Invalid workspace id provided.')).toBeInTheDocument();
    expect(onView).not.toHaveBeenCalled();
    await user.type(within(dialog).getByLabelText('Workspace ID'), ' ws-1 {Enter}');
    expect(onView).toHaveBeenCalledWith('ws-1');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
  });
});

describe('Register workspace', () => {
  it('checks the fields, then shows the credentials once', async () => {
    const workspace = {
      id: 'w1',
      nickname: 'E2E Chat',
      address: 'https://chat.example.com',
      accountId: 'a1',
      accountName: 'Staff',
      clientId: 'client-1',
      secretPrefix: 'rcws_abcdefg',
      registeredAt: '2026-03-02T09:30:00.000Z',
      registeredBy: 'Sofia Rossi',
      secretRotatedAt: null,
      lastSeenAt: null,
      revokedAt: null,
      installedApps: 0,
    };
    const calls = stubFetch({
      'POST /v1/admin/workspaces': () => ({
        status: 201,
        body: { workspace, clientId: 'client-1', clientSecret: 'rcws_secret', portalUrl: 'http://localhost', publicKey: 'PEM' },
      }),
    });
    const user = userEvent.setup();
    await renderScreen(() => <RegisterWorkspaceDialog onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: T.register });
    await user.click(within(dialog).getByRole('button', { name: T.register }));
    expect(await within(dialog).findByText(T.nicknameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(T.addressInvalid)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(T.nicknameLabel), 'E2E Chat');
    await user.type(within(dialog).getByLabelText(T.addressLabel), 'https://chat.example.com/');
    await user.click(within(dialog).getByRole('button', { name: T.register }));
    const created = await screen.findByRole('dialog', { name: T.registeredTitle });
    expect(within(created).getByRole('textbox', { name: T.clientSecretLabel })).toHaveValue('rcws_secret');
    expect(calls.find((c) => c.key === 'POST /v1/admin/workspaces')?.body).toEqual({ nickname: 'E2E Chat', address: 'https://chat.example.com' });
  });
});
