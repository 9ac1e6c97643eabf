import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { VersionRuntime } from '../../../contract/schemas/runtime';
import { renderScreen, stubFetch } from '../../../tests/render';
import { failedReport, runtimeOf, startedReport } from '../../components/app/runtime-fixtures';
import { runtimeText as T } from '../../components/app/runtime-sentences';
import { VersionRuntimeEvidence } from './VersionRuntimeEvidence';

afterEach(() => vi.unstubAllGlobals());

const show = async (answer: () => { status: number; body: VersionRuntime | object }) => {
  const calls = stubFetch({ 'GET /v1/publisher/apps/a1/versions/v1/runtime': answer });
  await renderScreen(() => <VersionRuntimeEvidence appId="a1" version={{ id: 'v1', version: '1.2.0' }} />);
  return { calls, section: await screen.findByRole('region', { name: 'How v1.2.0 starts in Apps-Engine' }) };
};

describe('the publisher’s app page: how the version starts in Apps-Engine', () => {
  it('shows the run beside the checks: the headline, what the app adds (its endpoint at the app’s address), what it reached for', async () => {
    const { calls, section } = await show(() => ({ status: 200, body: runtimeOf(startedReport) }));
    expect(calls.map((c) => c.key)).toEqual(['GET /v1/publisher/apps/a1/versions/v1/runtime']);
    expect(within(section).getByText('Starts in Apps-Engine 1.53 (Deno) in 1.8 s')).toBeInTheDocument();
    const adds = within(section).getByRole('region', { name: T.adds });
    expect(within(adds).getByRole('list', { name: 'API endpoints (1)' })).toHaveTextContent('POST /api/apps/public/a1/vote');
    expect(within(section).getByRole('region', { name: T.access })).toHaveTextContent('used without declaring it');
  });

  it('a version that does not start: where, why, and its frames', async () => {
    const { section } = await show(() => ({ status: 200, body: runtimeOf(failedReport) }));
    expect(within(section).getByText('Does not start in Apps-Engine 1.53 (Deno)')).toBeInTheDocument();
    expect(within(section).getByRole('region', { name: T.frames })).toHaveTextContent('at PollApp.initialize (app.js:42:17)');
  });

  it('says when the version has not been started', async () => {
    const { section } = await show(() => ({ status: 200, body: runtimeOf(null) }));
    expect(within(section).getByText(T.noReport.waiting)).toBeInTheDocument();
  });

  it('shows a refusal with its request id', async () => {
    const { section } = await show(() => ({ status: 500, body: { error: 'The database is away.', code: 'internal', requestId: 'req-7' } }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('The database is away. Request ID: req-7');
  });
});
