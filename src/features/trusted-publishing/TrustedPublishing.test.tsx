import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GITHUB_ACTIONS_ISSUER, TRUST_TEXT as T, type TrustPolicy } from '../../../contract/schemas/tokens';
import { renderScreen, stubFetch } from '../../../tests/render';
import { TrustedPublishing } from './TrustedPublishing';
import { workflowExample } from './workflow-example';

afterEach(() => vi.unstubAllGlobals());

const policy = (patch: Partial<TrustPolicy> = {}): TrustPolicy => ({
  id: 'p1',
  appId: 'app1',
  issuer: GITHUB_ACTIONS_ISSUER,
  repository: 'northwind/jira-connector',
  workflow: 'release.yml',
  environment: null,
  ref: null,
  createdBy: 'Olivia Bennett',
  createdAt: '2026-03-01T10:00:00Z',
  ...patch,
});

describe('trusted publishing on the app’s page', () => {
  it('lists the trusted publishers; adds one with GitHub Actions as the issuer, checked with the contract’s messages', async () => {
    let list = [policy()];
    const calls = stubFetch({
      'GET /v1/publisher/apps/app1/trust': () => ({ status: 200, body: list }),
      'POST /v1/publisher/apps/app1/trust': (b) => {
        const body = b as Record<string, string>;
        const added = policy({ id: 'p2', ...body, environment: body.environment || null, ref: body.ref || null });
        list = [added, ...list];
        return { status: 201, body: added };
      },
    });
    const user = userEvent.setup();
    await renderScreen(() => <TrustedPublishing appId="app1" canUpdate />);
    const table = await screen.findByRole('table', { name: T.title });
    const row = within(table).getByRole('row', { name: /northwind\/jira-connector/ });
    expect(within(row).getByText(T.githubActions)).toBeInTheDocument();
    expect(within(row).getAllByText(T.any)).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: T.add }));
    const dialog = await screen.findByRole('dialog', { name: T.add });
    expect(within(dialog).getByLabelText(T.issuerLabel)).toHaveValue(GITHUB_ACTIONS_ISSUER);
    await user.type(within(dialog).getByLabelText(T.repositoryLabel), 'not a repo');
    await user.type(within(dialog).getByLabelText(T.workflowLabel), 'release');
    await user.click(within(dialog).getByRole('button', { name: T.add }));
    expect(await within(dialog).findByText(T.repositoryInvalid)).toBeInTheDocument();
    expect(within(dialog).getByText(T.workflowInvalid)).toBeInTheDocument();
    expect(calls.filter((c) => c.key.startsWith('POST'))).toEqual([]);

    await user.clear(within(dialog).getByLabelText(T.repositoryLabel));
    await user.type(within(dialog).getByLabelText(T.repositoryLabel), 'northwind/standup-bot');
    await user.type(within(dialog).getByLabelText(T.workflowLabel), '.yml');
    await user.type(within(dialog).getByLabelText(T.environmentLabel), 'production');
    await user.click(within(dialog).getByRole('button', { name: T.add }));
    expect(await screen.findByText(T.added)).toBeInTheDocument();
    expect(await within(table).findByRole('row', { name: /northwind\/standup-bot/ })).toBeInTheDocument();
    expect(calls.find((c) => c.key.startsWith('POST'))?.body).toEqual({
      issuer: GITHUB_ACTIONS_ISSUER,
      repository: 'northwind/standup-bot',
      workflow: 'release.yml',
      environment: 'production',
      ref: '',
    });
  });

  it('shows the server’s refusal of an issuer on the field', async () => {
    stubFetch({
      'GET /v1/publisher/apps/app1/trust': () => ({ status: 200, body: [] }),
      'POST /v1/publisher/apps/app1/trust': () => ({
        status: 400,
        body: { error: T.issuerUnknown, code: 'validation_error', requestId: 'r', fields: [{ path: 'issuer', message: T.issuerUnknown }] },
      }),
    });
    const user = userEvent.setup();
    await renderScreen(() => <TrustedPublishing appId="app1" canUpdate />);
    expect(await screen.findByText(T.empty)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: T.add }));
    const dialog = await screen.findByRole('dialog', { name: T.add });
    const issuer = within(dialog).getByLabelText(T.issuerLabel);
    await user.clear(issuer);
    await user.type(issuer, 'https://gitlab.example.com');
    await user.type(within(dialog).getByLabelText(T.repositoryLabel), 'a/b');
    await user.type(within(dialog).getByLabelText(T.workflowLabel), 'ci.yaml');
    await user.click(within(dialog).getByRole('button', { name: T.add }));
    expect(await within(dialog).findByText(T.issuerUnknown)).toBeInTheDocument();
    expect(issuer).toHaveAttribute('aria-invalid', 'true');
  });

  it('removes after asking', async () => {
    let list = [policy()];
    stubFetch({
      'GET /v1/publisher/apps/app1/trust': () => ({ status: 200, body: list }),
      'DELETE /v1/publisher/apps/app1/trust/p1': () => {
        const removed = list[0];
        list = [];
        return { status: 200, body: removed };
      },
    });
    const user = userEvent.setup();
    await renderScreen(() => <TrustedPublishing appId="app1" canUpdate />);
    await user.click(await screen.findByRole('button', { name: `${T.remove}: northwind/jira-connector release.yml` }));
    const confirm = await screen.findByRole('alertdialog', { name: T.removeTitle });
    await user.click(within(confirm).getByRole('button', { name: T.remove }));
    expect(await screen.findByText(T.empty)).toBeInTheDocument();
    expect(screen.getByText(T.removed)).toBeInTheDocument();
  });

  it('is read-only for someone who may not update the app', async () => {
    stubFetch({ 'GET /v1/publisher/apps/app1/trust': () => ({ status: 200, body: [policy()] }) });
    await renderScreen(() => <TrustedPublishing appId="app1" canUpdate={false} />);
    await screen.findByRole('table', { name: T.title });
    expect(screen.queryByRole('button', { name: T.add })).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: T.columns.actions })).toBeNull();
  });
});

describe('the GitHub Actions example', () => {
  const yaml = workflowExample({ origin: 'https://portal.example', appId: 'app1', workflow: 'publish.yml', environment: 'production' });
  it('asks GitHub for the job’s ID token with the portal as audience', () => {
    expect(yaml).toContain('id-token: write');
    expect(yaml).toContain('"$ACTIONS_ID_TOKEN_REQUEST_URL&audience=$PORTAL"');
    expect(yaml).toContain('Authorization: bearer $ACTIONS_ID_TOKEN_REQUEST_TOKEN');
    expect(yaml).toContain('# .github/workflows/publish.yml');
    expect(yaml).toContain('    environment: production');
  });
  it('trades it at /v1/oauth/token by RFC 8693 token exchange for the app', () => {
    expect(yaml).toContain('"$PORTAL/v1/oauth/token"');
    expect(yaml).toContain('-d grant_type=urn:ietf:params:oauth:grant-type:token-exchange');
    expect(yaml).toContain('-d subject_token_type=urn:ietf:params:oauth:token-type:id_token');
    expect(yaml).toContain('--data-urlencode "subject_token=$ID_TOKEN"');
    expect(yaml).toContain('-d app_id=$APP_ID');
    expect(yaml).toContain('APP_ID: app1');
  });
  it('submits the package as a new version with a Bearer token (multipart app and changes)', () => {
    expect(yaml).toContain('"$PORTAL/v1/apps/$APP_ID"');
    expect(yaml).toContain('-H "Authorization: Bearer $TOKEN"');
    expect(yaml).toContain('-F "app=@');
    expect(yaml).toContain('-F "changes=');
  });
  it('names no environment when the policy has none', () => {
    expect(workflowExample({ origin: 'https://p.example', appId: 'x' })).not.toContain('environment:');
  });
});
