import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_TEXT as T } from '../../../contract/schemas/tokens';
import { renderScreen, stubFetch } from '../../../tests/render';
import CreateTokenDialog from './CreateTokenDialog';

afterEach(() => vi.unstubAllGlobals());

const appsPage = {
  data: [
    { appId: 'a1', isBundle: false, latest: { name: 'Jira Connector' } },
    { appId: 'b1', isBundle: true, latest: { name: 'Team Essentials' } },
    { appId: 'a2', isBundle: false, latest: { name: 'Standup Bot' } },
  ],
  meta: { total: 3 },
};
const created = (body: unknown) => ({
  status: 201,
  body: {
    token: {
      id: 't9',
      prefix: 'rcmp_Zx81Qa',
      createdBy: 'Marcus Chen',
      createdAt: new Date().toISOString(),
      expiresAt: new Date().toISOString(),
      revokedAt: null,
      lastUsedAt: null,
      lastUsedIp: null,
      ...(body as object),
    },
    secret: 'rcmp_Zx81QaSECRETSECRETSECRET',
  },
});

describe('the Create token dialog', () => {
  it('checks the form with the contract’s messages before sending anything', async () => {
    const calls = stubFetch({ 'GET /v1/publisher/apps': () => ({ status: 200, body: appsPage }) });
    const user = userEvent.setup();
    await renderScreen(() => <CreateTokenDialog onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: T.create });
    await user.click(within(dialog).getByRole('button', { name: T.create }));
    expect(await within(dialog).findByText(T.nameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(T.abilitiesRequired)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: new RegExp(T.chosenApps) }));
    const days = within(dialog).getByLabelText(T.expiryLabel);
    expect(days).toHaveValue(90);
    await user.clear(days);
    await user.type(days, '400');
    await user.click(within(dialog).getByRole('button', { name: T.create }));
    expect(await within(dialog).findByText(T.appsRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(T.expiryRange)).toBeInTheDocument();
    expect(calls.filter((c) => c.key.startsWith('POST'))).toEqual([]);
  });

  it('sends the chosen apps (bundles not offered), then shows the secret once with the warning', async () => {
    const calls = stubFetch({
      'GET /v1/publisher/apps': () => ({ status: 200, body: appsPage }),
      'POST /v1/publisher/tokens': created,
      'GET /v1/publisher/tokens': () => ({ status: 200, body: [] }),
    });
    const user = userEvent.setup();
    await renderScreen(() => <CreateTokenDialog onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: T.create });
    await user.type(within(dialog).getByLabelText(T.nameLabel), 'Release workflow');
    await user.click(within(dialog).getByRole('checkbox', { name: T.abilities.submit }));
    await user.click(within(dialog).getByRole('radio', { name: new RegExp(T.chosenApps) }));
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Standup Bot' }));
    expect(within(dialog).queryByRole('checkbox', { name: 'Team Essentials' })).toBeNull();
    const days = within(dialog).getByLabelText(T.expiryLabel);
    await user.clear(days);
    await user.type(days, '30');
    await user.click(within(dialog).getByRole('button', { name: T.create }));
    const done = await screen.findByRole('dialog', { name: T.createdTitle });
    expect(within(done).getByText(T.copyOnce)).toBeInTheDocument();
    expect(within(done).getByLabelText(T.secretLabel)).toHaveValue('rcmp_Zx81QaSECRETSECRETSECRET');
    expect(calls.find((c) => c.key === 'POST /v1/publisher/tokens')?.body).toEqual({
      name: 'Release workflow',
      abilities: ['submit'],
      appIds: ['a2'],
      expiresInDays: 30,
    });
  });

  it('copies the secret', async () => {
    stubFetch({ 'POST /v1/publisher/tokens': created, 'GET /v1/publisher/tokens': () => ({ status: 200, body: [] }) });
    const writeText = vi.fn(async () => undefined);
    const user = userEvent.setup();
    // user-event installs its own clipboard: replace it after setup.
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await renderScreen(() => <CreateTokenDialog onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: T.create });
    await user.type(within(dialog).getByLabelText(T.nameLabel), 'CI');
    await user.click(within(dialog).getByRole('checkbox', { name: T.abilities.read }));
    await user.click(within(dialog).getByRole('button', { name: T.create }));
    const done = await screen.findByRole('dialog', { name: T.createdTitle });
    await user.click(within(done).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('rcmp_Zx81QaSECRETSECRETSECRET');
    expect(await within(done).findByRole('button', { name: 'Copied' })).toBeInTheDocument();
  });

  it('shows the server’s field messages on the fields', async () => {
    stubFetch({
      'POST /v1/publisher/tokens': () => ({
        status: 400,
        body: { error: 'Invalid.', code: 'validation_error', requestId: 'r1', fields: [{ path: 'appIds.0', message: 'Choose among your publisher’s apps.' }] },
      }),
    });
    const user = userEvent.setup();
    await renderScreen(() => <CreateTokenDialog onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: T.create });
    await user.type(within(dialog).getByLabelText(T.nameLabel), 'CI');
    await user.click(within(dialog).getByRole('checkbox', { name: T.abilities.read }));
    await user.click(within(dialog).getByRole('button', { name: T.create }));
    expect(await within(dialog).findByText('Choose among your publisher’s apps.')).toBeInTheDocument();
  });
});
