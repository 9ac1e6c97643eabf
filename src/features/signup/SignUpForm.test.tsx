import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, stubFetch } from '../../../tests/render';
import { SignUpForm } from './SignUpForm';

const config = {
  cloudUrl: '/dev-auth',
  authorizeUrl: '/dev-auth/authorize',
  cloudClientId: 'c',
  marketplaceUrl: 'https://m.example',
  productName: 'Rocket',
  supportEmail: 'help@example.com',
  termsUrl: 'https://t.example',
  privacyUrl: 'https://p.example',
};

afterEach(() => vi.unstubAllGlobals());

async function fill(user: ReturnType<typeof userEvent.setup>, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const input = screen.getByLabelText(label);
    await user.clear(input);
    if (value) await user.type(input, value);
  }
}

describe('Publisher Sign Up form', () => {
  it('shows every message of SPEC §5 on an empty submit, with the product name rendered', async () => {
    const calls = stubFetch({});
    const user = userEvent.setup();
    await renderScreen(() => <SignUpForm config={config} />);
    await user.click(await screen.findByRole('button', { name: 'Sign Up' }));
    for (const message of [
      'Your publisher name is required.',
      'Your publisher city is required.',
      'Your publisher state is required.',
      'You must select the country.',
      'You must provide the TOS link.',
      'You must provide the Privacy link.',
      'We need your open.Rocket.chat username so that we can contact you.',
      'You must agree to the TOS and Privacy Agreement.',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(calls).toHaveLength(0);
  });

  it('asks for https links', async () => {
    stubFetch({});
    const user = userEvent.setup();
    await renderScreen(() => <SignUpForm config={config} />);
    await fill(user, { 'Terms of Service link': 'http://x.example/t', 'Privacy policy link': 'https://x.example/p' });
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Invalid url, it must start with "https://".')).toBeInTheDocument();
    expect(screen.queryByText('You must provide the Privacy link.')).not.toBeInTheDocument();
  });

  it('signs up, toasts the welcome and goes to /publisher/apps; server field errors land on their fields', async () => {
    let attempt = 0;
    const calls = stubFetch({
      'POST /v1/publisher': () =>
        ++attempt === 1
          ? {
              status: 400,
              body: { error: 'bad', code: 'validation_error', requestId: 'r-1', fields: [{ path: 'name', message: 'Your publisher name is required.' }] },
            }
          : { status: 201, body: { publisher: {}, developer: {} } },
    });
    const user = userEvent.setup();
    const { router } = await renderScreen(() => <SignUpForm config={config} />);
    await fill(user, {
      'Publisher name': 'Lumen Apps',
      City: 'Lisbon',
      State: 'Lisboa',
      'Terms of Service link': 'https://l.example/t',
      'Privacy policy link': 'https://l.example/p',
      'open.Rocket.chat username': 'lumen',
    });
    await user.click(screen.getByRole('combobox', { name: 'Country' }));
    await user.click(await screen.findByRole('option', { name: 'Portugal' }));
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Your publisher name is required.')).toBeInTheDocument();
    expect(calls[0]!.body).toMatchObject({ name: 'Lumen Apps', publisherCountry: 'PT', agreement: true, chatUsername: 'lumen' });
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    const toast = await screen.findByText('Publisher and developer account created. Welcome to the Rocket.Chat Marketplace!');
    expect(within(toast.closest('[data-testid="toast"]') as HTMLElement).getByText(/Welcome/)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/publisher/apps'));
  });

  it('shows a server error that is not about fields as a toast with the request id', async () => {
    stubFetch({
      'POST /v1/publisher': () => ({
        status: 409,
        body: { error: 'This account already has a registered publisher.', code: 'already_registered', requestId: 'req-42' },
      }),
    });
    const user = userEvent.setup();
    await renderScreen(() => <SignUpForm config={config} />);
    await fill(user, {
      'Publisher name': 'Lumen Apps',
      City: 'Lisbon',
      State: 'Lisboa',
      'Terms of Service link': 'https://l.example/t',
      'Privacy policy link': 'https://l.example/p',
      'open.Rocket.chat username': 'lumen',
    });
    await user.click(screen.getByRole('combobox', { name: 'Country' }));
    await user.click(await screen.findByRole('option', { name: 'Portugal' }));
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('This account already has a registered publisher. Request ID: req-42')).toBeInTheDocument();
  });
});
