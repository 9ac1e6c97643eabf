import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, stubFetch } from '../../../tests/render';
import { ProfileForm } from './ProfileForm';

const me = {
  _id: 'd1',
  publisherId: 'p1',
  firstName: 'Marcus',
  lastName: 'Chen',
  email: 'marcus@example.com',
  emailVerified: true,
  chatUsername: 'marcus',
  cloudUserId: 'c1',
  role: 'developer' as const,
  systemRole: 'user' as const,
  lastActivityDate: null,
};
afterEach(() => vi.unstubAllGlobals());

describe('Developer Profile', () => {
  it('edits first and last name, keeps email read-only, and saves only a change', async () => {
    const calls = stubFetch({ 'POST /v1/me': (b) => ({ status: 200, body: { ...(b as object), email: me.email } }) });
    const user = userEvent.setup();
    await renderScreen(() => <ProfileForm me={me} canUpdate />);
    const save = await screen.findByRole('button', { name: 'Save changes' });
    expect(save).toBeDisabled();
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    await user.clear(screen.getByLabelText('First name'));
    await user.clear(screen.getByLabelText('Last name'));
    await user.click(save);
    expect(await screen.findByText('First name is required.')).toBeInTheDocument();
    expect(screen.getByText('Last name is required.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('First name'), 'Marc');
    await user.type(screen.getByLabelText('Last name'), 'Chen-Lee');
    await user.click(save);
    expect(await screen.findByText('Profile successfully updated!')).toBeInTheDocument();
    expect(calls.at(-1)).toMatchObject({ key: 'POST /v1/me', body: { firstName: 'Marc', lastName: 'Chen-Lee' } });
  });

  it('shows the generic failure of SPEC §8', async () => {
    stubFetch({ 'POST /v1/me': () => ({ status: 500, body: { error: 'Internal server error.', code: 'internal_error', requestId: 'r' } }) });
    const user = userEvent.setup();
    await renderScreen(() => <ProfileForm me={me} canUpdate />);
    await user.type(await screen.findByLabelText('First name'), 'o');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('An error occured processing your request. Code: internal_error. Error: Internal server error.')).toBeInTheDocument();
    expect(screen.getByText('An Error Occured')).toBeInTheDocument();
  });

  it('is read-only without update permission', async () => {
    stubFetch({});
    await renderScreen(() => <ProfileForm me={me} canUpdate={false} />);
    expect(await screen.findByLabelText('First name')).toBeDisabled();
  });
});
