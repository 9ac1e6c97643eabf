import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen, stubFetch } from '../../../tests/render';
import { submittedText as T } from './strings';
import { SubmittedWithVersion } from './SubmittedWithVersion';

const base = {
  changesNote: '',
  internalChangesNote: '',
  privacyPolicySummary: '',
  documentationUrl: '',
  categories: [] as string[],
  languages: [] as string[],
};
const latest = { ...base, id: 'v2', version: '1.1.0', status: 'draft' as const };
const waiting = {
  ...base,
  id: 'v1',
  version: '1.0.1',
  status: 'submitted' as const,
  changesNote: 'Adds /standup skip.',
  internalChangesNote: 'The new permission room.read lists the members\nto skip.',
  documentationUrl: 'https://northwind.example/docs',
  categories: ['Productivity'],
  languages: ['en', 'de'],
};

describe('SubmittedWithVersion', () => {
  it('shows the reviewer what the publisher wrote with the version waiting for review, and its screenshots', async () => {
    const calls = stubFetch({
      'GET /v1/admin/app/app1/screenshots/v1': () => ({
        status: 200,
        body: [{ id: 's1', appId: 'app1', fileName: 'board.png', thumbnailUrl: '/v1/apps/app1/screenshots/s1' }],
      }),
    });
    await renderScreen(() => <SubmittedWithVersion appId="app1" versions={[latest, waiting]} latest={latest} />);
    const section = screen.getByRole('region', { name: T.title('1.0.1') });
    expect(within(section).getByText('Adds /standup skip.')).toBeInTheDocument();
    expect(within(section).getByText(/The new permission room\.read lists the members/)).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'https://northwind.example/docs' })).toBeInTheDocument();
    expect(within(section).getByText('Productivity')).toBeInTheDocument();
    expect(within(section).getByText('English, German')).toBeInTheDocument();
    // What was left empty says so, rather than a dash.
    expect(within(section).getByText(T.none)).toBeInTheDocument();
    expect(await within(section).findByRole('link', { name: T.screenshot('board.png') })).toHaveAttribute('href', '/v1/apps/app1/screenshots/s1');
    expect(calls.map((c) => c.key)).toEqual(['GET /v1/admin/app/app1/screenshots/v1']);
  });

  it('falls back to the latest version, and says when it has no screenshots', async () => {
    stubFetch({ 'GET /v1/admin/app/app1/screenshots/v2': () => ({ status: 200, body: [] }) });
    await renderScreen(() => <SubmittedWithVersion appId="app1" versions={[latest]} latest={latest} />);
    expect(screen.getByRole('region', { name: T.title('1.1.0') })).toBeInTheDocument();
    expect(await screen.findByText(T.noScreenshots)).toBeInTheDocument();
  });
});
