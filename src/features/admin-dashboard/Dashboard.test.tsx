import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, stubFetch } from '../../../tests/render';
import { DashboardView, waitedFor } from './Dashboard';

afterEach(() => vi.unstubAllGlobals());

const dashboard = {
  reviewQueue: { waiting: 2, oldestSince: new Date(Date.now() - 3 * 86_400_000 - 60_000).toISOString() },
  compileFailuresToday: 1,
  installsToday: 4,
  salesToday: { count: 1, gross: 4.99 },
  salesThisMonth: { count: 3, gross: 59.97 },
  topApps: [{ appId: 'a1', appName: 'Jira Connector', publisherName: 'Acme Apps', gross: 49.99, sales: 2, installs: 3 }],
};
const all = { review: true, jobs: true, apps: true };

describe('the admin dashboard', () => {
  it('shows the review queue, today’s failures, installs and sales, this month’s sales and top apps, with links', async () => {
    stubFetch({ 'GET /v1/admin/dashboard': () => ({ status: 200, body: dashboard }) });
    await renderScreen(() => <DashboardView links={all} />);
    const glance = await screen.findByRole('list', { name: 'Today and this month' });
    const tile = (label: string) => within(glance).getByText(label).closest('li')!;
    expect(tile('Review queue').textContent).toBe('Review queue2The oldest has waited 3 daysOpen the review queue');
    expect(within(tile('Review queue')).getByRole('link').getAttribute('href')).toBe('/publisher/admin/reviews');
    expect(within(tile('Compile failures today')).getByRole('link', { name: 'Open the compile jobs' }).getAttribute('href')).toBe('/publisher/admin/jobs');
    expect(tile('Installs today').textContent).toContain('4');
    expect(tile('Sales today').textContent).toBe('Sales today$4.991 sale');
    expect(tile('Sales this month').textContent).toBe('Sales this month$59.973 sales');
    const top = screen.getByRole('table', { name: 'Top apps this month' });
    expect(within(top).getByRole('row', { name: 'Jira Connector Acme Apps $49.99 2 3' })).toBeInTheDocument();
    expect(within(top).getByRole('link', { name: 'Jira Connector' }).getAttribute('href')).toBe('/publisher/admin/apps/a1');
    expect(screen.getByRole('link', { name: 'Open the reports' }).getAttribute('href')).toBe('/publisher/admin/reports');
    expect(screen.queryByText('Coming soon')).toBeNull();
  });

  it('links only where the user may go, and says when nothing waits or sold', async () => {
    stubFetch({
      'GET /v1/admin/dashboard': () => ({ status: 200, body: { ...dashboard, reviewQueue: { waiting: 0, oldestSince: null }, topApps: [] } }),
    });
    await renderScreen(() => <DashboardView links={{ review: false, jobs: false, apps: false }} />);
    expect(await screen.findByText('Nothing waits')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open the review queue' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Open the compile jobs' })).toBeNull();
    expect(screen.getByText('No app has sold or been installed this month yet.')).toBeInTheDocument();
  });

  it('shows the API’s error', async () => {
    stubFetch({ 'GET /v1/admin/dashboard': () => ({ status: 500, body: { error: 'Down.', code: 'internal', requestId: 'req-1' } }) });
    await renderScreen(() => <DashboardView links={all} />);
    expect((await screen.findByRole('alert')).textContent).toMatch(/Down\..*req-1/);
  });

  it('says how long the oldest review has waited', () => {
    const now = Date.parse('2026-03-10T12:00:00Z');
    expect(waitedFor('2026-03-10T11:30:00Z', now)).toBe('less than an hour');
    expect(waitedFor('2026-03-10T11:00:00Z', now)).toBe('1 hour');
    expect(waitedFor('2026-03-09T00:00:00Z', now)).toBe('36 hours');
    expect(waitedFor('2026-03-07T12:00:00Z', now)).toBe('3 days');
  });
});
