import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REPORT_TEXT } from '../../../contract/schemas/reports-text';
import { renderScreen, stubFetch } from '../../../tests/render';
import { point, summary } from './fixtures';
import { ReportsScreen } from './ReportsScreen';
import type { ReportsSearch } from './search';

// The canvas chart (uPlot) needs a real browser (tests/e2e/reports.e2e.test.ts draws it): here, its image alone.
vi.mock('./TimeChart', () => ({ default: ({ chart }: { chart: { summary: string } }) => <div role="img" aria-label={chart.summary} /> }));
afterEach(() => vi.unstubAllGlobals());

const page = <T,>(data: T[]) => ({ data, meta: { total: data.length } });
const sale = {
  id: 'l1',
  at: '2026-03-02T10:00:00.000Z',
  kind: 'sale',
  purchaseId: 'p1',
  workspaceId: 'w1',
  workspaceName: 'Acme HQ',
  appId: 'a1',
  appName: 'Jira Connector',
  publisherId: 'pub',
  planId: 'x:monthly',
  plan: 'Monthly',
  seats: 5,
  amount: 10,
  fee: 2,
  net: 8,
  availableOn: '2026-03-09T10:00:00.000Z',
};
const payout = { id: 'po1', publisherId: 'pub', createdAt: '2026-03-03T00:00:00.000Z', amount: 8, status: 'paid', expected: null };
const apps = page([{ appId: 'a1', isBundle: false, latest: { name: 'Jira Connector' }, publisher: { id: 'pub', label: 'Acme' } }]);

function stubReports(o: { summary?: () => { status: number; body: unknown } } = {}) {
  return stubFetch({
    'GET /v1/publisher/reports/summary': o.summary ?? (() => ({ status: 200, body: summary() })),
    'GET /v1/publisher/reports/transactions': () => ({ status: 200, body: page([sale]) }),
    'GET /v1/publisher/reports/payouts': () => ({ status: 200, body: page([payout]) }),
    'GET /v1/publisher/apps': () => ({ status: 200, body: apps }),
  });
}
const show = (search: ReportsSearch = {}, onSearch = vi.fn()) => renderScreen(() => <ReportsScreen scope="publisher" search={search} onSearch={onSearch} />);

describe('the Reports screen', () => {
  it('shows the range’s figures, its charts with their tables, and its transactions', async () => {
    const calls = stubReports();
    await show({ from: '2026-03-01', to: '2026-03-03', app: 'a1' });
    const figures = await screen.findByRole('list', { name: 'Headline figures' });
    const figure = (label: string) => within(figures).getByText(label).closest('li')!.textContent;
    expect(figure('Gross sales')).toBe('Gross sales$10.001 sale');
    expect(figure('Net')).toBe('Net$3.00Fees $2.00 · refunds $5.00');
    expect(figure('MRR')).toBe('MRR$4.00ARR $48.00');
    expect(figure('Churn')).toBe('Churn25.0%1 cancelled of 4 live at the start');
    expect(figure('Trial conversion')).toBe('Trial conversion33.3%1 of 3 trials became paid');
    expect(figure('Active workspaces')).toBe('Active workspaces1On Mar 3, 2026');
    // The range, the app and the grouping went to the API.
    const asked = calls.find((c) => c.key === 'GET /v1/publisher/reports/summary')!.url.searchParams;
    expect(Object.fromEntries(asked)).toEqual({ from: '2026-03-01', to: '2026-03-03', appId: 'a1', group: 'day' });
    expect(await screen.findByRole('img', { name: /^Revenue from Mar 1, 2026 to Mar 3, 2026: gross \$10\.00/ })).toBeInTheDocument();
    expect(screen.getAllByRole('figure')).toHaveLength(4);
    const revenue = screen.getByRole('table', { name: 'Revenue per day' });
    expect(within(revenue).getByRole('row', { name: 'Mar 3, 2026 $0.00 $0.00 $5.00 -$5.00' })).toBeInTheDocument();
    const transactions = await screen.findByRole('table', { name: 'Transactions' });
    expect(within(transactions).getByRole('row', { name: /Mar 2, 2026 Acme HQ Jira Connector Monthly 5 \$10\.00 \$2\.00 \$8\.00 Sale/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download CSV of the transactions' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download CSV of the figures per period' })).toBeInTheDocument();
  });

  it('says when nothing happened in the range', async () => {
    stubReports({ summary: () => ({ status: 200, body: summary({ series: [point('2026-03-01')], totals: { ...summary().totals, ...zeroes } }) }) });
    await show();
    expect(await screen.findByText(REPORT_TEXT.empty)).toBeInTheDocument();
    expect(screen.queryByRole('figure')).toBeNull();
  });

  it('shows the API’s error with its request id', async () => {
    stubReports({ summary: () => ({ status: 500, body: { error: 'The report failed.', code: 'internal', requestId: 'req-7' } }) });
    await show();
    expect((await screen.findByRole('alert')).textContent).toMatch(/The report failed\..*req-7/);
  });

  it('refuses a range that ends before it starts, without asking the API', async () => {
    const calls = stubReports();
    await show({ from: '2026-03-05', to: '2026-03-01' });
    expect(screen.getByRole('alert').textContent).toBe(REPORT_TEXT.badRange);
    expect(calls.some((c) => c.key.endsWith('/summary'))).toBe(false);
  });

  it('puts a preset, the grouping and the table shown in the search', async () => {
    stubReports();
    const onSearch = vi.fn();
    await show({ app: 'a1', page: 3 }, onSearch);
    await screen.findByRole('list', { name: 'Headline figures' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: REPORT_TEXT.range }));
    await user.click(await screen.findByRole('option', { name: REPORT_TEXT.presets['90d'] }));
    expect(onSearch).toHaveBeenLastCalledWith({ app: 'a1', range: '90d', from: undefined, to: undefined, page: undefined }, undefined);
    await user.click(screen.getByRole('combobox', { name: REPORT_TEXT.group }));
    await user.click(await screen.findByRole('option', { name: 'Month' }));
    expect(onSearch).toHaveBeenLastCalledWith({ app: 'a1', group: 'month', page: undefined }, undefined);
    await user.click(screen.getByRole('button', { name: 'Payouts' }));
    expect(onSearch).toHaveBeenLastCalledWith({ app: 'a1', tab: 'payouts', page: undefined }, true);
  });

  it('lists payouts, each linking to its statement', async () => {
    stubReports();
    await show({ tab: 'payouts' });
    const payouts = await screen.findByRole('table', { name: 'Payouts' });
    const link = await within(payouts).findByRole('link', { name: 'Statement of the payout of Mar 3, 2026' });
    // The search the screen's URL has goes along (here none: the test's route has no search).
    expect(link.getAttribute('href')).toBe('/publisher/reports/payouts/po1');
    expect(screen.getByRole('button', { name: 'Payouts', pressed: true })).toBeInTheDocument();
  });
});

const zeroes = { gross: 0, fees: 0, refunds: 0, net: 0, sales: 0, mrr: 0, arr: 0, activeSubscriptions: 0, installs: 0, activeWorkspaces: 0 };
