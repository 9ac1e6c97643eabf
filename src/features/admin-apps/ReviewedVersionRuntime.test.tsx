import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, stubFetch } from '../../../tests/render';
import { failedReport, runtimeOf, startedReport } from '../../components/app/runtime-fixtures';
import { runtimeText as T } from '../../components/app/runtime-sentences';
import { ReviewedVersionRuntime } from './ReviewedVersionRuntime';

afterEach(() => vi.unstubAllGlobals());

const latest = { id: 'v2', version: '1.1.0', status: 'draft' as const };
const waiting = { id: 'v1', version: '1.0.1', status: 'submitted' as const };

describe('the reviewer’s view of how the version under review starts in Apps-Engine', () => {
  it('shows the run of the version waiting for review: headline, adds, network and permissions', async () => {
    const calls = stubFetch({ 'GET /v1/admin/app/app1/versions/v1/runtime': () => ({ status: 200, body: runtimeOf(startedReport) }) });
    await renderScreen(() => <ReviewedVersionRuntime appId="app1" versions={[latest, waiting]} latest={latest} />);
    const section = await screen.findByRole('region', { name: 'How v1.0.1 starts in Apps-Engine' });
    expect(calls.map((c) => c.key)).toEqual(['GET /v1/admin/app/app1/versions/v1/runtime']);
    expect(within(section).getByText('Starts in Apps-Engine 1.53 (Deno) in 1.8 s')).toBeInTheDocument();
    expect(within(section).getByRole('list', { name: 'Slash commands (1)' })).toHaveTextContent('/poll');
    expect(within(section).getByRole('list', { name: 'API endpoints (1)' })).toHaveTextContent('POST /api/apps/public/app1/vote');
    expect(within(section).getByRole('list', { name: T.network })).toHaveTextContent('(refused: nothing was sent)');
  });

  it('falls back to the latest version; a failed start shows where and its frames', async () => {
    stubFetch({ 'GET /v1/admin/app/app1/versions/v2/runtime': () => ({ status: 200, body: runtimeOf(failedReport) }) });
    await renderScreen(() => <ReviewedVersionRuntime appId="app1" versions={[latest]} latest={latest} />);
    const section = await screen.findByRole('region', { name: 'How v1.1.0 starts in Apps-Engine' });
    expect(within(section).getByText('Does not start in Apps-Engine 1.53 (Deno)')).toBeInTheDocument();
    expect(within(section).getByRole('region', { name: T.frames })).toHaveTextContent('app.js:88:5');
  });

  it('says when the version has not been started', async () => {
    stubFetch({ 'GET /v1/admin/app/app1/versions/v2/runtime': () => ({ status: 200, body: runtimeOf(null) }) });
    await renderScreen(() => <ReviewedVersionRuntime appId="app1" versions={[latest]} latest={latest} />);
    expect(await screen.findByText(T.noReport.waiting)).toBeInTheDocument();
  });
});
