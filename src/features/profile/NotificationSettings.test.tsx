import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notificationKinds, notificationLabels } from '../../../contract/schemas/notifications';
import { renderScreen, stubFetch } from '../../../tests/render';
import { NotificationSettings } from './NotificationSettings';

const allOn = Object.fromEntries(notificationKinds.map((k) => [k, true]));
afterEach(() => vi.unstubAllGlobals());

describe('Email notifications on the Developer Profile', () => {
  it('shows each kind on or off and saves a switch at once, every kind in the request', async () => {
    const calls = stubFetch({
      'GET /v1/me/notifications': () => ({ status: 200, body: allOn }),
      'PUT /v1/me/notifications': (b) => ({ status: 200, body: b }),
    });
    const user = userEvent.setup();
    await renderScreen(() => <NotificationSettings canUpdate />);
    const rejected = await screen.findByRole('switch', { name: notificationLabels['version-rejected'] });
    await vi.waitFor(() => expect(rejected).toBeEnabled());
    expect(rejected).toBeChecked();
    await user.click(rejected);
    await vi.waitFor(() => expect(calls.at(-1)).toMatchObject({ key: 'PUT /v1/me/notifications', body: { ...allOn, 'version-rejected': false } }));
    expect(screen.getByRole('switch', { name: notificationLabels['version-rejected'] })).not.toBeChecked();
  });

  it('puts a switch back and says so when saving fails', async () => {
    stubFetch({
      'GET /v1/me/notifications': () => ({ status: 200, body: allOn }),
      'PUT /v1/me/notifications': () => ({ status: 500, body: { error: 'Internal server error.', code: 'internal_error', requestId: 'r' } }),
    });
    const user = userEvent.setup();
    await renderScreen(() => <NotificationSettings canUpdate />);
    const approved = await screen.findByRole('switch', { name: notificationLabels['version-approved'] });
    await vi.waitFor(() => expect(approved).toBeEnabled());
    await user.click(approved);
    expect(await screen.findByText('An Error Occured')).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.getByRole('switch', { name: notificationLabels['version-approved'] })).toBeChecked());
  });

  it('cannot be changed without update permission', async () => {
    stubFetch({ 'GET /v1/me/notifications': () => ({ status: 200, body: allOn }) });
    await renderScreen(() => <NotificationSettings canUpdate={false} />);
    const published = await screen.findByRole('switch', { name: notificationLabels['version-published'] });
    await vi.waitFor(() => expect(published).toBeChecked());
    expect(published).toBeDisabled();
  });
});
