import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Finding, VersionFindings } from '../../../contract/schemas/review';
import { renderScreen, stubFetch } from '../../../tests/render';
import { failedReport, runtimeOf, startedReport } from '../../components/app/runtime-fixtures';
import { stepApp, stepProps, stepVersion } from './step-fixtures';
import { SubmissionStep } from './SubmissionStep';
import { Wizard } from './Wizard';

afterEach(() => vi.unstubAllGlobals());

const version = stepVersion({
  shortDescription: 'Stand-ups',
  description: 'D',
  categories: ['Productivity'],
  languages: ['en'],
  privacyPolicySummary: 'P',
  documentationUrl: 'https://d.example',
});
const app = stepApp(version);
const secret: Finding = {
  check: 'secrets',
  severity: 'blocks',
  reason: 'A private key is in the package (keys/app.pem, line 1): remove it and upload a revision.',
  file: 'keys/app.pem',
  line: 1,
};
const permission: Finding = { check: 'new-permissions', severity: 'warns', reason: 'This version asks for a new permission: room.read.' };
const notWaiting = { waitingSince: null, position: null, expectedWithinHours: null, overdue: false, targetHours: 48 };
const findings = (list: Finding[]): VersionFindings => ({
  compileJobId: 'j1',
  checkedAt: '2026-11-01T00:01:00Z',
  findings: list,
  blocking: list.find((f) => f.severity === 'blocks') ?? null,
  review: notWaiting,
});
const blockedText = 'Secrets in the package: A private key is in the package (keys/app.pem, line 1): remove it and upload a revision.';

const props = (over: Parameters<typeof stepProps>[0] = {}) => stepProps({ isLast: true, ...over });
const stub = (answer: () => { status: number; body: unknown }, more = {}) =>
  stubFetch({
    'GET /v1/publisher/apps/a1/info/v1': () => ({ status: 200, body: version }),
    'GET /v1/publisher/apps/a1': () => ({ status: 200, body: app }),
    'GET /v1/publisher/apps/a1/findings/v1': answer,
    'GET /v1/publisher/apps/a1/versions/v1/runtime': () => ({ status: 200, body: runtimeOf(startedReport) }),
    ...more,
  });

describe('the submission step: the publish checks’ findings and Submit', () => {
  it('a blocking finding disables Submit, its reason beside it in the server’s words; the findings list it first', async () => {
    stub(() => ({ status: 200, body: findings([permission, secret]) }));
    const p = props();
    await renderScreen(() => <SubmissionStep {...p} submitted={false} />);
    const checks = await screen.findByRole('region', { name: 'Publish checks of v1.0.0' });
    await within(checks).findByText('2 findings · 1 blocks submission');
    const items = within(checks).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent(/^Blocks submissionSecrets in the package/);
    expect(items[1]).toHaveTextContent(/^WarningNew permissions/);

    const submit = screen.getByRole('button', { name: 'Submit for Review' });
    expect(submit).toBeDisabled();
    expect(submit).toHaveAccessibleDescription(blockedText);
    expect(screen.getByText(blockedText)).toBeVisible();
  });

  it('warnings alone leave Submit enabled; it waits for the findings meanwhile', async () => {
    let answer!: () => void;
    const later = new Promise<void>((r) => (answer = r));
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    // The findings are held (a request in flight) until `answer()`.
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const path = new URL(String(input), 'http://localhost').pathname;
        if (path === '/v1/publisher/apps/a1/findings/v1') return later.then(() => json(findings([permission])));
        if (path === '/v1/publisher/apps/a1/versions/v1/runtime') return json(runtimeOf(startedReport));
        return json(version);
      }),
    );
    const p = props();
    const user = userEvent.setup();
    await renderScreen(() => <SubmissionStep {...p} submitted={false} />, '/', { waitForQueries: false });
    const checks = await screen.findByRole('region', { name: 'Publish checks of v1.0.0' });
    expect(await within(checks).findByRole('status')).toHaveTextContent('Loading the checks…');
    expect(screen.getByRole('button', { name: 'Submit for Review' })).toBeDisabled();
    answer();
    await screen.findByText('1 finding');
    const submit = screen.getByRole('button', { name: 'Submit for Review' });
    expect(submit).toBeEnabled();
    expect(submit).not.toHaveAttribute('aria-describedby');
    await user.click(submit);
    expect(p.onSubmit).toHaveBeenCalledOnce();
  });

  it('says so while the checks have not run', async () => {
    stub(() => ({ status: 200, body: { ...findings([]), checkedAt: null } }));
    await renderScreen(() => <SubmissionStep {...props()} submitted={false} />);
    await screen.findByText('The checks run when the package compiles.');
  });

  it('a failed findings request does not stop Submit (the server checks anyway)', async () => {
    stub(() => ({ status: 500, body: { error: 'The database is away.', code: 'internal', requestId: 'req-3' } }));
    await renderScreen(() => <SubmissionStep {...props()} submitted={false} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The database is away. Request ID: req-3');
    expect(screen.getByRole('button', { name: 'Submit for Review' })).toBeEnabled();
  });

  it('a 409 from Submit (a finding blocks it since the step was opened) shows its message, then the reason beside the disabled Submit', async () => {
    let blocked = false;
    const calls = stub(() => ({ status: 200, body: findings(blocked ? [secret] : []) }), {
      'POST /v1/publisher/apps/a1/info/v1/submit': () => {
        blocked = true;
        return { status: 409, body: { error: blockedText, code: 'blocked_by_check', requestId: 'req-9' } };
      },
    });
    const user = userEvent.setup();
    await renderScreen(() => <Wizard kind="new" appId="a1" versionId="v1" step="4" canCreatePaidApps={false} go={vi.fn()} leave={vi.fn()} />);
    await screen.findByText('No findings.');
    await user.click(screen.getByRole('button', { name: 'Submit for Review' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(`${blockedText} Request ID: req-9`);
    const submit = screen.getByRole('button', { name: 'Submit for Review' });
    await vi.waitFor(() => expect(submit).toHaveAccessibleDescription(blockedText));
    expect(submit).toBeDisabled();
    expect(calls.filter((c) => c.key === 'GET /v1/publisher/apps/a1/findings/v1').length).toBeGreaterThanOrEqual(2);
  });
});

describe('the submission step: what this app adds', () => {
  const adds = () => screen.findByRole('region', { name: 'What this app adds' });

  it('shows how the version starts in Apps-Engine and what it adds, under its own heading', async () => {
    stub(() => ({ status: 200, body: findings([]) }));
    await renderScreen(() => <SubmissionStep {...props()} submitted={false} />);
    const section = await adds();
    expect(within(section).getByRole('heading', { level: 3 })).toHaveTextContent('What this app adds');
    expect(within(section).getByText('Starts in Apps-Engine 1.53 (Deno) in 1.8 s')).toBeInTheDocument();
    expect(within(section).getByRole('list', { name: 'Slash commands (1)' })).toHaveTextContent('/pollCreate a poll');
    expect(within(section).getByRole('list', { name: 'API endpoints (1)' })).toHaveTextContent('POST /api/apps/public/a1/vote');
    expect(within(section).getByRole('heading', { level: 4, name: 'Network and permissions' })).toBeInTheDocument();
  });

  it('a version that does not start says where and why', async () => {
    stub(() => ({ status: 200, body: findings([]) }), {
      'GET /v1/publisher/apps/a1/versions/v1/runtime': () => ({ status: 200, body: runtimeOf(failedReport) }),
    });
    await renderScreen(() => <SubmissionStep {...props()} submitted={false} />);
    const section = await adds();
    expect(within(section).getByText('Does not start in Apps-Engine 1.53 (Deno)')).toBeInTheDocument();
    expect(within(section).getByText("Cannot read properties of undefined (reading 'get')")).toBeInTheDocument();
  });

  it('not started yet: says so, and asks again once the compile is checked', async () => {
    let started = false;
    const calls = stub(() => ({ status: 200, body: started ? findings([]) : { ...findings([]), checkedAt: null } }), {
      'GET /v1/publisher/apps/a1/versions/v1/runtime': () => ({ status: 200, body: runtimeOf(started ? startedReport : null) }),
    });
    await renderScreen(() => <SubmissionStep {...props()} submitted={false} />);
    const section = await adds();
    expect(within(section).getByText('Not started yet — it starts after a successful compile.')).toBeInTheDocument();
    started = true;
    await within(section).findByText('Starts in Apps-Engine 1.53 (Deno) in 1.8 s', undefined, { timeout: 10_000 });
    expect(calls.filter((c) => c.key === 'GET /v1/publisher/apps/a1/versions/v1/runtime').length).toBeGreaterThanOrEqual(2);
  });
});
