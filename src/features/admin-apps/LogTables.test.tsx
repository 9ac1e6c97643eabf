import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, stubFetch } from '../../../tests/render';
import { ActivityLogTable } from './LogTables';

afterEach(() => vi.unstubAllGlobals());

const line = (id: string, action: string, actionExtra: Record<string, unknown>) => ({
  id,
  userExtra: { id: 'u1', name: 'Daniel Kim' },
  action,
  when: '2026-03-02T09:30:00.000Z',
  actionExtra,
});

describe('the app’s activity log', () => {
  it('reads as sentences (who, when, what), not action codes and details', async () => {
    stubFetch({
      'GET /v1/admin/app/a1/activityLogs': () => ({
        status: 200,
        body: {
          data: [
            line('l3', 'publish', { version: '1.0.0', from: 'approved', to: 'published' }),
            line('l2', 'approve', { version: '1.0.0', from: 'compiled', to: 'approved' }),
            line('l1', 'reject', { version: '0.9.0', from: 'compiled', to: 'rejected', rejectionNote: 'No icon' }),
          ],
          meta: { total: 3 },
        },
      }),
    });
    await renderScreen(() => <ActivityLogTable appId="a1" />);
    const table = await screen.findByRole('table', { name: 'Activity log' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['When', 'Who', 'What']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.querySelectorAll('td, th')[2]!.textContent)).toEqual([
      'Published v1.0.0.',
      'Approved v1.0.0 (was compiled).',
      'Rejected v0.9.0: “No icon”.',
    ]);
    expect(rows[0]).toHaveTextContent('Daniel Kim');
    expect(table).not.toHaveTextContent('→');
  });
});
