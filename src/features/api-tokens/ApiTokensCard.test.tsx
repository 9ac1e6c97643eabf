import { screen, within, cleanup } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_TEXT as T, type ApiToken } from '../../../contract/schemas/tokens';
import { renderScreen, stubFetch } from '../../../tests/render';
import { ApiTokensCard } from './ApiTokensCard';

afterEach(() => vi.unstubAllGlobals());

const day = 86_400_000;
const iso = (offsetDays: number) => new Date(Date.now() + offsetDays * day).toISOString();
const token = (patch: Partial<ApiToken>): ApiToken => ({
  id: 't1',
  name: 'Release workflow',
  prefix: 'rcmp_Ab3dE9',
  abilities: ['read', 'submit'],
  appIds: null,
  createdBy: 'Olivia Bennett',
  createdAt: iso(-10),
  expiresAt: iso(80),
  revokedAt: null,
  lastUsedAt: null,
  lastUsedIp: null,
  ...patch,
});
const tokens = [
  token({}),
  token({ id: 't2', name: 'Nightly read', abilities: ['read'], appIds: ['a1', 'gone'], lastUsedAt: iso(-1), lastUsedIp: '203.0.113.7' }),
  token({ id: 't3', name: 'Old', revokedAt: iso(-2) }),
  token({ id: 't4', name: 'Lapsed', expiresAt: iso(-1) }),
];
const appsPage = { data: [{ appId: 'a1', isBundle: false, latest: { name: 'Jira Connector' } }], meta: { total: 1 } };

describe('the API tokens card', () => {
  it('lists the tokens: prefix, abilities, apps, last use or Never used, Revoked and Expired', async () => {
    stubFetch({ 'GET /v1/publisher/tokens': () => ({ status: 200, body: tokens }), 'GET /v1/publisher/apps': () => ({ status: 200, body: appsPage }) });
    await renderScreen(() => <ApiTokensCard canUpdate creating={false} onCreating={vi.fn()} />);
    const table = await screen.findByRole('table', { name: T.title });
    const row = (name: string) => within(table).getByRole('row', { name: new RegExp(name) });
    expect(within(row('Release workflow')).getByText('rcmp_Ab3dE9…')).toBeInTheDocument();
    expect(within(row('Release workflow')).getByText(T.abilities.submit)).toBeInTheDocument();
    expect(within(row('Release workflow')).getByText(T.allApps)).toBeInTheDocument();
    expect(within(row('Release workflow')).getByText(T.neverUsed)).toBeInTheDocument();
    expect(await within(row('Nightly read')).findByText(`Jira Connector, ${T.deletedApp}`)).toBeInTheDocument();
    expect(within(row('Nightly read')).getByText('203.0.113.7')).toBeInTheDocument();
    expect(within(row('Old')).getByText(T.revoked)).toBeInTheDocument();
    expect(within(row('Lapsed')).getByText(T.expired)).toBeInTheDocument();
    // Only a working token can be revoked.
    expect(
      within(table)
        .getAllByRole('button', { name: /^Revoke: / })
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Revoke: Release workflow', 'Revoke: Nightly read']);
  });

  it('revokes after asking', async () => {
    let list = [token({})];
    const calls = stubFetch({
      'GET /v1/publisher/tokens': () => ({ status: 200, body: list }),
      'DELETE /v1/publisher/tokens/t1': () => {
        list = [token({ revokedAt: iso(0) })];
        return { status: 200, body: list[0] };
      },
    });
    const user = userEvent.setup();
    await renderScreen(() => <ApiTokensCard canUpdate creating={false} onCreating={vi.fn()} />);
    await user.click(await screen.findByRole('button', { name: 'Revoke: Release workflow' }));
    const confirm = await screen.findByRole('alertdialog', { name: T.revokeTitle });
    await user.click(within(confirm).getByRole('button', { name: T.revoke }));
    expect(await screen.findByText(T.revokedToast)).toBeInTheDocument();
    expect(await screen.findByText(T.revoked)).toBeInTheDocument();
    expect(calls.map((c) => c.key)).toContain('DELETE /v1/publisher/tokens/t1');
  });

  it('offers neither Create token nor Revoke to someone who may only read apps', async () => {
    stubFetch({ 'GET /v1/publisher/tokens': () => ({ status: 200, body: [token({})] }) });
    await renderScreen(() => <ApiTokensCard canUpdate={false} creating={false} onCreating={vi.fn()} />);
    await screen.findByRole('table', { name: T.title });
    expect(screen.queryByRole('button', { name: T.create })).toBeNull();
    expect(screen.queryByRole('button', { name: /Revoke/ })).toBeNull();
  });

  it('says when there are none, and shows a failed load', async () => {
    stubFetch({ 'GET /v1/publisher/tokens': () => ({ status: 200, body: [] }) });
    await renderScreen(() => <ApiTokensCard canUpdate creating={false} onCreating={vi.fn()} />);
    expect(await screen.findByText(T.empty)).toBeInTheDocument();
    vi.unstubAllGlobals();
    cleanup();
    stubFetch({ 'GET /v1/publisher/tokens': () => ({ status: 500, body: { error: 'Internal server error.', code: 'internal_error', requestId: 'req-9' } }) });
    await renderScreen(() => <ApiTokensCard canUpdate creating={false} onCreating={vi.fn()} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Internal server error. Request ID: req-9');
  });
});
