import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { VersionFindings } from '../../../contract/schemas/review';
import { renderScreen, stubFetch } from '../../../tests/render';
import { formatDateTime } from '../../lib/format';
import { VersionChecks } from './VersionChecks';

afterEach(() => vi.unstubAllGlobals());

const since = '2026-11-20T09:00:00.000Z';
const findings = (review: Partial<VersionFindings['review']>): VersionFindings => ({
  compileJobId: 'j1',
  checkedAt: '2026-11-20T08:00:00Z',
  findings: [{ check: 'new-permissions', severity: 'warns', reason: 'This version asks for a new permission: room.read.' }],
  blocking: null,
  review: { waitingSince: since, position: 2, expectedWithinHours: 31, overdue: false, targetHours: 48, ...review },
});
const show = async (body: VersionFindings) => {
  stubFetch({ 'GET /v1/publisher/apps/a1/findings/v1': () => ({ status: 200, body }) });
  await renderScreen(() => <VersionChecks appId="a1" version={{ id: 'v1', version: '1.2.0' }} />);
  return screen.findByRole('region', { name: 'Publish checks of v1.2.0' });
};

describe('the publisher’s view of a version’s checks and its review', () => {
  it('says where a submitted version stands: since when, its place in the queue, the hours left to the target', async () => {
    const section = await show(findings({}));
    expect(await within(section).findByRole('status')).toHaveTextContent(
      `Waiting for review since ${formatDateTime(since)} · number 2 in the queue · expected within 31 hours`,
    );
    expect(within(section).getByText('1 finding')).toBeInTheDocument();
    expect(within(section).getByRole('listitem')).toHaveTextContent('WarningNew permissionsThis version asks for a new permission: room.read.');
  });

  it('past the target, says only that: it waits longer than the target', async () => {
    const section = await show(findings({ overdue: true, expectedWithinHours: 0, position: 1 }));
    expect(await within(section).findByRole('status')).toHaveTextContent(
      `Waiting for review since ${formatDateTime(since)} · number 1 in the queue · waiting longer than the 48-hour target`,
    );
  });

  it('says nothing of a wait when the version is not waiting for review', async () => {
    const section = await show({ ...findings({ waitingSince: null, position: null, expectedWithinHours: null }), findings: [] });
    await within(section).findByText('No findings.');
    expect(within(section).queryByText(/Waiting for review/)).toBeNull();
  });
});
