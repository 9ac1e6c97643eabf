import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, stubFetch } from '../../../tests/render';
import AddUserDialog from './AddUserDialog';
import ChangeRoleDialog from './ChangeRoleDialog';

afterEach(() => vi.unstubAllGlobals());

const noah = {
  _id: 'd2',
  publisherId: 'p1',
  firstName: 'Noah',
  lastName: 'Williams',
  email: 'noah@example.com',
  emailVerified: true,
  chatUsername: 'noah',
  cloudUserId: 'c2',
  role: 'developer' as const,
  systemRole: 'user' as const,
  lastActivityDate: null,
};

describe('Add User (SPEC §5)', () => {
  it('names what is missing, offers only who is not added yet, and adds with the chosen role', async () => {
    const calls = stubFetch({
      'GET /v1/publisher/users': () => ({
        status: 200,
        body: [
          { id: 'd1', cloudId: 'c1', label: 'Olivia Bennett' },
          { id: '000000000000000000000000', cloudId: 'c2', label: 'Noah Williams' },
        ],
      }),
      'POST /v1/publisher/users': () => ({ status: 201, body: noah }),
    });
    const onClose = vi.fn();
    const user = userEvent.setup();
    await renderScreen(() => <AddUserDialog onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add User' });
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Please select the user to add.')).toBeInTheDocument();
    expect(within(dialog).getByText('Please select what role the new user should be.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: 'User' }));
    expect(await screen.findByRole('option', { name: /Olivia Bennett \(already added\)/ })).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('option', { name: 'Noah Williams' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Developer' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Successfully added!')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /v1/publisher/users')?.body).toEqual({ userCloudId: 'c2', role: 'developer' });
    expect(onClose).toHaveBeenCalled();
  });
});

describe('Change Role', () => {
  it('saves only another role, and says why the server refuses (the last owner)', async () => {
    const calls = stubFetch({
      'POST /v1/publisher/developers/d2/role': () => ({
        status: 409,
        body: { error: 'A publisher needs at least one owner: make someone else an owner first.', code: 'conflict', requestId: 'r' },
      }),
    });
    const onClose = vi.fn();
    const user = userEvent.setup();
    await renderScreen(() => <ChangeRoleDialog developer={noah} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Change Role' });
    expect(within(dialog).getByText('Noah Williams (noah@example.com)')).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: /Developer/ })).toBeChecked();
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: /Viewer/ }));
    expect(save).toBeEnabled();
    await user.click(save);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A publisher needs at least one owner: make someone else an owner first.');
    expect(calls.find((c) => c.key === 'POST /v1/publisher/developers/d2/role')?.body).toEqual({ developerId: 'd2', role: 'viewer' });
    expect(onClose).not.toHaveBeenCalled();
  });
});
